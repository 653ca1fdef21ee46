"""Before the battle: who sits where, which pieces each army fields, and where they stand.

- The host (participant 0) is always seated; every participant (humans and up to three bots)
  gets a random free seat among the map's start cells, in joining order (WoS: "assigned one of
  the remaining player positions *at random*").
- An army is a 9-slot formation (front row first). Humans bring theirs (or the ruleset's
  default); bots pick randomly from the ruleset's bot pool, honouring `max_per_army`.
  The host's army limit keeps the first N filled slots.
- The formation is a 3x3 block on square maps, its front row facing the map centre, with the
  start cell in the middle; on hex maps the start cell, its six neighbours and the two ring-2
  cells nearest the centre, front (nearest the centre) first. A slot whose cell is off the map,
  closed to the piece, or taken, moves to the nearest free cell the piece may stand on
  (ties: lowest cell index).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.grid import HEX
from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.rules.skirmish.model import GameMap, Ruleset
from game.rules.skirmish.schema import SEAT_NAMES

CONTROLLERS = ("human", "bot:easy", "bot:normal", "bot:hard")
SLOTS = 9


@dataclass(frozen=True)
class Participant:
    name: str
    controller: str = "human"       # "human" or "bot:easy" / "bot:normal" / "bot:hard"
    army: tuple[str, ...] = ()      # up to 9 piece ids, '' = empty slot; () = default / random

    @property
    def is_bot(self) -> bool:
        return self.controller.startswith("bot:")


def parse_seats(spec: str) -> list[Participant]:
    """'bot:hard,human,bot:easy' -> participants (bots named after their seat later)."""
    out = []
    for i, part in enumerate(p.strip() for p in spec.split(",") if p.strip()):
        ctrl = "bot:normal" if part == "bot" else part
        if ctrl not in CONTROLLERS:
            raise ValueError(f"seat {i + 1}: {part!r} is not one of {', '.join(CONTROLLERS)}")
        out.append(Participant(name=f"Player {i + 1}" if ctrl == "human" else "", controller=ctrl))
    return out


MAX_BOTS = 3


def check_bot_count(participants: list[Participant]) -> None:
    """WoS: "Since you, the host, are always in the battle, you can add up to three bots." The
    setup screen and `tactibox simulate` refuse a fourth bot (simulate plays `human` seats with a
    hard bot, so `human,bot:hard,bot:hard,bot:hard` is its four-army battle)."""
    bots = sum(p.is_bot for p in participants)
    if bots > MAX_BOTS:
        raise ActionError(f"{bots} bots, at most {MAX_BOTS}: the host is always in the battle "
                          "(make the first seat human; simulate plays it with a hard bot)")


def assign_seats(participants: list[Participant], gmap: GameMap, rng: Pcg32) -> dict[int, int]:
    """seat index (0 red .. 3 blue) -> participant index."""
    free = [SEAT_NAMES.index(s) for s in gmap.seats]
    if len(participants) < 2:
        raise ActionError("a battle needs at least 2 armies")
    if len(participants) > len(free):
        raise ActionError(f"map {gmap.name} has {len(free)} start cells, {len(participants)} armies asked for")
    if sum(p.is_bot for p in participants[1:]) > 3:
        raise ActionError("at most 3 bots")
    seats = {}
    for i in range(len(participants)):
        seat = free.pop(rng.below(len(free)))
        seats[seat] = i
    return dict(sorted(seats.items()))


def bot_army(rs: Ruleset, limit: int, rng: Pcg32) -> list[str]:
    pool = [rs.piece(pid) for pid in rs.bot_pool]
    counts: dict[str, int] = {}
    army = []
    while len(army) < limit and pool:
        p = pool[rng.below(len(pool))]
        counts[p.id] = counts.get(p.id, 0) + 1
        army.append(p.id)
        if counts[p.id] >= p.max_per_army:
            pool = [q for q in pool if q.id != p.id]
    return army


def check_army(rs: Ruleset, army, is_bot: bool) -> list[str]:
    """Validated slot list (9 entries, '' empty). Raises ActionError naming the bad slot."""
    army = list(army)
    if len(army) > SLOTS:
        raise ActionError(f"an army has {SLOTS} slots, got {len(army)}")
    counts: dict[str, int] = {}
    for i, pid in enumerate(army):
        if not pid:
            continue
        try:
            p = rs.piece(pid)
        except KeyError:
            raise ActionError(f"slot {i + 1}: no piece {pid!r} in ruleset {rs.id}") from None
        if p.bot_only and not is_bot:
            raise ActionError(f"slot {i + 1}: {p.name} is for bots only")
        counts[pid] = counts.get(pid, 0) + 1
        if counts[pid] > p.max_per_army:
            raise ActionError(f"slot {i + 1}: at most {p.max_per_army} {p.name} per army")
    return army + [""] * (SLOTS - len(army))


def formation_targets(gmap: GameMap, start: int) -> list[int]:
    """Target cell of each of the 9 slots (front row first); -1 where it falls off the board."""
    g = gmap.grid
    centre = _centre(gmap)
    if g.kind == HEX:
        near = sorted((c for c in g.cells if g.distance(start, c) <= 2),
                      key=lambda c: (g.distance(start, c), g.distance(c, centre), c))[:SLOTS]
        # a small or ragged hex map may have fewer than 9 cells near the start: those slots are
        # off the board (-1) and their pieces go to the nearest free cell like any other
        return sorted(near, key=lambda c: (g.distance(c, centre), c)) + [-1] * (SLOTS - len(near))
    sx, sy = g.coords(start)
    cx, cy = g.coords(centre)
    dx, dy = cx - sx, cy - sy
    if dx == dy == 0:
        fx, fy = 0, -1
    elif abs(dx) >= abs(dy):
        fx, fy = (1 if dx > 0 else -1), 0
    else:
        fx, fy = 0, (1 if dy > 0 else -1)
    rx, ry = -fy, fx
    out = []
    for slot in range(SLOTS):
        row, col = divmod(slot, 3)
        out.append(g.cell_at(sx + fx * (1 - row) + rx * (col - 1), sy + fy * (1 - row) + ry * (col - 1)))
    return out


def _centre(gmap: GameMap) -> int:
    g = gmap.grid
    if g.rings:
        return g.cell_at(0, 0)
    c = g.cell_at_offset(g.cols // 2, g.rows // 2)
    return c if c >= 0 else g.cells[len(g.cells) // 2]


def nearest_free(gmap: GameMap, target: int, ok) -> int:
    """Nearest cell to `target` (by grid distance, then lowest index) with ok(cell) true; -1 if none."""
    g = gmap.grid
    tx, ty = g.coords(target)
    limit = g.width + g.height + 2
    for d in range(limit):
        best = -1
        for dx, dy in g.range_offsets(d, d):
            c = g.cell_at(tx + dx, ty + dy)
            if c >= 0 and ok(c) and (best < 0 or c < best):
                best = c
        if best >= 0:
            return best
    return -1
