"""Missile weapons (the seed's "Ranged combat" card), worked by hand on the tiny ruleset.

g, the archer: AG 4, PER 6 -> Aim (4 + 6) // 2 = 5; prof 5; a bow: range 12, missile TN 6,
damage 4 (bows ignore Strength), 1 step to ready after a shot. A shot rolls prof + Aim = 10
dice plus the aiming bonus. b dodges with (Reflex 4 + PER 4) // 2 = 4 dice at the dodge TN 8.
Defaults of the tiny ruleset: +1 TN per 4 squares beyond the first, +1 TN into melee, +1 TN at a
target who moved, -4 dice with 2 people around the target, -6 with 3 or more.
"""

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.consts import CAUTIOUS
from game.modes.bout.ranged import aim_bonus
from tests.bout.conftest import E, Script, W, melee, orient, zone


def test_aiming_gives_thirds_of_the_aim_attribute():
    """Seed: 3 steps give 1/3 of Aim, 4 steps 2/3, 5 the whole (rounded down): Aim 5 -> 1, 3, 5."""
    assert [aim_bonus(5, s) for s in range(7)] == [0, 0, 0, 1, 3, 5, 5]
    assert aim_bonus(6, 4) == 4


def test_a_shot_lands_at_the_next_step(tiny):
    """g at (0,0) aims 3 steps at b at (5,0) (5 squares: TN 6 + (5 - 1) // 4 = 7) and shoots: 10 +
    1 dice. The shot lands when the clock advances: 3 successes (7s) against b's dodge 8,1,1,1 =
    1: margin 2, level 2 + 4 - TO 4 = 2 on the leg."""
    m = melee(tiny, [("g", 0, (0, 0), E), ("b", 1, (5, 0), W)], width=8)
    for _ in range(3):
        m.apply(A.Aim(0, 1))
    assert m.fighters[0].aim == 3
    m.apply(A.Shoot(0, 1, zone(tiny, "low")))
    assert not m.fighters[1].wounds and m.shots
    s = Script(m, [[7, 7, 7, 1, 1, 1, 1, 1, 2, 2, 2], [8, 1, 1, 1]], d6=[0])
    m.advance()
    assert s.calls == [("faces", 11), ("combat", 4, 8)]
    assert m.fighters[1].wounds[0][1] == 2 and m.fighters[0].ready == 1
    with pytest.raises(ActionError, match="not ready"):
        m.apply(A.Shoot(0, 1, zone(tiny, "low")))
    m.apply(A.Aim(0, 1))                          # the step readies the bow
    assert m.fighters[0].ready == 0


def test_shooting_into_melee_is_harder_and_a_botch_strikes_a_bystander(tiny):
    """b at (3,2) is engaged with a (at (2,2)) and another b stands by him (at (4,3)): two people
    around the target: -4 dice, TN 6 + 1 (into melee) = 7 at 3 squares; the botch number rises to
    2 (one per person past the first). 6 dice, no success and three faces of 1-2: the shot goes
    astray into one of them (the d6 picks the second, fighter 3): margin 1, level 1 + 4 - 4 = 1."""
    m = melee(tiny, [("g", 0, (3, 5), 0), ("b", 1, (3, 2), W), ("a", 0, (2, 2), E), ("b", 0, (4, 3), 0)],
              width=8)
    orient(m, {1: CAUTIOUS, 2: CAUTIOUS, 3: CAUTIOUS})
    assert m.crowd(1, 0) == [2, 3] and m.fighters[1].eng
    m.apply(A.Shoot(0, 1, zone(tiny, "low")))
    s = Script(m, [[2, 2, 1, 5, 5, 6]], d6=[1, 0])
    m.advance()
    assert s.calls == [("faces", 6)]
    assert ("stray", 0, 3) in m.events and m.fighters[3].wounds[0][1] == 1 and not m.fighters[1].wounds


def test_a_moving_target_and_a_target_declaring_only_uses_his_pool(tiny):
    """b moved this step: +1 TN (at 2 squares: 6 + 0 + 1 = 7)."""
    m = melee(tiny, [("g", 0, (0, 0), E), ("b", 1, (3, 0), W)], width=8)
    m.place(1, 2)
    m.apply(A.Shoot(0, 1, zone(tiny, "low")))
    Script(m, [[7, 7] + [2] * 8, [1, 1, 1, 1]], d6=[0])
    m.advance()
    assert ("shot", 0, 1, 10, 7, 2, 0) in m.events


def test_what_a_shooter_may_not_do(tiny):
    m = melee(tiny, [("g", 0, (0, 0), E), ("b", 1, (1, 0), W), ("b", 1, (7, 7), W)], width=16)
    with pytest.raises(ActionError, match="engaged"):
        m.apply(A.Aim(0, 2))
    m2 = melee(tiny, [("g", 0, (0, 0), E), ("b", 1, (15, 0), W), ("a", 1, (3, 3), W)], width=16)
    with pytest.raises(ActionError, match="beyond 12 squares"):
        m2.apply(A.Aim(0, 1))
    m2.line_of_fire = lambda a, b: False
    with pytest.raises(ActionError, match="no line of fire"):
        m2.apply(A.Shoot(0, 2, zone(tiny, "low")))
    with pytest.raises(ActionError, match="no missile weapon"):
        m2.apply(A.Aim(2, 0))
