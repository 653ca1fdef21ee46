"""Static data compiled once from a loaded module: the hex grid of the area, terrain and aux
terrain per cell, per-type arrays and the dense tables the rules look up (`T[name][a][b]` for
every declared table; the hot ones also as attributes)."""

from __future__ import annotations

from game.modes.gdl.area_grid import area_grid
from game.modes.gdl.generated import preview_module
from game.rules.gdl.model import Module, on_edge

DEFAULT_TURN_LIMIT = 100      # modules without last-turn stop here, a draw ("no end rule")

# Xconq's hex directions (refman: NE E SE SW W NW) as (dx, dy) in the area's coordinates
XDIRS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))


def interpolation(lst) -> list[tuple[int, int]] | None:
    """A `((key value) ...)` list as sorted int pairs, or None when absent or malformed."""
    if not isinstance(lst, list) or not lst:
        return None
    pairs = []
    for p in lst[:64]:
        if isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) for v in p):
            pairs.append((p[0], p[1]))
        else:
            return None
    return pairs


class World:
    def __init__(self, m: Module):
        m = preview_module(m)          # no fixed map: the world synthesis makes from seed 0
        self.m = m
        w, h = m.width, m.height
        self.grid = area_grid(w, h)
        self.terrain = [max(t, 0) for t in (m.terrain or [0] * (w * h))]
        self.m_terrain = tuple(self.terrain)
        self.edge = bytes(1 if self.grid.exists[c] and on_edge(w, h, c % w, c // w) else 0
                          for c in range(self.grid.n))
        self.nu, self.nt, self.nm = len(m.utypes), len(m.ttypes), len(m.mtypes)
        self.up, self.tp, self.mp = m.uprops, m.tprops, m.mprops
        self.T = T = m.tables
        self._unit_arrays(m.uprops)
        self._tables(T)
        self._aux(m)
        last = m.globals.get("last-turn")
        self.last_turn = last if isinstance(last, int) and 0 < last < 1_000_000 else None
        self.turn_limit = self.last_turn or DEFAULT_TURN_LIMIT
        extra = m.globals.get("extra-turn-chance")
        self.extra_turn = extra if isinstance(extra, int) else 0
        self.letters = unit_letters(m)
        self.trust = _trust(m)
        self.cell_of_xy = self.grid.cell_at
        self._passable: dict[int, bytes] = {}

    # --- per-type arrays ----------------------------------------------------------------------
    def _unit_arrays(self, up) -> None:
        nu = self.nu
        self.acp_per_turn = list(up["acp-per-turn"])
        self.acp_max = [a if a >= 0 else p for a, p in zip(up["acp-max"], up["acp-per-turn"])]
        self.acp_min = list(up["acp-min"])
        self.free_acp = list(up["free-acp"])
        self.hp_max = [max(1, v) for v in up["hp-max"]]
        self.speed = [max(0, v) for v in up["speed"]]
        self.points = list(up["point-value"])
        self.wrecked = list(up["wrecked-type"])
        self.range = list(up["range"])
        self.range_min = list(up["range-min"])
        self.acp_fire = list(up["acp-to-fire"])
        self.hp_recovery = list(up["hp-recovery"])
        self.hp_per_det = list(up["hp-per-detonation"])
        self.acp_det = list(up["acp-to-detonate"])
        self.capacity = list(up["capacity"])
        self.cp = [max(1, v) for v in up["cp"]]
        self.cp_per_self_build = list(up["cp-per-self-build"])
        self.occ_total_max = list(up["occupant-total-max"])
        self.speed_dmg = [interpolation(v) for v in up["speed-damage-effect"]]
        self.acp_dmg = [interpolation(v) for v in up["acp-damage-effect"]]
        self.can_act = [self.acp_per_turn[u] > 0 or self.acp_dmg[u] is not None for u in range(nu)]
        self.tcapacity = list(self.tp["capacity"])

    def _tables(self, T) -> None:
        self.hit = T["hit-chance"]
        self.damage = T["damage"]
        self.counter = T["counterattack"]
        self.acp_attack = T["acp-to-attack"]
        self.acp_defend = T["acp-to-defend"]
        self.attack_range = T["attack-range"]
        self.attack_range_min = T["attack-range-min"]
        self.withdraw = T["withdraw-chance-per-attack"]
        self.ate = T["attack-terrain-effect"]
        self.dte = T["defend-terrain-effect"]
        self.fire_hit = [[T["hit-chance"][a][b] if v == -1 else v for b, v in enumerate(row)]
                         for a, row in enumerate(T["fire-hit-chance"])]
        self.fire_damage = [[T["damage"][a][b] if (isinstance(v, int) and v == -1) else v
                             for b, v in enumerate(row)] for a, row in enumerate(T["fire-damage"])]
        self.mp_enter = T["mp-to-enter-terrain"]
        self.mp_leave = T["mp-to-leave-terrain"]
        self.mp_traverse = T["mp-to-traverse"]
        self.mp_enter_unit = T["mp-to-enter-unit"]
        self.mp_leave_unit = T["mp-to-leave-unit"]
        self.vanish = T["vanishes-on"]
        self.wrecks = T["wrecks-on"]
        self.cap_x = T["unit-capacity-x"]            # [transport][occupant]
        self.occ_max = T["occupant-max"]             # [transport][occupant]
        self.size_occ = T["unit-size-as-occupant"]   # [occupant][transport]
        self.size_terr = T["unit-size-in-terrain"]
        self.terr_cap_x = T["terrain-capacity-x"]
        self.acp_to_build = T["acp-to-build"]
        self.can_repair = T["can-repair"]
        self.acp_repair = T["acp-to-repair"]
        self.hp_repair = T["hp-per-repair"]
        self.det_range = T["detonation-unit-range"]
        self.det_at = T["detonation-damage-at"]
        self.det_adj = T["detonation-damage-adjacent"]
        self.det_accident = T["detonation-accident-chance"]
        self.det_on_hit = T["detonate-on-hit"]

    def _aux(self, m: Module) -> None:
        sub = list(self.tp["subtype"])
        self.subtype = sub
        self.connections = [t for t in range(self.nt) if sub[t] == "connection" and t in m.aux_terrain]
        self.borders = [t for t in range(self.nt) if sub[t] == "border" and t in m.aux_terrain]
        self.coatings = [t for t in range(self.nt) if sub[t] == "coating" and t in m.aux_terrain]
        self.aux = m.aux_terrain
        # xdir[(dx, dy)] -> Xconq direction index, for aux masks
        self.xdir = {d: i for i, d in enumerate(XDIRS)}

    def for_game(self) -> World:
        """This world for one game: shared tables, but its own terrain list when the rules can
        change terrain (detonations), so games never see each other's changes."""
        if not any(any(row) for row in self.T["detonation-terrain-damage-chance"]):
            return self
        import copy
        w = copy.copy(self)
        w.terrain = list(self.m_terrain)
        w._passable = {}
        return w

    # --- queries ------------------------------------------------------------------------------
    def direction(self, a: int, b: int) -> int:
        """Xconq direction index from cell a to the adjacent cell b (-1 when not adjacent)."""
        ax, ay = self.grid.coords(a)
        bx, by = self.grid.coords(b)
        return self.xdir.get((bx - ax, by - ay), -1)

    def aux_at(self, t: int, cell: int) -> int:
        layer = self.aux.get(t)
        return layer[cell] if layer is not None else 0

    def passable(self, ut: int) -> bytes:
        """Static map of the cells a unit of the type could ever step into (route planning)."""
        cache = self._passable
        got = cache.get(ut)
        if got is None:
            from game.modes.gdl.movement import could_enter
            got = cache[ut] = bytes(1 if could_enter(self, ut, c) else 0 for c in range(self.grid.n))
        return got

    def hit_chance(self, a: int, d: int, ta: int, td: int, fire: bool = False) -> int:
        base = (self.fire_hit if fire else self.hit)[a][d]
        if fire:
            fa, fd = self.T["fire-attack-terrain-effect"][a][ta], self.T["fire-defend-terrain-effect"][d][td]
            ea = fa if fa != -1 else self.ate[a][ta]
            ed = fd if fd != -1 else self.dte[d][td]
        else:
            ea, ed = self.ate[a][ta], self.dte[d][td]
        return base * ea // 100 * ed // 100


def _trust(m: Module) -> set[tuple[int, int]]:
    """(a, b) pairs where side a trusts side b (`(side ... (trusts (b 1) ...))`)."""
    out = set()
    names = {}
    for sid, info in m.sides.items():
        for k in ("name", "noun", "adjective"):
            if info.get(k):
                names[info[k]] = sid
    for sid, info in m.sides.items():
        for item in info.get("trusts", ()):
            if isinstance(item, list) and len(item) == 2:
                other, flag = item
                o = other if isinstance(other, int) else names.get(other)
                if isinstance(o, int) and flag:
                    out.add((sid, o))
    return out


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
