"""What a GDL side bot knows and works out once per side turn (docs/rules/gdl-bot.md).

- Knowledge: the side's own units, and the other sides' units it sees now (vision.sees; every
  unit without fog) or remembers (vision.remembered: the cell where it last saw them). Nothing
  else: a hidden unit is neither a target nor a threat.
- Rates from the tables: the hp a unit type takes from another in one turn, hundredths
  (hit-chance x mean damage x the attacks its acp-per-turn pays for; fire the same way).
- Fields: breadth-first distances over the cells a unit type can enter, from sources (cells to
  strike from, homes, landing places, unexplored cells, waiting passengers), built at most once
  per kind and type a side turn.
- Hazards: cells where a unit that may blow up by accident (detonation-accident-chance) would
  kill a unit of a type outright; units keep out of them.
- Fights: a group of known enemies (joined when within 2 cells of each other) against the
  side's units that could join the fight within 3 turns; the side engages when it kills the group before the group
  kills it, counting the first blow as a quarter more (hp x rate compared, all integers). A
  unit waits outside the reach of a fight the side would lose only while more of the side's
  units that can hurt the group are farther away (on their way); else waiting gains nothing.
"""

from __future__ import annotations

from array import array

from game.modes.gdl import vision
from game.modes.gdl.dice import mean100

BIG = 1 << 30
GROUP_RADIUS = 2          # enemies this close to a target fight beside it
GATHER_TURNS = 3          # own units this many turns' moves away join a fight
GATHER_RADIUS_MAX = 24    # ... but none farther than this (bounded work)
FIRST_BLOW_PCT = 125      # striking first is worth a quarter: an even fight is taken
REFRESH_MAX = 8           # fields built again a turn, per kind and type
DANGER_RADIUS_MAX = 10    # the danger map looks no farther (bounded work on big maps)


def carries(w, tr: int, ot: int) -> bool:
    """Whether a transport type can take an occupant type and moves (a town is no ferry)."""
    if not (w.can_act[tr] and w.speed[tr] > 0):
        return False
    return w.cap_x[tr][ot] > 0 or 0 < w.size_occ[ot][tr] <= w.capacity[tr]


def spread(neighbours, ok, dist, frontier: list[int]) -> None:
    """Breadth-first distances in `dist` from the `frontier` cells (at 0) over the cells `ok`."""
    while frontier:
        nxt = []
        for c in frontier:
            d = dist[c] + 1
            for n in neighbours[c]:
                if dist[n] > d and ok[n]:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt


class Known:
    """An enemy as the side knows it: id, type, cell (now, or where it was last seen), hp (its
    hp when seen now, else its type's full hp)."""
    __slots__ = ("id", "type", "cell", "hp", "side")

    def __init__(self, uid: int, ut: int, cell: int, hp: int, side: int):
        self.id, self.type, self.cell, self.hp, self.side = uid, ut, cell, hp, side


class SidePlan:
    def __init__(self, g, side: int):
        w = g.w
        self.w = w
        self.side = side
        self.turn = g.turn
        self.fields: dict[tuple, array | None] = {}
        self._engage: dict[int, tuple[bool, bool]] = {}
        self._cluster: dict[int, int] | None = None
        self._danger: dict[int, list[int]] | None = None
        self._rate: dict[tuple[int, int], int] = {}
        self._steps: dict[int, int] = {}
        self._refreshed: dict[tuple, int] = {}
        self._hazards: dict[int, set[int]] = {}
        self._depots: dict[int, list[int]] = {}
        self.mine = [u for u in g.units if u.alive and u.side == side and g.cell_of(u) >= 0]
        self.known: list[Known] = []
        seen = set()
        for u in g.units:
            if u.alive and u.side != side and g.hostile(side, u.side) and vision.sees(g, side, u.id):
                c = g.cell_of(u)
                if c >= 0:
                    self.known.append(Known(u.id, vision.seen_type(g, side, u.id), c, u.hp, u.side))
                    seen.add(u.id)
        for uid, (ut, s, cell, _turn) in sorted(vision.remembered(g, side).items()):
            if uid not in seen and cell >= 0 and 0 <= ut < w.nu and g.hostile(side, s) and g.units[uid].alive:
                self.known.append(Known(uid, ut, cell, w.hp_max[ut], s))
        self.by_id = {k.id: k for k in self.known}
        self.stranded_types: set[int] | None = None
        self.types_owned = [0] * w.nu
        for u in self.mine:
            self.types_owned[u.type] += 1

    # --- the tables ---------------------------------------------------------------------------
    def steps(self, ut: int) -> int:
        """Cells a unit of the type can usually cover in a turn (at least 1)."""
        s = self._steps.get(ut)
        if s is None:
            w = self.w
            s = self._steps[ut] = max(1, min(20, w.acp_per_turn[ut] * max(w.speed[ut], 1) // 100))
        return s

    def rate(self, a: int, d: int) -> int:
        """hp x100 a unit of type a takes from one of type d in a turn, by the tables."""
        key = (a, d)
        r = self._rate.get(key)
        if r is None:
            w = self.w
            acp = max(1, w.acp_per_turn[a])
            r = 0
            if w.hit[a][d] > 0 and w.acp_attack[a][d] > 0:
                r = w.hit[a][d] * mean100(w.damage[a][d]) * max(1, acp // w.acp_attack[a][d]) // 100
            if w.acp_fire[a] > 0 and w.range[a] > 0 and w.fire_hit[a][d] > 0:
                r = max(r, w.fire_hit[a][d] * mean100(w.fire_damage[a][d]) * max(1, acp // w.acp_fire[a]) // 100)
            self._rate[key] = r
        return r

    def reach(self, ut: int) -> int:
        w = self.w
        attack = max(w.attack_range[ut]) if w.nu else 1
        fire = w.range[ut] if w.acp_fire[ut] > 0 else 0
        return max(1, attack, fire)

    def can_heal(self, ut: int) -> bool:
        """Whether a hurt unit of the type gets hp back: it recovers, or a type the side has
        repairs it."""
        w = self.w
        if w.hp_recovery[ut] > 0:
            return True
        auto = w.T["auto-repair"]
        return any(self.types_owned[x] and (w.can_repair[x][ut] or auto[x][ut] > 0) for x in range(w.nu))

    def depot_materials(self, ut: int) -> list[int]:
        """Materials a type hands out to the side (out-length >= 1) that other types the side
        owns and that hand out nothing live on (base-consumption or hp-per-starve), holding at
        least 3 times what any of them holds: such a unit is the side's supply and keeps out of
        the fighting."""
        got = self._depots.get(ut)
        if got is None:
            w = self.w
            T = w.T
            store = T["unit-storage-x"]
            got = []
            for m in range(w.nm):
                if T["out-length"][ut][m] < 1 or store[ut][m] <= 0:
                    continue
                users = [t for t in range(w.nu) if t != ut and self.types_owned[t] and T["out-length"][t][m] < 1
                         and (T["base-consumption"][t][m] > 0 or T["hp-per-starve"][t][m] > 0)]
                if users and store[ut][m] >= 3 * max(store[t][m] for t in users):
                    got.append(m)
            self._depots[ut] = got
        return got

    # --- fights -------------------------------------------------------------------------------
    def cluster_of(self, k: Known) -> int:
        """The index of k's group: known enemies joined when within GROUP_RADIUS of each other."""
        if self._cluster is None:
            grid = self.w.grid
            at: dict[int, list[int]] = {}
            for i, e in enumerate(self.known):
                at.setdefault(e.cell, []).append(i)
            root = list(range(len(self.known)))

            def find(i):
                while root[i] != i:
                    root[i] = root[root[i]]
                    i = root[i]
                return i
            for i, e in enumerate(self.known):
                for c in grid.cells_in_range(e.cell, 0, GROUP_RADIUS):
                    for j in at.get(c, ()):
                        a, b = find(i), find(j)
                        if a != b:
                            root[max(a, b)] = min(a, b)
            self._cluster = {e.id: find(i) for i, e in enumerate(self.known)}
            self._members: dict[int, list[Known]] = {}
            for e in self.known:
                self._members.setdefault(self._cluster[e.id], []).append(e)
        return self._cluster[k.id]

    def engage(self, g, k: Known) -> bool:
        """Whether the side's units that could join within GATHER_TURNS win the fight against
        k's group: the group's hp x its hp-loss rate against them <= their hp x their rate
        against the group x FIRST_BLOW_PCT / 100 (cached per group and turn)."""
        ci = self.cluster_of(k)
        got = self._engage.get(ci)
        if got is not None:
            return got[0]
        w = self.w
        group = self._members[ci]
        count = [0] * w.nu
        for e in group:
            count[e.type] += 1
        kinds = [t for t in range(w.nu) if count[t]]
        their_hp = sum(e.hp for e in group)
        radius = {}
        far = max(GATHER_TURNS * self.steps(t) + self.reach(t) + GROUP_RADIUS for t in range(w.nu)) if w.nu else 0
        near = self._near([e.cell for e in group], min(far, GATHER_RADIUS_MAX))
        hurt_by: dict[int, int] = {}
        harm_to: dict[int, int] = {}
        our_hp = our_rate = their_rate = 0
        coming = False
        for u in self.mine:
            if not u.alive or not g.active(u):
                continue
            ut = u.type
            hurt = hurt_by.get(ut)
            if hurt is None:
                hurt = hurt_by[ut] = sum(self.rate(ut, t) * count[t] for t in kinds)
                harm_to[ut] = sum(self.rate(t, ut) * count[t] for t in kinds)
                radius[ut] = GATHER_TURNS * self.steps(ut) + self.reach(ut) + GROUP_RADIUS
            if hurt <= 0:
                continue
            if near.get(g.cell_of(u), BIG) > radius[ut]:
                coming = coming or w.speed[ut] > 0
                continue
            our_hp += u.hp
            our_rate += hurt // len(group)
            their_rate = max(their_rate, harm_to[ut])
        ok = our_rate > 0 and their_hp * their_rate * 100 <= our_hp * our_rate * FIRST_BLOW_PCT
        self._engage[ci] = (ok, coming)
        return ok

    def _near(self, cells: list[int], radius: int) -> dict[int, int]:
        """cell -> distance to the nearest of `cells`, up to `radius` (any terrain)."""
        nbrs = self.w.grid.neighbours
        dist = dict.fromkeys(cells, 0)
        frontier = list(dist)
        for d in range(1, radius + 1):
            nxt = []
            for c in frontier:
                for n in nbrs[c]:
                    if n not in dist:
                        dist[n] = d
                        nxt.append(n)
            frontier = nxt
        return dist

    def hold(self, g, k: Known) -> bool:
        """Whether to wait outside k's reach: the side would lose the fight now and more of its
        units that can hurt k's group are on their way (else waiting gains nothing)."""
        return not self.engage(g, k) and self._engage[self.cluster_of(k)][1]

    def danger(self, g) -> dict[int, list[int]]:
        """cell -> known enemies that could strike a unit there by their next turn."""
        if self._danger is None:
            grid = self.w.grid
            d: dict[int, list[int]] = {}
            for k in self.known:
                if not any(self.rate(k.type, t) for t in range(self.w.nu)):
                    continue
                r = min(DANGER_RADIUS_MAX, self.steps(k.type) + self.reach(k.type))
                for c in grid.cells_in_range(k.cell, 0, r):
                    d.setdefault(c, []).append(k.id)
            self._danger = d
        return self._danger

    def hazards(self, g, ut: int) -> set[int]:
        """Cells where a unit of type `ut` could be killed (damage >= its full hp) by a unit that
        may blow up by accident (detonation-accident-chance > 0 where it stands), own or seen."""
        got = self._hazards.get(ut)
        if got is not None:
            return got
        w = self.w
        grid = w.grid
        out: set[int] = set()
        boom = [t for t in range(w.nu) if any(w.det_accident[t]) and max(w.det_range[t]) >= 0
                and (w.det_at[t][ut] > 0 or w.det_adj[t][ut] > 0)]
        if boom:
            for v in g.units:
                if v.alive and v.type in boom and (v.side == self.side or v.id in self.by_id):
                    c = g.cell_of(v)
                    if c < 0 or not w.det_accident[v.type][w.terrain[c]]:
                        continue
                    for n in grid.cells_in_range(c, 0, max(0, w.det_range[v.type][ut])):
                        dmg = w.det_at[v.type][ut] if n == c else w.det_adj[v.type][ut]
                        if mean100(dmg) >= 100 * w.hp_max[ut]:
                            out.add(n)
        self._hazards[ut] = out
        return out

    def threats(self, g, u, cell: int) -> list[Known]:
        """Known enemies that can hurt `u` if it stands at `cell`."""
        return [self.by_id[i] for i in self.danger(g).get(cell, ()) if self.rate(self.by_id[i].type, u.type) > 0]

    # --- fields -------------------------------------------------------------------------------
    def field(self, kind: str, ut: int, sources) -> array | None:
        """Distances (cells) over what type `ut` can enter from `sources` (cells given by the
        callable, asked only on a miss); None when there is no source."""
        key = (kind, ut)
        if key in self.fields:
            return self.fields[key]
        w = self.w
        grid = w.grid
        ok = w.passable(ut)
        dist = array("i", [BIG]) * grid.n
        frontier = []
        for c in sources():
            if 0 <= c < grid.n and ok[c] and dist[c]:
                dist[c] = 0
                frontier.append(c)
        if not frontier:
            self.fields[key] = None
            return None
        spread(grid.neighbours, ok, dist, frontier)
        self.fields[key] = dist
        return dist

    def strike_cells(self, g, ut: int):
        """Cells from which a unit of the type can hurt or capture a known enemy."""
        w = self.w
        grid = w.grid
        reach = self.reach(ut)
        takes = w.T["capture-chance"][ut]
        for k in self.known:
            if self.rate(ut, k.type) > 0 or takes[k.type] > 0:
                r = reach if self.rate(ut, k.type) > 0 else 1
                yield from grid.cells_in_range(k.cell, 1 if r >= 1 else 0, r)

    def repair_cells(self, g, ut: int):
        """Cells next to own units the type can repair and that are hurt."""
        w = self.w
        grid = w.grid
        if not any(w.can_repair[ut]):
            return
        for v in self.mine:
            if v.alive and w.can_repair[ut][v.type] and v.hp < w.hp_max[v.type]:
                yield from grid.cells_in_range(g.cell_of(v), 0, 1)

    def refresh(self, kind: str, ut: int) -> bool:
        """Forget a field so it is built again (at most REFRESH_MAX times a kind and type a
        turn: bounded work); False when that many are spent."""
        n = self._refreshed.get((kind, ut), 0)
        if n >= REFRESH_MAX:
            return False
        self._refreshed[(kind, ut)] = n + 1
        self.fields.pop((kind, ut), None)
        return True

    def strike_field(self, g, ut: int) -> array | None:
        """The field toward cells to strike or repair from (None: nothing to go for)."""
        return self.field("strike", ut, lambda: self._goals(g, ut))

    def _goals(self, g, ut: int):
        yield from self.strike_cells(g, ut)
        yield from self.repair_cells(g, ut)
