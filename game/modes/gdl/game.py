"""A game of an Xconq module: state, legal actions and `apply` (the only way state changes).

Turn model (docs/gdl.md): at the start of each turn every unit gets
`acp = min(acp + acp-per-turn, acp-max)`, recovers hp and may detonate by accident; then the
sides act one after another (side ids in order), each ending with END. A move is one step to a
neighbouring in-area cell (never the edge ring) or into a friendly transport; it costs
`mp * 100 / speed` ACP (at least 1). Attacks follow combat.py. All chance comes from the
game's PCG32, whose state is part of the snapshot, so every game is a replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.canon import canonical_hash
from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.gdl import combat
from game.modes.gdl.generated import generated_world
from game.modes.gdl.world import World

END, MOVE, ATTACK, FIRE, REPAIR, DETONATE = range(6)
KIND_NAMES = ("end", "move", "attack", "fire", "repair", "detonate")


@dataclass
class Unit:
    id: int
    type: int
    side: int
    cell: int            # -1 while inside a transport
    hp: int
    acp: int = 0
    transport: int = -1
    name: str = ""
    alive: bool = True

    def data(self) -> list:
        return [self.id, self.type, self.side, self.cell, self.hp, self.acp, self.transport, int(self.alive)]


class GdlGame:
    mode = "gdl"

    def __init__(self, world: World, seed: int):
        world = generated_world(world, seed)     # the world synthesis makes for this seed, if any
        self.w = world
        self.seed = seed
        self.rng = Pcg32(seed, 0x6D6C)
        self.turn = 0
        self.units: list[Unit] = []
        self.at: dict[int, list[int]] = {}        # cell -> ids of top-level units there
        self.occ: dict[int, list[int]] = {}       # transport id -> occupant ids
        m = world.m
        for i, spec in enumerate(m.units):
            cell = world.grid.cell_at(spec.x, spec.y) if spec.x is not None else -1
            hp = spec.hp if spec.hp is not None and spec.hp > 0 else world.hp_max[spec.type]
            self.units.append(Unit(i, spec.type, spec.side, cell, min(hp, world.hp_max[spec.type]),
                                   name=spec.name))
        for i, spec in enumerate(m.units):
            u = self.units[i]
            if isinstance(spec.transport, int) and self.units[spec.transport].alive:
                u.transport = spec.transport
                u.cell = -1
                self.occ.setdefault(spec.transport, []).append(i)
            elif u.cell < 0:
                u.alive = False          # no position, not inside anything: not in play
            else:
                self.at.setdefault(u.cell, []).append(i)
        sides = sorted({u.side for u in self.units if u.alive and u.side > 0})
        self.sides = sides or [1]
        self.side_index = 0
        self.winner: int | None = None
        self.over = False
        self.end_reason = ""
        self._start_turn([])
        self._check_end([])

    # --- queries ------------------------------------------------------------------------------
    @property
    def side(self) -> int:
        return self.sides[self.side_index]

    def cell_of(self, u: Unit) -> int:
        while u.transport >= 0:
            u = self.units[u.transport]
        return u.cell

    def is_over(self) -> bool:
        return self.over

    def enemies(self, a: int, b: int) -> bool:
        return a != b

    def top_units(self, cell: int) -> list[int]:
        return self.at.get(cell, [])

    def occupants(self, uid: int) -> list[int]:
        return self.occ.get(uid, [])

    def can_act(self, u: Unit) -> bool:
        return u.alive and u.side == self.side and u.acp > 0 and self.w.can_act[u.type]

    def afford(self, u: Unit, cost: int) -> bool:
        return u.acp > 0 and u.acp - cost >= self.w.acp_min[u.type]

    def room_in_cell(self, ut: int, cell: int, ignore: int = -1) -> bool:
        w = self.w
        t = w.terrain[cell]
        ids = [i for i in self.at.get(cell, []) if i != ignore]
        same = sum(1 for i in ids if self.units[i].type == ut)
        if same < w.terr_cap_x[ut][t]:
            return True
        used = sum(w.size_terr[self.units[i].type][t] for i in ids)
        return used + w.size_terr[ut][t] <= w.tcapacity[t]

    def room_in_unit(self, ut: int, tr: Unit) -> bool:
        w = self.w
        ids = self.occ.get(tr.id, [])
        same = sum(1 for i in ids if self.units[i].type == ut)
        if same < w.cap_x[tr.type][ut]:
            return True
        if w.capacity[tr.type] <= 0:
            return False
        used = sum(w.size_occ[self.units[i].type][tr.type] for i in ids)
        return used + w.size_occ[ut][tr.type] <= w.capacity[tr.type]

    def move_target(self, u: Unit, cell: int):
        """(acp cost, transport id or -1) of moving `u` into `cell`, or None when not possible."""
        w = self.w
        if not w.grid.exists[cell] or w.edge[cell]:
            return None
        here = self.cell_of(u)
        if here == cell or w.grid.distance(here, cell) != 1:
            return None
        ids = self.at.get(cell, [])
        for i in ids:
            if self.units[i].side != u.side:
                return None
        t = w.terrain[cell]
        if self.room_in_cell(u.type, cell):
            if w.vanish[u.type][t]:
                return None
            cost = w.move_acp[u.type][t]
            if cost is not None and self.afford(u, cost):
                return cost, -1
        for i in ids:
            tr = self.units[i]
            cost = w.board_acp[u.type][tr.type]
            if cost is not None and self.afford(u, cost) and self.room_in_unit(u.type, tr):
                return cost, i
        return None

    def legal_actions(self) -> list[list[int]]:
        if self.over:
            return []
        out: list[list[int]] = []
        for u in self.units:
            if self.can_act(u):
                out.extend(self.unit_actions(u))
        out.append([END])
        return out

    def unit_actions(self, u: Unit) -> list[list[int]]:
        out = []
        w = self.w
        g = w.grid
        here = self.cell_of(u)
        for c in g.neighbours[here]:
            if self.move_target(u, c) is not None:
                out.append([MOVE, u.id, c])
        for kind, tid in combat.targets(self, u):
            out.append([kind, u.id, tid])
        if w.acp_det[u.type] > 0 and self.afford(u, w.acp_det[u.type]):
            out.append([DETONATE, u.id])
        return out

    # --- actions -------------------------------------------------------------------------------
    def encode_action(self, action) -> list[int]:
        return list(action)

    def decode_action(self, data) -> list[int]:
        if (not isinstance(data, (list, tuple)) or not data or len(data) > 3
                or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1 << 20 for v in data)):
            raise ActionError(f"malformed action {data!r}")
        return list(data)

    def apply(self, action) -> list[tuple]:
        a = self.decode_action(action)
        if self.over:
            raise ActionError("the game is over")
        kind = a[0]
        if kind == END:
            if len(a) != 1:
                raise ActionError("END takes no arguments")
            return self._end_side()
        if len(a) < 2 or not 0 <= a[1] < len(self.units):
            raise ActionError(f"no unit in {a!r}")
        u = self.units[a[1]]
        if not self.can_act(u):
            raise ActionError(f"unit {u.id} cannot act now")
        ev: list[tuple] = []
        if kind == MOVE and len(a) == 3:
            mt = self.move_target(u, a[2]) if 0 <= a[2] < self.w.grid.n else None
            if mt is None:
                raise ActionError(f"unit {u.id} cannot move to cell {a[2]}")
            self._move(u, a[2], mt[1], mt[0], ev)
        elif kind in (ATTACK, FIRE, REPAIR) and len(a) == 3:
            if not 0 <= a[2] < len(self.units) or (kind, a[2]) not in combat.targets(self, u):
                raise ActionError(f"unit {u.id} cannot {KIND_NAMES[kind]} unit {a[2]}")
            combat.act(self, kind, u, self.units[a[2]], ev)
        elif kind == DETONATE and len(a) == 2:
            cost = self.w.acp_det[u.type]
            if cost <= 0 or not self.afford(u, cost):
                raise ActionError(f"unit {u.id} cannot detonate")
            u.acp -= cost
            combat.detonate(self, u, ev)
        else:
            raise ActionError(f"malformed action {a!r}")
        self._check_end(ev)
        return ev

    def _move(self, u: Unit, cell: int, into: int, cost: int, ev) -> None:
        self.detach(u)
        u.acp -= cost
        if into >= 0:
            u.transport = into
            u.cell = -1
            self.occ.setdefault(into, []).append(u.id)
            ev.append(("board", u.id, into))
        else:
            u.cell = cell
            self.at.setdefault(cell, []).append(u.id)
            ev.append(("move", u.id, cell))

    def detach(self, u: Unit) -> None:
        if u.transport >= 0:
            self.occ[u.transport].remove(u.id)
            u.transport = -1
        elif u.cell >= 0:
            self.at[u.cell].remove(u.id)
        u.cell = -1

    def place(self, u: Unit, cell: int) -> None:
        u.cell = cell
        self.at.setdefault(cell, []).append(u.id)

    def _end_side(self) -> list[tuple]:
        ev: list[tuple] = [("end", self.side)]
        self.side_index += 1
        if self.side_index >= len(self.sides):
            self.side_index = 0
            self.turn += 1
            self._start_turn(ev)
        self._check_end(ev)
        if not self.over:
            self._skip_dead_sides()
        return ev

    def _skip_dead_sides(self) -> None:
        alive = self.alive_sides()
        for _ in range(len(self.sides)):
            if self.side in alive:
                return
            self.side_index = (self.side_index + 1) % len(self.sides)

    def _start_turn(self, ev) -> None:
        w = self.w
        for u in self.units:
            if not u.alive:
                continue
            ut = u.type
            u.acp = min(u.acp + w.acp_per_turn[ut], w.acp_max[ut])
            rec = w.hp_recovery[ut]
            if rec > 0 and u.hp < w.hp_max[ut]:
                gain = rec // 100 + (1 if self.rng.below(100) < rec % 100 else 0)
                u.hp = min(w.hp_max[ut], u.hp + gain)
        for u in list(self.units):
            if u.alive:
                t = w.terrain[self.cell_of(u)]
                ch = w.det_accident[u.type][t]
                if ch > 0 and self.rng.below(10000) < ch:
                    ev.append(("accident", u.id))
                    combat.detonate(self, u, ev)

    # --- scoring ---------------------------------------------------------------------------------
    def points(self) -> dict[int, int]:
        pts = {s: 0 for s in self.sides}
        for u in self.units:
            if u.alive and u.side in pts:
                pts[u.side] += self.w.points[u.type]
        return pts

    def alive_sides(self) -> list[int]:
        return [s for s, p in self.points().items() if p > 0]

    def _check_end(self, ev) -> None:
        if self.over:
            return
        alive = self.alive_sides()
        if len(alive) <= 1 and len(self.sides) > 1:
            self.over = True
            self.winner = alive[0] if alive else None
            self.end_reason = "last side standing"
        elif self.turn >= self.w.turn_limit:
            self.over = True
            self.end_reason = "turn limit"
            self.winner = self._limit_winner()
        if self.over:
            ev.append(("over", self.winner or 0, self.end_reason))

    def _limit_winner(self) -> int | None:
        """At the turn limit: without a scorekeeper the side with most units on the map's rarest
        terrain wins (King of the Hill), then the side with most points; ties are draws."""
        w = self.w
        pts = self.points()
        if not w.scorekeeper:
            hold = {s: 0 for s in self.sides}
            for u in self.units:
                if u.alive and u.side in hold and w.terrain[self.cell_of(u)] == w.rarest:
                    hold[u.side] += 1
            best = max(hold.values())
            top = [s for s, v in hold.items() if v == best]
            if len(top) == 1:
                return top[0]
        best = max(pts.values())
        top = [s for s, v in pts.items() if v == best]
        return top[0] if len(top) == 1 else None

    # --- snapshot ------------------------------------------------------------------------------
    def snapshot(self) -> dict:
        snap = {"turn": self.turn, "side": self.side, "rng": list(self.rng.get_state()),
                "units": [u.data() for u in self.units], "over": int(self.over),
                "winner": self.winner or 0}
        if self.w.m.generated_seed is not None:
            snap["world"] = self.w.m.generated_seed      # the seed the world was generated from
        return snap

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    @classmethod
    def restore(cls, world: World, snap: dict) -> GdlGame:
        """A game in the state of `snapshot()`; ValueError for anything that does not fit."""
        ws = snap.get("world", 0)
        if not isinstance(ws, int) or isinstance(ws, bool) or not 0 <= ws < 1 << 64:
            raise ValueError("snapshot: the world seed is not a 64-bit number")
        g = cls(world, ws)
        units = snap["units"]
        if not isinstance(units, list) or len(units) != len(g.units):
            raise ValueError("snapshot: wrong number of units")
        g.at, g.occ = {}, {}
        for u, row in zip(g.units, units):
            if not (isinstance(row, list) and len(row) == 8 and all(isinstance(v, int) for v in row)):
                raise ValueError("snapshot: a unit is not 8 integers")
            uid, ut, side, cell, hp, acp, tr, alive = row
            if uid != u.id or not 0 <= ut < world.nu or not -1 <= tr < len(g.units) or tr == uid:
                raise ValueError(f"snapshot: unit {u.id} is malformed")
            if alive and tr < 0 and not world.grid.is_cell(cell):
                raise ValueError(f"snapshot: unit {u.id} is off the map")
            u.type, u.side, u.cell, u.hp, u.acp, u.transport, u.alive = ut, side, cell, hp, acp, tr, bool(alive)
            if u.alive:
                if tr >= 0:
                    g.occ.setdefault(tr, []).append(uid)
                    u.cell = -1
                else:
                    g.at.setdefault(cell, []).append(uid)
        side = snap["side"]
        if side not in g.sides:
            raise ValueError("snapshot: unknown side to act")
        g.side_index = g.sides.index(side)
        g.turn = int(snap["turn"])
        g.rng = Pcg32.from_state(tuple(snap["rng"]))
        g.over = bool(snap["over"])
        g.winner = int(snap["winner"]) or None
        return g
