"""Exchange outcomes worked by hand on the tiny ruleset (tests/fixtures/bout/tiny).

Fighter a: ST 5, AG 5, WT 5 (Reflex 5), prof 4, sword: CP 9, swing DR 5+1 = 6.
Fighter b: every attribute 4 (Reflex 4, KD 4, health 4, WP 4), prof 5, sword: CP 9.
Every wound row: level L gives BL L-1, shock 2L, pain 2L-1 (less WP 4).
"""

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as A
from tests.bout.conftest import Script, make

SWING, THRUST, BEAT = 0, 1, 2
PARRY, BLOCK, COUNTER, FULL, PARTIAL = 3, 4, 5, 6, 7
HIGH, ARM, LOW = 0, 1, 2


def throw(g, ca, cb, sa=0, sb=0):
    assert g.phase == "orient"
    g.apply((A.ORIENT, 0, sa, ca))
    g.apply((A.ORIENT, 1, sb, cb))


def test_a_hit_wounds_and_keeps_initiative(tiny):
    g = make(tiny)
    assert [f.cp for f in g.fighters] == [9, 9]
    s = Script(g, [[9, 7, 2, 10], [6, 1, 3], [6, 2, 2, 2]])
    throw(g, 1, 0)
    assert g.phase == "attack" and g.pair(0, 1)[0] == 0
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 4, 0))
    assert g.fighters[0].cp == 5
    g.apply((A.DEFEND, 1, 0, PARRY, 3, 0))
    # 3 successes against 1: MoS 2, level 2 + 6 - 4 - 0 = 4: BL 3, shock 8, pain 7 - 4 = 3, "kd"
    assert s.calls == [("combat", 4, 6), ("combat", 3, 6), ("attr", 4, 6)]   # KD 4 dice at TN 2 x 3
    b = g.fighters[1]
    assert b.wounds == [[0, 4, 0, 3, 3, tiny.part_of[0]]]
    assert (b.cp, b.shock_carry, b.prone) == (0, 2, False)   # 6 CP left, shock 8: 2 carried; KD passed
    assert g.pair(0, 1)[0] == 0 and g.exchange == 2 and g.turn == 1


def test_pain_and_carried_shock_at_the_next_refresh(tiny):
    g = make(tiny)
    Script(g, [[9, 7, 2, 10], [6, 1, 3], [6, 2, 2, 2]])
    throw(g, 1, 0)
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 4, 0))
    g.apply((A.DEFEND, 1, 0, PARRY, 3, 0))
    s = Script(g, [[2, 2, 2, 2]])                  # b's blood-loss roll: EN 4 dice at TN = BL 3, fails
    g.apply((A.PASS, 0))                           # exchange 2: a holds back; round 2 starts
    assert s.calls == [("attr", 4, 3)]
    b = g.fighters[1]
    assert b.health == 3                           # blood loss costs 1 health
    assert b.cp == 5 + 4 - max(2, 3)               # refresh: prof + Reflex - max(carried 2, pain 3)
    assert b.shock_carry == 0 and g.round == 2


def test_successful_defence_passes_initiative_and_a_tie_keeps_it(tiny):
    g = make(tiny)
    Script(g, [[6, 2, 2], [9, 9, 3]])
    throw(g, 1, 0)
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 3, 0))
    g.apply((A.DEFEND, 1, 0, PARRY, 3, 0))
    assert g.pair(0, 1)[0] == 1 and not g.fighters[1].wounds      # 1 vs 2: b takes initiative
    g2 = make(tiny)
    Script(g2, [[6, 2, 2], [9, 2, 3]])
    throw(g2, 1, 0)
    g2.apply((A.ATTACK, 0, 1, SWING, HIGH, 3, 0))
    g2.apply((A.DEFEND, 1, 0, PARRY, 3, 0))
    assert g2.pair(0, 1)[0] == 0 and not g2.fighters[1].wounds    # 1 vs 1: MoS 0, a keeps it


def test_full_evasion_is_dtn_4_pauses_and_is_refused_after_your_own_attack(tiny):
    g = make(tiny)
    s = Script(g, [[6, 2], [4, 4]])
    throw(g, 1, 0)
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 2, 0))
    g.apply((A.DEFEND, 1, 0, FULL, 2, 0))
    assert s.calls[1] == ("combat", 2, 4)
    assert g.pair(0, 1)[0] == -1 and g.phase == "orient"          # a pause: throw again
    # exchange 2: b attacks (red) and a, who attacked in exchange 1, may not fully evade
    Script(g, [])
    throw(g, 0, 1)
    g.apply((A.ATTACK, 1, 0, SWING, HIGH, 2, 0))
    with pytest.raises(ActionError, match="full evasion"):
        g.apply((A.DEFEND, 0, 1, FULL, 2, 0))
    assert (A.DEFEND, 0, 1, FULL, 2, 0) not in g.legal_actions()


@pytest.mark.parametrize("extra, holder", [(0, 0), (2, 1)])
def test_partial_evasion_takes_initiative_only_for_2_cp(tiny, extra, holder):
    g = make(tiny)
    s = Script(g, [[6, 2], [7, 8]])
    throw(g, 1, 0)
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 2, 0))
    g.apply((A.DEFEND, 1, 0, PARTIAL, 2, extra))
    assert s.calls[1] == ("combat", 2, 7)
    assert g.fighters[1].cp == 9 - 2 - extra
    assert g.pair(0, 1)[0] == holder


def test_red_vs_red_order_and_initiative(tiny):
    g = make(tiny)
    throw(g, 1, 1)
    s = Script(g, [[6, 7, 1, 1, 1], [7, 1, 1, 1],      # contest: a 2 successes, b 1 -> a first
                   [1, 2, 3], [9, 1, 1], [1, 1, 1]])    # a's swing misses (no botch: 1 one), b's thrust hits once
    g.apply((A.ATTACK, 1, 0, THRUST, LOW, 3, 0))
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 3, 0))
    assert s.calls[:2] == [("attr", 5, 6), ("attr", 4, 7)]
    assert s.calls[2:4] == [("combat", 3, 6), ("combat", 3, 7)]
    # a missed first, b hit later: the later hitter takes initiative (contested); b's thrust
    # MoS 1 + DR 4 - TO 5 = 0: no wound
    assert g.pair(0, 1)[0] == 1


def test_red_vs_red_tie_on_reflex_gives_simultaneous_blows(tiny):
    g = make(tiny, keys=("b", "b"))
    throw(g, 1, 1)
    s = Script(g, [[7, 1, 1, 1], [7, 1, 1, 1], [9, 9], [2, 3]])
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 2, 0))
    g.apply((A.ATTACK, 1, 0, SWING, HIGH, 2, 0))
    # equal successes and equal Reflex 4 (both swing): simultaneous; one hit -> the hitter
    assert [c[0] for c in s.calls] == ["attr", "attr", "combat", "combat"]
    assert g.pair(0, 1)[0] == 0


def test_a_thrust_breaks_a_reflex_tie(tiny):
    g = make(tiny, keys=("b", "b"))
    throw(g, 1, 1)
    Script(g, [[7, 1, 1, 1], [7, 1, 1, 1], [9, 2], [2, 3]])
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 2, 0))
    g.apply((A.ATTACK, 1, 0, THRUST, LOW, 2, 0))
    ev = g.events
    assert ("red_red", 1, 0) in ev                   # the thruster (Reflex 4 + 1) goes first


def test_buying_initiative_costs_by_proficiency(tiny):
    g = make(tiny)
    assert g.buy_cost(1) == 5                        # prof 5: below buy_mid_from 6
    Script(g, [[2, 2, 2, 2, 2], [2, 2, 2, 2], [2], [9]])
    throw(g, 1, 0)
    g.apply((A.ATTACK, 0, 1, SWING, HIGH, 1, 0))
    g.apply((A.BUY, 1, 0, SWING, HIGH, 1, 0))
    assert g.fighters[1].cp == 9 - 5 - 1
    assert any(e[0] == "contest" for e in g.events)  # a bought attack is fought as red vs red


def test_length_penalty_passes_after_a_damaging_blow(tiny):
    g = make(tiny, keys=("c", "b"))                   # dagger (reach 1) vs sword (reach 3)
    assert g.pair(0, 1)[2:] == [0, 2]                 # c is short by 2 steps: -2 dice
    s = Script(g, [[5, 5, 5, 5], [1, 2, 2], [6, 1, 1, 1]])
    throw(g, 1, 0)
    g.apply((A.ATTACK, 0, 1, THRUST, LOW, 6, 0))
    g.apply((A.DEFEND, 1, 0, PARRY, 3, 0))
    assert s.calls[0] == ("combat", 4, 5)             # 6 dice - 2 for length
    assert g.fighters[1].wounds and g.pair(0, 1)[2] == 1   # the penalty now burdens the sword


def test_multiple_foes_footing_roll(tiny):
    g = make(tiny, keys=("a", "b", "b", "b"), sides=(0, 1, 1, 1), positions=(12, 6, 7, 8))
    assert g.phase == "footing" and g.to_act() == 0
    assert g.footing_tn(3) == 8 and g.footing_tn(2) == 6 and g.footing_tn(1) == 0
    s = Script(g, [[7, 2]])
    g.apply((A.FOOTING, 0, 2))
    assert s.calls == [("combat", 2, 8)]
    assert g.fighters[0].cp == (9 - 2) // 2           # failure halves what is left for the round
    assert g.phase == "orient"


def test_one_pool_split_against_several_attackers(tiny):
    g = make(tiny, keys=("a", "b", "b"), sides=(0, 1, 1), positions=(12, 7, 13))
    Script(g, [[9, 9], [2, 2], [2, 2, 2, 2], [2, 2], [2, 2, 2]])
    g.apply((A.FOOTING, 0, 2))                         # 2 foes: TN 6, 2 successes
    for f in (0, 1, 2):
        g.apply((A.ORIENT, f, 0, 0 if f == 0 else 1))
    g.apply((A.ATTACK, 1, 0, SWING, HIGH, 2, 0))
    g.apply((A.ATTACK, 2, 0, SWING, HIGH, 2, 0))
    g.apply((A.DEFEND, 0, 1, PARRY, 4, 0))
    assert g.fighters[0].cp == 3
    with pytest.raises(ActionError, match="costs"):
        g.apply((A.DEFEND, 0, 2, PARRY, 4, 0))
    g.apply((A.DEFEND, 0, 2, PARRY, 3, 0))
    assert g.fighters[0].cp == 0


def test_surprise_loses_the_first_round(tiny):
    g = make(tiny, surprise=[0, tiny.index("surprise", "unsuspecting")], start=False)
    Script(g, [[10, 9, 9, 9]])                         # Reflex 4 dice at TN 10: one success
    g._start_round()
    assert not g.fighters[1].lost_round
    g = make(tiny, surprise=[0, tiny.index("surprise", "unsuspecting")], start=False)
    Script(g, [[9, 2, 2, 2]])
    g._start_round()
    g._begin_exchange()
    assert g.fighters[1].lost_round and g.pair(0, 1)[0] == 0 and g.phase == "attack"
