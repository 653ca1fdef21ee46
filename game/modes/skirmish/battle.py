"""The WoS Tactics battle equations, level-ups and experience, in exact integer arithmetic.

From the WoS page ("Battle Equations"), with run-time stats:

    ChanceOfMiss = (tgtAGI - AGI + 1) * 10            limited to 0..100
    ChanceOfCrit = 12.5 * (AGI+STR+RST) / (tgtAGI+tgtSTR+tgtRST)
    DamagePoints = weaponDamage * STR / tgtDEF        tgtDEF halved when the weapon dominates

Choices where the page is silent (all written in docs/rules/skirmish.md):
- every ratio (the crit ratio and STR/tgtDEF) is limited to `ratio_cap` (20); a ratio with a
  zero denominator is the cap when its numerator is positive and 0 otherwise;
- the crit chance is kept in per-mille (12.5 % = 125) and floored, limited to 0..1000;
- damage is rounded half up from the exact rational value, and a hit does at least
  `min_hit_damage` (1);
- a critical hit does `crit_bonus_pct` (75) % more: round_half_up(exact * 175 / 100), also at
  least the normal damage.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rules.skirmish.model import PieceType, Rules


@dataclass(frozen=True)
class Stats:
    """Run-time stats of a piece type at a level (mobility and range never change)."""

    hp: int
    mp: int
    str: int
    def_: int
    agi: int


def runtime_stats(p: PieceType, level: int) -> Stats:
    up = level - 1
    return Stats(hp=p.hp + 2 * up, mp=p.mp + 2 * up, str=p.str + up, def_=p.def_ + 2 * up, agi=p.agi + up)


def capped_ratio(num: int | Fraction, den: int | Fraction, cap: int) -> Fraction:
    if den <= 0:
        return Fraction(cap) if num > 0 else Fraction(0)
    return min(Fraction(num) / Fraction(den), Fraction(cap))


def round_half_up(x: Fraction) -> int:
    return (x.numerator * 2 + x.denominator) // (x.denominator * 2)


def miss_pct(agi: int, tgt_agi: int) -> int:
    return max(0, min(100, (tgt_agi - agi + 1) * 10))


def crit_permille(agi: int, str_: int, rst: int, tgt_agi: int, tgt_str: int, tgt_rst: int, cap: int) -> int:
    ratio = capped_ratio(agi + str_ + rst, tgt_agi + tgt_str + tgt_rst, cap)
    return max(0, min(1000, (125 * ratio.numerator) // ratio.denominator))


def damage_points(weapon_damage: int, str_: int, tgt_def: int, dominated: bool, rules: Rules) -> tuple[int, int]:
    """(normal damage, critical damage) of a hit."""
    eff_def = Fraction(tgt_def, 2) if dominated else Fraction(tgt_def)
    exact = weapon_damage * capped_ratio(str_, eff_def, rules.ratio_cap)
    normal = max(rules.min_hit_damage, round_half_up(exact))
    crit = max(normal, rules.min_hit_damage, round_half_up(exact * (100 + rules.crit_bonus_pct) / 100))
    return normal, crit


@dataclass(frozen=True)
class Estimate:
    """What the info window shows: the attack's numbers before the dice."""

    miss_pct: int
    crit_permille: int
    damage: int
    crit_damage: int

    @property
    def crit_pct_text(self) -> str:
        whole, tenth = divmod(self.crit_permille, 10)
        return f"{whole}%" if tenth == 0 else f"{whole}.{tenth}%"


def battle_equations(att: PieceType, att_level: int, att_rest: int,
                     tgt: PieceType, tgt_level: int, tgt_rest: int, rules: Rules) -> Estimate:
    a, t = runtime_stats(att, att_level), runtime_stats(tgt, tgt_level)
    dominated = bool(att.weapon.dominates) and att.weapon.dominates == tgt.weapon.klass
    dmg, crit = damage_points(att.weapon.damage, a.str, t.def_, dominated, rules)
    return Estimate(
        miss_pct=miss_pct(a.agi, t.agi),
        crit_permille=crit_permille(a.agi, a.str, att_rest, t.agi, t.str, tgt_rest, rules.ratio_cap),
        damage=dmg,
        crit_damage=crit,
    )


def hit_xp(att_level: int, tgt_level: int, killed: bool, rules: Rules) -> int:
    """Experience for one hit: more for a higher-level target, multiplied on a kill."""
    xp = max(rules.xp_min, rules.xp_per_hit + rules.xp_per_level_gap * (tgt_level - att_level))
    return xp * rules.kill_xp_multiplier if killed else xp


def xp_to_next(level: int, rules: Rules) -> int:
    """Experience a piece of `level` needs to reach the next level."""
    return rules.level_xp * level


def apply_xp(level: int, xp: int, gained: int, rules: Rules) -> tuple[int, int, int]:
    """(new level, xp carried into it, levels gained). XP counts from the start of each level."""
    xp += gained
    ups = 0
    while level < rules.max_level and xp >= xp_to_next(level, rules):
        xp -= xp_to_next(level, rules)
        level += 1
        ups += 1
    if level >= rules.max_level:
        xp = min(xp, xp_to_next(level, rules))
    return level, xp, ups
