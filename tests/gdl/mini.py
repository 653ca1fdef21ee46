"""Tiny GDL modules for rule tests: a 10 x 10 area of one terrain (or given rows), two sides,
and helpers to place units and read cells. Expected results in the tests are worked out by hand
from refman.texi; the area is Xconq's hexagon-ish shape (H/2 <= x + y <= W + H/2 - 1), so
cells like (4, 4)..(6, 6) are well inside it."""

from __future__ import annotations

from game.modes.gdl.game import GdlGame
from game.modes.gdl.world import World
from game.rules.gdl.loader import load_module

HEAD = """
(game-module "mini")
(terrain-type plains (char "+"))
(terrain-type sea (char "."))
(side 1 (name "Red"))
(side 2 (name "Blue"))
"""


def module(tmp_path, text: str, name: str = "mini.g", head: str = HEAD, size=(10, 10), rows=None):
    w, h = size
    rows = rows or [f"{w}a"] * h
    area = f"(area {w} {h})\n(area (terrain " + " ".join(f'"{r}"' for r in rows) + "))\n"
    p = tmp_path / name
    p.write_text(head + area + text)
    return load_module(p)


def world(tmp_path, text: str, **kw) -> World:
    return World(module(tmp_path, text, **kw))


def game(tmp_path, text: str, seed: int = 1, **kw) -> GdlGame:
    return GdlGame(world(tmp_path, text, **kw), seed)


def cell(g, x: int, y: int) -> int:
    return g.w.grid.cell_at(x, y)


def put(g, u, x: int, y: int) -> None:
    g.detach(u)
    g.place(u, cell(g, x, y))


def units(g, tname: str):
    t = g.w.m.utypes.index(tname)
    return [u for u in g.units if u.type == t and u.alive]
