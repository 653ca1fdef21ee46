"""Static data compiled once from a loaded module: the hex grid of the area, terrain per cell,
per-type arrays and the dense tables the rules look up (no dict lookups in the hot paths)."""

from __future__ import annotations

from game.core.grid import HEX, Grid
from game.rules.gdl.model import Module, in_area, on_edge

DEFAULT_TURN_LIMIT = 100      # modules with a scorekeeper and no last-turn
NO_SCORE_TURN_LIMIT = 30      # modules without a scorekeeper (e.g. hill.g)


class World:
    def __init__(self, m: Module):
        from game.modes.gdl.generated import preview_module
        m = preview_module(m)          # no fixed map: the world synthesis makes from seed 0
        self.m = m
        w, h = m.width, m.height
        self.grid = Grid(HEX, w, h, 0, 0, lambda x, y: in_area(w, h, x, y), w, h)
        self.terrain = [max(t, 0) for t in (m.terrain or [0] * (w * h))]
        self.edge = bytes(1 if self.grid.exists[c] and on_edge(w, h, c % w, c // w) else 0
                          for c in range(self.grid.n))
        nu = len(m.utypes)
        up = m.uprops
        self.nu, self.nt = nu, len(m.ttypes)
        self.acp_per_turn = list(up["acp-per-turn"])
        self.acp_max = [a if a >= 0 else p for a, p in zip(up["acp-max"], up["acp-per-turn"])]
        self.acp_min = list(up["acp-min"])
        self.hp_max = [max(1, v) for v in up["hp-max"]]
        self.speed = [max(1, v) for v in up["speed"]]
        self.points = list(up["point-value"])
        self.wrecked = list(up["wrecked-type"])
        self.range = list(up["range"])
        self.range_min = list(up["range-min"])
        self.acp_fire = list(up["acp-to-fire"])
        self.hp_recovery = list(up["hp-recovery"])
        self.hp_per_det = list(up["hp-per-detonation"])
        self.acp_det = list(up["acp-to-detonate"])
        self.capacity = list(up["capacity"])
        self.tcapacity = list(m.tprops["capacity"])
        T = m.tables
        self.T = T
        self.hit = T["hit-chance"]
        self.damage = T["damage"]
        self.counter = T["counterattack"]
        self.acp_attack = T["acp-to-attack"]
        self.acp_defend = T["acp-to-defend"]
        self.attack_range = T["attack-range"]
        self.withdraw = T["withdraw-chance-per-attack"]
        self.ate = T["attack-terrain-effect"]
        self.dte = T["defend-terrain-effect"]
        self.fire_hit = [[T["hit-chance"][a][b] if v < 0 else v for b, v in enumerate(row)]
                         for a, row in enumerate(T["fire-hit-chance"])]
        self.fire_damage = [[T["damage"][a][b] if (isinstance(v, int) and v < 0) else v
                             for b, v in enumerate(row)] for a, row in enumerate(T["fire-damage"])]
        # ACP to enter a terrain: mp * 100 / speed, at least 1 (None: never affordable)
        self.move_acp = []
        for u in range(nu):
            row = []
            for t in range(self.nt):
                mp = T["mp-to-enter-terrain"][u][t]
                row.append(self._acp_for(u, mp))
            self.move_acp.append(row)
        self.board_acp = [[self._acp_for(u, T["mp-to-enter-unit"][u][v]) for v in range(nu)] for u in range(nu)]
        self.vanish = T["vanishes-on"]
        self.cap_x = T["unit-capacity-x"]            # [transport][occupant]
        self.size_occ = T["unit-size-as-occupant"]   # [occupant][transport]
        self.size_terr = T["unit-size-in-terrain"]
        self.terr_cap_x = T["terrain-capacity-x"]
        self.can_repair = T["can-repair"]
        self.acp_repair = T["acp-to-repair"]
        self.hp_repair = T["hp-per-repair"]
        self.det_range = T["detonation-unit-range"]
        self.det_at = T["detonation-damage-at"]
        self.det_adj = T["detonation-damage-adjacent"]
        self.det_accident = T["detonation-accident-chance"]
        self.det_on_hit = T["detonate-on-hit"]
        self.scorekeeper = bool(m.scorekeepers)
        last = m.globals.get("last-turn")
        if isinstance(last, int) and last > 0:
            self.turn_limit = last
        else:
            self.turn_limit = DEFAULT_TURN_LIMIT if self.scorekeeper else NO_SCORE_TURN_LIMIT
        counts = [0] * self.nt
        for c in self.grid.cells:
            counts[self.terrain[c]] += 1
        present = [t for t in range(self.nt) if counts[t]]
        self.rarest = min(present, key=lambda t: (counts[t], t)) if present else 0
        self.can_act = [self.acp_per_turn[u] > 0 for u in range(nu)]
        self.letters = unit_letters(m)

    def _acp_for(self, u: int, mp: int):
        cost = max(1, (mp * 100 + self.speed[u] - 1) // self.speed[u]) if mp > 0 else 1
        if mp < 0:
            return None
        return cost if cost <= max(self.acp_max[u], 0) or cost <= 1 else None

    def hit_chance(self, a: int, d: int, ta: int, td: int, fire: bool = False) -> int:
        base = (self.fire_hit if fire else self.hit)[a][d]
        return base * self.ate[a][ta] * self.dte[d][td] // 10000


def unit_letters(m: Module) -> list[str]:
    """One display letter per unit type: its `char`, else the first free letter of its name."""
    used, out = set(), []
    for u, name in enumerate(m.utypes):
        ch = (m.uprops["char"][u] or "")[:1]
        if not ch or ch in used:
            for cand in (name + "abcdefghijklmnopqrstuvwxyz").replace(" ", ""):
                if cand not in used and cand.isalnum():
                    ch = cand
                    break
        used.add(ch)
        out.append(ch)
    return out
