"""A game of an Xconq module: state, legal actions and `apply` (the only way state changes).

Turn model (docs/gdl.md): at a turn's start the backdrop runs (supply.turn_start: production and
supply lines; production.turn_start: repair, recovery, self-building; reinforcements appear;
accidents, attrition, revolts and surrenders) and every complete unit gets
`acp = min(acp + acp per turn, acp-max)`; then the sides act one after another (side ids in
order), each ending with END; at the turn's end units consume their materials and may starve,
and the scorekeepers run. Actions are small int lists (kinds below). All chance comes from the
game's PCG32, whose state is part of the snapshot, so every game is a replay.
"""

from __future__ import annotations

from bisect import insort

from game.core.canon import canonical_hash
from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.gdl import actions as A
from game.modes.gdl import capture, combat, movement, production, scoring, supply, vision, zoc
from game.modes.gdl import events as E
from game.modes.gdl.generated import generated_world
from game.modes.gdl.units import Unit, all_in_cell, in_play, top_of
from game.modes.gdl.world import World
from game.rules.gdl import synth
from game.rules.gdl.model import GENERATED

MAX_UNITS_IN_GAME = 5000        # created units included (a hostile module cannot grow past it)
SNAPSHOT_VERSION = 2


class GdlGame:
    mode = "gdl"

    def __init__(self, world: World, seed: int):
        self.w = generated_world(world, seed).for_game()   # the generated world of this seed, if any
        world = self.w
        self.seed = seed
        self.rng = Pcg32(seed, 0x6D6C)
        self.turn = 0
        self.units: list[Unit] = []
        self.at: dict[int, list[int]] = {}        # cell -> ids of top-level units there
        self.occ: dict[int, list[int]] = {}       # transport id -> occupant ids
        self.zoc_reach = zoc.max_range(world)
        self.terrain_changes: dict[int, int] = {}
        self.over = False
        self.winner_side: int | None = None       # the winning side's id (None: none yet, or a draw)
        self.end_reason = ""
        self._place_scenario_units()
        ids = {u.side for u in self.units} | {s for s in world.m.sides}
        self.sides = sorted(s for s in ids if s > 0) or [1]
        self.side_index = 0
        self.status = {s: "in" for s in self.sides}       # "in", "won", "lost", "draw"
        self.tech = {s: [0] * world.nu for s in self.sides}
        self.tech_start = {s: [0] * world.nu for s in self.sides}
        self.scores = scoring.initial_scores(self)
        self._start_turn([])
        self._skip_idle_sides()
        self.views = vision.start(self)        # each side's view (None when the module is see-all)

    def _place_scenario_units(self) -> None:
        w, m = self.w, self.w.m
        # Xconq's reader gives every unit it reads its initial supply; units the synthesis made
        # get it only from make-initial-materials (refman "Making Initial Supply")
        fills = synth.fills_initial_supply(m)
        for i, spec in enumerate(m.units):
            ut = spec.type
            hp = spec.hp if spec.hp is not None else w.hp_max[ut]
            u = Unit(i, ut, spec.side, -1, min(hp, w.hp_max[ut]), name=spec.name,
                     supply=supply.initial(w, ut, spec.supply, fills or spec.file != GENERATED), origside=spec.origside if
                     spec.origside is not None else spec.side, point_value=spec.point_value)
            u.cp = w.cp[ut] if spec.cp is None or spec.cp < 0 else min(spec.cp, w.cp[ut])
            if spec.hp is not None and spec.hp <= 0:
                u.alive = False                    # (hp 0): the unit is not in the game
            if spec.acp is not None:
                u.acp = spec.acp
            self.units.append(u)
            if not u.alive or spec.x is None or spec.y is None:
                continue
            if spec.appear >= 0:                    # a reinforcement written at (-x, -y)
                cell = w.cell_of_xy(-spec.x, -spec.y)
                if cell >= 0:
                    u.appear, u.appear_cell = max(0, spec.appear - 1), cell
                continue
            cell = w.cell_of_xy(spec.x, spec.y)
            if cell >= 0 and w.grid.exists[cell]:
                u.cell = cell
        for i, spec in enumerate(m.units):
            u = self.units[i]
            tr = spec.transport
            if isinstance(tr, int) and u.alive and u.appear < 0:
                u.transport, u.cell = tr, -1
                self.occ.setdefault(tr, []).append(i)
        for u in self.units:
            if u.alive and u.transport < 0 and u.cell >= 0:
                self.at.setdefault(u.cell, []).append(u.id)
        for u in self.units:        # occupants of units that never came into play are not either
            if u.transport >= 0 and not in_play(top_of(self, u)):
                self.detach(u)

    # --- queries ------------------------------------------------------------------------------
    @property
    def side(self) -> int:
        """The id of the side whose turn it is (its seat is `to_act()`)."""
        return self.sides[self.side_index]

    def to_act(self) -> int:
        """The seat whose action is next: the index of the side to act in `sides`."""
        return self.side_index

    @property
    def winner(self) -> int | None:
        """The winning seat (index in `sides`), or None: not over yet, or a draw."""
        return self.sides.index(self.winner_side) if self.winner_side in self.sides else None

    def seat_of(self, side: int) -> int:
        return self.sides.index(side)

    def result(self) -> dict:
        from game.modes.gdl.log import side_label
        pts = self.points()
        return {"winner": side_label(self, self.winner_side) if self.winner_side is not None else None,
                "winner_side": self.winner_side, "turns": self.turn, "reason": self.end_reason,
                "points": {str(s): pts.get(s, 0) for s in self.sides}}

    def cell_of(self, u: Unit) -> int:
        return top_of(self, u).cell

    def is_over(self) -> bool:
        return self.over

    def complete(self, u: Unit) -> bool:
        return u.cp >= self.w.cp[u.type]

    def active(self, u: Unit) -> bool:
        return in_play(u) and self.complete(u)

    def trusted(self, a: int, b: int) -> bool:
        return a == b or (a, b) in self.w.trust

    def hostile(self, a: int, b: int) -> bool:
        return not self.trusted(a, b)

    def enemies(self, a: int, b: int) -> bool:
        return self.hostile(a, b)

    def top_units(self, cell: int) -> list[int]:
        return self.at.get(cell, [])

    def occupants(self, uid: int) -> list[int]:
        return self.occ.get(uid, [])

    def units_in_cell(self, cell: int) -> list[int]:
        return all_in_cell(self, cell)

    def can_act(self, u: Unit) -> bool:
        return (u.alive and u.side == self.side and u.acp > 0 and self.w.can_act[u.type]
                and self.status.get(u.side) == "in" and self.active(u) and supply.can_act(self, u))

    def afford(self, u: Unit, cost: int) -> bool:
        """Xconq's has_enough_acp: the unit may go down to acp-min (plus free-acp)."""
        return cost <= 0 or u.acp + self.w.free_acp[u.type] - cost >= self.w.acp_min[u.type]

    def use_acp(self, u: Unit, cost: int) -> None:
        if cost > 0 and u.alive:
            u.acp = max(u.acp - cost, self.w.acp_min[u.type])

    def may_board(self, u: Unit, tr: Unit) -> bool:
        if tr.side == u.side or self.trusted(tr.side, u.side):
            return True
        if 0 in (tr.side, u.side):
            return bool(self.w.T["can-enter-independent"][u.type][tr.type])
        return False

    def move_target(self, u: Unit, cell: int):
        """(acp cost, transport id or -1) of a MOVE of `u` to `cell`, or None."""
        cost = movement.move_cost(self, u, cell)
        if cost is not None:
            return cost, -1
        if cell != self.cell_of(u):
            for i in self.at.get(cell, ()):
                cost = movement.enter_cost(self, u, self.units[i])
                if cost is not None:
                    return cost, i
        return None

    def legal_actions(self) -> list[A.GdlAction]:
        if self.over:
            return []
        out: list[A.GdlAction] = []
        for u in self.units:
            if self.can_act(u):
                out.extend(self.unit_actions(u))
        out.append(A.End())
        return out

    def unit_actions(self, u: Unit) -> list[A.GdlAction]:
        out: list[A.GdlAction] = []
        here = self.cell_of(u)
        for c in [*self.w.grid.neighbours[here], here]:
            if self.move_target(u, c) is not None:
                out.append(A.Move(u.id, c))
        for i in self.at.get(here, ()):          # board a transport in the same cell
            if i != u.transport and movement.enter_cost(self, u, self.units[i]) is not None:
                out.append(A.Enter(u.id, i))
        out.extend(combat.targets(self, u))
        if self.w.acp_det[u.type] > 0 and self.afford(u, self.w.acp_det[u.type]):
            out.append(A.Detonate(u.id))
        out.extend(capture.actions(self, u))
        out.extend(production.actions(self, u))
        return out

    # --- actions ------------------------------------------------------------------------------
    def encode_action(self, action: A.GdlAction) -> list[int]:
        return action.encode()

    def decode_action(self, data) -> A.GdlAction:
        return A.decode(data)

    def check(self, action) -> None:
        """ActionError with the reason when `action` is not legal now; changes nothing."""
        if not isinstance(action, A.GdlAction):
            raise ActionError(f"not a GDL action: {action!r}")
        if self.over:
            raise ActionError("the game is over")
        if isinstance(action, A.End):
            return
        if not 0 <= action.unit < len(self.units):
            raise ActionError(f"there is no unit {action.unit}")
        u = self.units[action.unit]
        if not self.can_act(u):
            why = ("belongs to another side" if u.side != self.side else "is not in play" if not self.active(u)
                   else "has no ACP left" if u.acp <= 0 else "cannot act")
            raise ActionError(f"unit {u.id} {why}")
        if action not in self.unit_actions(u):
            raise ActionError(f"{action}: not possible now")

    def apply(self, action: A.GdlAction) -> list:
        self.check(action)
        a = action
        if isinstance(a, A.End):
            ev = self._end_side()
            if self.views is not None:
                self.views.update(self)
            return ev
        u = self.units[a.unit]
        ev: list = []
        acp_before = u.acp
        if isinstance(a, A.Move):
            cost, into = self.move_target(u, a.cell)
            self._move(u, a.cell, into, cost, ev)
        elif isinstance(a, A.Enter):
            tr = self.units[a.transport]
            self._move(u, self.cell_of(tr), tr.id, movement.enter_cost(self, u, tr), ev)
        elif isinstance(a, (A.Attack, A.Fire, A.Repair)):
            combat.act(self, a, u, self.units[a.target], ev)
        elif isinstance(a, A.Detonate):
            self.use_acp(u, self.w.acp_det[u.type])
            combat.detonate(self, u, ev)
        elif isinstance(a, A.Capture):
            capture.act(self, u, self.units[a.target], ev)
        else:
            production.act(self, a, u, ev)
        if u.alive and u.acp == acp_before:     # "A unit action must always consume at least one
            self.use_acp(u, 1)                  # action point" (refman, Actions)
        scoring.after_action(self, ev)
        if self.views is not None:
            self.views.update(self)
        return ev

    def _move(self, u: Unit, cell: int, into: int, cost: int, ev) -> None:
        self.detach(u)
        self.use_acp(u, cost)
        if into >= 0:
            self.board(u, into)
            ev.append(E.Boarded(u.id, into))
        else:
            self.place(u, cell)
            ev.append(E.Moved(u.id, cell))
        u.moves += 1
        supply.after_move(self, u, ev)
        if u.alive:
            combat.accident_on_entry(self, u, ev)

    def detach(self, u: Unit) -> None:
        if u.transport >= 0:
            self.occ[u.transport].remove(u.id)
            u.transport = -1
        elif u.cell >= 0:
            self.at[u.cell].remove(u.id)
        u.cell = -1

    def place(self, u: Unit, cell: int) -> None:
        u.cell = cell
        insort(self.at.setdefault(cell, []), u.id)       # by id: a restored game lists them alike

    def board(self, u: Unit, tr: int) -> None:
        u.transport = tr
        u.cell = -1
        insort(self.occ.setdefault(tr, []), u.id)

    def set_terrain(self, cell: int, t: int) -> None:
        """Terrain changes (detonations) live in this game's own copy of the terrain."""
        self.w.terrain[cell] = t
        self.terrain_changes[cell] = t
        self.w._passable.clear()

    def add_unit(self, ut: int, side: int) -> Unit | None:
        """A new unit (created by a unit); None past MAX_UNITS_IN_GAME."""
        if len(self.units) >= MAX_UNITS_IN_GAME:
            return None
        u = Unit(len(self.units), ut, side, -1, 1, supply=[0] * self.w.nm, origside=side)
        self.units.append(u)
        return u

    # --- turns --------------------------------------------------------------------------------
    def _end_side(self) -> list[tuple]:
        ev: list = [E.SideEnded(self.side)]
        self._next_side(ev)
        return ev

    def _next_side(self, ev) -> None:
        """Pass the turn to the next side still in the game, ending the turn after the last."""
        for _ in range(2 * len(self.sides) + 1):
            self.side_index += 1
            if self.side_index >= len(self.sides):
                self.side_index = 0
                self._end_turn(ev)
                self.turn += 1             # turns played (also when the game ended with this one)
                if self.over:
                    return
                self._start_turn(ev)
            if self.over or self.status[self.side] == "in":
                return

    def _skip_idle_sides(self) -> None:
        if not self.over and self.status[self.side] != "in":
            self.side_index -= 1
            self._next_side([])

    def _start_turn(self, ev) -> None:
        supply.turn_start(self, ev)
        production.turn_start(self, ev)
        self._appearances(ev)
        combat.turn_start(self, ev)
        capture.turn_start(self, ev)
        w = self.w
        for u in self.units:
            u.moves = 0
            if u.alive and self.active(u) and w.can_act[u.type]:
                gain = movement.new_acp_for_turn(self, u)      # Xconq's total_acp_for_turn
                cap = w.up["acp-max"][u.type] if w.up["acp-max"][u.type] >= 0 else gain
                u.acp = max(min(u.acp + gain, cap), w.acp_min[u.type])
        scoring.turn_start(self, ev)

    def _appearances(self, ev) -> None:
        for u in self.units:
            if u.alive and u.appear >= 0 and u.appear <= self.turn and u.cell < 0 and u.transport < 0:
                if movement.enterable(self.w, u.type, u.appear_cell) and \
                        movement.room_in_cell(self, u.type, u.appear_cell):
                    u.appear = -1
                    self.place(u, u.appear_cell)
                    ev.append(E.Appeared(u.id, u.appear_cell))

    def _end_turn(self, ev) -> None:
        supply.turn_end(self, ev)
        scoring.turn_end(self, ev)

    # --- scoring --------------------------------------------------------------------------------
    def points(self) -> dict[int, int]:
        return scoring.side_points(self)

    def alive_sides(self) -> list[int]:
        return [s for s, p in self.points().items() if p > 0]

    # --- snapshot -----------------------------------------------------------------------------
    def snapshot(self) -> dict:
        snap = {"v": SNAPSHOT_VERSION, "turn": self.turn, "side": self.side, "rng": list(self.rng.get_state()),
                "units": [u.data() for u in self.units], "over": int(self.over),
                "winner": self.winner_side or 0, "status": [[s, self.status[s]] for s in self.sides],
                "terrain": sorted([c, t] for c, t in self.terrain_changes.items()),
                "scores": [list(r) for r in self.scores],
                "tech": [[s, list(self.tech[s]), list(self.tech_start[s])] for s in self.sides]}
        if self.w.m.generated_seed is not None:
            snap["world"] = self.w.m.generated_seed      # the seed the world was generated from
        if self.views is not None:
            snap["views"] = self.views.snapshot()
        return snap

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    @classmethod
    def restore(cls, rules, snap: dict) -> GdlGame:
        """The game `snap` was taken of; `rules` is the module's World (or the mode's GdlRules)."""
        from game.modes.gdl.restore import restore
        world = getattr(rules, "world", rules)
        if not isinstance(world, World):
            raise ValueError("restore: no module loaded")
        ws = snap.get("world", 0) if isinstance(snap, dict) else 0    # the generated world's seed
        if not isinstance(ws, int) or isinstance(ws, bool) or not 0 <= ws < 1 << 64:
            raise ValueError("snapshot: the world seed is not a 64-bit number")
        g = restore(cls(world, ws), snap, SNAPSHOT_VERSION, MAX_UNITS_IN_GAME)
        g.views = vision.restored(g, snap)
        return g
