"""Results: placements with pieces and HP left, rating changes, where the replay went.

The battle was already recorded (stats + replay) by ``BattleSession.finish`` before this scene
opens, so switching the machine off here loses nothing. A: main menu; X: stats; Y: the same
battle again with a new seed.
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.scene import Scene
from game.ui.session import BattleSession
from game.ui.widgets import bottom_rect, hint_bar, panel, title_bar
from hw.input.buttons import Button

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


class Results(Scene):
    def __init__(self, app, result, session) -> None:
        super().__init__(app)
        self.result = result
        self.session = session
        for p in result.problems:
            app.toast(p, 6.0)
        if result.finished and any(p.controller == "human" for p in result.placements[:1]):
            app.sound.play("victory")

    def handle(self, ev) -> None:
        if ev.pressed(Button.A) or ev.pressed(Button.B):
            self.app.goto_menu()
        elif ev.pressed(Button.X):
            self.app.goto_menu()
            self.app.open("stats")
        elif ev.pressed(Button.Y):
            self.rematch()

    def rematch(self) -> None:
        g = self.session.game
        try:
            s = BattleSession.new(g.rs, g.gmap, self.session.participants, self.app.seed_source(), g.options,
                                  stats=self.app.stats, replays=self.app.replays)
        except ActionError as exc:
            self.app.toast(str(exc))
            return
        self.app.replace("battle", session=s)

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        res = self.result
        g = self.session.game
        head = "Battle over" if res.finished else "Battle abandoned"
        title_bar(surf, th, head, f"{g.gmap.name} · {res.turns} turns")
        bar = bottom_rect(surf, th)
        top = th.line_height("big") + th.pad
        box = pygame.Rect(th.pad * 2, top + th.pad, w - 4 * th.pad, bar.y - top - 2 * th.pad)
        inner = panel(surf, box)
        lh = th.line_height("normal") + th.pad
        cols = (0.0, 0.12, 0.56, 0.72)
        th.text(surf, "place", (inner.x + 2, inner.y), T.TEXT_DIM, "tiny")
        th.text(surf, "player", (inner.x + int(inner.w * cols[1]), inner.y), T.TEXT_DIM, "tiny")
        th.text(surf, "pieces", (inner.x + int(inner.w * cols[2]), inner.y), T.TEXT_DIM, "tiny")
        th.text(surf, "HP", (inner.x + int(inner.w * cols[3]), inner.y), T.TEXT_DIM, "tiny")
        y = inner.y + th.line_height("tiny") + 2
        r = max(3, th.line_height("normal") // 3)
        for p in res.placements:
            place = ORDINAL.get(p.place, "—") if p.place else "—"
            colour = T.ACCENT if p.place == 1 else T.TEXT
            th.text(surf, place, (inner.x + 2, y), colour, "normal")
            x = inner.x + int(inner.w * cols[1])
            shape(surf, T.TEAM_SHAPE[p.seat], (x + r, y + th.line_height("normal") // 2), r, T.team_colour(p.seat))
            th.text(surf, th.fit(p.player, int(inner.w * 0.42) - 3 * r, "normal"), (x + 3 * r, y), colour, "normal")
            th.text(surf, str(p.pieces_left), (inner.x + int(inner.w * cols[2]), y), T.TEXT, "normal")
            th.text(surf, str(p.hp_left), (inner.x + int(inner.w * cols[3]), y), T.TEXT, "normal")
            if p.rating_before is not None and p.rating_after is not None and p.rating_after != p.rating_before:
                d = p.rating_after - p.rating_before
                th.text(surf, f"{p.rating_after} ({d:+d})", (inner.right - 2, y), T.GOOD if d > 0 else T.TEXT_BAD,
                        "small", align="right")
            y += lh
        foot = []
        if res.replay_name:
            foot.append(f"replay saved: {res.replay_name}")
        if not res.finished:
            foot.append("abandoned battles count no wins, losses or rating")
        for i, line in enumerate(foot):
            th.text(surf, th.fit(line, inner.w, "tiny"), (inner.x + 2, inner.bottom - (len(foot) - i) * th.line_height("tiny")),
                    T.TEXT_DIM, "tiny")
        hint_bar(surf, th, bar, [("A", "menu"), ("X", "stats"), ("Y", "play again")])
