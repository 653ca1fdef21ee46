"""An Xconq module between two linked units, from "Link two units".

The host picks the module (`open_link_host`, the `link_host` of its UI part, entry.py): the same list as the
Xconq menu — Tactibox's own (`assets/gdl/outpost.g` first, the default) and the `.g` files in the
data folder's `gdl/`. The host plays the module's first side, the joining unit every other side;
when the joining unit lacks the module (or has another version) the host sends it at hello.

The linked game (`open_linked_gdl`, `link_scene`) is played on the ordinary module screen
(`gdl_game` with `run=`): the link made the game a Match with this unit's person on its own
sides and the other unit's sides on Remote drivers; it is kept in Replays and Stats on both
units. No hot-seat curtain; START's menu (or B with no unit picked) ends your turn or leaves.
"""

from __future__ import annotations

from game.link.modes import host_spec
from game.modes.registry import Request
from game.ui import theme as T
from game.ui.modes.gdl.picker import find_modules
from game.ui.scenes.link.host_setup import LinkHostSetup
from game.ui.widgets import Item, ListMenu

DEFAULT_MODULE = "outpost.g"


def open_link_host(app, *, port: str, baud: int, on_error=None) -> None:
    """`link_host`: the host picks the module first."""
    app.open("gdl_link_setup", port=port, baud=baud)


def open_linked_gdl(app, run) -> None:
    """`link_scene`: the linked module game replaces the waiting screen."""
    app.replace("gdl_game", run=run)


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
