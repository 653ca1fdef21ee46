"""Can a Skirmish game be played on this ruleset? Checks beyond the schema (issue 9 items 12, 13).

    errors = playability_problems(ruleset)        # a game would fail to start: refuse the ruleset
    warnings = playability_warnings(ruleset)      # a game starts but may never be decided by combat

A ruleset that passes `load_ruleset` can still be unplayable: a map whose cells cannot hold the
armies (a hex map with fewer cells than pieces), a piece kind that no cell of a map can carry.
`playability_problems` lists those as errors, naming the map file, for the worst case the
ruleset allows (every start taken, bots fielding rules.army_limit pieces); `tactibox validate`
and the link's ruleset install use it. Every game start checks its real armies with
`map_playability_problems` (``SkirmishGame.new``) and refuses with a clean ActionError.
`playability_warnings` lists what makes a game end only by the stalemate rule: armies that can
never reach each other, pieces that can never act under "all rested".

Everything here is counted the way the engine moves (`enter_cost`, the elevation step limit of
`game.core.reach.MoveField`), on the piece kinds a game fields: the default army and the bot pool.
"""

from __future__ import annotations

from game.core.bitset import bits_list
from game.core.reach import MoveField
from game.rules.schema import ProblemList
from game.rules.skirmish.model import GameMap, PieceType, Ruleset, Tile

__all__ = ["enter_cost", "playability_problems", "playability_warnings", "map_playability_problems"]

FORMATION_REACH = 2  # pieces are placed around their start: up to 2 steps away before nearest-free


def enter_cost(mov: str, tile: Tile) -> int:
    """Cost for a piece with movement letters `mov` to enter `tile`; 0 = it may not stand there."""
    return tile.cost if set(mov) & set(tile.movement) else 0


def _fielded(rs: Ruleset) -> list[PieceType]:
    ids = [p for p in rs.army_default if p] + list(rs.bot_pool)
    seen, out = set(), []
    for pid in ids:
        try:
            pt = rs.piece(pid)
        except KeyError:
            continue
        if pt.id not in seen:
            seen.add(pt.id)
            out.append(pt)
    return out


def _standable(rs: Ruleset, gmap: GameMap, mov: str) -> int:
    g = gmap.grid
    m = 0
    for c in g.cells:
        if enter_cost(mov, rs.tiles[gmap.tiles[c]]) > 0:
            m |= 1 << c
    return m


def map_playability_problems(rs: Ruleset, gmap: GameMap, *, seats: int | None = None,
                             army_limit: int | None = None) -> ProblemList:
    """Errors that stop a battle on `gmap` from starting (placement cannot fit the armies)."""
    problems = ProblemList()
    label = gmap.source or f"{rs.id}/maps/{gmap.id}"
    nseats = len(gmap.starts) if seats is None else seats
    limit = rs.rules.army_limit if army_limit is None else army_limit
    kinds = _fielded(rs)
    if not kinds:
        problems.add(f"{rs.id}/ruleset.toml", "army", "no piece kind to field, expected army.default or army.bot_pool")
        return problems
    movs = {pt.mov for pt in kinds}
    stand = {mov: _standable(rs, gmap, mov) for mov in movs}
    anywhere = 0
    for m in stand.values():
        anywhere |= m
    need = nseats * limit
    have = anywhere.bit_count()
    if have < need:
        problems.add(label, "map.tiles", f"{have} cell(s) where pieces can stand, {nseats} armies of up to {limit} "
                     f"pieces need {need}, expected a larger map (or a lower rules.army_limit)")
    if have >= need:
        short = []
        for pt in kinds:
            cells = stand[pt.mov].bit_count()
            want = nseats * min(pt.max_per_army, limit)
            if cells < want:
                short.append(f"{pt.name} ({pt.mov}) {cells} for up to {want}")
        if short:
            problems.add(label, "map.tiles", "too few cells the pieces may stand on: " + ", ".join(short)
                         + "; expected more tiles open to their movement letters")
    return problems


def playability_problems(rs: Ruleset) -> ProblemList:
    """Errors: maps on which a game of this ruleset cannot start. Empty when every map is playable."""
    problems = ProblemList()
    if not rs.maps:
        problems.add(f"{rs.id}/maps", "", "no playable map, expected at least one map file (.toml, .png or .bmp)")
    for gmap in rs.maps:
        problems.extend(map_playability_problems(rs, gmap))
    return problems


def _region(rs: Ruleset, gmap: GameMap, start: int, pt: PieceType, stand: int) -> int:
    """Cells a piece of kind `pt` placed near `start` could ever walk to (ignoring other pieces)."""
    g = gmap.grid
    costs = [enter_cost(pt.mov, rs.tiles[t]) for t in gmap.tiles]
    flies = "A" in pt.mov
    field = MoveField(g, costs, gmap.elevation, None if flies else rs.rules.elevation_step)
    seed = 0
    for c in g.cells_in_range(start, 0, FORMATION_REACH):
        seed |= 1 << c
    seed &= stand
    if not seed:
        # placement falls back to the nearest free cell: the nearest ones this kind can stand on
        for d in range(g.width + g.height + 2):
            ring = 0
            for c in g.cells_in_range(start, d, d):
                ring |= 1 << c
            if ring & stand:
                seed = ring & stand
                break
    region = seed
    while True:
        grown = (region | field.expand(region)) & field.passable
        if grown == region:
            return region
        region = grown


def _threat(gmap: GameMap, region: int, pt: PieceType) -> int:
    out = 0
    for c in bits_list(region):
        out |= gmap.grid.range_mask(c, pt.rng_min, pt.rng_max)
    return out


def playability_warnings(rs: Ruleset) -> ProblemList:
    """Warnings: armies that can never reach each other, pieces that can never act."""
    warnings = ProblemList()
    rules = rs.rules
    for pt in rs.pieces:
        if pt.rst < rules.rest_to_act:
            warnings.add(f"{rs.id}/pieces.toml", f"pieces.{pt.id}.rst",
                         f"{pt.rst} is below rules.rest_to_act = {rules.rest_to_act}: under \"all rested\" "
                         f"{pt.name} can never act")
    if rules.rest_per_turn == 0 and rules.rest_to_act > 0:
        warnings.add(f"{rs.id}/ruleset.toml", "rules.rest_per_turn",
                     "0: pieces never regain rest, under \"all rested\" each may act only until its rest runs out")
    kinds = _fielded(rs)
    for gmap in rs.maps:
        label = gmap.source or f"{rs.id}/maps/{gmap.id}"
        stand = {pt.mov: _standable(rs, gmap, pt.mov) for pt in kinds}
        regions = {(seat, pt.id): _region(rs, gmap, cell, pt, stand[pt.mov])
                   for seat, cell in gmap.starts.items() for pt in kinds}
        threats = {key: _threat(gmap, reg, rs.piece(key[1])) for key, reg in regions.items()}
        seats = list(gmap.starts)
        for i, a in enumerate(seats):
            for b in seats[i + 1:]:
                meet = any(threats[(a, pa.id)] & regions[(b, pb.id)] or threats[(b, pb.id)] & regions[(a, pa.id)]
                           for pa in kinds for pb in kinds)
                if not meet:
                    warnings.add(label, f"start {a}/{b}",
                                 f"the {a} and {b} armies can never reach each other (terrain, elevation): "
                                 f"their battle ends only by the stalemate rule")
    return warnings
