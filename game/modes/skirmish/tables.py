"""Lookup tables compiled from a ruleset: the bot and the info window read numbers, not formulas.

- `CombatTable`: for every attacker type x defender type x attacker level x defender level, the
  miss %, damage and crit damage, plus the stat sums the crit chance needs (the crit chance also
  depends on the two pieces' current rest, a small second table).
- `MoveTables`: movement types (distinct `mov` letter sets) x tiles -> entry cost (0 = closed), and
  per map the `MoveField` of each movement type (elevation step limit unless it has Air).
"""

from __future__ import annotations

from game.core.reach import MoveField
from game.modes.skirmish.battle import Estimate, battle_equations, crit_permille, runtime_stats
from game.rules.skirmish.model import GameMap, Ruleset
from game.rules.skirmish.playability import enter_cost


class CombatTable:
    __slots__ = ("n", "levels", "rows", "cap", "_crit")

    def __init__(self, rs: Ruleset):
        pieces, rules = rs.pieces, rs.rules
        self.n, self.levels, self.cap = len(pieces), rules.max_level, rules.ratio_cap
        rows = []
        for a in pieces:
            for t in pieces:
                for al in range(1, self.levels + 1):
                    sa = runtime_stats(a, al)
                    for tl in range(1, self.levels + 1):
                        st = runtime_stats(t, tl)
                        e = battle_equations(a, al, 0, t, tl, 0, rules)
                        rows.append((e.miss_pct, e.damage, e.crit_damage, sa.agi + sa.str, st.agi + st.str))
        self.rows = tuple(rows)
        self._crit: dict[tuple[int, int], int] = {}

    def row(self, att: int, tgt: int, att_level: int, tgt_level: int):
        L = self.levels
        return self.rows[((att * self.n + tgt) * L + att_level - 1) * L + tgt_level - 1]

    def crit(self, att_sum: int, tgt_sum: int) -> int:
        key = (att_sum, tgt_sum)
        v = self._crit.get(key)
        if v is None:
            # crit_permille(agi+str+rst, ...) only depends on the two sums
            v = crit_permille(att_sum, 0, 0, tgt_sum, 0, 0, self.cap)
            self._crit[key] = v
        return v

    def estimate(self, att: int, tgt: int, att_level: int, tgt_level: int, att_rest: int, tgt_rest: int) -> Estimate:
        miss, dmg, crit_dmg, asum, tsum = self.row(att, tgt, att_level, tgt_level)
        return Estimate(miss, self.crit(asum + att_rest, tsum + tgt_rest), dmg, crit_dmg)

    def expected_damage(self, att: int, tgt: int, att_level: int, tgt_level: int,
                              att_rest: int, tgt_rest: int, tgt_hp: int) -> int:
        """Expected HP removed x 100000: hit % x per-mille crit mix of damage (capped at the target HP)."""
        miss, dmg, crit_dmg, asum, tsum = self.row(att, tgt, att_level, tgt_level)
        c = self.crit(asum + att_rest, tsum + tgt_rest)
        mix = (1000 - c) * min(dmg, tgt_hp) + c * min(crit_dmg, tgt_hp)
        return (100 - miss) * mix


class MoveTables:
    """Movement types and their costs; per-map movement fields, built on first use."""

    def __init__(self, rs: Ruleset):
        self.rs = rs
        self.movetypes: list[str] = sorted({p.mov for p in rs.pieces})
        self.movetype_of = [self.movetypes.index(p.mov) for p in rs.pieces]
        self.cost = [[self._cost(mt, t) for t in rs.tiles] for mt in self.movetypes]
        self._fields: dict[tuple[str, int], MoveField] = {}

    @staticmethod
    def _cost(mov: str, tile) -> int:
        """A piece may enter a tile when it has at least one of the tile's movement letters."""
        return enter_cost(mov, tile)

    def field(self, gmap: GameMap, movetype: int) -> MoveField:
        key = (gmap.content_hash or gmap.id, movetype)
        f = self._fields.get(key)
        if f is None:
            row = self.cost[movetype]
            costs = [row[t] for t in gmap.tiles]
            flies = "A" in self.movetypes[movetype]
            f = MoveField(gmap.grid, costs, gmap.elevation, None if flies else self.rs.rules.elevation_step)
            self._fields[key] = f
        return f

    def can_stand(self, gmap: GameMap, piece_index: int, cell: int) -> bool:
        return gmap.grid.exists[cell] == 1 and self.cost[self.movetype_of[piece_index]][gmap.tiles[cell]] > 0


_compiled: dict[str, tuple[CombatTable, MoveTables]] = {}


def compiled(rs: Ruleset) -> tuple[CombatTable, MoveTables]:
    """Tables of a ruleset, compiled once per content hash."""
    key = rs.content_hash or str(id(rs))
    hit = _compiled.get(key)
    if hit is None:
        hit = (CombatTable(rs), MoveTables(rs))
        _compiled[key] = hit
    return hit
