"""Level generation: rooms joined by corridors wide enough to fight in, stairs, items and foes.

    level = generate_level(data, rules, seed, depth)

Deterministic: everything comes from a PCG32 stream of its own (`seed`, stream 0xD000 + depth),
so a level is rebuilt from the run's seed and its depth and never stored.

1. Rooms: rectangles of `room_min`..`room_max` squares a side, kept two squares apart (each has
   its own wall) and off the border; up to `rooms_max`, tried for 40 times as many placements.
2. Corridors: a spanning tree over the rooms (nearest room next, Prim's order), plus
   `extra_links` further corridors between near rooms so levels have loops. Each corridor is an
   L of two straight bands `corridor_width` squares wide, carved through rock only; where a band
   crosses a room's wall the squares become a doorway of the same width.
3. "Sized for melee" (docs/rules/bout-dungeon.md): every open square lies in a 2x2 block of open squares,
   so nowhere is a fighter walled in on both sides: a foe can always be stepped round or flanked,
   and two fighters can stand abreast in every corridor and doorway.
4. Stairs: in the room farthest (in steps) from the arrival room; on the last level they are the
   way out. Foes start at least `foe_distance` steps from the arrival square, in packs of one
   faction; items lie in rooms. Both are drawn by depth and weight.
"""

from __future__ import annotations

from game.core.prng import Pcg32
from game.modes.bout.dungeon.level import CORRIDOR, DOOR, FLOOR, ROCK, STAIRS, Level

STREAM = 0xD000


def _apart(a, b, gap: int) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + aw + gap <= bx or bx + bw + gap <= ax or ay + ah + gap <= by or by + bh + gap <= ay


def _place_rooms(rng: Pcg32, d: dict) -> list:
    w, h = d["width"], d["height"]
    want = rng.between(d["rooms_min"], d["rooms_max"])
    rooms: list = []
    tries = 40 * d["rooms_max"]
    for _ in range(tries):
        if len(rooms) >= want:
            break
        rw = rng.between(d["room_min"], d["room_max"])
        rh = rng.between(d["room_min"], min(d["room_max"], h - 4))
        if rw > w - 4 or rh > h - 4:
            continue
        r = (rng.between(2, w - rw - 2), rng.between(2, h - rh - 2), rw, rh)
        if all(_apart(r, o, 3) for o in rooms):
            rooms.append(r)
    if len(rooms) < 2:                      # a cramped level: two smallest rooms at the ends
        s = d["room_min"]
        rooms = [(2, 2, s, s), (w - 2 - s, h - 2 - s, s, s)]
    return rooms


def _anchor(room, cw: int) -> tuple[int, int]:
    """Top-left square of a cw x cw block in the middle of a room (a corridor's end)."""
    x, y, w, h = room
    return x + max(0, (w - cw) // 2), y + max(0, (h - cw) // 2)


def _links(rng: Pcg32, rooms: list, extra: int) -> list:
    centres = [_anchor(r, 1) for r in rooms]

    def dist(i, j):
        return abs(centres[i][0] - centres[j][0]) + abs(centres[i][1] - centres[j][1])

    n = len(rooms)
    inside, links = {0}, []
    while len(inside) < n:
        best = min((dist(i, j), i, j) for i in sorted(inside) for j in range(n) if j not in inside)
        links.append((best[1], best[2]))
        inside.add(best[2])
    have = {tuple(sorted(p)) for p in links}
    spare = sorted((dist(i, j), i, j) for i in range(n) for j in range(i + 1, n) if (i, j) not in have)
    spare = spare[: max(0, 2 * extra)]
    for _ in range(min(extra, len(spare))):
        _d, i, j = spare.pop(rng.below(len(spare)))
        links.append((i, j))
    return links


def _carve_band(tiles: bytearray, w: int, h: int, cells) -> None:
    for x, y in cells:
        if 1 <= x < w - 1 and 1 <= y < h - 1 and tiles[y * w + x] == ROCK:
            tiles[y * w + x] = CORRIDOR


def _corridor(rng: Pcg32, tiles: bytearray, w: int, h: int, a, b, cw: int) -> None:
    (x0, y0), (x1, y1) = _anchor(a, cw), _anchor(b, cw)
    horizontal_first = rng.below(2) == 0
    bx, by = (x1, y0) if horizontal_first else (x0, y1)      # the bend
    for (ax, ay), (ex, ey) in (((x0, y0), (bx, by)), ((bx, by), (x1, y1))):
        xs = range(min(ax, ex), max(ax, ex) + cw)
        ys = range(min(ay, ey), max(ay, ey) + cw)
        _carve_band(tiles, w, h, ((x, y) for x in xs for y in ys))


def _mark_doors(tiles: bytearray, w: int, rooms: list) -> None:
    for x, y, rw, rh in rooms:
        ring = [(xx, y - 1) for xx in range(x - 1, x + rw + 1)] + [(xx, y + rh) for xx in range(x - 1, x + rw + 1)]
        ring += [(x - 1, yy) for yy in range(y, y + rh)] + [(x + rw, yy) for yy in range(y, y + rh)]
        for xx, yy in ring:
            c = yy * w + xx
            if tiles[c] == CORRIDOR:
                tiles[c] = DOOR


def _pick(rng: Pcg32, entries: list, depth: int):
    """One entry allowed at `depth`, drawn by weight (None if none is allowed)."""
    ok = [e for e in entries if e.min_depth <= depth <= e.max_depth and e.weight > 0]
    total = sum(e.weight for e in ok)
    if not total:
        return None
    r = rng.below(total)
    for e in ok:
        r -= e.weight
        if r < 0:
            return e
    return ok[-1]


def _room_cells(room) -> list[int]:
    x, y, w, h = room
    return [(yy, xx) for yy in range(y, y + h) for xx in range(x, x + w)]


def generate_level(data, seed: int, depth: int) -> Level:
    d = data.dungeon
    rng = Pcg32(seed, STREAM + depth)
    w, h, cw = d["width"], d["height"], d["corridor_width"]
    tiles = bytearray(w * h)
    rooms = _place_rooms(rng, d)
    for x, y, rw, rh in rooms:
        for yy in range(y, y + rh):
            tiles[yy * w + x: yy * w + x + rw] = bytes([FLOOR]) * rw
    for i, j in _links(rng, rooms, d["extra_links"]):
        _corridor(rng, tiles, w, h, rooms[i], rooms[j], cw)
    _mark_doors(tiles, w, rooms)
    level = Level(w, h, depth, tiles, rooms=rooms, last=depth >= d["levels"])
    ax, ay = _anchor(rooms[0], 1)
    level.start = ay * w + ax
    dist = level.distances(level.start)
    far = max(range(1, len(rooms)), key=lambda i: (dist[level.cell(*_anchor(rooms[i], 1))], -i))
    sx, sy = _anchor(rooms[far], 1)
    level.stairs = sy * w + sx
    tiles[level.stairs] = STAIRS
    _populate(rng, data, level)
    return level


def _populate(rng: Pcg32, data, level: Level) -> None:
    d, depth, w = data.dungeon, level.depth, level.width
    taken = {level.start, level.stairs}
    dist = level.distances(level.start)
    # foes: packs in rooms far enough from the arrival square
    count = min(d["foes_max"], d["foes_base"] + d["foes_per_depth"] * (depth - 1))
    far_rooms = [i for i, r in enumerate(level.rooms)
                 if any(dist[y * w + x] >= d["foe_distance"] for y, x in _room_cells(r))]
    if not far_rooms:
        far_rooms = list(range(1, len(level.rooms)))
    reach = min(d["foe_distance"], max(dist))
    placed = 0
    guard = 0
    while placed < count and guard < 8 * count + 8:
        guard += 1
        kind = _pick(rng, data.foes, depth)
        if kind is None:
            break
        room = level.rooms[far_rooms[rng.below(len(far_rooms))]]
        cells = [y * w + x for y, x in _room_cells(room)
                 if y * w + x not in taken and dist[y * w + x] >= reach]
        pack = min(rng.between(kind.pack_min, kind.pack_max), count - placed)
        for _ in range(pack):
            if not cells:
                break
            c = cells.pop(rng.below(len(cells)))
            taken.add(c)
            level.foes.append([c, kind.index])
            placed += 1
    # items: anywhere in a room but the arrival room
    n_items = rng.between(d["items_min"], d["items_max"])
    spots = [y * w + x for i, r in enumerate(level.rooms) if i for y, x in _room_cells(r)
             if y * w + x not in taken]
    for _ in range(n_items):
        it = _pick(rng, data.items, depth)
        if it is None or not spots:
            break
        c = spots.pop(rng.below(len(spots)))
        taken.add(c)
        level.items.append([c, it.index])
