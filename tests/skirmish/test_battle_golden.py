"""Battle equations with values worked out by hand from the WoS page (see docs/rules/skirmish.md).

Mini ruleset: brute STR4 DEF3 AGI2 RST3 club(rock>scissors, 3) | pike STR3 DEF3 AGI2 RST3
spear(scissors>paper, 2) | sprite STR1 DEF5 AGI12 RST2 wand(paper>rock, 1) | titan STR30 DEF0
AGI5 RST3 club(rock>scissors, 3).
"""

import pytest

from game.modes.skirmish.battle import (
    apply_xp,
    battle_equations,
    crit_permille,
    hit_xp,
    runtime_stats,
)
from game.modes.skirmish.tables import CombatTable


def est(rs, a, t, al=1, tl=1, ar=None, tr=None):
    A, T = rs.piece(a), rs.piece(t)
    e = battle_equations(A, al, A.rst if ar is None else ar, T, tl, T.rst if tr is None else tr, rs.rules)
    return e.miss_pct, e.crit_permille, e.damage, e.crit_damage


# (attacker, target, levels, rests) -> (miss %, crit per-mille, damage, crit damage), by hand:
CASES = [
    # miss (2-2+1)*10=10; crit 12.5*9/9=12.5%; dmg 3*4/3=4; crit 4*1.75=7
    (("brute", "brute"), (10, 125, 4, 7)),
    # rock dominates scissors: DEF 3 -> 1.5; 3*4/1.5=8, crit 14; crit 12.5*9/8=14.0625% -> 140
    (("brute", "pike"), (10, 140, 8, 14)),
    # scissors vs rock, no domination: 2*3/3=2; crit 3.5 rounds half up to 4; 12.5*8/9=11.11% -> 111
    (("pike", "brute"), (10, 111, 2, 4)),
    # (12-2+1)*10=110 clamped to 100; 3*4/5=2.4 -> 2; 4.2 -> 4; 12.5*9/15=7.5% -> 75
    (("brute", "sprite"), (100, 75, 2, 4)),
    # (2-12+1)*10=-90 clamped to 0; paper > rock: 1*1/1.5=0.67 -> 1; crit 1.17 -> 1; 12.5*15/9 -> 208
    (("sprite", "brute"), (0, 208, 1, 1)),
    # STR/DEF' = 30/1.5 = 20 = the cap exactly: 3*20=60, crit 105; crit 12.5*38/8 = 59.375% -> 593
    (("titan", "pike"), (0, 593, 60, 105)),
    # 30/3 = 10: 30 damage, crit 52.5 -> 53
    (("titan", "brute"), (0, 527, 30, 53)),
    # DEF 0: no division, the ratio is the cap 20: 2*20=40, crit 70; miss (5-2+1)*10=40; 12.5*8/38 -> 26
    (("pike", "titan"), (40, 26, 40, 70)),
]


@pytest.mark.parametrize("pair,expected", CASES)
def test_level_1_fully_rested(mini, pair, expected):
    assert est(mini, *pair) == expected


def test_titan_vs_brute_crit_by_hand(mini):
    # (5+30+3)/(2+4+3) = 38/9 = 4.22; 12.5 * 38/9 = 52.78% -> 527 per-mille
    assert est(mini, "titan", "brute")[1] == 527


def test_level_3_runtime_stats(mini):
    s = runtime_stats(mini.piece("brute"), 3)
    # STR, AGI = base + level - 1; DEF, maxHP, maxMP = base + 2*(level - 1)
    assert (s.str, s.agi, s.def_, s.hp, s.mp) == (6, 4, 7, 16, 4)
    assert runtime_stats(mini.piece("sprite"), 3).mp == 8


def test_level_3_attacker_and_target(mini):
    # L3 brute (STR6 AGI4) -> L1 brute: miss (2-4+1)*10 -> 0; 3*6/3=6; 10.5 -> 11; 12.5*13/9 -> 180
    assert est(mini, "brute", "brute", al=3) == (0, 180, 6, 11)
    # L1 brute -> L3 brute (DEF7 AGI4 STR6): miss (4-2+1)*10=30; 12/7=1.71 -> 2; 12/7*7/4=3; 12.5*9/13 -> 86
    assert est(mini, "brute", "brute", tl=3) == (30, 86, 2, 3)


def test_rest_is_part_of_the_crit_chance(mini):
    # a tired attacker (rest 0): 12.5 * (2+4+0)/(2+4+3) = 8.33% -> 83
    assert est(mini, "brute", "brute", ar=0)[1] == 83
    # a tired target (rest 0): 12.5 * 9/6 = 18.75% -> 187
    assert est(mini, "brute", "brute", tr=0)[1] == 187


def test_ratio_cap_and_no_division_by_zero():
    assert crit_permille(5, 30, 3, 0, 0, 0, 20) == 1000     # 0 denominator -> cap 20 -> 250% -> 100%
    assert crit_permille(1, 0, 0, 0, 0, 0, 20) == 1000
    assert crit_permille(0, 0, 0, 0, 0, 0, 20) == 0         # 0/0 -> no crit
    assert crit_permille(20, 0, 0, 1, 0, 0, 20) == 1000     # 20x the target: 250% -> clamped to 100%
    assert crit_permille(2, 0, 0, 1, 0, 0, 20) == 250       # "TWICE the overall stats ... 25% chance"


def test_agility_formula_wins_over_the_prose(mini):
    from game.modes.skirmish.battle import miss_pct
    # the formula: one point more agility already never misses (the prose says two)
    assert miss_pct(3, 2) == 0
    assert miss_pct(2, 2) == 10
    assert miss_pct(2, 3) == 20
    assert miss_pct(1, 12) == 100


def test_rounding_and_minimum_damage(mini):
    from game.modes.skirmish.battle import damage_points
    r = mini.rules
    assert damage_points(3, 3, 2, False, r) == (5, 8)      # 4.5 -> 5 ; 7.875 -> 8
    assert damage_points(2, 3, 4, False, r) == (2, 3)      # 1.5 -> 2 ; 2.625 -> 3
    assert damage_points(1, 1, 5, False, r) == (1, 1)      # 0.2 -> 0 -> at least 1
    assert damage_points(2, 0, 0, False, r) == (1, 1)      # 0/0 -> ratio 0 -> minimum hit


def test_experience_and_level_ups(mini):
    r = mini.rules
    assert hit_xp(1, 1, False, r) == 10
    assert hit_xp(1, 1, True, r) == 20                     # double for destroying the target
    assert hit_xp(1, 3, False, r) == 20                    # more for a higher-level target
    assert hit_xp(3, 1, False, r) == 2                     # 10 - 10 = 0 -> the minimum 2
    assert apply_xp(1, 25, 10, r) == (2, 5, 1)             # 30 XP for level 2
    assert apply_xp(1, 0, 100, r) == (3, 10, 2)            # then 60 for level 3
    assert apply_xp(5, 0, 1000, r) == (5, 150, 0)          # max level 5: the meter stays full


def test_compiled_table_agrees_with_the_equations(mini):
    table = CombatTable(mini)
    for a in mini.pieces:
        for t in mini.pieces:
            for al in (1, 2, 5):
                for tl in (1, 3):
                    for ar, tr in ((0, 0), (3, 2), (a.rst, t.rst)):
                        e = battle_equations(a, al, ar, t, tl, tr, mini.rules)
                        assert table.estimate(a.index, t.index, al, tl, ar, tr) == e
