"""The GDL side bot (issue 19 item 9): plays one side of any module from the tables and from what
the side sees. Its rules, in the order a unit is asked (docs/rules/gdl-bot.md):

1. hurt (below HURT_PCT % hp), threatened and able to heal somewhere: step out of reach (or
   farther from the nearest threat), toward a repairer when there is one, unless it can finish
   its target now;
2. low on a material it lives or moves on: go home (an own unit that hands that material out)
   before it runs out, and wait there;
3. strike (attack, fire, capture, repair) where the tables promise the best trade, only at
   units the side sees, and only when the unit kills now, wins alone, or the side's units near
   the target win the fight together (bot_plan.SidePlan.engage); a winnable strike comes before
   a better-scored one the side would lose, and a unit already in the enemy's reach strikes
   anyway (the first blow is better than none);
4. a mobile depot (it hands out a material the side's units live on, bot_plan.depot_materials)
   keeps out of every enemy's reach and follows the units that live on it, striking only to
   kill; those units never step beyond their in-length from the side's depots (the leash);
5. a maker finishes what it started, else creates the type the side lacks most (bot_make.py);
6. move: along a distance field toward cells it can strike from (or repair from), never into
   the reach of a fight the side would lose while friends are on their way (it waits for
   them), nor through cells where a unit that may blow up by accident would kill it (only to
   strike from one; out of such a cell when it has nothing else to do); round friends that
   block the way; a unit that cannot get to any target boards a transport, a transport with
   such passengers sails to a landing place and an empty one fetches them; under fog, units
   with nothing known to go for explore; a unit left with nothing to do steps out of the reach of enemies it cannot hurt.

Units act one after another (transports first) until each has nothing left to do; a unit never
ends the side's turn for the others. Deterministic: no randomness of its own, every choice
ordered by integers and ids. Work is bounded: each field at most once per kind and type a turn,
each unit asked until it stops (the seat's per-unit guard caps its actions).
"""

from __future__ import annotations

from game.modes.gdl import actions as A
from game.modes.gdl import capture, combat, movement, vision
from game.modes.gdl.bot_make import choose_production
from game.modes.gdl.bot_plan import BIG, SidePlan, carries
from game.modes.gdl.units import room_in_cell

HURT_PCT = 40


class Bot:
    def __init__(self):
        self.key = None
        self.plan: SidePlan | None = None
        self.done: set[int] = set()
        self.order: list[int] = []
        self.pos = 0
        self.count = 0
        self.trail: dict[int, set[int]] = {}     # cells a unit explored this turn
        self.tethers: dict[int, tuple | None] = {}

    def choose(self, g) -> A.GdlAction:
        key = (g.turn, g.side_index)
        if key != self.key:
            self.key, self.done, self.pos, self.trail, self.tethers = key, set(), 0, {}, {}
            self.plan = SidePlan(g, g.side)
            w = g.w
            mine = [u.id for u in g.units if u.alive and u.side == g.side]
            self.order = sorted(mine, key=lambda i: (0 if any(carries(w, g.units[i].type, t) for t in range(w.nu))
                                                     else 1, i))
            self.count = len(g.units)
        if len(g.units) > self.count:            # made this turn: asked after the others
            self.order.extend(u.id for u in g.units[self.count:] if u.side == g.side)
            self.count = len(g.units)
        while self.pos < len(self.order):
            u = g.units[self.order[self.pos]]
            if u.id not in self.done and g.can_act(u):
                act = self.unit_choice(g, u)
                if act is not None:
                    return act
            self.done.add(u.id)
            self.pos += 1
        return A.End()

    # --- one unit -------------------------------------------------------------------------------
    def unit_choice(self, g, u):
        plan = self.plan
        w = g.w
        here = g.cell_of(u)
        strike, kills, accepted = self.best_strike(g, u)
        hurt = u.hp * 100 < w.hp_max[u.type] * HURT_PCT
        if hurt and not kills and plan.can_heal(u.type) and plan.threats(g, u, here):
            step = self.retreat_step(g, u, here)
            if step is not None:
                return A.Move(u.id, step)
        home = self.supply_run(g, u, here)
        if home is not None and not kills:
            return home if home != "stay" else None
        depot = plan.depot_materials(u.type)
        if depot and w.speed[u.type] > 0:       # the side's supply: behind the front, near the needy
            if strike is not None and kills:
                return strike
            return self.supply_train(g, u, here, depot, strike)
        if strike is not None and (accepted or plan.threats(g, u, here)):
            return strike                        # in reach of the enemy already: strike first
        made = choose_production(g, u, plan)
        if made is not None:
            return made
        return self.move(g, u, here)

    def supply_train(self, g, u, here: int, materials: list[int], strike):
        """A mobile depot keeps out of every enemy's reach and follows the own units that live
        on what it hands out, to within half its out-length of the nearest."""
        plan, w = self.plan, g.w
        if plan.threats(g, u, here):
            step = self.retreat_step(g, u, here)
            return A.Move(u.id, step) if step is not None else strike
        m = materials[0]
        field = plan.field(f"needy{m}", u.type, lambda: self._needy(g, u.type, m))
        if field is None or field[here] >= BIG or field[here] <= max(0, w.T["out-length"][u.type][m] // 2):
            return None
        best = None
        for _d, c in sorted((field[c], c) for c in w.grid.neighbours[here] if field[c] < field[here]):
            if c not in plan.hazards(g, u.type) and not plan.threats(g, u, c) and g.move_target(u, c) is not None:
                best = c
                break
        return A.Move(u.id, best) if best is not None else None

    def _needy(self, g, dt: int, m: int):
        """Cells of own units (not depots) that live on material m: the army a depot follows."""
        T = g.w.T
        for v in self.plan.mine:
            if v.alive and v.type != dt and T["unit-storage-x"][v.type][m] > 0 and \
                    (T["base-consumption"][v.type][m] > 0 or T["hp-per-starve"][v.type][m] > 0) \
                    and not self.plan.depot_materials(v.type):
                yield g.cell_of(v)

    def tether(self, g, u):
        """(distance field to the side's depots, in-length) for the first material u lives on
        that a depot of the side hands out; None when it has none (it may go anywhere)."""
        ut = u.type
        if ut in self.tethers:
            return self.tethers[ut]
        w, plan = g.w, self.plan
        T = w.T
        got = None
        if w.nm and not plan.depot_materials(ut):
            for m in range(w.nm):
                lives = T["base-consumption"][ut][m] > 0 or T["hp-per-starve"][ut][m] > 0
                if not lives or T["unit-storage-x"][ut][m] <= 0 or T["in-length"][ut][m] < 0:
                    continue
                field = plan.field(f"depot{m}", ut, lambda m=m: (g.cell_of(v) for v in plan.mine if v.alive
                                                                and m in plan.depot_materials(v.type)))
                if field is not None:
                    got = (field, T["in-length"][ut][m])
                    break
        self.tethers[ut] = got
        return got

    def best_strike(self, g, u):
        """(action, kills now, accepted) of the best strike by the tables, or (None, ..)."""
        w, plan = g.w, self.plan
        best, best_score, best_kill, best_ok = None, 0, False, False
        field = plan.strike_field(g, u.type)
        if u.transport < 0 and (field is None or field[g.cell_of(u)] > 0):
            return best, best_kill, best_ok      # nothing known within reach, none hurt to repair
        for act in combat.targets(g, u):
            v = g.units[act.target]
            if isinstance(act, A.Repair):
                score, kill, ok = 5000 * (w.hp_max[v.type] - v.hp) // w.hp_max[v.type] + 1, False, True
            else:
                if not vision.sees(g, u.side, v.id):
                    continue
                o = combat.odds(g, u, v, isinstance(act, A.Fire))
                gain = o["hit"] * min(o["damage100"], v.hp * 100) * (w.points[v.type] + 1) // w.hp_max[v.type]
                gain = gain * (100 - o["withdraw"]) // 100
                loss = o["counter"] * min(o["counter_damage100"], u.hp * 100) * (w.points[u.type] + 1) \
                    // w.hp_max[u.type]
                score = gain - loss // 2
                kill = o["hit"] * o["damage100"] >= 100 * 100 * v.hp and o["hit"] >= 50
                k = plan.by_id.get(v.id)
                alone = v.hp * plan.rate(v.type, u.type) < u.hp * plan.rate(u.type, v.type)
                ok = kill or alone or k is None or plan.engage(g, k)
                if kill:
                    score += score // 2
            if (ok, score) > (best_ok, best_score) and score > 0:
                best, best_score, best_kill, best_ok = act, score, kill, ok
        for a in capture.actions(g, u):
            v = g.units[a.target]
            if not vision.sees(g, u.side, v.id):
                continue
            score = capture.odds(g, u, v) * 100 * (w.points[v.type] + 1)
            if (True, score) > (best_ok, best_score) and score > 0:
                best, best_score, best_kill, best_ok = a, score, False, True
        return best, best_kill, best_ok

    def retreat_step(self, g, u, here: int):
        """A neighbouring cell with fewer threats than here, or as many but farther from the
        nearest (the nearest to a repairer first)."""
        plan, w = self.plan, g.w
        if w.speed[u.type] <= 0:
            return None
        heal = plan.field("heal", u.type, lambda: self._healers(g, u.type))
        dist = w.grid.distance

        def danger_at(c):
            near = plan.threats(g, u, c)
            return len(near), -min((dist(c, k.cell) for k in near), default=BIG)
        now = danger_at(here)
        best, key = None, None
        for c in w.grid.neighbours[here]:
            d = danger_at(c)
            if d >= now or g.move_target(u, c) is None:
                continue
            k = (d, heal[c] if heal is not None else 0, c)
            if key is None or k < key:
                best, key = c, k
        return best

    def _healers(self, g, ut: int):
        w = g.w
        auto = w.T["auto-repair"]
        for v in self.plan.mine:
            if v.alive and (w.can_repair[v.type][ut] or auto[v.type][ut] > 0):
                yield g.cell_of(v)

    # --- supply ---------------------------------------------------------------------------------
    def supply_run(self, g, u, here: int):
        """A step home (or "stay" at home) when a material the unit lives or moves on runs out
        before it could get home; None when it has enough."""
        w, plan = g.w, self.plan
        T = w.T
        ut = u.type
        if not w.nm or w.speed[ut] <= 0:
            return None
        steps = plan.steps(ut)
        for m in range(w.nm):
            if T["unit-storage-x"][ut][m] <= 0:
                continue
            use = T["base-consumption"][ut][m] + T["consumption-per-move"][ut][m] * steps
            lives = T["hp-per-starve"][ut][m] > 0 or T["material-to-move"][ut][m] > 0 \
                or T["consumption-per-move"][ut][m] > 0
            if use <= 0 or not lives:
                continue
            field = plan.field(f"home{m}", ut, lambda m=m: self._depots(g, ut, m))
            if field is None or field[here] >= BIG:
                continue
            dist = field[here]
            if u.supply[m] // use > (dist + steps - 1) // steps + 1:
                continue
            if dist <= max(0, T["in-length"][ut][m]) or u.transport >= 0:
                return "stay"
            step = self.step_down(g, u, here, field)
            if step is not None:
                return A.Move(u.id, step)
        return None

    def _depots(self, g, ut: int, m: int):
        w = g.w
        out_len = w.T["out-length"]
        made = w.T["base-production"]
        for v in self.plan.mine:
            if v.alive and v.type != ut and g.active(v) and out_len[v.type][m] >= 0 and \
                    (v.supply[m] > 0 or made[v.type][m] > 0):
                yield g.cell_of(v)

    # --- moving ---------------------------------------------------------------------------------
    def step_down(self, g, u, here: int, field, avoid: bool = False):
        """The neighbour lowest on `field` below here that u can move to, not through a cell
        where an accidental blast would kill it (with `avoid`: not into the reach of a fight the
        side would lose, and such a cell only to strike from it; when friends fill every cell
        lower down, a cell on the same level next to a free lower one)."""
        plan = self.plan
        best = None
        hazards = plan.hazards(g, u.type)
        top = field[here]
        leash = self.tether(g, u) if avoid else None
        for d, c in sorted((field[c], c) for c in g.w.grid.neighbours[here] if field[c] < top):
            if leash is not None and leash[0][c] > max(leash[1], leash[0][here]):
                continue                           # not out of its supply line's reach
            if (c not in hazards or (avoid and d == 0)) and g.move_target(u, c) is not None \
                    and not (avoid and any(plan.hold(g, k) for k in plan.threats(g, u, c))):
                best = c
                break
        if best is None and avoid:                 # friends fill the way: round them, same level
            for c in g.w.grid.neighbours[here]:
                d = field[c]
                if d == field[here] and c not in hazards and c not in self.trail.get(u.id, ()) \
                        and any(field[n] < d and room_in_cell(g, u.type, n) for n in g.w.grid.neighbours[c]) \
                        and g.move_target(u, c) is not None \
                        and not any(plan.hold(g, k) for k in plan.threats(g, u, c)):
                    self.trail.setdefault(u.id, set()).add(here)
                    return c
        return best

    def out_of_harm(self, g, u, here: int):
        """A safe neighbour for a unit standing where an accidental blast would kill it."""
        hazards = self.plan.hazards(g, u.type)
        if here not in hazards or g.w.speed[u.type] <= 0:
            return None
        for c in g.w.grid.neighbours[here]:
            if c not in hazards and g.move_target(u, c) is not None:
                return A.Move(u.id, c)
        return None

    def move(self, g, u, here: int):
        """Where u goes (None: it stays); a unit left with nothing to do out of the reach of
        enemies it cannot hurt (or should not fight yet)."""
        act = self._move(g, u, here)
        if act is not None or g.w.speed[u.type] <= 0:
            return act
        plan = self.plan
        near = plan.threats(g, u, here)
        if near and all(plan.rate(u.type, k.type) <= 0 or plan.hold(g, k) for k in near):
            step = self.retreat_step(g, u, here)
            if step is not None:
                return A.Move(u.id, step)
        return None

    def _move(self, g, u, here: int):
        plan, w = self.plan, g.w
        ut = u.type
        if w.speed[ut] <= 0:
            return None
        if any(carries(w, ut, t) for t in range(w.nu)):
            act = self.ferry(g, u, here)
            if act is not None:
                return act if act != "stay" else None
        field = plan.strike_field(g, ut)
        if field is None:
            field = plan.field("explore", ut, lambda: self._unknown(g))
            if field is not None and field[here] == 0:      # arrived: on along the unseen edge
                trail = self.trail.setdefault(u.id, set())
                trail.add(here)
                edge = [(vision.terrain_known(g, u.side, c), c) for c in w.grid.neighbours[here]
                        if field[c] == 0 and c not in trail and g.move_target(u, c) is not None]
                if edge:
                    return A.Move(u.id, min(edge)[1])
                if plan.refresh("explore", ut):
                    field = plan.field("explore", ut, lambda: self._unknown(g))
            if field is None:
                return None
        if field[here] >= BIG:
            return self.board(g, u, here)
        step = self.step_down(g, u, here, field, avoid=True)
        return A.Move(u.id, step) if step is not None else self.out_of_harm(g, u, here)

    def _unknown(self, g):
        views = getattr(g, "views", None)
        if views is None or self.plan.side not in views.seen:
            return
        seen = views.seen[self.plan.side]
        c = seen.find(0)
        n = 0
        while c >= 0 and n < 5000:
            if g.w.grid.exists[c]:
                yield c
                n += 1
            c = seen.find(0, c + 1)

    def stranded(self, g, u) -> bool:
        """Whether u has targets but cannot walk to any of them from where it is."""
        field = self.plan.strike_field(g, u.type)
        return field is not None and field[g.cell_of(u)] >= BIG

    def board(self, g, u, here: int):
        """A stranded unit: out of its transport where it can land, else into a transport here
        or next door, else toward the side's transports."""
        w, plan = g.w, self.plan
        field = plan.strike_field(g, u.type)
        if u.transport >= 0:
            for c in w.grid.neighbours[here]:
                if field[c] < BIG and g.move_target(u, c) is not None:
                    return A.Move(u.id, c)
            return None
        for i in g.top_units(here):
            tr = g.units[i]
            if tr.side == u.side and carries(w, tr.type, u.type) and movement.enter_cost(g, u, tr) is not None:
                return A.Enter(u.id, i)
        for c in w.grid.neighbours[here]:
            t = g.move_target(u, c)
            if t is not None and t[1] >= 0 and carries(w, g.units[t[1]].type, u.type):
                return A.Move(u.id, c)
        ferries = plan.field("ferries", u.type, lambda: self._around(g, (g.cell_of(v) for v in plan.mine
                                                                         if v.alive and carries(w, v.type, u.type))))
        if ferries is None or ferries[here] >= BIG:
            return None
        step = self.step_down(g, u, here, ferries)
        return A.Move(u.id, step) if step is not None else None

    def ferry(self, g, u, here: int):
        """A transport: carry stranded passengers to a landing place, or fetch waiting ones."""
        w, plan = g.w, self.plan
        riders = [g.units[i] for i in g.occupants(u.id)]
        lost = [r for r in riders if r.side == u.side and self.stranded(g, r)]
        if lost:
            ot = lost[0].type
            land = plan.field(f"land{ot}", u.type, lambda: self._landings(g, u.type, ot))
            if land is None or land[here] >= BIG:
                return None
            if land[here] == 0:
                return "stay"
            step = self.step_down(g, u, here, land)
            return A.Move(u.id, step) if step is not None else None
        if riders:
            return None
        pick = plan.field("pickup", u.type, lambda: self._around(g, (
            g.cell_of(v) for v in plan.mine if v.alive and v.transport < 0 and v.id != u.id
            and carries(w, u.type, v.type) and g.active(v) and w.speed[v.type] > 0 and self.stranded(g, v))))
        if pick is None or pick[here] >= BIG:
            return None
        if pick[here] <= 1:
            return "stay"
        step = self.step_down(g, u, here, pick)
        return A.Move(u.id, step) if step is not None else None

    @staticmethod
    def _around(g, cells):
        """Each cell and its neighbours (a ship waits next to the shore, a soldier next to it)."""
        nbrs = g.w.grid.neighbours
        for c in cells:
            yield c
            yield from nbrs[c]

    def _landings(self, g, tr: int, ot: int):
        """Cells a transport can be in next to a cell from which its passengers reach a target."""
        w = g.w
        field = self.plan.strike_field(g, ot)
        if field is None:
            return
        ok = w.passable(tr)
        for c in w.grid.cells:
            if ok[c] and field[c] >= BIG and any(field[n] < BIG for n in w.grid.neighbours[c]):
                yield c
