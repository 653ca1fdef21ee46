"""The battle screen: a Skirmish battle played at the cursor, by bots, or from a replay.

    app.open("skirmish_battle", match=battle_match(app, rs, gmap, participants, seed))  # play
    app.open("skirmish_battle", match=replay_match(rs, replay), mode="replay")           # watch
    app.open("skirmish_battle", match=attract_match(...), mode="attract")   # bots only; any key leaves

The battle is a Match (`game.match`): the cursor control's actions are offered to the person's
seat driver (`game.ui.human.HumanDriver`) and the Match applies them; bots and replays are the
other seats' drivers, asked once per frame when no animation plays (spaced by a pace). Every
applied action - whoever made it - reaches this screen through the Match's listener, in order,
and is animated from its events. The frame is repainted only when something visible changed
(otherwise only the waiting timer's line, once a second).
"""

from __future__ import annotations

from collections import deque

import pygame

from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish.events import TurnBegan
from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.art.shared import shared_art
from game.ui.camera import Camera
from game.ui.human import HumanDriver, offer_and_step
from game.ui.minimap import Minimap
from game.ui.modes.skirmish import hud
from game.ui.modes.skirmish.anim import Animator
from game.ui.modes.skirmish.battle_words import say
from game.ui.modes.skirmish.board import BoardView, Marks
from game.ui.modes.skirmish.book import Book
from game.ui.modes.skirmish.control import HumanControl
from game.ui.modes.skirmish.layout import BattleLayout
from game.ui.modes.skirmish.replay_seek import ReplaySeek
from game.ui.modes.skirmish.session import Tally
from game.ui.scene import Scene
from game.ui.widgets import hint_bar
from hw.input.buttons import Button, EventKind

BOT_PACE = 0.15           # seconds between a bot's actions
REPLAY_PACE = 0.25        # ... between a replay's actions (FAST_PACE when fast)
FAST_PACE = 0.02


class BattleScene(Scene):
    hot_seat_curtain = True     # people sharing this device: hide the board between their turns

    def __init__(self, app, match, mode: str = "play", label: str = "", on_over=None, tally=None,
                 watched=None) -> None:
        super().__init__(app)
        self.mode = mode
        self.watched = watched              # replay mode: the whole replay (its turns, for seeking)
        self.label = label or {"replay": "replay", "attract": "demo"}.get(mode, "")
        self.on_over = on_over
        self.layout = BattleLayout.for_canvas(self.theme, app.surface.get_size())
        self.tile_art, self.piece_art = shared_art()
        self.seek = ReplaySeek(self)
        self.fast = False
        self.start(match, tally)

    # --- a battle (again for each attract battle) ------------------------------------------------
    def start(self, match, tally=None) -> None:
        if getattr(self, "_unlisten", None) is not None:
            self._unlisten()
        self.match = match
        self.game = game = match.game
        self.human = next((d for d in match.drivers.values() if isinstance(d, HumanDriver)), None)
        self.tally = tally if tally is not None else Tally()
        self.feed: deque = deque()          # applied actions not shown yet, in order
        self._unlisten = match.listen(self._heard)
        self._previewed = None              # the person's walk already shown where it ends (no hop)
        self._ready_at = 0.0
        self.board = BoardView(self.theme, game.rs, game.gmap, self.tile_art, self.piece_art)
        self.camera = Camera(self.layout.view.size, self.board.geom.size)
        self.anim = Animator(game, self.app.sound)
        self.anim.on_start = self._anim_started
        self.control = HumanControl(game, self.submit, self.ask_end_turn, on_select=self._selected, ask=self._ask,
                                    mine=self._mine)
        self.book = Book(self)
        mm = self.layout.minimap_max
        self.minimap = Minimap(game.rs, game.gmap, mm)
        ww, wh = self.board.geom.size
        self.show_minimap = ww > self.layout.view.w or wh > self.layout.view.h    # hidden when the map fits
        self.info = hud.InfoWindow()
        self.version = 0
        self.time = getattr(self, "time", 0.0)
        self.turn_started = self.time
        self.message, self.message_until = "", 0.0
        self.banner, self.banner_until = "", 0.0
        self.over_at: float | None = None
        self.humans = [s for s in game.seats() if self._mine(s)]
        self.last_human_seat = self.humans[0] if self.humans else game.current
        self._key = None
        self._wait_shown = -1
        self.curtain: int | None = None     # hot-seat: the board is hidden until this seat's player is ready
        self._turn_began([TurnBegan(game.current, game.turn)])
        self._announce()
        self.camera.snap()
        self.dirty = True

    @property
    def replay_driver(self):
        return self.match.everyone if self.mode == "replay" else None

    def _mine(self, seat: int) -> bool:
        """Is `seat` played by the person at this screen?"""
        return self.mode == "play" and self.human is not None and self.match.driver(seat) is self.human

    @property
    def human_turn(self) -> bool:
        return self.mode == "play" and self.control.my_turn()

    def viewer_seat(self) -> int:
        g = self.game
        if self._mine(g.current):
            return g.current
        return self.last_human_seat if self.mode == "play" else g.current

    # --- acting -----------------------------------------------------------------------------------
    def submit(self, action, hop: bool = True) -> None:
        """The person's action from the cursor: offered to their seat; refusals become a hint,
        never a crash. `hop=False`: the walk was previewed already, no hopping along its path."""
        if self.human is None:
            return
        if not hop:
            self._previewed = action
        try:
            offer_and_step(self.match, self.human, action)
        except ActionError as exc:
            self._previewed = None
            self.control.hint = str(exc)
            return
        self._show_heard()

    def _heard(self, match, applied) -> None:
        """The Match applied an action (anyone's): shown in order by `_show_heard`."""
        self.tally.on_applied(match, applied)
        self.feed.append(applied)

    def _show_heard(self) -> None:
        while self.feed:
            self._show(self.feed.popleft())

    def _show(self, applied) -> None:
        events = applied.events
        self.version += 1
        previewed, self._previewed = self._previewed, None
        hop = previewed is None or applied.action != previewed
        self.anim.add_events(events if hop else [e for e in events if e.kind != "walk"])
        for ev in events:
            line = say(self.game, ev)
            if line and ev.kind != "turn":
                self.message, self.message_until = line, self.time + 3.5
        if any(ev.kind == "turn" for ev in events):
            self._turn_began(events)
        self.control.after_action()
        if any(ev.kind == "walk" for ev in events):
            self.app.sound.play("move")

    def _turn_began(self, events) -> None:
        g = self.game
        self.turn_started = self.time
        if g.over:
            return
        if self._mine(g.current):
            self.last_human_seat = g.current
            self.control.reset_for_turn()
            if len(self.humans) > 1:
                self.curtain = g.current if self.hot_seat_curtain else None
                self.banner = f"{T.TEAM_LETTER[g.current]} {g.seat_name(g.current).title()}: {g.player_name(g.current)}, your turn"
                self.banner_until = self.time + 1.6
            elif len(self.humans) == 1:
                self.banner, self.banner_until = "Your turn", self.time + 0.8
            self.camera.keep_visible(self.board.world_rect(self.control.cell), self.layout.view.w // 4)

    def _announce(self) -> None:
        """At the start: which team is yours (one human), or who plays which colour (hot-seat)."""
        g = self.game
        if self.mode != "play" or len(self.humans) != 1:
            return
        you = self.humans[0]
        first = "" if g.current == you else f" · {g.seat_name(g.current).title()} moves first"
        self.banner = f"You are {g.seat_name(you).title()} {T.TEAM_LETTER[you]}{first}"
        self.banner_until = self.time + 2.5
        if g.army(you):
            self.camera.centre_on(self.board.geom.centre(g.army(you)[0].cell))

    def _selected(self, piece) -> None:
        pt = self.game.piece_type(piece)
        self.app.sound.play_set(self.game.rs.sound_sets.get(pt.sound_set, ("select",)))

    def _ask(self, question: str, on_yes, default_yes: bool = False) -> None:
        self.app.open("confirm", question=question, on_yes=on_yes, default_yes=default_yes)

    def ask_end_turn(self) -> None:
        """End turn, after a question; "Yes" is pre-selected unless a piece could still attack."""
        g = self.game
        if not self.human_turn:
            return
        self.control.pending = -1
        movable = g.movable_pieces()
        could_hit = [p for p in movable if any(g.targets_from(p, c) for c in [p.cell, *g.reach(p).cells()])]
        if could_hit:
            n = len(could_hit)
            q = f"End your turn? {n} piece{'s' if n > 1 else ''} could still attack."
        elif movable:
            n = len(movable)
            q = f"End your turn? {n} piece{'s' if n > 1 else ''} can still move."
        else:
            q = "End your turn?"
        self._ask(q, lambda: self.submit(A.EndTurn()), default_yes=not could_hit)

    def proxy_select(self, piece) -> None:
        self.control.put(piece.cell)
        if self.human_turn and self.control.attack_piece() is None:
            self.control.select(piece)
        self.camera.centre_on(self.board.geom.centre(piece.cell))

    def _anim_started(self, a) -> None:
        g = self.game
        geo = self.board.geom
        if a.kind == "hop":
            (x0, y0), (x1, y1) = geo.centre(a.path[0]), geo.centre(a.path[-1])
            self.camera.centre_on(((x0 + x1) / 2, (y0 + y1) / 2))
        elif a.kind == "strike":
            tcell = a.ghost[2] if a.ghost else g.pieces[a.target].cell
            (x0, y0), (x1, y1) = geo.centre(g.pieces[a.piece].cell), geo.centre(tcell)
            self.camera.centre_on(((x0 + x1) / 2, (y0 + y1) / 2))

    # --- input --------------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if self.mode == "attract":
            if ev.kind is EventKind.PRESS:
                self.app.back()
            return
        if self.curtain is not None:
            if ev.pressed(Button.A) or ev.pressed(Button.START):
                self.curtain = None
                self.banner_until = self.time + 1.2
                self.dirty = True
            return
        if self.book.handle(ev):
            return
        if ev.pressed(Button.START):
            self.pause_menu()
            return
        if ev.pressed(Button.SELECT):
            self.book.toggle()
            return
        if self.mode == "replay":
            self._replay_keys(ev)
            return
        if self.anim.busy and ev.kind is EventKind.PRESS and ev.button in (Button.A, Button.X, Button.Y):
            return   # let the animation finish first
        self.control.handle(ev)

    def _replay_keys(self, ev) -> None:
        d = self.replay_driver
        if self.seek.handle(ev):          # L / R a turn, Y go to a turn, X fast
            return
        if ev.pressed(Button.A):
            d.paused = not d.paused
            self.message, self.message_until = ("paused" if d.paused else "playing"), self.time + 1.5
        elif ev.pressed(Button.B):
            self.app.back()
        else:
            self.control.handle(ev)   # look around with the cursor

    def pause_menu(self) -> None:
        if self.mode == "replay":
            options = [("Resume", None), ("Go to turn…", self.seek.choose_turn), ("Stop watching", self.app.back)]
        else:
            options = [("Resume", None)]
            if self.human_turn:
                options.append(("End turn", self.ask_end_turn))
            options += [("Book of Tactics", self.book.toggle),
                        ("Danger zone: " + ("hide" if self.control.danger else "show"), self.control.toggle_danger),
                        ("Abandon battle", self._ask_abandon)]
        self.app.open("choice", title="Paused", options=options)

    def _ask_abandon(self) -> None:
        self.app.open("confirm", question="Abandon this battle? It is kept as a replay.", on_yes=self.abandon)

    def abandon(self) -> None:
        self._to_results(self.match.finish(abandoned=True))

    def _to_results(self, result) -> None:
        self.app.last_battle_players = [self.match.player(s).name for s in sorted(self.match.players)]
        self.app.replace("skirmish_results", result=result, match=self.match, tally=self.tally)

    # --- time --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.anim.update(dt)
        if self.feed and not self.anim.busy:   # applied elsewhere (the link): one at a time
            self._show(self.feed.popleft())
        for note in self.match.take_notices():
            self.app.toast(note)
        if not self.anim.busy and not self.match.over:
            self._drive()
        if self.human_turn:
            self.camera.keep_visible(self.board.world_rect(self.control.cell), 3 * self.theme.tile // 2)
        self.camera.update(dt)
        if self.match.over and not self.anim.busy and not self.feed:
            if self.over_at is None:
                self.over_at = self.time
            elif self.time - self.over_at > (2.5 if self.mode == "attract" else 0.8):
                self._finished()

    def _drive(self) -> None:
        """The seat to act is not the person's: ask its driver (a bot, the replay, the link),
        one action per pace."""
        m = self.match
        if self.human is not None and self.human.plays(m):
            return
        if self.time < self._ready_at:
            return
        if m.step() is not None:
            pace = BOT_PACE if self.mode != "replay" else (FAST_PACE if self.fast else REPLAY_PACE)
            self._ready_at = self.time + pace
        d = self.replay_driver
        if d is not None and d.error:
            self.app.toast(f"replay: {d.error}")
            d.error = ""
        self._show_heard()

    def _finished(self) -> None:
        if self.mode == "attract":
            if self.on_over:
                self.match.close()
                self.start(self.on_over())
            return
        if self.mode == "replay":
            self.over_at = float("inf")
            self.banner, self.banner_until = "End of the replay — B to leave", float("inf")
            return
        self._to_results(self.match.result or self.match.finish())

    def close(self) -> None:
        self.match.close()
        if self._unlisten is not None:
            self._unlisten()
        if self.mode == "play" and self.match.result is None and not getattr(self.app, "closing", False):
            self.match.finish(abandoned=True)       # left on purpose (an app shutting down keeps it)
            self.app.last_battle_players = [self.match.player(s).name for s in sorted(self.match.players)]

    # --- drawing -------------------------------------------------------------------------------------
    def marks(self) -> Marks:
        if self.mode == "play" and not self.anim.busy:
            return self.control.marks()
        return Marks(cursor=self.control.cell if self.mode == "replay" else -1)

    def info_piece(self):
        """The piece under the cursor, as the preview shows it (a walking piece at its new cell)."""
        if self.anim.busy or self.mode == "attract":
            return None
        c = self.control
        cell = c.cell
        if self.mode == "play" and c.pending >= 0 and c.selected >= 0:
            if cell == c.pending:
                return self.game.pieces[c.selected]
            if cell == self.game.pieces[c.selected].cell:
                return None
        return self.game.piece_at(cell)

    def frame_key(self):
        banner = self.banner if self.time < self.banner_until else ""
        message = self.message if self.time < self.message_until else ""
        info = self.info_piece()
        return (self.camera.offset, self.marks().key(), self.anim.active and self.time, self.version,
                info.id if info else -1, self.book.key(), banner, message, self.control.hint,
                self.replay_driver.paused if self.replay_driver else None, self._top_label(), self.curtain,
                self.control.cell)

    def _top_label(self) -> str:
        thinking = getattr(self.match.driver(), "thinking", False) and not self.anim.busy and self.mode == "play"
        return " ".join(x for x in (self.label, "thinking…" if thinking else "") if x)

    def waiting(self) -> int:
        return int(self.time - self.turn_started)

    def draw_update(self, surf):
        """Only the top line, once a second, while a turn waits (``frame_key`` redraws the rest)."""
        w = self.waiting()
        if w >= 10 and w != self._wait_shown:
            self._wait_shown = w
            hud.top_line(surf, self.theme, self.layout.top, self.game, waiting=w, label=self._top_label())
            return [self.layout.top]
        return []

    def you(self) -> int:
        """The seat the top line calls "your turn" for (-1: none, e.g. a demo)."""
        g = self.game
        return g.current if self.mode == "play" and g.controller(g.current) == "human" else -1

    def overlay_rects(self) -> list[pygame.Rect]:
        """What lies over the board all the time (tests measure their share of the view)."""
        if not self.show_minimap:
            return []
        return [self.layout.minimap_rect(self.theme, self.minimap.size).inflate(2, 2)]

    def draw(self, surf) -> None:
        th, lay, g = self.theme, self.layout, self.game
        if self.curtain is not None:
            self._draw_curtain(surf)
            return
        marks = self.marks()
        self.board.draw(surf, lay.view, self.camera.offset, g, marks, self.anim)
        self._wait_shown = self.waiting()
        hud.top_line(surf, th, lay.top, g, waiting=self._wait_shown, label=self._top_label(), you=self.you())
        self._draw_dock(surf, marks)
        if self.show_minimap:
            mr = lay.minimap_rect(th, self.minimap.size)
            pygame.draw.rect(surf, T.PANEL_EDGE, mr.inflate(2, 2), 1)
            cam = pygame.Rect(*self.camera.offset, *lay.view.size)
            self.minimap.draw_pieces(surf, mr.topleft, [p for p in g.pieces if p.alive], cam, self.board.geom.size)
        if self.time < self.message_until and self.message:
            hud.message_line(surf, th, lay.message, self.message)
        if self.time < self.banner_until and self.banner:
            self._draw_banner(surf, self.banner)
        if self.mode == "play":
            hints = self.control.button_hints() if not self.anim.busy else [("START", "menu")]
            hud.button_bar(surf, th, lay.bottom, hints, self.control.hint)
        else:
            hints = ([("A", "pause"), ("Y", "turn…"), ("X", "fast"), ("B", "leave"), ("L", "turn -"), ("R", "turn +")]
                     if self.mode == "replay"
                     else [("A", "any button: back to the title")])
            hint_bar(surf, th, lay.bottom, hints)
        if self.book.open:
            self.book.draw(surf, th, lay.book)

    def _draw_dock(self, surf, marks) -> None:
        th, lay, g = self.theme, self.layout, self.game
        pygame.draw.rect(surf, T.PANEL_DARK, lay.dock)
        pygame.draw.line(surf, T.PANEL_EDGE, lay.dock.topleft, lay.dock.bottomleft)
        seat = self.viewer_seat()
        pieces = [p for p in g.pieces if p.alive and p.seat == seat]
        self.proxy_rects = hud.proxies(surf, th, lay.proxies, g, pieces, self.piece_art, highlight=marks.selected)
        area = pygame.Rect(lay.dock.x + th.pad, lay.dock.y + th.pad, lay.dock.w - 2 * th.pad,
                           lay.proxies.y - lay.dock.y - 2 * th.pad)
        info = self.info_piece()
        self.info.rect = pygame.Rect(0, 0, 0, 0)
        clip = surf.get_clip()
        surf.set_clip(area)
        if info is not None:
            own = self.mode == "play" and info.seat == seat and g.controller(seat) == "human"
            self.info.build(g, info, self.control.chosen_piece() if self.mode == "play" else None, own,
                            self.control.estimate, self.control)
            self.info.draw(surf, th, area)
        elif self.mode != "attract" and g.grid.is_cell(self.control.cell) and g.gmap.tiles[self.control.cell]:
            self.info.build_terrain(g, self.control.cell)
            self.info.draw(surf, th, area)
        else:
            self.info.lines, self.info.estimate_lines, self.info.forecast = [], [], {}
        surf.set_clip(clip)

    def _draw_curtain(self, surf) -> None:
        """Hot-seat: the board stays hidden until the next player says they are ready."""
        th, g = self.theme, self.game
        w, h = surf.get_size()
        surf.fill(T.BG)
        seat = self.curtain
        lines = [("Pass the device to", T.TEXT_DIM, "normal"), (g.player_name(seat), T.team_colour(seat), "big"),
                 (f"playing {g.seat_name(seat).title()} {T.TEAM_LETTER[seat]}", T.team_colour(seat), "normal"),
                 ("the board stays hidden until you are ready", T.TEXT_DIM, "tiny")]
        y = h // 4
        for text, colour, size in lines:
            th.text(surf, th.fit(text, w - 4 * th.pad, size), (w // 2, y), colour, size, align="centre")
            y += th.line_height(size) + th.pad
        shape(surf, T.TEAM_SHAPE[seat], (w // 2, y + 12), 10, T.team_colour(seat))
        hint_bar(surf, th, self.layout.bottom, [("A", "I am ready")])

    def _draw_banner(self, surf, text: str) -> None:
        th = self.theme
        img = th.render(text, T.TEXT, "big")
        box = img.get_rect().inflate(th.pad * 6, th.pad * 3)
        box.midtop = (self.layout.view.centerx, self.layout.view.y + th.pad * 2)
        pygame.draw.rect(surf, T.PANEL_DARK, box)
        pygame.draw.rect(surf, T.ACCENT, box, 1)
        th.put(surf, img, img.get_rect(center=box.center).topleft, text, "big")
