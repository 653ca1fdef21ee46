"""World synthesis: a module without a fixed map gets its world made from the game seed, as
Xconq's synthesis methods make it (refman "Synthesis Methods"). One method per file:

| method | file |
|---|---|
| make-fractal-percentile-terrain | fractal.py |
| make-random-terrain | random_terrain.py |
| make-maze-terrain | maze.py |
| make-countries | countries.py |
| make-independent-units | independents.py |
| make-rivers | rivers.py |
| make-roads | roads.py |

`synthesis-methods` lists the methods to run, in order (default: `DEFAULT_METHODS`, as Xconq).
make-initial-materials, make-weather, name-geographical-features, name-units-randomly and
make-random-date change nothing here (supply is filled by the game for every unit it starts;
Tactibox has no weather; names are not drawn). Everything is deterministic from the seed (one
PCG32 stream), integer-only and bounded (limits.py).

`generate(m, seed)` returns a new Module with terrain, aux layers, elevations, sides and units;
`generates(m)` says whether a module's world is generated at all (no fixed terrain map).
"""

from __future__ import annotations

from game.rules.gdl.model import Module
from game.rules.gdl.synth import countries, fractal, independents, maze, random_terrain, rivers, roads
from game.rules.gdl.synth.limits import MAX_WORLD_CELLS, MIN_SIDE, Budget, SynthError, check_range, where
from game.rules.gdl.synth.work import Work

DEFAULT_METHODS = ("make-fractal-percentile-terrain", "make-countries", "make-independent-units",
                   "make-roads", "make-rivers", "make-weather", "make-initial-materials",
                   "name-geographical-features")
METHODS = {
    fractal.NAME: fractal.make,
    random_terrain.NAME: random_terrain.make,
    maze.NAME: maze.make,
    countries.NAME: countries.make,
    independents.NAME: independents.make,
    rivers.NAME: rivers.make,
    roads.NAME: roads.make,
}
NO_EFFECT = {
    "make-initial-materials": "units start with unit-initial-supply (the game fills them; cells hold no materials)",
    "init-supplies": "units start with unit-initial-supply (the game fills them; cells hold no materials)",
    "make-weather": "Tactibox has no weather",
    "name-geographical-features": "feature names are not drawn",
    "name-units-randomly": "unit names are not drawn",
    "make-random-date": "no calendar",
    "make-earthlike-terrain": "not implemented (no library module uses it)",
}
DEFAULT_SIZE = (60, 30)          # Xconq's area when no size is given anywhere
MAX_SIDES = 15

__all__ = ["DEFAULT_METHODS", "METHODS", "SynthError", "fills_initial_supply", "generate", "generates", "method_list",
           "plan", "problems", "world_size"]


def plan(m: Module) -> list[str]:
    """The methods of the module's list that would change its world (empty: the module plays
    its fixed map as it is)."""
    from game.rules.gdl.synth.applies import methods_that_apply
    if not m.ttypes:
        return []
    return methods_that_apply(m, method_list(m), side_ids(m))


def generates(m: Module) -> bool:
    """True when the module's world is made (or completed) by synthesis for each game."""
    return m.template is None and bool(plan(m))


def problems(m: Module) -> list[str]:
    """Why a module's world cannot be generated, decided without generating it."""
    out = []
    p = plan(m)
    if not m.has_terrain and not any(n in p for n in (fractal.NAME, random_terrain.NAME, maze.NAME)):
        out.append("no fixed map and no terrain method in synthesis-methods")
    if not m.utypes:
        return out
    sides = side_ids(m)
    with_units = {u.side for u in m.units if u.side > 0 and (u.x is not None or u.transport is not None)}
    if countries.NAME in p:
        with_units |= set(sides)
    if len(with_units) < 2:
        out.append("fewer than two sides with units (none placed, start-with 0 or make-countries not run)")
    return out


def method_list(m: Module) -> list[str]:
    """`synthesis-methods` (the default list when not set; the symbol synthesis-methods inside
    the list, as in `(append synthesis-methods ...)`, stands for the default list)."""
    v = m.globals.get("synthesis-methods")
    if v is None:
        return list(DEFAULT_METHODS)
    out: list[str] = []
    for x in (v if isinstance(v, list) else [v])[:64]:
        if x == "synthesis-methods":
            out.extend(DEFAULT_METHODS)
        elif isinstance(x, str):
            out.append(str(x))
    return out


def fills_initial_supply(m: Module) -> bool:
    """Whether units start with unit-initial-supply (refman "Making Initial Supply": by default
    units start empty; make-initial-materials, in the default list, fills them)."""
    return any(n in ("make-initial-materials", "init-supplies") for n in method_list(m))


def world_size(m: Module) -> tuple[int, int]:
    """The area's size: the module's `area`, else its world-size variant, else 60 x 30."""
    if m.width and m.height:
        w, h, key = m.width, m.height, None
    elif "world-size" in m.std_variants:
        nums, f, line = m.std_variants["world-size"]
        w = nums[0] if nums else DEFAULT_SIZE[0]
        h = nums[1] if len(nums) > 1 else (w if nums else DEFAULT_SIZE[1])
        m.origin.setdefault(("v", "world-size"), (f, line))
        key = ("v", "world-size")
    else:
        return DEFAULT_SIZE
    if key is not None:
        check_range(m, key, w, MIN_SIDE, MAX_WORLD_CELLS, "world width")
        check_range(m, key, h, MIN_SIDE, MAX_WORLD_CELLS, "world height")
        if w * h > MAX_WORLD_CELLS:
            raise SynthError(f"{where(m, key)}: a {w}x{h} world is more than {MAX_WORLD_CELLS} cells")
    return w, h


def side_ids(m: Module) -> list[int]:
    """The sides of a generated game: the module's own (ids > 0), at least max(2, sides-min),
    at most sides-max (and 15)."""
    ids = sorted(s for s in m.sides if 0 < s <= MAX_SIDES)
    lo, hi = m.globals.get("sides-min", 1), m.globals.get("sides-max", 7)
    lo = lo if isinstance(lo, int) else 1
    hi = hi if isinstance(hi, int) else 7
    want = min(max(len(ids), lo, 2), max(1, min(hi, MAX_SIDES)))
    nxt = 1
    while len(ids) < want:
        if nxt not in ids:
            ids.append(nxt)
        nxt += 1
    return sorted(ids[:max(want, 1)])


def generate(m: Module, seed: int, budget: Budget | None = None) -> Module:
    """The module's world made from `seed` (SynthError names the culprit when it cannot be)."""
    if m.template is not None:
        m = m.template
    w, h = world_size(m)
    base = m
    if not (m.width and m.height):
        import dataclasses
        base = dataclasses.replace(m, width=w, height=h, terrain=[-1] * (w * h), has_terrain=False)
    work = Work(base, seed, budget or Budget(m))
    work.sides = side_ids(m)
    for name in method_list(m):
        fn = METHODS.get(name)
        if fn is not None:
            fn(work)
        elif name in NO_EFFECT:
            work.notes.append(f"{name}: {NO_EFFECT[name]}")
        else:
            work.notes.append(f"{name}: not a synthesis method")
    if not work.has_terrain:
        raise SynthError(f"{base.files[0] if base.files else base.name}:0: no synthesis method made the terrain "
                         f"({'; '.join(work.notes) or 'none listed'})")
    return work.into(seed, m)
