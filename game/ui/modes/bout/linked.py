"""A Steel bout between two linked units, from "Link two units".

The host picks the set-up and the fighters here (`open_link_host`, the `link_host` of its UI part, entry.py):
defaults are a duel, the knight (the host's fighter A) against the brigand (the joining unit's
fighter B) — the same as the bout's own menu. In the larger set-ups the joining unit plays all
three foes (the first one chosen here, the others the set-up's own).

The linked screen (`open_linked_bout`, `link_scene`) is the ordinary bout screen with this unit's
person on its own side (host side 0, guest side 1): declarations go to the link's lockstep instead
of the game, the other unit's arrive from it. The initiative throw is secret: the screen seals the
chosen throw with 16 fresh random bytes and offers the COMMIT; the REVEAL follows by itself once
both commitments are in. No hot-seat curtain; START leaves the link.
"""

from __future__ import annotations

import os

from game.link.modes import host_spec
from game.modes.bout import actions as A
from game.modes.bout.bot import BoutBot
from game.modes.bout.commit import seal
from game.modes.bout.link import encode_bout_setup
from game.modes.bout.scenarios import BoutOptions
from game.ui import theme as T
from game.ui.modes.bout.chooser import Chooser
from game.ui.modes.bout.menu import SCENARIO_HINTS, SCENARIOS
from game.ui.modes.bout.scene import BoutScene, bout_rules
from game.ui.scene import Scene
from game.ui.scenes.link.host_setup import LinkHostSetup
from game.ui.scenes.link.played import LinkedPlay
from game.ui.widgets import Item, ListMenu

LINK_SCENARIOS = tuple(s for s in SCENARIOS if s[0] != "brawl")   # two units play two sides


def open_link_host(app, *, port: str, baud: int, on_error=None) -> None:
    """`link_host`: the host picks set-up and fighters first."""
    app.open("bout_link_setup", port=port, baud=baud)


def open_linked_bout(app, run) -> None:
    """`link_scene`: the linked bout replaces the waiting screen."""
    app.replace("bout_link", run=run)


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
                 hint="Left/Right: a duel, one against three, or the room"),
            Item("Your fighter", choices=ids, get=lambda: self.mine, set=lambda v: setattr(self, "mine", v),
                 show=names.get, hint="fighter A, played on this unit"),
            Item("Other unit's", choices=ids, get=lambda: self.theirs, set=lambda v: setattr(self, "theirs", v),
                 show=names.get, hint="fighter B (the other foes are the set-up's own)"),
            Item("Back", app.back),
        ])

    def options(self) -> BoutOptions:
        rest = BoutOptions(scenario=self.scenario).fighters[2:]
        return BoutOptions(scenario=self.scenario, fighters=[self.mine, self.theirs, *rest])

    def notes(self) -> list[tuple]:
        return self.error_notes() or [(SCENARIO_HINTS[self.scenario], T.TEXT_DIM)]

    def make_spec(self):
        return host_spec("bout", setup=encode_bout_setup(self.rules, self.options()))


class ThrowChooser(Chooser):
    """The chooser; in the COMMIT stage its `action()` is the plain Orient the screen then seals."""


class LinkedBout(LinkedPlay, BoutScene):
    title = "Steel bout"

    def __init__(self, app, run) -> None:
        Scene.__init__(self, app)
        self.run = run
        a = self.adapter
        self.rules, self.seed, self.game = a.rules, 0, a.game
        side = self.local_side
        self.human_side, self.human_sides, self.hotseat, self.viewer = side, {side}, False, side
        self.curtain = None
        self.bot = None
        self.advisor = BoutBot("hard", 1, 7)        # only pre-selects this unit's rows
        names = ", ".join(f.t.name for f in self.game.fighters if f.side == side)
        self.log: list[str] = [f"A linked {self._scenario()} with {run.peer_name}. You are {names}."]
        self.chooser = None
        self.wait = 0.0
        self.focus = next((i for i, f in enumerate(self.game.fighters) if f.side != side), 0)
        self._describe = None
        self.reveals: dict[int, tuple] = {}

    def _scenario(self) -> str:
        return "duel" if len(self.game.fighters) == 2 else "bout"

    # --- driving: this unit's declarations go to the link -----------------------------------
    def human_to_act(self) -> bool:
        f = self.game.fighter_to_act()
        return (f is not None and self.game.fighters[f].side == self.human_side and self.my_turn()
                and self.slot.pending is None)

    def _ensure_chooser(self) -> None:
        if self.chooser is None and self.human_to_act():
            g = self.game
            f = g.fighter_to_act()
            suggestion = None if g.phase in ("commit", "reveal") else self.advisor.choose(g)
            self.chooser = ThrowChooser(g, f, suggestion)
            self.dirty = True

    def _apply(self, action) -> None:
        g = self.game
        if g.phase == "commit" and isinstance(action, A.Orient):
            commit, reveal = seal(action, os.urandom(A.SECRET_BYTES))
            if self.link_offer(commit):
                self.reveals[action.f] = reveal
                self.log.append("your throw is sealed; it shows when both throws are in")
        else:
            self.link_offer(action)
        self.chooser = None
        self.dirty = True

    def update(self, dt: float) -> None:
        if not self.link_update() or self.game.is_over():
            return
        if self.human_to_act():
            f = self.game.fighter_to_act()
            if self.game.phase == "reveal" and f in self.reveals:
                self.link_offer(self.reveals.pop(f))
                return
            self._ensure_chooser()

    def resynced(self, game) -> None:
        self.game = game
        self.chooser = None
        self.reveals.clear()
        self.dirty = True

    def over_lines(self) -> list[str]:
        g = self.game
        text = "Draw." if g.draw else ("You win!" if g.winner == self.human_side else "You are beaten.")
        return [text] + self.log[-3:]

    def close(self) -> None:
        self.link_close()

    def draw(self, surf) -> None:
        super().draw(surf)
        self.draw_link_down(surf)
