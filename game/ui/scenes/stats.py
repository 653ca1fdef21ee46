"""Stats, three views (L/R): your record per mode as bars, your rating over time as a plot, and
the WoS "stats" view (your totals, then each player of your last game with their record
*against you* and their rating; bots only appear to have one).

LEFT/RIGHT choose which of the four player names is "you" (hot-seat players share a device).
"""

from __future__ import annotations

from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.stats_plot import draw_rating, draw_records
from game.ui.stats_table import draw_stats_table
from game.ui.widgets import panel
from hw.input.buttons import Button

VIEW_TITLES = {"records": "record per mode", "rating": "rating over time", "opponents": "against you"}


def last_battle_players(app) -> list[str]:
    """Players of the last battle: this session's, else the newest battle in the stats file."""
    if app.last_battle_players:
        return list(app.last_battle_players)
    games = app.stats.recent_games(1)
    return app.stats.game_players(games[0]["id"]) if games else []


class StatsScene(MenuScene):
    heading = "Stats"
    hints = (("LR", "view"), ("LEFTRIGHT", "who is you"), ("B", "back"))
    VIEWS = ("records", "rating", "opponents")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.me = 0
        self.view = 0
        self._lines = None
        self._cache: dict = {}

    def lines(self):
        """The WoS view's lines (the "opponents" view)."""
        if self._lines is None:
            me = self.app.player_name(self.me)
            others = [p for p in last_battle_players(self.app) if p != me]
            self._lines = self.app.stats.stats_view(me, others)
        return self._lines

    def records(self):
        key = ("records", self.me)
        if key not in self._cache:
            self._cache[key] = self.app.stats.records_by_mode(self.app.player_name(self.me))
        return self._cache[key]

    def history(self):
        key = ("rating", self.me)
        if key not in self._cache:
            self._cache[key] = self.app.stats.rating_history(self.app.player_name(self.me))
        return self._cache[key]

    def heading_right(self) -> str:
        n = self.app.stats.game_count()
        return f"{n} game{'s' if n != 1 else ''} kept"

    def handle_more(self, ev) -> bool:
        if ev.pressed(Button.A):
            self.app.back()
        elif ev.triggered(Button.LEFT) or ev.triggered(Button.RIGHT):
            self.me = (self.me + (1 if ev.button is Button.RIGHT else -1)) % 4
            self._lines = None
        elif ev.triggered(Button.L) or ev.triggered(Button.R):
            self.view = (self.view + (1 if ev.button is Button.R else -1)) % len(self.VIEWS)
        return True

    def draw_body(self, surf, rect) -> None:
        th = self.theme
        view = self.VIEWS[self.view]
        me = self.app.player_name(self.me)
        tabs = "  ".join(f"[{VIEW_TITLES[v]}]" if v == view else VIEW_TITLES[v] for v in self.VIEWS)
        th.text(surf, th.fit(tabs, rect.w, "tiny"), (rect.centerx, rect.y), T.ACCENT, "tiny", align="centre")
        box = rect.copy()
        box.y += th.line_height("tiny") + 2
        box.h -= th.line_height("tiny") + 2
        title = f"you: {me}" + ("  (others: their record against you)" if view == "opponents" else "")
        inner = panel(surf, box, th=th, title=th.fit(title, box.w - 8, "small"))
        if view == "records":
            draw_records(surf, th, inner, self.records())
        elif view == "rating":
            draw_rating(surf, th, inner, self.history(), me)
        else:
            lines = self.lines()
            draw_stats_table(surf, th, inner, lines)
            if len(lines) == 1:
                th.text(surf, "play a battle to see your opponents here",
                        (inner.x, inner.bottom - 2 * th.line_height("tiny")), T.TEXT_DIM, "tiny")
