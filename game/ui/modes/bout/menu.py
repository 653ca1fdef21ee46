"""Steel bout from the main menu: which set-up (a duel, one against three, the room, a brawl), who plays
the other side (a bot at three levels, or a second person hot-seat), then Fight.

Defaults: a duel against the hard bot. Everything is reachable with the d-pad and A/B.
"""

from __future__ import annotations

from game.ui.modes.duel.setup_menu import _Menu
from game.ui.widgets import Item, ListMenu

SCENARIOS = (("duel", "a duel"), ("one_vs_three", "one against three"), ("roguelike", "the room"),
             ("brawl", "a brawl"))
OPPONENTS = (("hard", "hard bot"), ("normal", "normal bot"), ("easy", "easy bot"), ("hotseat", "a second person"))
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
        self.opponent = "hard"
        labels_s, labels_o = dict(SCENARIOS), dict(OPPONENTS)
        self.menu = ListMenu([
            Item("Fight", self.start, hint="A declares, B passes; the hard bot's pick is pre-selected"),
            Item("Set-up", choices=tuple(k for k, _ in SCENARIOS), get=lambda: self.scenario,
                 set=lambda v: setattr(self, "scenario", v), show=labels_s.get,
                 hint="Left/Right: a duel, one against three, the room or a brawl"),
            Item("Against", choices=tuple(k for k, _ in OPPONENTS), get=lambda: self.opponent,
                 set=lambda v: setattr(self, "opponent", v), show=labels_o.get,
                 hint="a bot, or a second person on this unit (hot-seat)"),
            Item("Back", app.back),
        ])

    def footer(self) -> str:
        return SCENARIO_HINTS[self.scenario]

    def start(self) -> None:
        hot = self.opponent == "hotseat"
        self.app.open("bout_game", scenario=self.scenario, level="hard" if hot else self.opponent, hotseat=hot)
