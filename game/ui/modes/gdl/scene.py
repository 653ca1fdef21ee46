"""The game screen of an Xconq module.

    app.open("gdl_game", path="…/tokyo.g", humans=(1,), seed=None)
    app.open("gdl_game", match=match)        # a Match made elsewhere (Continue: session.py)
    app.replace("gdl_game", run=run)         # a linked game: the link's Match

The game is a Match (`game.match`): local, hot-seat, bots-only, resumed and linked games alike;
the person's actions go to their sides' driver, the bots' are asked a pace apart, and every
applied action - the person's, a bot's, the other unit's - reaches the log through the Match's
listener. Linked (`run`): this unit's person plays its own sides, the other unit's arrive
through the link; no curtain, START or B with no unit picked opens the link's short menu.

`humans` are the side ids people play (none: bots only, two or more: hot-seat with a curtain
before each person's turn); bots play the others a few frames apart. One hand is enough:
the d-pad moves the cursor over the hexes; A picks your unit under it and then acts on the
cell under the cursor (move one step, board a transport, attack, fire, capture, repair or
build, whichever the tables allow; with more than one, a menu shows each with its odds); A on
the picked unit itself opens its orders (production, construction, ...; orders.py); A where no
unit of yours can act offers the turn (when none can act any more: "End the turn?", Yes
chosen). B lets go of the unit, L/R jump between your units that can still act, START opens
the shared pause menu (end turn, unit letters, how to play, leave), SELECT the words.

With fog of war the map and the panel show what the side on the move sees (hot-seat: behind
the curtain; against bots: your side; a linked unit: its own sides). At the end the shared
results screen offers Play again on A.
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.modes.gdl import vision
from game.modes.gdl.actions import End, Move
from game.modes.gdl.game import GdlGame
from game.modes.gdl.log import describe
from game.modes.gdl.world import World
from game.rules.gdl.loader import load_module
from game.ui import onboarding
from game.ui import theme as T
from game.ui.human import offer_and_step
from game.ui.modes.gdl import orders, standing
from game.ui.modes.gdl.hexmap import HexMap, side_colour
from game.ui.modes.gdl.panel import draw_panel
from game.ui.modes.gdl.results import open_results
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, goal_line, hint_bar, title_bar
from hw.input.buttons import Button

MODE = "gdl"
BOT_PACE = 0.06
LOG_LINES = 40
END_PAUSE = 1.5             # seconds the last blow stays on screen before the results
EVENT_UNITS = ("unit", "target", "captor", "prisoner", "transport", "new", "source", "into", "to")
MAX_SCALE = 6               # hexes grow up to 6x their base size to fill large screens


class GdlScene(Scene):
    title = "Xconq module"
    # defaults on the class (screens made another way still draw)
    results_open = False
    end_wait = 0.0
    path = ""
    source_world = None
    last_viewer: int | None = None
    applied = 0                 # actions heard so far (here, by bots or over the link): the map layer's stamp

    def __init__(self, app, path: str = "", humans=(1,), seed: int | None = None, world: World | None = None,
                 match=None, run=None) -> None:
        from game.ui.modes.gdl.session import module_match, seat_drivers
        from game.ui.scenes.link.played import OnLink
        super().__init__(app)
        self.run = run
        if run is not None:
            match, self.human = run.game.match, run.game.person
        elif match is None:
            self.source_world = world or World(load_module(path))
            match = module_match(app, self.source_world, path, humans, app.seed_source() if seed is None else seed)
            self.human = seat_drivers(match)
        else:
            self.human = seat_drivers(match)
        self.match = match
        options = getattr(match.header, "options", None)
        self.path = path or (str(options.get("module", "")) if isinstance(options, dict) else "")
        self.link = OnLink(self, run) if run is not None else None
        self.seed = match.header.seed
        self.world = self.game.w          # a generated world: the one made from this game's seed
        self.humans = {self.game.sides[s] for s, d in match.drivers.items() if d is self.human and d is not None}
        self.map = HexMap(self.world, 1)
        self.selected: int | None = None
        self.cursor = self._first_cell()
        self.want_x = self.map.pos[self.cursor][0]
        self.curtain: int | None = None
        self.viewer: int | None = None
        self.wait = 0.0
        self.log: list[str] = []
        if run is not None:
            mine = ", ".join(self.side_name(s) for s in sorted(self.humans))
            self.log.append(f"{self.world.m.title or self.world.m.name} with {run.peer_name}; you: {mine}")
        self.view = pygame.Rect(0, 0, 1, 1)
        self._seen = match.game
        self._unlisten = match.listen(self._heard)

    @property
    def game(self) -> GdlGame:
        return self.match.game

    @property
    def actions(self) -> list:
        """The actions so far, encoded, as the replay holds them."""
        return self.match.replay.actions

    def enter(self) -> None:
        super().enter()
        if not self.linked() and self.humans:             # bots only or a replay: nobody to teach
            onboarding.first_game_howto(self.app, MODE)

    def linked(self) -> bool:
        return getattr(self, "run", None) is not None

    # ------------------------------------------------------------------ who sees what
    def you(self) -> int | None:
        """The side called "you" (its colour is the shared "you" colour): the one person's side;
        in hot-seat the person on the move (behind the curtain); bots only: nobody."""
        if len(self.humans) == 1:
            return next(iter(self.humans))
        if self.game.side in self.humans:
            return self.game.side
        return self.last_viewer

    def viewer_side(self) -> int | None:
        """Whose view of the map is drawn (fog of war): None = everything (see-all, bots only)."""
        if getattr(self.game, "views", None) is None or not self.humans:
            return None
        return self.you()

    def witnessed(self, ev) -> bool:
        """Whether the side whose view is drawn may read about `ev` (fog of war): an event about
        units only of other sides that it does not see is not in its log."""
        viewer = self.viewer_side()
        if viewer is None:
            return True
        g = self.game
        ids = [getattr(ev, f) for f in EVENT_UNITS if isinstance(getattr(ev, f, None), int)]
        ids = [i for i in ids if 0 <= i < len(g.units)]
        return not ids or any(g.units[i].side == viewer or vision.sees(g, viewer, i) for i in ids)

    # ------------------------------------------------------------------ driving
    def _first_cell(self) -> int:
        g = self.game
        for u in g.units:
            if u.alive and u.side in self.humans and g.cell_of(u) >= 0:
                return g.cell_of(u)
        for u in g.units:
            if u.alive and g.cell_of(u) >= 0:
                return g.cell_of(u)
        return self.world.grid.cells[0]

    def human_turn(self) -> bool:
        h = self.human
        return h is not None and not self.match.over and h.plays(self.match) and h.pending is None

    def apply(self, action) -> None:
        """The person's action: to their seat's driver; the Match applies it (linked: once the
        link sends it) and the log hears it."""
        try:
            offer_and_step(self.match, self.human, action)
        except ActionError as exc:
            self.app.toast(str(exc), 2.0)
        self.dirty = True

    def _heard(self, match, applied) -> None:
        self.shown(applied.events)

    def act(self, action) -> None:
        """A person's action (from A or a menu): applied, the cursor follows a unit that moved."""
        if not self.human_turn():
            return
        before = self.selected
        self.apply(action)
        if isinstance(action, Move) and self.selected is not None and self.game.units[self.selected].alive:
            cell = self.game.cell_of(self.game.units[self.selected])
            if cell >= 0:
                self.cursor = cell
        elif before is not None and self.selected is None and self.human_turn() and not self.linked():
            mine = self.my_units()               # the unit is done: the next one that can act
            if mine:
                self.pick(mine[0])
        self.dirty = True

    def shown(self, events) -> None:
        """Events that happened (here or, linked, on the other unit): into the log; a picked unit
        that can no longer act is let go."""
        self.applied += 1
        for ev in events:
            line = describe(self.game, ev)
            if line and self.witnessed(ev):
                self.log.append(line)
        del self.log[:-LOG_LINES]
        if self.selected is not None and not self.game.can_act(self.game.units[self.selected]):
            self.selected = None
        if self.run is not None and self.selected is not None and self.game.cell_of(self.game.units[self.selected]) >= 0:
            self.cursor = self.game.cell_of(self.game.units[self.selected])
        self.dirty = True

    def update(self, dt: float) -> None:
        if self.link is not None:
            self.match.step()                       # the link's poll: every action comes from it
            if self.match.game is not self._seen:   # restored from the host's snapshot
                self._seen = self.match.game
                self.selected = None
                self.dirty = True
            self.link.update()                      # hands the screen on to the result at the end
            return
        g = self.game
        if self.match.over:
            if not self.linked() and not self.results_open:
                self.end_wait += dt
                if self.end_wait >= END_PAUSE:
                    self.open_results()
            return
        if self.human_turn():
            self.last_viewer = g.side
            if len(self.humans) > 1 and self.viewer != g.side and self.curtain is None:
                self.curtain = self.viewer = g.side
                self.selected = None
                self.dirty = True
            return
        self.wait -= dt
        if self.wait <= 0:
            self.match.step()
            self.wait = BOT_PACE

    def over_lines(self) -> list[str]:
        """The result, as the linked result screen shows it."""
        g = self.game
        if g.winner_side is None:
            return ["No winner."] + self.log[-3:]
        won = g.winner_side in self.humans
        return [("You win!" if won else "You are beaten.") + f" ({self.side_name(g.winner_side)})"] + self.log[-3:]

    def close(self) -> None:
        self._unlisten()
        if self.link is not None:
            self.link.close()

    def open_results(self) -> None:
        if not self.results_open:
            self.results_open = True
            open_results(self)

    def my_units(self) -> list[int]:
        g = self.game
        return [u.id for u in g.units if g.can_act(u) and u.side == g.side]

    def actions_at(self, uid: int, cell: int) -> list:
        return orders.actions_at(self.game, uid, cell)

    unit_actions_at = actions_at        # the name tests and the linked screen know

    def ids_at(self, cell: int) -> list[int]:
        g = self.game
        out = []
        for i in g.at.get(cell, ()):
            out.append(i)
            out.extend(g.occ.get(i, ()))
        return out

    _ids_at = ids_at

    # ------------------------------------------------------------------ buttons
    def press_a(self) -> None:
        g = self.game
        if self.selected is not None:
            if self.cursor == g.cell_of(g.units[self.selected]):
                self.app.open("choice", title=f"{orders.unit_name(g, self.selected)}: orders",
                              options=orders.unit_orders(self, self.selected))
                return
            acts = self.actions_at(self.selected, self.cursor)
            if len({type(a) for a in acts}) > 1:
                orders.choose_at(self, self.selected, acts)
                return
            if acts:
                self.act(acts[0])
                return
        mine = [i for i in self.ids_at(self.cursor) if g.can_act(g.units[i]) and g.units[i].side == g.side]
        if mine:
            self.pick(mine[0])
        else:
            orders.turn_menu(self)

    def pick(self, uid: int) -> None:
        self.selected = uid
        cell = self.game.cell_of(self.game.units[uid])
        if cell >= 0:
            self.cursor = cell
            self.want_x = self.map.pos[cell][0]
        self.app.sound.play("cursor")
        self.dirty = True

    def let_go(self) -> None:
        self.selected = None
        self.dirty = True

    def move_cursor(self, b: Button) -> None:
        grid = self.world.grid
        x, y = grid.coords(self.cursor)
        if b in (Button.LEFT, Button.RIGHT):
            c = grid.cell_at(x + (1 if b == Button.RIGHT else -1), y)
            if c >= 0:
                self.cursor = c
                self.want_x = self.map.pos[c][0]
            return
        dy = 1 if b == Button.UP else -1
        cands = [grid.cell_at(x + dx, y + dy) for dx in ((0, -1) if dy > 0 else (0, 1))]
        cands = [c for c in cands if c >= 0]
        if cands:
            self.cursor = min(cands, key=lambda c: (abs(self.map.pos[c][0] - self.want_x), c))

    def cycle_units(self, step: int) -> None:
        mine = self.my_units()
        if not mine:
            return
        k = mine.index(self.selected) if self.selected in mine else (-1 if step > 0 else 0)
        self.pick(mine[(k + step) % len(mine)])

    def open_menu(self) -> None:
        """START: the shared pause menu (End turn on your turn, the unit letters). Linked, the
        link's own short menu (End turn first; B with nothing picked opens it too), which keeps
        the link ticking."""
        if self.linked():
            options = [("End turn", self.end_turn)] if self.human_turn() else []
            options += [("Unit letters", self.show_legend), ("Back to the main menu", self.app.goto_menu),
                        ("Resume", None)]
            self.app.open("choice", title=self.world.m.title or "Xconq", options=options)
            return
        extras = [("End turn", self.ask_end_turn)] if self.human_turn() else []
        extras.append(("Unit letters", self.show_legend))
        onboarding.open_pause(self.app, MODE, extras=extras, leave_label="Leave the game",
                              leave_question="Leave this game? It counts as unfinished.", on_leave=self.app.goto_menu)

    pause_menu = open_menu

    def show_legend(self) -> None:
        self.app.open("message", title="Unit letters", lines=orders.legend_lines(self.game, self.you()))

    def ask_end_turn(self) -> None:
        if not self.human_turn():
            return
        left = len(self.my_units())
        q = (f"{left} of your units can still act. End the turn anyway?" if left
             else "All your units have acted. End the turn?")
        self.app.open("confirm", question=q, on_yes=self.end_turn, yes="End turn", no="Not yet",
                      default_yes=left == 0)

    def end_turn(self) -> None:
        if self.human_turn():
            self.selected = None
            self.apply(End())

    def handle(self, ev) -> None:
        if ev.button is None:
            return
        if self.run is not None and ev.pressed(Button.B) and self.selected is None and not self.game.over:
            self.open_menu()                         # one-handed on a linked unit: End turn is there
            return
        if self.curtain is not None:
            if ev.pressed(Button.A):
                self.curtain = None
                self.dirty = True
            return
        if self.game.over:
            if ev.pressed(Button.A) or ev.pressed(Button.START) or ev.pressed(Button.B):
                if self.linked():
                    self.app.goto_menu()
                else:
                    self.open_results()
            return
        if onboarding.frame_keys(self.app, ev, MODE, pause=self.open_menu):
            return
        self.dirty = True
        for b in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT):
            if ev.triggered(b):
                self.move_cursor(b)
                return
        if not self.human_turn():
            return
        if ev.pressed(Button.A):
            self.press_a()
        elif ev.pressed(Button.B):
            self.selected = None
        elif ev.pressed(Button.R) or ev.pressed(Button.L):
            self.cycle_units(1 if ev.button == Button.R else -1)

    # ------------------------------------------------------------------ drawing
    def side_name(self, side: int) -> str:
        info = self.world.m.sides.get(side, {})
        return info.get("name") or info.get("plural-noun") or info.get("noun") or f"side {side}"

    def hints(self) -> list[tuple[str, str]]:
        g = self.game
        if g.over:
            return [("A", "results")]
        if not self.human_turn():
            return [("DPAD", "look"), ("START", "pause"), ("SELECT", "words")]
        if self.selected is None:
            a = "pick unit" if self.my_units() else "end turn"
            return [("A", a), ("LR", "next unit"), ("START", "pause"), ("SELECT", "words")]
        here = self.cursor == g.cell_of(g.units[self.selected])
        a = "orders" if here else ("act" if self.actions_at(self.selected, self.cursor) else "pick")
        return [("A", a), ("B", "back"), ("LR", "next unit"), ("START", "pause")]

    def draw(self, surf) -> None:
        th, g = self.theme, self.game
        w, h = surf.get_size()
        surf.fill(T.BG)
        if self.curtain is not None:
            th.text(surf, f"{self.side_name(self.curtain)}'s turn", (w // 2, h // 3), side_colour(self.curtain),
                    "big", align="centre")
            th.text(surf, th.fit("The other player looks away. Press A when ready.", w - 8, "small"),
                    (w // 2, h * 2 // 3), T.TEXT_DIM, "small", align="centre")
            return
        state = "over" if g.over else f"{standing.turn_text(g)} · {self.side_name(g.side)}"
        top = title_bar(surf, th, th.fit(self.world.m.title or self.world.m.name, w // 2, "big"), state)
        goal = pygame.Rect(2, top.bottom, w - 4, th.line_height("tiny") + 2)
        goal_line(surf, th, goal, standing.objective(g))
        bar = bottom_rect(surf, th)
        side_w = max(120, min(w * 36 // 100, 260))
        self.view = pygame.Rect(2, goal.bottom + 1, w - side_w - 6, bar.y - goal.bottom - 3)
        self._fit_map()
        self.map.follow(self.cursor, self.view)
        self.map.draw(surf, th, self.view, g, self.cursor, self.selected, self._marks(), self.viewer_side(), self.you(),
                      stamp=(self.applied, g.turn, g.side_index))
        draw_panel(self, surf, pygame.Rect(self.view.right + 3, self.view.y, side_w, self.view.h))
        hint_bar(surf, th, bar, self.hints())
        if self.link is not None:
            self.link.draw(surf)

    def _fit_map(self) -> None:
        """Hexes as big as the view allows (up to MAX_SCALE x the base 12 px), so the map fills
        large screens: the largest hex width whose whole map fits the view (searched once per
        view size; the map scrolls when even the base size does not fit)."""
        key = (self.view.w, self.view.h)
        if key == getattr(self, "_fitted", None):
            return
        self._fitted = key

        def fits(n: int) -> bool:
            size = HexMap(self.world, n / 12).size
            return size[0] <= self.view.w and size[1] <= self.view.h

        lo, hi = 12, 12 * MAX_SCALE
        if not fits(lo):
            hi = lo
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fits(mid):
                lo = mid
            else:
                hi = mid - 1
        if lo / 12 != getattr(self, "_scale", None):
            self._scale = lo / 12
            self.map = HexMap(self.world, self._scale)

    def _marks(self) -> dict[int, tuple]:
        g = self.game
        if self.selected is None or not self.human_turn():
            return {}
        marks = {}
        here = g.cell_of(g.units[self.selected])
        for a in g.unit_actions(g.units[self.selected]):
            if isinstance(a, Move):
                if a.cell != here:
                    marks.setdefault(a.cell, (240, 240, 240))
            elif hasattr(a, "target") and a.target != self.selected:
                c = g.cell_of(g.units[a.target])
                if c != here and c >= 0:
                    hostile = g.units[a.target].side != g.units[self.selected].side
                    marks[c] = T.TEXT_BAD if hostile else T.GOOD
        return marks
