"""The board view every Skirmish battle screen shares: a Match (`game.match`) shown on the board.

The play, replay and attract screens (battle.py, replay.py, demo.py) are this view with
different seat drivers and different input: the person's `HumanDriver`, a `ReplayDriver`, bots.
Every applied action - whoever made it - reaches the view through the Match's listener, in
order, and is animated from its events; the seats nobody at this screen plays are asked for
their action once per frame when no animation plays (spaced by `pace`). The frame is repainted
only when something visible changed (otherwise only the waiting timer's line, once a second).

Hooks for the screens: `handle`, `marks`, `chooser`, `viewer_seat`, `person_to_act`, `pace`,
`started`, `announce`, `on_turn_began`, `after_shown`, `follow`, `finished`, `bottom_hints`, `extra_key`,
`goal_seat` and `cursor` (the board cursor, or None). The dock's top shows the goal line and the
strength bar (strength.py).
"""

from __future__ import annotations

from collections import deque

import pygame

from game.modes.skirmish.events import TurnBegan
from game.ui import theme as T
from game.ui.art.shared import shared_art
from game.ui.camera import Camera
from game.ui.minimap import Minimap
from game.ui.modes.skirmish import hud, strength
from game.ui.modes.skirmish.anim import Animator
from game.ui.modes.skirmish.battle_words import say
from game.ui.modes.skirmish.board import BoardView, Marks
from game.ui.modes.skirmish.layout import BattleLayout
from game.ui.modes.skirmish.session import Tally
from game.ui.scene import Scene
from game.ui.widgets import hint_bar

BOT_PACE = 0.15           # seconds between a bot's actions


class BoardScreen(Scene):
    label = ""
    over_pause = 0.8      # seconds the last animation stays before `finished`

    def __init__(self, app, match, tally=None) -> None:
        super().__init__(app)
        self.layout = BattleLayout.for_canvas(self.theme, app.surface.get_size())
        self.tile_art, self.piece_art = shared_art()
        self.time = 0.0
        self._unlisten = None
        self.restart(match, tally)

    # --- a battle (again after a replay jump, a resync, the next attract battle) ------------------
    def restart(self, match, tally=None) -> None:
        if self._unlisten is not None:
            self._unlisten()
        self.match = match
        self.game = game = match.game
        self.tally = tally if tally is not None else Tally()
        self.feed: deque = deque()          # applied actions not shown yet, in order
        self._unlisten = match.listen(self._heard)
        self.previewed = None               # a walk the person previewed: shown where it ends (no hop)
        self._ready_at = 0.0
        self.board = BoardView(self.theme, game.rs, game.gmap, self.tile_art, self.piece_art)
        self.camera = Camera(self.layout.view.size, self.board.geom.size)
        self.anim = Animator(game, self.app.sound)
        self.anim.on_start = self._anim_started
        mm = self.layout.minimap_max
        self.minimap = Minimap(game.rs, game.gmap, mm)
        ww, wh = self.board.geom.size
        self.show_minimap = ww > self.layout.view.w or wh > self.layout.view.h    # hidden when the map fits
        self.info = hud.InfoWindow()
        self.proxy_rects: list = []
        self.version = 0
        self.turn_started = self.time
        self.message, self.message_until = "", 0.0
        self.banner, self.banner_until = "", 0.0
        self.over_at: float | None = None
        self._wait_shown = -1
        self.started()
        self.on_turn_began([TurnBegan(game.current, game.turn)])
        self.announce()
        self.camera.snap()
        self.dirty = True

    def started(self) -> None:
        """A screen's own set-up for a (re)started match, before the first turn's banner."""

    def announce(self) -> None:
        """A banner for the start of the battle (after the first turn's)."""

    # --- hooks -------------------------------------------------------------------------------------
    cursor = None                            # the board cursor (cursor.Cursor), if the screen has one

    def marks(self) -> Marks:
        return Marks(cursor=self.cursor.cell if self.cursor is not None and not self.anim.busy else -1)

    def chooser(self):
        """(piece, estimate, control) whose attack forecast the dock shows, or None."""
        return None

    def viewer_seat(self) -> int:
        """Whose pieces the dock's proxies and the book show."""
        return self.game.current

    def person_to_act(self) -> bool:
        """The seat to act is played by the person at this screen (nobody else is asked)."""
        return False

    @property
    def pace(self) -> float:
        """Seconds between two actions of the seats nobody here plays: the shared bot pace
        (the bot-speed setting; holding A hurries it, ``game.ui.pace``)."""
        return self.app.pace.gap(BOT_PACE)

    def anim_dt(self, dt: float) -> float:
        """Animations of others' turns follow the same pace; the person's own play at 1x."""
        return dt if self.person_to_act() else self.app.pace.scaled(dt)

    def on_turn_began(self, events) -> None:
        self.turn_started = self.time

    def proxy_select(self, piece) -> None:
        """A piece picked in the book's army view: the cursor goes to it."""
        if self.cursor is not None:
            self.cursor.put(piece.cell)
        self.camera.centre_on(self.board.geom.centre(piece.cell))

    def open_book(self) -> None:
        self.app.open("skirmish_book", screen=self)

    def after_shown(self, applied) -> None:
        """An applied action has been shown (its animation queued)."""

    def finished(self) -> None:
        """The game is over and its last animation has played."""

    def bottom_hints(self) -> list[tuple[str, str]]:
        return []

    def extra_key(self) -> tuple:
        return ()

    # --- what the Match applied ------------------------------------------------------------------
    def _heard(self, match, applied) -> None:
        """The Match applied an action (anyone's): shown in order."""
        self.tally.on_applied(match, applied)
        self.feed.append(applied)

    def show_heard(self) -> None:
        while self.feed:
            self.show(self.feed.popleft())

    def show(self, applied) -> None:
        events = applied.events
        self.version += 1
        previewed, self.previewed = self.previewed, None
        hop = previewed is None or applied.action != previewed
        self.anim.add_events(events if hop else [e for e in events if e.kind != "walk"])
        for ev in events:
            line = say(self.game, ev)
            if line and ev.kind != "turn":
                self.message, self.message_until = line, self.time + 3.5
        if any(ev.kind == "turn" for ev in events):
            self.on_turn_began(events)
        self.after_shown(applied)
        if any(ev.kind == "walk" for ev in events):
            self.app.sound.play("move")

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

    # --- time ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.anim.update(self.anim_dt(dt))
        if self.feed and not self.anim.busy:   # applied elsewhere (the link): one at a time
            self.show(self.feed.popleft())
        for note in self.match.take_notices():
            self.app.toast(note)
        if not self.anim.busy and not self.match.over:
            self.drive()
        self.follow()
        self.camera.update(dt)
        if self.match.over and not self.anim.busy and not self.feed:
            if self.over_at is None:
                self.over_at = self.time
            elif self.time - self.over_at > self.over_pause:
                self.finished()

    def follow(self) -> None:
        """Keep what matters in view (the play screen: the cursor)."""

    def drive(self) -> None:
        """The seat to act is nobody's at this screen: ask its driver (a bot, the replay, the
        link), one action per pace."""
        if self.person_to_act() or self.time < self._ready_at:
            return
        if self.match.step() is not None:
            self._ready_at = self.time + self.pace
        self.show_heard()

    def close(self) -> None:
        self.match.close()
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None

    # --- drawing -------------------------------------------------------------------------------------
    def info_piece(self):
        """The piece under the cursor (None: none, or no cursor)."""
        if self.anim.busy or self.cursor is None:
            return None
        return self.game.piece_at(self.cursor.cell)

    def frame_key(self):
        banner = self.banner if self.time < self.banner_until else ""
        message = self.message if self.time < self.message_until else ""
        info = self.info_piece()
        return (self.camera.offset, self.marks().key(), self.anim.active and self.time, self.version,
                info.id if info else -1, banner, message, self.top_label(),
                self.cursor.cell if self.cursor is not None else -1) + self.extra_key()

    def top_label(self) -> str:
        return self.label

    def waiting(self) -> int:
        return int(self.time - self.turn_started)

    def draw_update(self, surf):
        """Only the top line, once a second, while a turn waits (``frame_key`` redraws the rest)."""
        w = self.waiting()
        if w >= 10 and w != self._wait_shown:
            self._wait_shown = w
            hud.top_line(surf, self.theme, self.layout.top, self.game, waiting=w, label=self.top_label())
            return [self.layout.top]
        return []

    def you(self) -> int:
        """The seat the top line calls "your turn" for (-1: none, e.g. a demo)."""
        return -1

    def goal_seat(self) -> int:
        """Whose goal the dock's goal line states (-1: nobody's here: the mode's goal)."""
        return -1

    def overlay_rects(self) -> list[pygame.Rect]:
        """What lies over the board all the time (tests measure their share of the view)."""
        if not self.show_minimap:
            return []
        return [self.layout.minimap_rect(self.theme, self.minimap.size).inflate(2, 2)]

    def draw(self, surf) -> None:
        th, lay, g = self.theme, self.layout, self.game
        marks = self.marks()
        self.board.draw(surf, lay.view, self.camera.offset, g, marks, self.anim)
        self._wait_shown = self.waiting()
        hud.top_line(surf, th, lay.top, g, waiting=self._wait_shown, label=self.top_label(), you=self.you())
        self.draw_dock(surf, marks)
        if self.show_minimap:
            mr = lay.minimap_rect(th, self.minimap.size)
            pygame.draw.rect(surf, T.PANEL_EDGE, mr.inflate(2, 2), 1)
            cam = pygame.Rect(*self.camera.offset, *lay.view.size)
            self.minimap.draw_pieces(surf, mr.topleft, [p for p in g.pieces if p.alive], cam, self.board.geom.size)
        if self.time < self.message_until and self.message:
            hud.message_line(surf, th, lay.message, self.message)
        if self.time < self.banner_until and self.banner:
            self.draw_banner(surf, self.banner)
        self.draw_bottom(surf)

    def draw_bottom(self, surf) -> None:
        hint_bar(surf, self.theme, self.layout.bottom, self.bottom_hints())

    def draw_dock(self, surf, marks) -> None:
        th, lay, g = self.theme, self.layout, self.game
        pygame.draw.rect(surf, T.PANEL_DARK, lay.dock)
        pygame.draw.line(surf, T.PANEL_EDGE, lay.dock.topleft, lay.dock.bottomleft)
        seat = self.viewer_seat()
        pieces = [p for p in g.pieces if p.alive and p.seat == seat]
        self.proxy_rects = hud.proxies(surf, th, lay.proxies, g, pieces, self.piece_art, highlight=marks.selected)
        status = pygame.Rect(lay.dock.x + th.pad, lay.dock.y + th.pad, lay.dock.w - 2 * th.pad, strength.height(th))
        strength.draw_status(surf, th, status, g, self.goal_seat())
        area = pygame.Rect(status.x, status.bottom + th.pad, status.w, lay.proxies.y - status.bottom - 2 * th.pad)
        info = self.info_piece()
        self.info.rect = pygame.Rect(0, 0, 0, 0)
        clip = surf.get_clip()
        surf.set_clip(area)
        chooser = self.chooser()
        if info is not None:
            if chooser is None:
                self.info.build(g, info, None, False)
            else:
                piece, estimate, control = chooser
                own = info.seat == seat and g.controller(seat) == "human"
                self.info.build(g, info, piece, own, estimate, control)
            self.info.draw(surf, th, area)
        elif self.cursor is not None and g.grid.is_cell(self.cursor.cell) and g.gmap.tiles[self.cursor.cell]:
            self.info.build_terrain(g, self.cursor.cell)
            self.info.draw(surf, th, area)
        else:
            self.info.lines, self.info.estimate_lines, self.info.forecast = [], [], {}
        surf.set_clip(clip)

    def draw_banner(self, surf, text: str) -> None:
        """A short banner at the top of the board, inside the board's width (never over the
        dock): its parts (split at " · ") one per line, in the biggest font they all fit."""
        th, view = self.theme, self.layout.view
        lines = text.split(" · ")
        room = view.w - th.pad * 8
        size = next((s for s in ("big", "normal", "small") if max(th.text_width(t, s) for t in lines) <= room), "tiny")
        lines = [th.fit(t, room, size) for t in lines]
        imgs = [th.render(t, T.TEXT, size) for t in lines]
        lh = th.line_height(size)
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + th.pad * 6, lh * len(imgs) + th.pad * 3)
        box.midtop = (view.centerx, view.y + th.pad * 2)
        pygame.draw.rect(surf, T.PANEL_DARK, box)
        pygame.draw.rect(surf, T.ACCENT, box, 1)
        y = box.y + (box.h - lh * len(imgs)) // 2
        for img, t in zip(imgs, lines):
            th.put(surf, img, (box.centerx - img.get_width() // 2, y), t, size)
            y += lh
