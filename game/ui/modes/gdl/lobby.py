"""The host's LAN lobby for an Xconq module (issue 22 item 7): one unit per side of the module.

    open_gdl_lobby(app, port="tcp://:7777")   # Link two units -> Game "Xconq module" -> "LAN battle"
                                              # (the `link_lobby` hook of the gdl UI part, entry.py)

The lobby of lobby.py with other lines: Module (Tactibox's own and the data folder's modules of
two to four sides; Quartet, four clans, first), Add bot, Launch. The seats are the chosen
module's sides, in its order; a unit that pairs gets a free one at random, the host plays the
first; a seat nobody took at the launch is played by the host's bot. Joining units lacking the
module receive it at hello. After the launch every unit plays on the module screen (`gdl_game`
with the link's Match; the host's link is its `LobbyRun`).
"""

from __future__ import annotations

from game.link.lobby import MAX_SEATS
from game.link.lobby_run import LobbyRun
from game.link.modes import host_spec
from game.modes.registry import Request
from game.ui.human import HumanDriver
from game.ui.scenes.link.lobby import LobbyScene, listen_lobby
from game.ui.widgets import Item, ListMenu
from game.ui.words import problem_words

FIRST = "quartet.g"


def lobby_modules(app) -> list[tuple[str, object]]:
    """(label, path) of the modules to offer, Quartet first."""
    from game.ui.modes.gdl.picker import find_modules
    data = getattr(app, "data", None)
    found = find_modules(getattr(data, "root", None))
    return sorted(found, key=lambda lp: lp[1].name != FIRST)


def module_spec(app, path, sides: int):
    spec = host_spec("gdl", req=Request(seats=("human",) * sides, options={"module": str(path)}))
    return spec.played_by(HumanDriver, app.keeper())


def sides_of(spec) -> int:
    from game.modes.gdl.link_hook import module_sides
    _play, rules = spec.lobby_play()
    return len(module_sides(rules.world))


def _spec_for(app, path):
    """The spec of a module game of `path` and its number of sides; ValueError says why not."""
    spec = module_spec(app, path, 2)
    n = sides_of(spec)
    if not 2 <= n <= MAX_SEATS:
        raise ValueError(f"{path.name} has {n} sides; a LAN battle has 2 to {MAX_SEATS}")
    return module_spec(app, path, n), n


def open_gdl_lobby(app, *, port: str, on_error=None) -> None:
    """Open a module lobby on a tcp://:PORT listener (its errors go to `on_error` or a toast)."""
    try:
        modules = lobby_modules(app)
        if not modules:
            raise ValueError("no Xconq module found")
        spec, n = _spec_for(app, modules[0][1])
        run = listen_lobby(app, port, spec, n)
    except (OSError, ValueError) as exc:
        (on_error or app.toast)(f"cannot open a LAN battle: {problem_words(exc)}")
        return
    app.open("gdl_lobby", run=run, modules=modules)


class GdlLobbyScene(LobbyScene):
    heading = "Xconq module on the LAN"

    def __init__(self, app, run: LobbyRun, modules: list) -> None:
        super().__init__(app, run, maps=["-"])
        self.modules = modules
        self.index = 0
        self.menu = ListMenu([
            Item("Module", choices=tuple(range(len(modules))), get=lambda: self.index, set=self._set_module,
                 show=lambda i: modules[i][0], enabled=lambda: not self.lobby.launched,
                 hint="one seat per side of the module (two to four)"),
            Item("Add bot", self.add_bot, hint="a bot takes a free seat"),
            Item("Launch", self.launch, hint="start the game on every unit (at least two sides seated)"),
        ])
        self.menu.index = 2

    def player_lines(self) -> list[tuple]:
        """The lobby's list, each seat named by its side of the module ("Red Clan: Ann · joined")."""
        from game.modes.gdl.link_hook import module_sides
        from game.modes.gdl.match_rules import side_name
        world = self.lobby.spec.lobby_play()[1].world
        sides = module_sides(world)
        out = super().player_lines()
        for seat, side in enumerate(sides[:len(self.lobby.seats)]):
            text, colour = out[seat]
            out[seat] = (f"{side_name(world, side)}: {text.split(': ', 1)[-1]}", colour)
        return out

    def _set_module(self, i: int) -> None:
        try:
            spec, n = _spec_for(self.app, self.modules[i][1])
        except ValueError as exc:
            self.error = problem_words(exc)
            self.dirty = True
            return
        why = self.lobby.reseat(n)
        if why:
            self.error = why
            self.dirty = True
            return
        self.index, self.error = i, ""
        spec.bind(self.run)
        self.lobby.spec = spec
        self.dirty = True
