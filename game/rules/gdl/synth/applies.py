"""Which synthesis methods would change a module's world, decided from the module alone (no
generation): Xconq runs its method list on every game, a fixed map included, and each method
returns at once when its work is done (terrain defined, countries complete, layer present).
A fixed-map module whose methods would all do nothing plays its map as it is, for every seed.
"""

from __future__ import annotations

from game.rules.gdl.aux_layer import BORDER, CONNECTION, subtype_of
from game.rules.gdl.model import Module


def _aux_free(m: Module, kind: str, subtype_x: str) -> bool:
    sx = m.tprops.get("subtype-x", [""] * len(m.ttypes))
    return any(subtype_of(m, t) == kind and str(sx[t]) == subtype_x and not any(m.aux_terrain.get(t, ()))
               for t in range(len(m.ttypes)))


def countries_apply(m: Module, sides: list[int]) -> bool:
    start = m.uprops["start-with"]
    if not any(start):
        return False
    for s in sides:
        have = [0] * len(start)
        for u in m.units:
            if u.side == s:
                have[u.type] += 1
        if any(h < k for h, k in zip(have, start)):
            return True
    return False


def independents_apply(m: Module) -> bool:
    return any(v > 0 for row in m.tables["independent-density"] for v in row)


def roads_apply(m: Module) -> bool:
    if not _aux_free(m, CONNECTION, "road-x"):
        return False
    rc = any(v > 0 for row in m.tables["road-chance"] for v in row)
    return rc or any(m.uprops["road-to-edge-chance"]) or bool(m.globals.get("edge-road-density"))


def rivers_apply(m: Module) -> bool:
    if not any(m.tprops["river-chance"]):
        return False
    if m.elevations and _aux_free(m, BORDER, "river-x"):
        return True
    return _aux_free(m, CONNECTION, "river-x")


def methods_that_apply(m: Module, methods: list[str], sides: list[int]) -> list[str]:
    """The methods of the list that would change this module's world."""
    out = []
    units = bool(m.utypes)
    for name in methods:
        if name in ("make-fractal-percentile-terrain", "make-random-terrain", "make-maze-terrain"):
            ok = not m.has_terrain
        elif name == "make-countries":
            ok = units and countries_apply(m, sides)
        elif name == "make-independent-units":
            ok = units and independents_apply(m)
        elif name == "make-roads":
            ok = units and roads_apply(m)
        elif name == "make-rivers":
            ok = rivers_apply(m)
        else:
            ok = False
        if ok:
            out.append(name)
    return out
