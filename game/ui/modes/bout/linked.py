"""A Steel bout between two linked units, from "Link two units".

The host picks the set-up and the fighters here (`open_link_host`, the `link_host` of its UI part, entry.py):
defaults are a duel, the knight (the host's fighter A) against the brigand (the joining unit's
fighter B) — the same as the bout's own menu. In the larger set-ups the joining unit plays all
three foes (the first one chosen here, the others the set-up's own).

The linked bout (`open_linked_bout`, `link_scene`) is played on the ordinary bout screen
(`bout_game` with `run=`): the link made the bout a Match with this unit's person on its own side
(host side 0, guest the others) and the other unit's sides on Remote drivers. The initiative
throw is secret: the screen seals the chosen throw with 16 fresh random bytes and offers the
COMMIT; the REVEAL follows by itself once every commitment is in. START leaves the link.
"""

from __future__ import annotations

from game.link.modes import host_spec
from game.modes.bout.link import encode_bout_setup
from game.modes.bout.scenarios import BoutOptions
from game.ui import theme as T
from game.ui.modes.bout.menu import SCENARIO_HINTS, SCENARIOS
from game.ui.modes.bout.scene import bout_rules
from game.ui.scenes.link.host_setup import LinkHostSetup
from game.ui.widgets import Item, ListMenu

# two units play two sides (no brawl); or two heroes in one dungeon run (dungeon/coop.py)
LINK_SCENARIOS = (*(s for s in SCENARIOS if s[0] != "brawl"), ("dungeon", "Dungeon co-op"))
COOP_HINT = "two heroes in one dungeon: you and the other unit against its foes"



def open_link_host(app, *, port: str, baud: int, on_error=None) -> None:
    """`link_host`: the host picks set-up and fighters first."""
    app.open("bout_link_setup", port=port, baud=baud)


def open_linked_bout(app, run) -> None:
    """`link_scene`: the linked bout (or dungeon co-op run) replaces the waiting screen."""
    if getattr(run.game.match.game, "coop", False):
        app.replace("bout_dungeon_coop", run=run)
        return
    app.replace("bout_game", run=run)


class BoutLinkSetup(LinkHostSetup):
    heading = "Linked Steel bout"
    link_title = "Linking (Steel bout)"

    def __init__(self, app, port: str, baud: int) -> None:
        super().__init__(app, port, baud)
        self.rules = bout_rules()
        self.scenario = "duel"
        self.mine, self.theirs = BoutOptions().fighters
        ids = tuple(f.id for f in self.rules.fighters)
        names = {f.id: f.name for f in self.rules.fighters}
        self.menu = ListMenu([
            Item("Link", self.go, hint="wait for the other unit, then fight"),
            Item("Set-up", choices=tuple(k for k, _ in LINK_SCENARIOS), get=lambda: self.scenario,
                 set=lambda v: setattr(self, "scenario", v), show=dict(LINK_SCENARIOS).get,
                 hint="Left/Right: a duel, one against three, the room, or Dungeon co-op"),
            Item("Your fighter", choices=ids, get=lambda: self.mine, set=lambda v: setattr(self, "mine", v),
                 show=names.get, hint="fighter A, played on this unit", enabled=self.arena),
            Item("Other unit's", choices=ids, get=lambda: self.theirs, set=lambda v: setattr(self, "theirs", v),
                 show=names.get, hint="fighter B (the other foes are the set-up's own)", enabled=self.arena),
            Item("Back", app.back),
        ])

    def arena(self) -> bool:
        return self.scenario != "dungeon"

    def options(self) -> BoutOptions:
        rest = BoutOptions(scenario=self.scenario).fighters[2:]
        return BoutOptions(scenario=self.scenario, fighters=[self.mine, self.theirs, *rest])

    def notes(self) -> list[tuple]:
        return self.error_notes() or [(SCENARIO_HINTS.get(self.scenario, COOP_HINT), T.TEXT_DIM)]

    def make_spec(self):
        if not self.arena():
            from game.modes.bout.dungeon.coop_link import encode_setup
            from game.ui.modes.bout.dungeon.session import dungeon_data
            return host_spec("bout", setup=encode_setup(dungeon_data(self.rules)))
        return host_spec("bout", setup=encode_bout_setup(self.rules, self.options()))
