"""Steel bout from the main menu: which set-up (a duel, one against three, the room, a brawl), who plays
the other side (a bot at three levels, or a second person hot-seat), then Fight; or a Dungeon run
(the roguelike: game/ui/modes/bout/dungeon/).

Defaults: a duel against the normal bot (a first game's level). Everything is reachable with the d-pad and A/B.
"""

from __future__ import annotations

from game.ui.modes.duel.setup_menu import _Menu
from game.ui.widgets import Item, ListMenu

SCENARIOS = (("duel", "a duel"), ("one_vs_three", "one against three"), ("roguelike", "the room"),
             ("brawl", "a brawl"))
OPPONENTS = (("normal", "normal bot"), ("hard", "hard bot"), ("easy", "easy bot"), ("hotseat", "a second person"))
SCENARIO_HINTS = {
    "duel": "two fighters face to face",
    "one_vs_three": "you are ringed by three foes: split your pool between them",
    "roguelike": "you and three foes in a room with pillars; a bout starts where you meet",
    "brawl": "three pairs in a small room, everyone against everyone: you lead one pair",
}


class BoutMenu(_Menu):
    heading = "Steel bout"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.scenario = "duel"
        self.opponent = "normal"            # a first bout: the normal bot (the guide's first_game)
        labels_s, labels_o = dict(SCENARIOS), dict(OPPONENTS)
        self.menu = ListMenu([
            Item("Fight", self.start, hint="A declares, B passes; a sensible choice is pre-selected"),
            Item("Set-up", choices=tuple(k for k, _ in SCENARIOS), get=lambda: self.scenario,
                 set=lambda v: setattr(self, "scenario", v), show=labels_s.get,
                 hint="Left/Right: a duel, one against three, the room or a brawl"),
            Item("Against", choices=tuple(k for k, _ in OPPONENTS), get=lambda: self.opponent,
                 set=lambda v: setattr(self, "opponent", v), show=labels_o.get,
                 hint="a bot, or a second person on this unit (hot-seat)"),
            Item("Dungeon run", self.dungeon, hint="explore four levels, fight what you meet, find the way out"),
            Item("Back", app.back),
        ])

    def footer(self) -> str:
        return SCENARIO_HINTS[self.scenario]

    def dungeon(self) -> None:
        """A new run - or, with a run saved, Continue it or start anew (after a question: the saved
        run would be lost)."""
        from game.ui.modes.bout.dungeon.session import interrupted
        app = self.app
        saved = interrupted(app)
        if not saved:
            app.open("bout_dungeon")
            return

        def anew():
            app.open("confirm", question="Start a new run? The saved run will be lost.",
                     on_yes=lambda: app.open("bout_dungeon"), yes="New run", no="Keep it")
        app.open("choice", title="A run is saved", options=[
            (f"Continue ({saved[0].detail})", lambda: saved[0].open(app)), ("New run", anew), ("Back", None)])

    def start(self) -> None:
        hot = self.opponent == "hotseat"
        self.app.open("bout_game", scenario=self.scenario, level="hard" if hot else self.opponent, hotseat=hot)
