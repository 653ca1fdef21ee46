"""Each side's view of the world (refman "Vision", "Initial View"), when the module does not
play with `see-all`.

- A unit sees every cell within its `vision-range` (-1: nothing; 0: its own cell, and the
  terrain of the cells around it). An occupant sees with `occupant-vision` % (occupant type,
  transport type) of its range; at night (daylight.py) a unit keeps `vision-night-effect` % of
  its range and of its see chances in the terrain it stands on. Incomplete units and units not on the map see nothing.
- A side knows the terrain of every cell one of its units has seen; with `terrain-seen` (the
  variant world-seen) it knows all terrain from the start, and else the terrain within
  `initial-seen-radius` of each of its starting units.
- A side sees another side's unit when the unit's cell is in sight and a roll succeeds: the best
  chance among the side's units that see the cell, `see-chance-at` (same cell),
  `see-chance-adjacent` (distance 1) or `see-chance` (farther) times the unit's `visibility` in
  its terrain / 100. The roll is made when the unit or the cell comes into sight and again at
  the start of every turn; with every chance 100 % there is no roll.
- A type that cannot see behind things (`can-see-behind` false) sees no farther than the ground
  allows (sight.py: `eye-height`, elevations, terrain `thickness`).
- An occupant is seen only when its transport is seen and the transport's type has
  `see-occupants`.
- People (made by world synthesis: country-people-chance, independent-people-chance) see every
  unit in their cell for their side.
- A side may take a unit for another type: `see-mistake-chance` (.01 %) of its nearest unit
  that sees the cell, from `see-mistake-range-min` on, draws the type by `looks-like` weights.
- What a side saw stays in its memory (type, side, cell, turn) until it sees the cell again
  empty of that unit. A `see-always` unit, once seen, stays seen wherever it goes (and its cell's
  terrain becomes known). At the start other sides' units on terrain a side knows are in its
  memory with `already-seen` % (`already-seen-independent` for independent units; see-always
  implies 100 %).

All rolls use the views' own PCG32 stream (seeded from the game seed), whose state is in the
snapshot; the views change only in `update`, called after every action.
"""

from __future__ import annotations

from game.core.prng import Pcg32
from game.modes.gdl.daylight import night_at
from game.modes.gdl.sight import cells_in_sight

VISION_STREAM = 0x5EE1


def fog(world) -> bool:
    """True when the module is played with fog of war (see-all false)."""
    return not world.m.globals.get("see-all", 0)


class SideViews:
    def __init__(self, g):
        w = g.w
        m = w.m
        up, T = m.uprops, m.tables
        self.grid = w.grid
        self.n = w.grid.n
        self.sides = [s for s in g.sides if s > 0]
        self.vrange = list(up["vision-range"])
        self.seen_radius = list(up["initial-seen-radius"])
        self.always = [bool(v) for v in up["see-always"]]
        self.see_occ = [bool(v) for v in up["see-occupants"]]
        self.already = list(up["already-seen"])
        self.already_indep = list(up["already-seen-independent"])
        self.occ_vision = T["occupant-vision"]
        self.chance_by_distance = (T["see-chance-at"], T["see-chance-adjacent"], T["see-chance"])
        self.visibility = T["visibility"]
        self.night = T["vision-night-effect"]
        self.mistake, self.mistake_min, self.looks = T["see-mistake-chance"], T["see-mistake-range-min"], T["looks-like"]
        self.mistakes = any(v > 0 for row in self.mistake for v in row) and any(v > 0 for row in self.looks for v in row)
        self.night_matters = any(v != 100 for row in self.night for v in row)
        self.certain = all(v >= 100 for tab in self.chance_by_distance for row in tab for v in row) and \
            all(v >= 100 for row in self.visibility for v in row) and \
            all(v >= 100 for row in T["vision-night-effect"] for v in row) and \
            not (any(v > 0 for row in T["see-mistake-chance"] for v in row)
                 and any(v > 0 for row in T["looks-like"] for v in row))
        self.cover = {s: [0] * self.n for s in self.sides}
        self.seen = {s: bytearray(self.n) for s in self.sides}
        self.now: dict[int, set[int]] = {s: set() for s in self.sides}
        self.memory: dict[int, dict[int, tuple[int, int, int, int]]] = {s: {} for s in self.sides}
        self.placed: dict[int, tuple[int, int, int, int]] = {}
        self.rng = Pcg32(g.seed, VISION_STREAM)
        self.turn = g.turn
        self._discs: dict[tuple[int, int], list[int]] = {}
        self._offsets: dict[int, tuple] = {}
        self.people_at: dict[int, int] = {}      # cell -> side whose people live there
        self._sights: dict[tuple[int, int, int], list[int]] = {}
        self.w = w
        self.behind = [bool(v) for v in up["can-see-behind"]]
        self.eye = T["eye-height"]

    # --- geometry -------------------------------------------------------------------------------
    def disc(self, cell: int, r: int) -> list[int]:
        """Board cells within r of `cell` (the grid's range template, placed without calls)."""
        key = (cell, r)
        d = self._discs.get(key)
        if d is not None:
            return d
        offs = self._offsets.get(r)
        if offs is None:
            offs = self._offsets[r] = self.grid.range_offsets(0, r)
        grid = self.grid
        w, h, x0, y0, exists = grid.width, grid.height, grid.x0, grid.y0, grid.exists
        x, y = grid.xs[cell] - x0, grid.ys[cell] - y0
        d = []
        for dx, dy in offs:
            cx, cy = x + dx, y + dy
            if 0 <= cx < w and 0 <= cy < h:
                c = cy * w + cx
                if exists[c]:
                    d.append(c)
        if len(self._discs) < 200_000:
            self._discs[key] = d
        return d

    def key_of(self, g, u) -> tuple[int, int, int, int] | None:
        """(side, cell, range, eye height or -1 when ground never hides anything) of a unit's
        sight, or None when it sees nothing."""
        if not u.alive or u.side not in self.cover:
            return None
        if hasattr(g, "active") and not g.active(u):
            return None
        cell = g.cell_of(u)
        if cell < 0:
            return None
        r = self.vrange[u.type]
        if r > 0 and u.transport >= 0:
            r = r * self.occ_vision[u.type][g.units[u.transport].type] // 100
        if r > 0 and self.night_matters and night_at(g, cell):
            r = r * self.night[u.type][g.w.terrain[cell]] // 100
        if r < 0:
            return None
        eye = -1 if self.behind[u.type] or r < 2 else self.eye[u.type][g.w.terrain[cell]]
        return (u.side, cell, r, eye)

    # --- start ----------------------------------------------------------------------------------
    def start(self, g) -> SideViews:
        m = g.w.m
        self.add_people(g)
        if m.globals.get("terrain-seen", 0) or m.globals.get("world-seen", 0):
            for s in self.sides:
                self.seen[s][:] = g.w.grid.exists
        for u in g.units:
            if u.alive and u.side in self.seen and g.cell_of(u) >= 0:
                for c in self.disc(g.cell_of(u), max(0, self.seen_radius[u.type])):
                    self.seen[u.side][c] = 1
        self.update(g)
        for s in self.sides:
            for u in g.units:
                if u.side == s or not u.alive or u.transport >= 0 or u.id in self.now[s]:
                    continue
                cell = g.cell_of(u)
                if cell < 0 or not self.seen[s][cell]:
                    continue
                ch = 100 if self.always[u.type] else (self.already_indep if u.side == 0 else self.already)[u.type]
                if self.roll(ch):
                    self.memory[s][u.id] = (u.type, u.side, cell, g.turn)
        return self

    def add_people(self, g) -> None:
        """People see for their side every unit in their cell (they never move): a lasting sight."""
        for c, s in enumerate(g.w.m.people):
            if s in self.cover:
                self.cover[s][c] += 1
                self.seen[s][c] = 1
                self.people_at[c] = s

    def roll(self, chance: int) -> bool:
        if chance <= 0:
            return False
        if chance >= 100:
            return True
        return self.rng.below(100) < chance

    # --- keeping up with the game ---------------------------------------------------------------
    def update(self, g) -> None:
        """Bring every side's view up to date after an action (and a new turn's rolls)."""
        gained = {s: [] for s in self.sides}
        lost = {s: [] for s in self.sides}
        changed = []
        gone: list[tuple[int, int]] = []          # (unit id, cell) of units that left play
        for u in g.units:
            key = self.key_of(g, u)
            old = self.placed.get(u.id)
            if key == old:
                continue
            changed.append(u)
            if old is not None:
                self._cover(old, -1, lost)
            if key is None:
                self.placed.pop(u.id, None)
                if not u.alive and old is not None:
                    gone.append((u.id, old[1]))
            else:
                self._cover(key, 1, gained)
                self.placed[u.id] = key
        for s in self.sides:
            cov, now, mem = self.cover[s], self.now[s], self.memory[s]
            for uid, cell in gone:
                now.discard(uid)
                if cov[cell] > 0:
                    mem.pop(uid, None)
            for c in lost[s]:
                for uid in sorted(g.units_in_cell(c)):
                    if uid in now and not self.always[g.units[uid].type]:
                        now.discard(uid)
            if gained[s]:
                fresh = set(gained[s])
                for uid in [i for i, row in mem.items() if row[2] in fresh]:
                    u = g.units[uid]
                    if not u.alive or g.cell_of(u) != mem[uid][2]:
                        mem.pop(uid)
                for c in gained[s]:
                    for uid in sorted(g.top_units(c)):     # id order: the same after a restore
                        self.test(g, s, g.units[uid])
            for u in changed:
                if u.side != s:
                    self.test(g, s, u)
        if g.turn != self.turn:
            self.turn = g.turn
            if not self.certain:
                for s in self.sides:
                    for uid in sorted(self.now[s]):
                        self.test(g, s, g.units[uid])

    def sight(self, w, cell: int, r: int, eye: int) -> list[int]:
        if eye < 0:
            return self.disc(cell, r)
        key = (cell, r, eye)
        got = self._sights.get(key)
        if got is None:
            got = cells_in_sight(w, cell, self.disc(cell, r), eye)
            if len(self._sights) < 100_000:
                self._sights[key] = got
        return got

    def _cover(self, key, delta: int, record) -> None:
        side, cell, r, eye = key
        cov, seen, rec = self.cover[side], self.seen[side], record[side]
        for c in self.sight(self.w, cell, r, eye):
            cov[c] += delta
            if delta > 0:
                seen[c] = 1
                if cov[c] == 1:
                    rec.append(c)
            elif cov[c] == 0:
                rec.append(c)
        if r == 0 and delta > 0:                  # vision 0: a glimpse of the terrain around
            for c in self.grid.neighbours[cell]:
                seen[c] = 1

    def test(self, g, s: int, u) -> bool:
        """Whether side s sees unit u now; updates its view (and the occupants' views)."""
        seen = self._sees(g, s, u)
        now = self.now[s]
        if seen:
            cell = g.cell_of(u)
            now.add(u.id)
            looks = self.taken_for(g, s, u, cell) if self.mistakes else u.type
            self.memory[s][u.id] = (looks, u.side, cell, g.turn)
            self.seen[s][cell] = 1
        else:
            now.discard(u.id)
        for oid in sorted(g.occupants(u.id)):
            if g.units[oid].side != s:
                self.test(g, s, g.units[oid])
        return seen

    def _sees(self, g, s: int, u) -> bool:
        if u.side == s:
            return True
        if not u.alive:
            return False
        cell = g.cell_of(u)
        if cell < 0:
            return False
        if self.always[u.type] and u.id in self.memory[s]:
            return True
        if u.transport >= 0:
            tr = g.units[u.transport]
            return self.see_occ[tr.type] and (tr.side == s or tr.id in self.now[s])
        if self.cover[s][cell] <= 0:
            return False
        if self.certain:
            return True
        return self.roll(self.best_chance(g, s, u, cell))

    def taken_for(self, g, s: int, u, cell: int) -> int:
        """The type side s takes unit u for: its own, or (see-mistake-chance, .01 %, of the side's
        nearest unit that sees the cell, from see-mistake-range-min on) one drawn by looks-like."""
        near, nd, nid = None, 1 << 30, -1
        for oid, (side, oc, r, _eye) in self.placed.items():
            if side == s:
                d = self.grid.distance(oc, cell)
                if d <= r and (d < nd or (d == nd and oid < nid)):      # ties: the lowest unit id
                    near, nd, nid = g.units[oid].type, d, oid
        if near is None or nd < self.mistake_min[near][u.type]:
            return u.type
        ch = self.mistake[near][u.type]
        if ch <= 0 or self.rng.below(10000) >= ch:
            return u.type
        weights = self.looks[u.type]
        total = sum(weights)
        if total <= 0:
            return u.type
        k = self.rng.below(total)
        for v, wgt in enumerate(weights):
            k -= wgt
            if k < 0:
                return v
        return u.type

    def best_chance(self, g, s: int, u, cell: int) -> int:
        best = 100 if self.people_at.get(cell) == s else 0
        dist = self.grid.distance
        for oid, (side, oc, r, eye) in self.placed.items():
            if side != s:
                continue
            d = dist(oc, cell)
            if d <= r and (eye < 0 or d < 2 or cell in self.sight(g.w, oc, r, eye)):
                ot = g.units[oid].type
                ch = self.chance_by_distance[min(d, 2)][ot][u.type]
                if self.night_matters and night_at(g, oc):
                    ch = ch * self.night[ot][g.w.terrain[oc]] // 100
                best = max(best, ch)
        return best * self.visibility[u.type][g.w.terrain[cell]] // 100

    # --- queries (UI, bots, link) -----------------------------------------------------------------
    def sees(self, side: int, uid: int, g) -> bool:
        u = g.units[uid]
        if u.side == side:
            return True
        return uid in self.now.get(side, ()) or (self.always[u.type] and uid in self.memory.get(side, {})
                                                 and u.alive)

    def terrain_known(self, side: int, cell: int) -> bool:
        return side not in self.seen or bool(self.seen[side][cell])

    def in_sight(self, side: int, cell: int) -> bool:
        return side in self.cover and self.cover[side][cell] > 0

    # --- snapshot -----------------------------------------------------------------------------
    def snapshot(self) -> dict:
        rows = []
        for s in self.sides:
            mem = sorted([uid, *row] for uid, row in self.memory[s].items())
            rows.append([s, pack(self.seen[s]), sorted(self.now[s]), mem])
        return {"sides": rows, "rng": list(self.rng.get_state()), "turn": self.turn}

    def load(self, g, data) -> None:
        """The state of `snapshot()` (ValueError for anything that does not fit)."""
        if not isinstance(data, dict) or not isinstance(data.get("sides"), list):
            raise ValueError("snapshot: views are malformed")
        nu = len(g.units)
        by_side = {}
        for row in data["sides"]:
            if not (isinstance(row, list) and len(row) == 4 and row[0] in self.cover):
                raise ValueError("snapshot: a side's view is malformed")
            s, bits, now, mem = row
            raw = unpack(bits, self.n)
            if not isinstance(now, list) or not isinstance(mem, list):
                raise ValueError("snapshot: a side's view is malformed")
            if not all(isinstance(i, int) and 0 <= i < nu for i in now):
                raise ValueError("snapshot: a side sees a unit that does not exist")
            memory = {}
            for r in mem:
                if not (isinstance(r, list) and len(r) == 5 and all(isinstance(v, int) for v in r)
                        and 0 <= r[0] < nu and -1 <= r[3] < self.n):
                    raise ValueError("snapshot: a side's memory is malformed")
                memory[r[0]] = (r[1], r[2], r[3], r[4])
            by_side[s] = (raw, set(now), memory)
        for s, (seen, now, memory) in by_side.items():
            self.seen[s], self.now[s], self.memory[s] = seen, now, memory
        rng = data.get("rng")
        if not (isinstance(rng, list) and len(rng) == 2 and all(isinstance(v, int) and v >= 0 for v in rng)):
            raise ValueError("snapshot: the views' generator is malformed")
        self.rng = Pcg32.from_state((rng[0], rng[1]))
        turn = data.get("turn")
        if not isinstance(turn, int):
            raise ValueError("snapshot: the views' turn is malformed")
        self.turn = turn


def pack(cells: bytearray) -> str:
    """The cells set to 1, as the hex digits of a bit set (bit c = cell c)."""
    out = bytearray((len(cells) + 7) // 8)
    c = cells.find(1)
    while c >= 0:
        out[c >> 3] |= 1 << (c & 7)
        c = cells.find(1, c + 1)
    return format(int.from_bytes(out, "little"), "x")


def unpack(text, n: int) -> bytearray:
    """`pack`'s inverse for n cells (ValueError for anything else)."""
    if not isinstance(text, str) or not 0 < len(text) <= (n + 3) // 4 or text.strip("0123456789abcdef"):
        raise ValueError("snapshot: a side's seen cells are malformed")
    raw = int(text, 16).to_bytes((n + 7) // 8 + 1, "little")
    if raw[-1] or int(text, 16) >> n:
        raise ValueError("snapshot: a side's seen cells are malformed")
    out = bytearray(n)
    for i, byte in enumerate(raw[:-1]):
        if byte:
            for k in range(8):
                if byte >> k & 1:
                    out[i * 8 + k] = 1
    return out


def start(g) -> SideViews | None:
    """The views of a new game, or None when the module plays see-all."""
    if not fog(g.w):
        return None
    return SideViews(g).start(g)


def restored(g, snap: dict) -> SideViews | None:
    """The views of a game restored from a snapshot (coverage rebuilt from the units)."""
    if not fog(g.w):
        return None
    v = SideViews(g)
    v.add_people(g)
    v.update(g)
    data = snap.get("views")
    if data is None:
        raise ValueError("snapshot: a fog-of-war game without its views")
    v.load(g, data)
    return v


def sees(g, side: int, uid: int) -> bool:
    """Whether `side` sees unit `uid` now (always true without fog)."""
    views = getattr(g, "views", None)
    return views is None or views.sees(side, uid, g)


def visible_units(g, side: int) -> list[int]:
    """Ids of the units in play that `side` sees now: its own and those of others it sees."""
    return [u.id for u in g.units if u.alive and g.cell_of(u) >= 0 and sees(g, side, u.id)]


def remembered(g, side: int) -> dict[int, tuple[int, int, int, int]]:
    """Units `side` saw but does not see now: id -> (type, side, cell, turn last seen)."""
    views = getattr(g, "views", None)
    if views is None or side not in views.memory:
        return {}
    return {uid: row for uid, row in views.memory[side].items() if not views.sees(side, uid, g)}


def seen_type(g, side: int, uid: int) -> int:
    """The type `side` takes unit `uid` for (its true type for its own units, without fog or
    without a mistake; for a unit it does not see now, the type it last saw)."""
    u = g.units[uid]
    views = getattr(g, "views", None)
    if views is None or u.side == side or side not in views.memory:
        return u.type
    row = views.memory[side].get(uid)
    return row[0] if row is not None else u.type


def terrain_known(g, side: int, cell: int) -> bool:
    views = getattr(g, "views", None)
    return views is None or views.terrain_known(side, cell)


def in_sight(g, side: int, cell: int) -> bool:
    views = getattr(g, "views", None)
    return views is None or views.in_sight(side, cell)
