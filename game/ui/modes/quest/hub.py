"""The Hex quest hub: what "Hex quest" on the main menu opens.

    Continue          the last level played, from its mid-level save (greyed when there is none)
    Campaign map      the campaign graph: play, see bests, shop
    Square puzzles    the shipped square levels, free play with bests
    Imported levels   only when the `quest_imports` scene is registered for the mode
    Back

d-pad UP/DOWN and A/B are enough. The cursor starts on Continue when there is a game to resume,
else on the campaign map (coming back to the hub: on Continue when a level was left half-played,
else where it was). Problems the quest store found in its files (a broken progress file
kept aside, say) are shown once in a message box when the hub opens.
"""

from __future__ import annotations

from game.modes.quest.creatures import player_level
from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.modes.quest.flow import (
    IMPORTS_SCENE,
    campaign,
    campaign_problems,
    imports_available,
    level_title,
    quest_store,
    square_ids,
    take_messages,
)
from game.ui.modes.quest.run import open_level
from game.ui.widgets import Item, ListMenu

HINTS = (("UPDOWN", "choose"), ("A", "go"), ("B", "back"))


class QuestHub(MenuScene):
    heading = "Hex quest"
    hints = HINTS

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app)
        self.store = quest_store(app)
        self.build()

    # --- the lines ------------------------------------------------------------------------------
    def resumable(self) -> tuple[str, str] | None:
        """(level id, context) of the last level played when it has a mid-level save."""
        last = self.store.last
        if last and self.store.has_session(last["level"]):
            return last["level"], last["context"]
        return None

    def build(self) -> None:
        camp = campaign()
        res = self.resumable()
        items = [Item("Continue", self.resume, enabled=lambda: self.resumable() is not None,
                      hint=(f"resume {level_title(res[0])} ({'campaign' if res[1] == 'campaign' else 'free play'})"
                            if res else "no level in progress"))]
        if camp is not None:
            won = sum(1 for lid in camp.order if lid in self.store.progress.won)
            items.append(Item("Campaign map", lambda: self.app.open("quest_map"),
                              hint=f"{camp.title}: {won} of {len(camp.order)} levels won"
                              + (", the campaign is complete!" if won == len(camp.order) else "")))
        else:
            items.append(Item("Campaign map", self.show_campaign_problems, hint="the campaign file has problems"))
        sq = square_ids()
        solved = sum(1 for lid in sq if lid in self.store.bests.data)
        items.append(Item("Square puzzles", lambda: self.app.open("quest_levels", ids=sq),
                          hint=f"{len(sq)} Sokoban-style levels, {solved} solved"))
        if imports_available(self.app):
            items.append(Item("Imported levels", lambda: self.app.open(IMPORTS_SCENE),
                              hint="levels from the import folder"))
        items.append(Item("Back", self.app.back, hint="to the main menu"))
        old = self.menu.current.label if self.menu is not None and self.menu.current else None
        self.menu = ListMenu(items)             # starts on Continue when it is enabled
        if old is not None and res is None:
            self.menu.index = next((i for i, it in enumerate(items) if it.label == old and it.is_enabled()),
                                   self.menu.index)

    def labels(self) -> list[str]:
        return [it.label for it in self.menu.items]

    # --- actions --------------------------------------------------------------------------------
    def resume(self) -> None:
        """Resume the last level over the screen it belongs to (the map, the puzzle list), so
        leaving it lands there as when it was started from there."""
        res = self.resumable()
        if res is None:
            return
        lid, ctx = res
        if ctx == "campaign" and campaign() is not None and lid in campaign().order:
            self.app.open("quest_map")
        elif lid in square_ids():
            self.app.open("quest_levels", ids=square_ids())
        open_level(self.app, lid, ctx, resume=True)

    def show_campaign_problems(self) -> None:
        self.app.open("message", title="Campaign", lines=campaign_problems() or ["no campaign"])

    # --- the skeleton's hooks -------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.build()

    def update(self, dt: float) -> None:
        if self.app.top is self:
            msgs = take_messages(self.app)
            if msgs:
                self.app.open("message", title="Hex quest files", lines=msgs)

    def heading_right(self) -> str:
        c = self.store.progress.carry
        return f"Lv {player_level(c['xp'])}  {c['coins']} coins"

    def notes(self) -> list[tuple]:
        cur = self.menu.current
        return [(cur.hint, T.TEXT_DIM)] if cur is not None and cur.hint else []
