"""Rebuilding a GDL game from `GdlGame.snapshot()` data that may come from a file or a peer:
every field is checked (types, ranges, references between units), ValueError otherwise."""

from __future__ import annotations

from game.core.prng import Pcg32
from game.modes.gdl.units import Unit

_STATUS = ("in", "won", "lost", "draw")


def _int(v, what: str, lo: int = -(1 << 31), hi: int = 1 << 31) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"snapshot: {what} is not an integer in {lo}..{hi}")
    return v


def restore(g, snap: dict, version: int, max_units: int):
    w = g.w
    if not isinstance(snap, dict) or snap.get("v") != version:
        raise ValueError(f"snapshot: not a version {version} GDL snapshot")
    rows = snap.get("units")
    if not isinstance(rows, list) or not len(g.units) <= len(rows) <= max(max_units, len(g.units)):
        raise ValueError("snapshot: wrong number of units")
    n = len(rows)
    g.units, g.at, g.occ = [], {}, {}
    for i, row in enumerate(rows):
        if not (isinstance(row, list) and len(row) == 15 and isinstance(row[13], list) and isinstance(row[14], list)):
            raise ValueError(f"snapshot: unit {i} is malformed")
        uid, ut, side, cell, hp, acp, tr, alive, cp, moves, orig, appear, appear_cell, sup, tools = row
        if _int(uid, "unit id") != i or not 0 <= _int(ut, "type") < w.nu:
            raise ValueError(f"snapshot: unit {i} is malformed")
        if len(sup) != w.nm:
            raise ValueError(f"snapshot: unit {i} has {len(sup)} materials, not {w.nm}")
        u = Unit(i, ut, _int(side, "side", 0, 64), _int(cell, "cell", -1, w.grid.n - 1), _int(hp, "hp"),
                 acp=_int(acp, "acp"), transport=_int(tr, "transport", -1, n - 1), alive=bool(alive),
                 cp=_int(cp, "cp"), supply=[_int(v, "supply", 0) for v in sup], moves=_int(moves, "moves", 0),
                 origside=_int(orig, "side", 0, 64), appear=_int(appear, "appear", -1),
                 appear_cell=_int(appear_cell, "cell", -1, w.grid.n - 1))
        for pair in tools:
            if not (isinstance(pair, list) and len(pair) == 2 and 0 <= _int(pair[0], "type") < w.nu):
                raise ValueError(f"snapshot: unit {i} has bad tooling")
            u.tooling[pair[0]] = _int(pair[1], "tooling", 0)
        if i < len(g.w.m.units):
            u.name = g.w.m.units[i].name
            u.point_value = g.w.m.units[i].point_value
        if u.transport == i or (u.alive and u.transport < 0 and u.cell >= 0 and not w.grid.exists[u.cell]):
            raise ValueError(f"snapshot: unit {i} is misplaced")
        g.units.append(u)
    for u in g.units:
        if not u.alive:
            continue
        if u.transport >= 0:
            if not g.units[u.transport].alive:
                raise ValueError(f"snapshot: unit {u.id} is inside a dead unit")
            u.cell = -1
            g.occ.setdefault(u.transport, []).append(u.id)
        elif u.cell >= 0:
            g.at.setdefault(u.cell, []).append(u.id)
    for u in g.units:                       # no unit inside itself through a chain
        seen, x = set(), u
        while x.transport >= 0:
            if x.id in seen:
                raise ValueError(f"snapshot: units {u.id} and {x.id} are inside each other")
            seen.add(x.id)
            x = g.units[x.transport]
    side = snap.get("side")
    if side not in g.sides:
        raise ValueError("snapshot: unknown side to act")
    g.side_index = g.sides.index(side)
    g.turn = _int(snap.get("turn"), "turn", 0)
    rng = snap.get("rng")
    if not isinstance(rng, list) or len(rng) != 2:
        raise ValueError("snapshot: bad generator state")
    g.rng = Pcg32.from_state(tuple(_int(v, "rng", 0, (1 << 64) - 1) for v in rng))
    g.over = bool(snap.get("over"))
    g.winner_side = _int(snap.get("winner", 0), "winner", 0, 64) or None
    status = snap.get("status")
    if not isinstance(status, list) or [s for s, _ in status] != g.sides or any(v not in _STATUS for _, v in status):
        raise ValueError("snapshot: bad side status")
    g.status = dict((s, v) for s, v in status)
    changes = snap.get("terrain")
    if not isinstance(changes, list):
        raise ValueError("snapshot: bad terrain changes")
    if changes and not any(any(row) for row in w.T["detonation-terrain-damage-chance"]):
        raise ValueError("snapshot: terrain changes in a module whose terrain cannot change")
    for pair in changes:
        if not (isinstance(pair, list) and len(pair) == 2 and w.grid.is_cell(pair[0])
                and 0 <= _int(pair[1], "terrain") < w.nt):
            raise ValueError("snapshot: bad terrain change")
        g.set_terrain(pair[0], pair[1])
    scores = snap.get("scores")
    if (not isinstance(scores, list) or len(scores) != len(g.scores)
            or any(not isinstance(r, list) or len(r) != len(g.sides) for r in scores)):
        raise ValueError("snapshot: bad scores")
    g.scores = [[_int(v, "score") for v in r] for r in scores]
    tech = snap.get("tech")
    if not isinstance(tech, list) or len(tech) != len(g.sides):
        raise ValueError("snapshot: bad tech levels")
    for s, levels, start in tech:
        if s not in g.tech or len(levels) != w.nu or len(start) != w.nu:
            raise ValueError("snapshot: bad tech levels")
        g.tech[s] = [_int(v, "tech", 0) for v in levels]
        g.tech_start[s] = [_int(v, "tech", 0) for v in start]
    return g
