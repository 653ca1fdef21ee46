"""Stats (WoS Book of Tactics "stats" view): your totals, then each player of your last battle
with their record *against you* and their rating (bots only appear to have one).

LEFT/RIGHT choose which of the four player names is "you" (hot-seat players share a device).
"""

from __future__ import annotations

from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.stats_table import draw_stats_table
from game.ui.widgets import panel
from hw.input.buttons import Button


def last_battle_players(app) -> list[str]:
    """Players of the last battle: this session's, else the newest battle in the stats file.

    """
    if app.last_battle_players:
        return list(app.last_battle_players)
    games = app.stats.recent_games(1)
    return app.stats.game_players(games[0]["id"]) if games else []


class StatsScene(MenuScene):
    heading = "Stats"
    hints = (("DPAD", "who is you"), ("B", "back"))

    def __init__(self, app) -> None:
        super().__init__(app)
        self.me = 0
        self._lines = None

    def lines(self):
        if self._lines is None:
            me = self.app.player_name(self.me)
            others = [p for p in last_battle_players(self.app) if p != me]
            self._lines = self.app.stats.stats_view(me, others)
        return self._lines

    def heading_right(self) -> str:
        n = self.app.stats.game_count()
        return f"{n} battle{'s' if n != 1 else ''} kept"

    def handle_more(self, ev) -> bool:
        if ev.pressed(Button.A):
            self.app.back()
        elif ev.triggered(Button.LEFT) or ev.triggered(Button.RIGHT):
            self.me = (self.me + (1 if ev.button is Button.RIGHT else -1)) % 4
            self._lines = None
        return True

    def draw_body(self, surf, rect) -> None:
        th = self.theme
        inner = panel(surf, rect, th=th, title=f"you: {self.app.player_name(self.me)}  (others: their record against you)")
        lines = self.lines()
        draw_stats_table(surf, th, inner, lines)
        if len(lines) == 1:
            th.text(surf, "play a battle to see your opponents here", (inner.x, inner.bottom - 2 * th.line_height("tiny")),
                    T.TEXT_DIM, "tiny")
