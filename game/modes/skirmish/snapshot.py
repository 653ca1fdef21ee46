"""Rebuilding a Skirmish game from its snapshot (saves, link resync), checking every field.

A snapshot that does not fit the ruleset and map raises ActionError naming the field; nothing
half-built escapes.
"""

from __future__ import annotations

from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.skirmish.pieces import Options, Piece
from game.modes.skirmish.setup import CONTROLLERS, Participant


def _int(snap: dict, key: str, lo: int, hi: int) -> int:
    v = snap.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ActionError(f"snapshot.{key}: expected an integer {lo}..{hi}, got {v!r}")
    return v


def restore_game(cls, rs, gmap, snap: dict):
    if not isinstance(snap, dict):
        raise ActionError(f"snapshot: expected a table, got {type(snap).__name__}")
    if snap.get("v") != 1 or snap.get("mode") != "skirmish":
        raise ActionError(f"snapshot: not a version-1 skirmish snapshot (v={snap.get('v')!r}, mode={snap.get('mode')!r})")
    if snap.get("ruleset") != rs.content_hash:
        raise ActionError(f"snapshot.ruleset: made with ruleset {str(snap.get('ruleset'))[:12]}, this is {rs.content_hash[:12]}")
    if gmap is None:
        gmap = next((m for m in rs.maps if m.content_hash == snap.get("map")), None)
        if gmap is None:
            raise ActionError(f"snapshot.map: no map of ruleset {rs.id} has content hash {str(snap.get('map'))[:12]}")
    if snap.get("map") != gmap.content_hash:
        raise ActionError(f"snapshot.map: made on map {str(snap.get('map'))[:12]}, this is {gmap.content_hash[:12]}")
    parts = snap.get("participants")
    if not isinstance(parts, list) or not 2 <= len(parts) <= 4 or not all(
            isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and p[1] in CONTROLLERS for p in parts):
        raise ActionError(f"snapshot.participants: expected 2-4 [name, controller] pairs, got {parts!r}")
    g = cls(rs, gmap, [Participant(n, c) for n, c in parts], Options.from_data(snap.get("options")),
            _int(snap, "seed", 0, 2**64 - 1))
    sp = snap.get("seat_part")
    if not isinstance(sp, list) or len(sp) != 4 or not all(isinstance(v, int) and -1 <= v < len(parts) for v in sp):
        raise ActionError(f"snapshot.seat_part: expected 4 participant indices or -1, got {sp!r}")
    g.seat_part = list(sp)
    rows = snap.get("pieces")
    if not isinstance(rows, list) or len(rows) > 36:
        raise ActionError("snapshot.pieces: expected a list of at most 36 pieces")
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != 8 or not all(isinstance(v, int) and not isinstance(v, bool) for v in row):
            raise ActionError(f"snapshot.pieces[{i}]: expected 8 integers, got {row!r}")
        seat, kind, cell, hp, mp, rest, xp, level = row
        if not (0 <= seat < 4 and sp[seat] >= 0 and 0 <= kind < len(rs.pieces) and gmap.grid.is_cell(cell)
                and hp >= 0 and mp >= 0 and rest >= 0 and xp >= 0 and 1 <= level <= rs.rules.max_level):
            raise ActionError(f"snapshot.pieces[{i}]: values out of range: {row!r}")
        p = Piece(i, seat, kind, cell, hp, mp, rest, xp, level)
        g.pieces.append(p)
        if p.alive:
            if cell in g.cell_piece:
                raise ActionError(f"snapshot.pieces[{i}]: cell {cell} is already taken")
            g.cell_piece[cell] = i
            g.occupied |= 1 << cell
    g.current = _int(snap, "current", 0, 3)
    g.turn = _int(snap, "turn", 0, 10**9)
    g.active = _int(snap, "active", -1, len(g.pieces) - 1)
    g.used = _int(snap, "used", 0, (1 << max(len(g.pieces), 1)) - 1)
    g.passes = _int(snap, "passes", 0, 100)
    g.quiet = _int(snap, "quiet", 0, 10**9) if "quiet" in snap else 0
    phase = snap.get("phase")
    if phase not in ("select", "attack") or (phase == "attack") != (g.active >= 0):
        raise ActionError(f"snapshot.phase: {phase!r} does not fit active piece {g.active}")
    g.phase = phase
    out = snap.get("out")
    if not isinstance(out, list) or not all(isinstance(s, int) and 0 <= s < 4 for s in out):
        raise ActionError(f"snapshot.out: expected a list of seats, got {out!r}")
    g.out_order = list(out)
    if not isinstance(snap.get("over"), bool):
        raise ActionError("snapshot.over: expected true or false")
    g.over = snap["over"]
    g.turn_open = not g.over  # a game saved in play is inside a turn
    st = snap.get("rng")
    if not isinstance(st, list) or len(st) != 2 or not all(isinstance(v, int) and 0 <= v < 2**64 for v in st):
        raise ActionError(f"snapshot.rng: expected two 64-bit integers, got {st!r}")
    g.rng = Pcg32.from_state((st[0], st[1]))
    if g.seat_part[g.current] < 0:
        raise ActionError(f"snapshot.current: seat {g.current} is empty")
    return g
