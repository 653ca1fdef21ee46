"""Acceptance cases 1-4 of the research (dice, pool refresh, damage levels, shock carry-over),
worked out by hand."""

from game.core.prng import Pcg32
from game.modes.bout.dice import count, faces, roll
from game.modes.bout.fighter import damage_level, refresh_value, take_shock


def test_dice_successes_and_botches():
    assert count([1, 6, 10, 5, 7], 6) == (3, False)     # 6, 10, 7 meet TN 6
    assert count([1, 1, 3], 6) == (0, True)             # no success and two ones
    assert count([1], 6) == (0, True)                   # a single die botches on one 1
    assert count([1, 4], 6) == (0, False)               # one 1 of two dice: a failure, not a botch
    assert count([10, 10], 11) == (0, False)            # TN above 10 cannot be met without the option
    assert count([10, 10], 12, reroll=[2, 1]) == (1, False)   # flagged option: 10 rerolls against TN-10


def test_dice_come_from_the_games_pcg32():
    a, b = Pcg32(9, 3), Pcg32(9, 3)
    assert faces(a, 50) == [b.below(10) + 1 for _ in range(50)]
    s, _botch, fs = roll(Pcg32(1), 0, 6)                 # an empty pool still rolls one die, TN +1
    assert len(fs) == 1 and s == (1 if fs[0] >= 7 else 0)


def test_pool_refresh():
    assert refresh_value(4, 5, 0, 0, halved=False) == 9       # proficiency 4 + Reflex 5
    assert refresh_value(4, 5, 2, 3, halved=False) == 6       # minus max(carried shock 2, pain 3)
    assert refresh_value(4, 5, 2, 3, halved=True) == 3        # health 1 halves
    assert refresh_value(1, 1, 9, 0, halved=False) == 0       # never below 0


def test_damage_levels():
    assert damage_level(2, 6, 4, 0) == 4        # DR 6 (ST 5 + 1), MoS 2, TO 4
    assert damage_level(2, 6, 4, 3) == 1        # AV 3
    assert damage_level(0, 6, 4, 0) == 0        # MoS 0: no wound
    assert damage_level(7, 6, 4, 0) == 5        # 9 or more: capped at 5
    assert damage_level(1, 2, 4, 0) == 0        # nothing at or below 0


def test_shock_carry_over():
    assert take_shock(3, 5) == (0, 2)           # 3 CP left, shock 5: pool empty, 2 carried
    assert refresh_value(4, 5, 2, 1, halved=False) == 9 - 2   # next refresh with pain 1 deducts 2


def test_a_pool_at_0_or_below_throws_one_die_at_a_raised_tn():
    """Rule 20 (seed: "rolling of a single dice but with an increased TN for each step below 1
    dice"; the step, `zero_pool_tn_step`, is ours: 1). 0 dice at TN 6 -> 1 die at TN 7; -2 dice
    (2 dice of reach penalty on an empty pool) -> 1 die at TN 6 + 3 = 9."""
    rng = Pcg32(4)
    first = Pcg32(4).below(10) + 1
    s, botch, fs = roll(rng, 0, 6)
    assert fs == [first] and s == (1 if first >= 7 else 0)
    s, _b, fs = roll(Pcg32(4), -2, 6)
    assert fs == [first] and s == (1 if first >= 9 else 0)
    s, _b, fs = roll(Pcg32(4), -2, 6, zero_step=2)        # a ruleset may raise it by 2 a step
    assert s == (1 if first >= 12 else 0)


def test_an_empty_pool_may_still_declare_zero_dice(tiny):
    """A fighter whose pool is empty declares 0 dice and still throws one die at TN + 1; with dice
    left he must set at least one."""
    import pytest

    from game.modes.base import ActionError
    from game.modes.bout import actions as A
    from game.modes.bout.consts import ATTACK, DEFEND
    from tests.bout.conftest import Script, at_declare, declare, man, zone
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "swing"), zone(tiny, "high"), 2))
    with pytest.raises(ActionError, match="at least 1 die"):
        m.apply(A.Line(1, DEFEND, 0, man(tiny, "parry"), 0, 0))
    m.fighters[1].cp = 0
    declare(m, 1, (DEFEND, 0, man(tiny, "parry"), 0, 0))
    s = Script(m, [[9, 9], [7], [9, 9, 9, 9]])
    m.advance()
    assert s.calls[:2] == [("combat", 2, 6), ("combat", 1, 7)]      # parry DTN 6 + 1
