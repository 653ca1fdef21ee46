"""Xconq modules from the main menu: pick a module (Tactibox's own, and any `.g` files the owner
copied into the `gdl/` folder of the data partition), who plays (you against bots, hot-seat,
bots only), then Play. A module that cannot be played here says why instead of starting."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.widgets import Item, ListMenu

ASSETS = Path(__file__).resolve().parents[4] / "assets" / "gdl"
PLAYERS = (("one", "you against bots"), ("hotseat", "hot-seat, everyone a person"), ("bots", "bots only"))
_TITLE = re.compile(rb'\(title\s+"([^"]{1,60})"')


def find_modules(data_root: Path | None) -> list[tuple[str, Path]]:
    """(label, path) of every module to offer: the shipped ones, then the data folder's."""
    out = []
    folders = [ASSETS] + ([Path(data_root) / "gdl"] if data_root is not None else [])
    for folder in folders:
        try:
            files = sorted(p for p in folder.glob("*.g") if p.is_file())[:200]
        except OSError:
            continue
        for p in files:
            try:
                head = p.open("rb").read(4096)
            except OSError:
                continue
            m = _TITLE.search(head)
            out.append((m.group(1).decode("latin-1") if m else p.stem, p))
    return out


class GdlMenu(MenuScene):
    heading = "Xconq modules"

    def __init__(self, app) -> None:
        super().__init__(app)
        data = getattr(app, "data", None)
        self.modules = find_modules(getattr(data, "root", None))
        self.index = 0
        self.players = "one"
        self.problem = ""
        labels = dict(PLAYERS)
        self.menu = ListMenu([
            Item("Play", self.start, enabled=lambda: bool(self.modules), hint="start the chosen module"),
            Item("Module", choices=tuple(range(len(self.modules))), get=lambda: self.index,
                 set=self._set_index, show=lambda i: self.modules[i][0] if self.modules else "none",
                 hint="Left/Right: Tactibox's own modules and those in the data folder's gdl/"),
            Item("Players", choices=tuple(k for k, _ in PLAYERS), get=lambda: self.players,
                 set=lambda v: setattr(self, "players", v), show=labels.get,
                 hint="you play the first side; hot-seat hands the unit over between sides"),
            Item("Back", app.back),
        ])

    def _set_index(self, i: int) -> None:
        self.index = i
        self.problem = ""

    def notes(self) -> list[tuple]:
        out = super().notes()
        if self.problem:
            out.append((self.problem, T.TEXT_BAD))
        elif self.modules:
            out.append((str(self.modules[self.index][1].name), T.TEXT_DIM))
        else:
            out.append(("no modules found", T.TEXT_BAD))
        return out

    def start(self) -> None:
        from game.modes.gdl.match import playable_problems
        from game.modes.gdl.world import World
        from game.rules.gdl.loader import load_module
        from game.rules.gdl.reader import GdlError
        if not self.modules:
            return
        path = self.modules[self.index][1]
        try:
            m = load_module(path)
        except GdlError as exc:
            self.problem = str(exc)
            return
        problems = playable_problems(m)
        if problems:
            self.problem = f"{path.name}: " + "; ".join(problems)
            return
        try:
            world = World(m)              # a module without a map: its world generated from seed 0
        except GdlError as exc:           # a world synthesis refuses to make
            self.problem = str(exc)
            return
        sides = sorted({u.side for u in world.m.units if u.side > 0} | {s for s in world.m.sides if s > 0})
        humans = {"one": sides[:1], "hotseat": sides, "bots": []}[self.players]
        self.app.open("gdl_game", path=str(path), humans=tuple(humans), world=world)
