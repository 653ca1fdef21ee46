"""Each maneuver's rule, worked by hand on the tiny ruleset (see test_bout_exchange.py for the
fighters: a has CP 9, Reflex 5, ST 5; b has CP 9, Reflex 4, every attribute 4)."""

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as A
from tests.bout.conftest import Script, make

SWING, THRUST, BEAT, PARRY, BLOCK, COUNTER, FULL, PARTIAL = range(8)
FEINT, GRAPPLE, BIND, EXPULSION, DISARM, DUCK = range(8, 14)
HIGH, ARM, LOW = 0, 1, 2


def start(tiny, keys=("a", "b"), red=0):
    g = make(tiny, keys=keys)
    g.apply((A.ORIENT, 0, 0, int(red == 0)))
    g.apply((A.ORIENT, 1, 0, int(red == 1)))
    return g


def test_declarations_go_lowest_reflex_first(tiny):
    g = make(tiny, keys=("a", "b", "b"), sides=(0, 1, 1), positions=(12, 7, 13))
    Script(g, [[9, 9]])
    g.apply((A.FOOTING, 0, 2))
    for f in (0, 1, 2):
        g.apply((A.ORIENT, f, 0, 1))
    assert g.phase == "attack" and g.queue == [1, 2, 0]       # Reflex 4, 4 (by index), then 5


def test_aiming_at_a_costly_zone(tiny):
    g = start(tiny)
    g.apply((A.ATTACK, 0, 1, SWING, ARM, 3, 1))
    assert g.fighters[0].cp == 9 - 3 - 1 - 1                  # dice + aim cost 1 + cut extra 1


def test_a_cut_extra_cp_adds_one_damage(tiny):
    g = start(tiny)
    Script(g, [[9, 1, 1], [1, 1, 1], [7, 7, 7, 7]])
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 3, 1))
    g.apply((A.DEFEND, 1, 0, PARRY, 3, 0))                   # botch: 0 successes, three ones
    # MoS 1 + defence botch 2 + DR (5 + 1 + 1 extra) - TO 4 = 6, capped at 5: death on the torso row
    assert g.fighters[1].wounds[0][1] == 5 and g.fighters[1].dead and g.is_over()


def test_feint_costs_per_region_and_costs_the_defender_dice(tiny):
    g = start(tiny)
    s = Script(g, [[2, 2], [9]])
    g.apply((A.ATTACK, 0, 1, FEINT, HIGH, 2, 1))             # 2 regions: 1 + 1 CP
    assert g.fighters[0].cp == 9 - 2 - 1 - 1
    g.apply((A.DEFEND, 1, 0, PARRY, 5, 0))
    assert s.calls[1] == ("combat", 5 - 2 * 2, 6)


def test_beat_only_fresh_and_drains_two_cp_per_success(tiny):
    g = start(tiny)
    Script(g, [[9, 9, 9], [9, 2]])
    g.apply((A.ATTACK, 0, 1, BEAT, HIGH, 3, 0))
    g.apply((A.DEFEND, 1, 0, PARRY, 2, 0))
    assert g.fighters[1].cp == 9 - 2 - 2 * 2 and not g.fighters[1].wounds
    assert g.pair(0, 1)[0] == 0
    with pytest.raises(ActionError, match="beat"):             # no longer the start of the bout
        g.apply((A.ATTACK, 0, 1, BEAT, HIGH, 1, 0))


def test_grapple_throws_him_down(tiny):
    g = start(tiny)
    Script(g, [[5, 1], [1, 1]])
    g.apply((A.ATTACK, 0, 1, GRAPPLE, LOW, 2, 0))
    g.apply((A.DEFEND, 1, 0, PARRY, 2, 0))
    b = g.fighters[1]
    assert b.prone and b.cp == (9 - 2) // 2 and not b.wounds


def test_bind_and_strike_also_drains_cp(tiny):
    g = start(tiny)
    Script(g, [[9, 9], [1, 2], [7, 7, 7, 7]])
    g.apply((A.ATTACK, 0, 1, BIND, LOW, 2, 0))
    g.apply((A.DEFEND, 1, 0, PARRY, 2, 0))
    # MoS 2, DR 5 + 0 - TO 4: level 3 on the leg: shock 6 from 7 CP -> 1, then bind: -2 -> 0
    b = g.fighters[1]
    assert b.wounds[0][1] == 3 and b.cp == 0


def test_counter_turns_the_margin_into_free_dice(tiny):
    g = start(tiny)
    Script(g, [[2, 2], [9, 9, 9]])
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 2, 0))
    g.apply((A.DEFEND, 1, 0, COUNTER, 3, 0))
    assert g.fighters[1].cp == 9 - 3 - 2 and g.fighters[1].bonus_dice == 3 and g.pair(0, 1)[0] == 1


def test_expulsion_only_against_thrusts_and_drains_the_attacker(tiny):
    g = start(tiny)
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 2, 0))
    with pytest.raises(ActionError, match="only against a thrust"):
        g.apply((A.DEFEND, 1, 0, EXPULSION, 2, 0))
    g = start(tiny)
    Script(g, [[2, 2], [9, 9]])
    g.apply((A.ATTACK, 0, 1, THRUST, LOW, 2, 0))
    g.apply((A.DEFEND, 1, 0, EXPULSION, 2, 0))
    assert g.fighters[0].cp == 9 - 2 - 2 and g.pair(0, 1)[0] == 1


def test_disarm_needs_a_margin_of_two(tiny):
    g = start(tiny)
    Script(g, [[2, 2], [9, 9, 1]])
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 2, 0))
    g.apply((A.DEFEND, 1, 0, DISARM, 3, 0))
    assert g.fighters[0].weapon == tiny.index("weapons", "fist")
    assert any(e[0] == "disarmed" for e in g.events)


def test_duck_and_weave_takes_initiative_and_ignores_length(tiny):
    g = make(tiny, keys=("b", "c"))                         # sword (3) vs dagger (1): c is short
    g.apply((A.ORIENT, 0, 0, 1))
    g.apply((A.ORIENT, 1, 0, 0))
    s = Script(g, [[2, 2, 2, 2], [9, 9]])
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 4, 0))
    g.apply((A.DEFEND, 1, 0, DUCK, 4, 0))
    assert s.calls[1] == ("combat", 4 - 2, 9)                 # the dagger still pays length on defence
    assert g.pair(0, 1)[0] == 1 and g.fighters[1].ignore_length
    assert g.fighters[0].cp == 9 - 4 - 4 // 2


def test_a_knockdown_roll_from_a_leg_wound(tiny):
    g = start(tiny)
    s = Script(g, [[9, 9], [1, 2], [1, 2, 3, 2]])
    g.apply((A.ATTACK, 0, 1, THRUST, LOW, 2, 0))
    g.apply((A.DEFEND, 1, 0, PARRY, 2, 0))
    # MoS 2 + DR 5 - TO 4 = level 3 on the leg: shock 6 from 7 CP -> 1; effect "kd": KD 4 dice at
    # TN 2 x 2 successes = 4, no success -> prone, the pool halved
    assert s.calls[2] == ("attr", 4, 4)
    b = g.fighters[1]
    assert b.prone and b.cp == 0 and b.wounds[0][1] == 3


def test_a_mortal_wound_ends_the_bout(tiny):
    g = start(tiny)
    Script(g, [[9, 9, 9, 9, 9], [1, 2]], d6=[0])
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 5, 0))
    g.apply((A.DEFEND, 1, 0, PARRY, 2, 0))
    # MoS 5 + DR 6 - TO 4 = 7 -> level 5 on the torso: "death"
    assert g.fighters[1].dead and g.winner == 0
