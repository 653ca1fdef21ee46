"""A list of levels played freely (the hub's "Square puzzles"): each line shows the level's title,
its best (fewest moves, then pushes) and whether a game is in progress. A plays (resuming the
mid-level save when there is one), B goes back."""

from __future__ import annotations

from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.modes.quest.flow import level_title, quest_store, square_ids
from game.ui.modes.quest.run import open_level
from game.ui.widgets import Item, ListMenu

HINTS = (("UPDOWN", "choose"), ("A", "play"), ("B", "back"))


class LevelList(MenuScene):
    heading = "Square puzzles"
    hints = HINTS
    value_share = 0.62

    def __init__(self, app, ids: list[str] | None = None, heading: str = "", **kwargs) -> None:
        super().__init__(app)
        self.ids = list(ids if ids is not None else square_ids())
        if heading:
            self.heading = heading
        self.store = quest_store(app)
        self.menu = ListMenu([Item(level_title(lid), lambda lid=lid: open_level(self.app, lid, "free"),
                                   get=lambda lid=lid: self.status(lid), hint=lid) for lid in self.ids])

    @property
    def pick(self) -> int:
        return self.menu.index

    def status(self, lid: str) -> str:
        best = self.store.bests.data.get(lid)
        parts = [f"best {best['moves']}/{best['pushes']}"] if best else []
        if self.store.has_session(lid):
            parts.append("saved")
        return "  ".join(parts)

    def heading_right(self) -> str:
        solved = sum(1 for lid in self.ids if lid in self.store.bests.data)
        return f"{solved}/{len(self.ids)} solved"

    def notes(self) -> list[tuple]:
        cur = self.menu.current
        return [(f"{cur.hint}   best = fewest moves / pushes", T.TEXT_DIM)] if cur is not None else []
