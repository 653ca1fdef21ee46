"""An Xconq module between two linked units, from "Link two units".

The host picks the module (`open_link_host`, the `link_host` of its UI part, entry.py): the same list as the
Xconq menu — Tactibox's own (`assets/gdl/outpost.g` first, the default) and the `.g` files in the
data folder's `gdl/`. The host plays the module's first side, the joining unit every other side;
when the joining unit lacks the module (or has another version) the host sends it at hello.

The linked screen (`open_linked_gdl`, `link_scene`) is the ordinary module screen: this unit's
person acts on its own sides' turns and the action goes to the link's lockstep; the other
unit's turns arrive from it. No bots, no hot-seat curtain; START's menu (or B with no unit
picked) ends your turn or leaves.
"""

from __future__ import annotations

import pygame

from game.link.modes import host_spec
from game.modes.registry import Request
from game.ui import theme as T
from game.ui.modes.gdl.hexmap import HexMap
from game.ui.modes.gdl.picker import find_modules
from game.ui.modes.gdl.scene import GdlScene
from game.ui.scene import Scene
from game.ui.scenes.link.host_setup import LinkHostSetup
from game.ui.scenes.link.played import LinkedPlay
from game.ui.widgets import Item, ListMenu
from hw.input.buttons import Button

DEFAULT_MODULE = "outpost.g"


def open_link_host(app, *, port: str, baud: int, on_error=None) -> None:
    """`link_host`: the host picks the module first."""
    app.open("gdl_link_setup", port=port, baud=baud)


def open_linked_gdl(app, run) -> None:
    """`link_scene`: the linked module game replaces the waiting screen."""
    app.replace("gdl_link", run=run)


class GdlLinkSetup(LinkHostSetup):
    heading = "Linked Xconq module"
    link_title = "Linking (Xconq module)"

    def __init__(self, app, port: str, baud: int) -> None:
        super().__init__(app, port, baud)
        data = getattr(app, "data", None)
        self.modules = find_modules(getattr(data, "root", None))
        self.index = next((i for i, (_l, p) in enumerate(self.modules) if p.name == DEFAULT_MODULE), 0)
        self.menu = ListMenu([
            Item("Link", self.go, enabled=lambda: bool(self.modules), hint="wait for the other unit, then play"),
            Item("Module", choices=tuple(range(len(self.modules))), get=lambda: self.index,
                 set=self._set_index, show=lambda i: self.modules[i][0] if self.modules else "none",
                 hint="you play the first side; the other unit gets the module if it lacks it"),
            Item("Back", app.back),
        ])

    def _set_index(self, i: int) -> None:
        self.index = i
        self.error = ""

    @property
    def path(self):
        return self.modules[self.index][1] if self.modules else None

    def notes(self) -> list[tuple]:
        return self.error_notes() or ([(self.path.name, T.TEXT_DIM)] if self.modules
                                      else [("no modules found", T.TEXT_BAD)])

    def make_spec(self):
        if self.path is None:
            raise ValueError("no module to link: put .g files in the data folder's gdl/")
        return host_spec("gdl", req=Request(options={"module": str(self.path)}))


class LinkedGdl(LinkedPlay, GdlScene):
    title = "Xconq module"

    def __init__(self, app, run) -> None:
        Scene.__init__(self, app)
        self.run = run
        a = self.adapter
        self.world, self.seed, self.game = a.game.w, 0, a.game      # the game's (maybe generated) world
        self.humans = set(a.local_sides())
        self.seats = {}
        self.map = HexMap(self.world, 1)
        self.selected = None
        self.cursor = self._first_cell()
        self.want_x = self.map.pos[self.cursor][0]
        self.curtain = None
        self.viewer = None
        self.wait = 0.0
        mine = ", ".join(self.side_name(s) for s in sorted(self.humans))
        self.log: list[str] = [f"{self.world.m.title or self.world.m.name} with {run.peer_name}; you: {mine}"]
        self.actions: list = []
        self.view = pygame.Rect(0, 0, 1, 1)

    def human_turn(self) -> bool:
        return (not self.game.over and self.game.side in self.humans and self.my_turn()
                and self.slot.pending is None)

    def apply(self, action) -> None:
        self.link_offer(action)
        self.dirty = True

    def update(self, dt: float) -> None:
        self.link_update()

    def handle(self, ev) -> None:
        """As on the local screen; one-handed: B with no unit picked opens the menu (End turn)."""
        if ev.pressed(Button.B) and self.selected is None and not self.game.over:
            self.open_menu()
            return
        super().handle(ev)

    def shown(self, events) -> None:
        super().shown(events)
        if self.selected is not None and self.game.cell_of(self.game.units[self.selected]) >= 0:
            self.cursor = self.game.cell_of(self.game.units[self.selected])
        self.dirty = True

    def resynced(self, game) -> None:
        self.game = game
        self.selected = None
        self.dirty = True

    def over_lines(self) -> list[str]:
        g = self.game
        if g.winner_side is None:
            return ["No winner."] + self.log[-3:]
        won = g.winner_side in self.humans
        return [("You win!" if won else "You are beaten.") + f" ({self.side_name(g.winner_side)})"] + self.log[-3:]

    def close(self) -> None:
        self.link_close()

    def draw(self, surf) -> None:
        super().draw(surf)
        self.draw_link_down(surf)
