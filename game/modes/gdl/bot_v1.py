"""The GDL bot before issue 19 item 9, kept as `bot_v1` only to measure the side bot (bot.py)
against it. A table-reading bot for any module: strike where the tables promise the best trade,
capture what it can, else step along a breadth-first distance field toward the nearest unit it
can hurt, capture or repair.

Fields are built once per unit type and side turn (multi-source BFS over cells the type could
enter), so a whole Tokyo turn stays cheap. Deterministic: no randomness of its own.
"""

from __future__ import annotations

from array import array

from game.modes.gdl import actions as A
from game.modes.gdl import capture, combat, production
from game.modes.gdl.bot_make import production_choice
from game.modes.gdl.bot_plan import spread


class Bot:
    def __init__(self):
        self.key = None
        self.fields: dict[int, list[int] | None] = {}
        self.done: set[int] = set()

    def choose(self, g) -> A.GdlAction:
        key = (g.turn, g.side_index)
        if key != self.key:
            self.key, self.fields, self.done = key, {}, set()
        for u in g.units:
            if u.id in self.done or not g.can_act(u):
                continue
            act = self.unit_choice(g, u)
            if act is not None:
                return act
            self.done.add(u.id)
        return A.End()

    def unit_choice(self, g, u):
        w = g.w
        best, best_score = None, 0
        for act in combat.targets(g, u):
            v = g.units[act.target]
            if isinstance(act, A.Repair):
                score = 5000 * (w.hp_max[v.type] - v.hp) // w.hp_max[v.type] + 1
            else:
                o = combat.odds(g, u, v, isinstance(act, A.Fire))
                gain = o["hit"] * min(o["damage100"], v.hp * 100) * (w.points[v.type] + 1) // w.hp_max[v.type]
                gain = gain * (100 - o["withdraw"]) // 100
                loss = o["counter"] * min(o["counter_damage100"], u.hp * 100) * (w.points[u.type] + 1) \
                    // w.hp_max[u.type]
                score = gain - loss // 2    # the first blow is worth something
            if score > best_score:
                best, best_score = act, score
        for a in capture.actions(g, u):
            v = g.units[a.target]
            score = capture.odds(g, u, v) * 100 * (w.points[v.type] + 1)
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        made = self.production(g, u)
        if made is not None:
            return made
        here = g.cell_of(u)
        field = self.field(g, u.type, u.side)
        if field is None:
            return None
        cur = field[here]
        step, step_d = None, cur
        for c in w.grid.neighbours[here]:
            d = field[c]
            if d < step_d and g.move_target(u, c) is not None:
                step, step_d = c, d
        return A.Move(u.id, step) if step is not None else None

    def production(self, g, u):
        """Finish what is started, else start the unit type that fights best for its cost
        (tooling up for it first), inside the maker when it can."""
        return production_choice(g, u, production.actions(g, u), lambda: self.wanted_types(g, u))

    @staticmethod
    def wanted_types(g, u) -> list[int]:
        w = g.w
        scored = []
        for b in range(w.nu):
            if not production.could_create(w, u.type, b):
                continue
            punch = sum(1 for d in range(w.nu) if w.hit[b][d] > 0 or w.fire_hit[b][d] > 0)
            value = (punch + 1) * (w.speed[b] + 1) * (w.acp_per_turn[b] + 1) * 100 // max(1, w.cp[b])
            scored.append((-value, b))
        return [b for _, b in sorted(scored)]

    def field(self, g, ut: int, side: int):
        if ut in self.fields:
            return self.fields[ut]
        w = g.w
        grid = w.grid
        big = 1 << 30
        dist = array("i", [big]) * grid.n          # 4 bytes a cell: large maps have 50,000
        frontier = []
        reach = max(1, max(w.attack_range[ut]) if w.nu else 1)
        fire_reach = w.range[ut] if w.acp_fire[ut] > 0 else 0
        takes = w.T["capture-chance"][ut]
        ok = w.passable(ut)
        for v in g.units:
            if not v.alive or (v.cell < 0 and v.transport < 0):
                continue
            hostile = g.hostile(side, v.side) and (
                w.hit[ut][v.type] > 0 or (fire_reach and w.fire_hit[ut][v.type] > 0) or takes[v.type] > 0)
            fixable = v.side == side and w.can_repair[ut][v.type] and v.hp < w.hp_max[v.type]
            if not (hostile or fixable):
                continue
            r = max(reach, fire_reach) if hostile else 1
            for c in grid.cells_in_range(g.cell_of(v), 1 if hostile else 0, r):
                if dist[c] and ok[c]:
                    dist[c] = 0
                    frontier.append(c)
        if not frontier:
            self.fields[ut] = None
            return None
        spread(grid.neighbours, ok, dist, frontier)
        self.fields[ut] = dist
        return dist
