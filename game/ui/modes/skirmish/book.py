"""The Book of Tactics (Select in battle): three views as in WoS — map, army, stats.

An overlay scene (`skirmish_book`) over a battle screen: the board stays drawn under it and
waits. L/R switch views; in the army view the d-pad picks one of the nine slots and A selects
that piece (the slots work as proxies); B or Select closes the book.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.minimap import Minimap
from game.ui.scene import Scene
from game.ui.stats_table import draw_stats_table
from game.ui.widgets import hint_bar, panel
from hw.input.buttons import Button

VIEWS = ("map", "army", "stats")


class Book(Scene):
    overlay = True

    def __init__(self, app, screen) -> None:
        super().__init__(app)
        self.scene = screen             # the battle screen underneath
        self.view = 0
        self.slot = 0
        self._minimap: Minimap | None = None
        self._stats_cache: tuple | None = None

    def frame_key(self):
        return (self.view, self.slot)

    def seat(self) -> int:
        return self.scene.viewer_seat()

    def army(self) -> list:
        g = self.scene.game
        return [p for p in g.pieces if p.seat == self.seat()][:9]

    def handle(self, ev) -> None:
        if ev.pressed(Button.B) or ev.pressed(Button.SELECT):
            self.app.back()
        elif ev.pressed(Button.L):
            self.view = (self.view - 1) % len(VIEWS)
        elif ev.pressed(Button.R):
            self.view = (self.view + 1) % len(VIEWS)
        elif VIEWS[self.view] == "army":
            n = max(1, len(self.army()))
            if ev.triggered(Button.LEFT):
                self.slot = (self.slot - 1) % n
            elif ev.triggered(Button.RIGHT):
                self.slot = (self.slot + 1) % n
            elif ev.triggered(Button.UP):
                self.slot = (self.slot - 3) % n
            elif ev.triggered(Button.DOWN):
                self.slot = (self.slot + 3) % n
            elif ev.pressed(Button.A):
                army = self.army()
                if army and army[self.slot % len(army)].alive:
                    self.app.back()
                    self.scene.proxy_select(army[self.slot % len(army)])

    # ------------------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        th, rect = self.theme, self.scene.layout.book
        g = self.scene.game
        name = VIEWS[self.view]
        inner = panel(surf, rect, th=th, title=f"Book of Tactics — {name}   (L/R: map · army · stats)")
        foot = pygame.Rect(rect.x + 1, rect.bottom - th.line_height("tiny") - th.pad - 1, rect.w - 2,
                           th.line_height("tiny") + th.pad)
        body = pygame.Rect(inner.x, inner.y, inner.w, foot.y - inner.y - 2)
        getattr(self, f"_draw_{name}")(surf, th, body, g)
        hints = [("L", "R: views"), ("B", "close")]
        if name == "army":
            hints.insert(0, ("A", "select piece"))
        hint_bar(surf, th, foot, hints)

    def _draw_map(self, surf, th, body, g) -> None:
        if self._minimap is None:
            self._minimap = Minimap(g.rs, g.gmap, (body.w * 3 // 5, body.h))
        mm = self._minimap
        self._minimap.draw_pieces(surf, (body.x, body.y), [p for p in g.pieces if p.alive])
        x = body.x + mm.size[0] + th.pad * 2
        lh = th.line_height("small")
        y = body.y
        scores = g.scores()
        for s in g.seats():
            out = s not in g.alive_seats()
            shape(surf, T.TEAM_SHAPE[s], (x + 5, y + lh // 2), 4, T.team_colour(s))
            th.text(surf, th.fit(g.player_name(s), body.right - x - 14, "small"), (x + 12, y),
                    T.TEXT_DIM if out else T.TEXT, "small")
            y += lh
            n, hp = scores[s]
            th.text(surf, "out" if out else f"{n} pieces, {hp} HP", (x + 12, y), T.TEXT_DIM, "tiny")
            y += th.line_height("tiny") + 2
            if s == g.current and not g.over:
                th.text(surf, "to play", (body.right, y - th.line_height("tiny") - 2), T.ACCENT, "tiny", align="right")

    def _draw_army(self, surf, th, body, g) -> None:
        army = self.army()
        u = th.unit
        cw, ch = body.w // 3, body.h // 3
        art = self.scene.piece_art
        for i, p in enumerate(army):
            r = pygame.Rect(body.x + (i % 3) * cw, body.y + (i // 3) * ch, cw - 2, ch - 2)
            pygame.draw.rect(surf, T.PANEL_DARK, r)
            pygame.draw.rect(surf, T.ACCENT if i == self.slot else T.PANEL_EDGE, r, 1)
            pt = g.piece_type(p)
            img = art.get(pt.sprite, p.seat, u, "" if p.alive else "used")
            surf.blit(img, (r.x + 2, r.y + 2))
            tx = r.x + img.get_width() + 4
            klass = g.rs.classes.get(pt.weapon.klass)
            th.text(surf, th.fit(f"{pt.short_form} {klass.name if klass else ''}", r.right - tx - 2, "tiny"),
                    (tx, r.y + 2), T.ACCENT, "tiny")
            state = f"{p.hp} HP L{p.level}" if p.alive else "fallen"
            th.text(surf, th.fit(state, r.right - tx - 2, "tiny"), (tx, r.y + 2 + th.line_height("tiny")),
                    T.TEXT if p.alive else T.TEXT_BAD, "tiny")

    def _draw_stats(self, surf, th, body, g) -> None:
        app = self.scene.app
        if self._stats_cache is None:
            seat = self.seat()
            me = g.player_name(seat) if g.controller(seat) == "human" else app.player_name(0)
            others = [g.player_name(s) for s in g.seats() if g.player_name(s) != me]
            self._stats_cache = tuple(app.stats.stats_view(me, others))
        draw_stats_table(surf, th, body, self._stats_cache)
