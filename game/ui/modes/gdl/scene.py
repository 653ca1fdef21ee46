"""The game screen of an Xconq module.

    app.open("gdl_game", path="…/tokyo.g", humans=(1,), seed=None)
    app.open("gdl_game", match=match)        # a Match made elsewhere (Continue: session.py)
    app.replace("gdl_game", run=run)         # a linked game: the link's Match

The game is a Match (`game.match`): local, hot-seat, bots-only, resumed and linked games alike.

`humans` are the side ids people play (none: bots only, two or more: hot-seat with a curtain
before each person's turn); bots play the others a few frames apart. One hand is enough:
the d-pad moves the cursor over the hexes, A picks your unit under it and then acts on the
cell under the cursor (move one step, board a transport, attack, fire or repair, whichever the
tables allow), B lets go of the unit, L/R jump between your units that can still act, START
opens the menu (end turn, back to the main menu). The panel shows the cursor cell: terrain,
the units there with hp, ACP and occupants, and — with a unit picked — the odds of attacking
what is under the cursor, straight from the tables.
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.modes.gdl import combat
from game.modes.gdl.actions import Attack, End, Fire, Move, Repair
from game.modes.gdl.game import GdlGame
from game.modes.gdl.log import describe
from game.modes.gdl.world import World
from game.rules.gdl.loader import load_module
from game.ui import theme as T
from game.ui.human import offer_and_step
from game.ui.modes.gdl.hexmap import HexMap, side_colour
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, hint_bar, meter, panel, title_bar
from hw.input.buttons import Button

BOT_PACE = 0.06
LOG_LINES = 40
HINTS = (("DPAD", "cursor"), ("A", "pick/act"), ("B", "drop"), ("L", "units"), ("START", "menu"))


class GdlScene(Scene):
    """One module game, a Match (`game.match`; session.py makes it): the person's actions go to
    their sides' driver, the bots' are asked a pace apart, and every applied action - the
    person's, a bot's, the other unit's - reaches the log through the Match's listener. Linked
    (`run`): the link made the Match, this unit's person plays its own sides and the other
    unit's arrive through the link; no curtain, B with no unit picked opens the menu."""

    title = "Xconq module"

    def __init__(self, app, path: str = "", humans=(1,), seed: int | None = None, world: World | None = None,
                 match=None, run=None) -> None:
        from game.ui.modes.gdl.session import module_match, seat_drivers
        from game.ui.scenes.link.played import OnLink
        super().__init__(app)
        self.run = run
        if run is not None:
            match, self.human = run.game.match, run.game.person
        elif match is None:
            world = world or World(load_module(path))
            match = module_match(app, world, path, humans, app.seed_source() if seed is None else seed)
            self.human = seat_drivers(match)
        else:
            self.human = seat_drivers(match)
        self.match = match
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
        name = self.world.m.title or self.world.m.name
        if run is not None:
            mine = ", ".join(self.side_name(s) for s in sorted(self.humans))
            self.log: list[str] = [f"{name} with {run.peer_name}; you: {mine}"]
        else:
            self.log = [f"{name}: seed {self.seed}"]
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

    def shown(self, events) -> None:
        """Events that happened (here or, linked, on the other unit): into the log; a picked unit
        that can no longer act is let go."""
        for ev in events:
            line = describe(self.game, ev)
            if line:
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
            return
        if self.human_turn():
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

    def my_units(self) -> list[int]:
        g = self.game
        return [u.id for u in g.units if g.can_act(u) and u.side == g.side]

    def unit_actions_at(self, uid: int, cell: int) -> list:
        """Legal actions of unit `uid` aimed at `cell`, best first (attack, fire, repair, move)."""
        g = self.game
        out = []
        for a in g.unit_actions(g.units[uid]):
            if isinstance(a, Move) and a.cell == cell:
                out.append(a)
            elif isinstance(a, (Attack, Fire, Repair)) and g.cell_of(g.units[a.target]) == cell:
                out.append(a)
        order = {Attack: 0, Fire: 1, Repair: 2, Move: 3}
        return sorted(out, key=lambda a: order[type(a)])

    def press_a(self) -> None:
        g = self.game
        if self.selected is not None:
            acts = self.unit_actions_at(self.selected, self.cursor)
            if acts:
                self.apply(acts[0])
                if isinstance(acts[0], Move) and self.selected is not None:
                    self.cursor = g.cell_of(g.units[self.selected])
                return
        mine = [i for i in self._ids_at(self.cursor) if g.can_act(g.units[i]) and g.units[i].side == g.side]
        if mine:
            if self.selected in mine:
                self.selected = mine[(mine.index(self.selected) + 1) % len(mine)]
            else:
                self.selected = mine[0]
            self.app.sound.play("cursor")

    def _ids_at(self, cell: int) -> list[int]:
        g = self.game
        out = []
        for i in g.at.get(cell, ()):
            out.append(i)
            out.extend(g.occ.get(i, ()))
        return out

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
        self.selected = mine[(k + step) % len(mine)]
        self.cursor = self.game.cell_of(self.game.units[self.selected])
        self.want_x = self.map.pos[self.cursor][0]

    def open_menu(self) -> None:
        options = []
        if self.human_turn():
            options.append(("End turn", self.end_turn))
        options += [("Back to the main menu", self.app.goto_menu), ("Resume", None)]
        self.app.open("choice", title=self.world.m.title or "Xconq", options=options)

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
        if self.game.over and (ev.pressed(Button.A) or ev.pressed(Button.START)):
            self.app.goto_menu()
            return
        if ev.pressed(Button.START):
            self.open_menu()
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
        state = "over" if g.over else f"turn {g.turn + 1} · {self.side_name(g.side)}"
        top = title_bar(surf, th, th.fit(self.world.m.title or self.world.m.name, w // 2, "big"), state)
        bar = bottom_rect(surf, th)
        side_w = max(120, w * 36 // 100)
        self.view = pygame.Rect(2, top.bottom + 2, w - side_w - 6, bar.y - top.bottom - 4)
        self._fit_map()
        self.map.follow(self.cursor, self.view)
        self.map.draw(surf, th, self.view, g, self.cursor, self.selected, self._marks())
        self._panel(surf, pygame.Rect(self.view.right + 3, self.view.y, side_w, self.view.h))
        hint_bar(surf, th, bar, HINTS if not g.over else (("A", "back to the menu"),))
        if self.link is not None:
            self.link.draw(surf)

    def _fit_map(self) -> None:
        """Small maps are drawn with bigger hexes (up to 3x) so they fill the view."""
        base = HexMap(self.world, 1) if getattr(self, "_base_size", None) is None else None
        if base is not None:
            self._base_size = base.size
        bw, bh = self._base_size
        k = max(1.0, min(3.0, self.view.w / max(1, bw), self.view.h / max(1, bh)))
        k = int(k * 4) / 4
        if k != getattr(self, "_scale", None):
            self._scale = k
            self.map = HexMap(self.world, k)

    def _marks(self) -> dict[int, tuple]:
        g = self.game
        if self.selected is None or not self.human_turn():
            return {}
        marks = {}
        for a in g.unit_actions(g.units[self.selected]):
            if isinstance(a, Move):
                marks.setdefault(a.cell, (240, 240, 240))
            elif isinstance(a, (Attack, Fire)):
                marks[g.cell_of(g.units[a.target])] = T.TEXT_BAD
            elif isinstance(a, Repair):
                marks[g.cell_of(g.units[a.target])] = T.GOOD
        return marks

    def _panel(self, surf, rect) -> None:
        th, g, w = self.theme, self.game, self.world
        inner = panel(surf, rect, title=self._cell_title(), th=th)
        lh = th.line_height("tiny")
        y = inner.y
        for uid in self._ids_at(self.cursor)[:4]:
            u = g.units[uid]
            indent = 8 if u.transport >= 0 else 0
            name = w.m.utypes[u.type] + (f" “{u.name}”" if u.name else "")
            th.text(surf, th.fit(f"{w.letters[u.type]} {name}", inner.w - indent, "tiny"), (inner.x + indent, y),
                    side_colour(u.side), "tiny")
            y += lh
            hp_max = w.hp_max[u.type]
            meter(surf, (inner.x + indent, y + 2, inner.w // 2 - indent, max(3, lh // 3)), u.hp / hp_max)
            th.text(surf, f"{u.hp}/{hp_max} hp  {u.acp} acp", (inner.x + inner.w // 2 + 2, y), T.TEXT, "tiny")
            y += lh
            occ = g.occ.get(uid, ())
            if occ:
                th.text(surf, th.fit(f"carries {len(occ)}", inner.w, "tiny"), (inner.x + indent, y), T.TEXT_DIM, "tiny")
                y += lh
        y = self._odds(surf, inner, y + 2)
        log_top = max(y + 2, inner.bottom - lh * 4)
        for i, line in enumerate(self.log[-max(1, (inner.bottom - log_top) // lh):]):
            th.text(surf, th.fit(line, inner.w, "tiny"), (inner.x, log_top + i * lh), T.TEXT_DIM, "tiny")

    def _cell_title(self) -> str:
        w = self.world
        x, y = w.grid.coords(self.cursor)
        return f"{w.m.ttypes[w.terrain[self.cursor]]} ({x},{y})"

    def _odds(self, surf, inner, y) -> int:
        th, g = self.theme, self.game
        if self.selected is None:
            return y
        lh = th.line_height("tiny")
        u = g.units[self.selected]
        th.text(surf, th.fit(f"picked: {self.world.m.utypes[u.type]} ({u.acp} acp)", inner.w, "tiny"), (inner.x, y),
                T.ACCENT, "tiny")
        y += lh
        for a in self.unit_actions_at(self.selected, self.cursor)[:2]:
            if isinstance(a, (Attack, Fire)):
                o = combat.odds(g, u, g.units[a.target], isinstance(a, Fire))
                verb = "attack" if isinstance(a, Attack) else "fire"
                text = f"{verb}: hit {o['hit']}%  dmg {o['damage100'] / 100:g}"
                th.text(surf, th.fit(text, inner.w, "tiny"), (inner.x, y), T.TEXT_BAD, "tiny")
                y += lh
                extra = []
                if o["withdraw"]:
                    extra.append(f"slips away {o['withdraw']}%")
                if isinstance(a, Attack):
                    extra.append(f"strikes back {o['counter']}%")
                if extra:
                    th.text(surf, th.fit("  ".join(extra), inner.w, "tiny"), (inner.x, y), T.TEXT_DIM, "tiny")
                    y += lh
            elif isinstance(a, Repair):
                th.text(surf, "A: repair", (inner.x, y), T.GOOD, "tiny")
                y += lh
            elif isinstance(a, Move):
                th.text(surf, "A: move here", (inner.x, y), T.TEXT, "tiny")
                y += lh
        return y
