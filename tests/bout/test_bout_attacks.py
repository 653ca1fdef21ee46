"""Every attack of the maneuver tree, worked by hand on the tiny ruleset (its maneuvers.toml is the
shipped tree with its numbers frozen; fighters in test_bout_exchange.py's docstring, plus d:
b with a medium shield (DTN 5), e: b with an axe (hook, swing ATN 6, DR +2), f: b with a knife
in the off hand (swing ATN 7, DTN 8)). The duel puts the first fighter at (1,1) facing east,
the second at (2,1) facing west; the first (aggressive) holds initiative over the second
(cautious) and declares first. Every wound row: level L gives BL L-1, shock 2L, pain 2L-1; the
torso wounds with "kd" at 4 and "death" at 5, the leg with "kd" from 3; a d6 of 0 picks a zone's
first location (high: torso, low: leg)."""

import dataclasses

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.consts import AGGRESSIVE, ATTACK, CAUTIOUS, DEFEND, NO_INIT
from tests.bout.conftest import Script, at_declare, declare, done, man, no_answers, zone


def hi(r):
    return zone(r, "high")


def lo(r):
    return zone(r, "low")


def parry(r, f, dice):
    return (DEFEND, f, man(r, "parry"), 0, dice)


def test_aiming_at_a_costly_zone(tiny):
    """A cut at the arm: 3 dice + aim cost 1 + the cut's extra CP 1 = 5 of a's 9."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "cut"), zone(tiny, "arm"), 3, 1))
    assert m.fighters[0].cp == 9 - 5


def test_a_cut_extra_cp_adds_one_damage_and_a_botched_defence_two_levels(tiny):
    """a's cut (3 dice, +1 CP) shows 9,1,1: one success; b's parry 1,1,1 botches. Level = MoS 1
    + 2 for the botch + DR (ST 5 + 1 + 1 for the extra CP) - TO 4 = 6, capped at 5: on the
    torso, death."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "cut"), hi(tiny), 3, 1))
    declare(m, 1, parry(tiny, 0, 3))
    Script(m, [[9, 1, 1], [1, 1, 1]])
    m.advance()
    assert m.fighters[1].wounds[0][1] == 5 and m.fighters[1].dead


def test_feint_costs_per_region_and_costs_the_defender_dice(tiny):
    """Feint and swing into 2 regions: 1 CP + 1 per extra region + 2 dice = 4; the parry of 5
    dice loses 2 per region: 5 - 4 = 1 die at TN 6."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "feint_swing"), hi(tiny), 2, 1))
    assert m.fighters[0].cp == 9 - 4
    declare(m, 1, parry(tiny, 0, 5))
    s = Script(m, [[2, 2], [9]])
    m.advance()
    assert s.calls[1] == ("combat", 1, 6)


def test_beat_only_fresh_and_drains_two_cp_per_success(tiny):
    """Beat (3 dice: 9,9,9 = 3) against a parry of 2 (9,2 = 1): margin 2, b loses 2 x 2 = 4 CP
    (9 - 2 - 4 = 3), no wound; a keeps the initiative. In exchange 2 the pair is no longer fresh."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "beat"), hi(tiny), 3))
    declare(m, 1, parry(tiny, 0, 2))
    Script(m, [[9, 9, 9], [9, 2]])
    m.advance()
    assert m.fighters[1].cp == 9 - 2 - 4 and not m.fighters[1].wounds and m.pair(0, 1)[0] == 0
    m.advance()
    m.advance()
    with pytest.raises(ActionError, match="beat"):
        m.apply(A.Line(0, ATTACK, 1, man(tiny, "beat"), hi(tiny), 1))


def test_grapple_throws_him_down(tiny):
    """Grapple, TN 5: 5,1 = 1 success against a parry of 1,1 (0): he is thrown, prone, his pool
    halved: (9 - 2) // 2 = 3; no wound."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "grapple"), lo(tiny), 2))
    declare(m, 1, parry(tiny, 0, 2))
    Script(m, [[5, 1], [1, 1]])
    m.advance()
    b = m.fighters[1]
    assert b.prone and b.cp == 3 and not b.wounds


def test_bind_and_strike_also_drains_cp(tiny):
    """Bind and strike (a thrust, TN 7, cost 1): 9,9 against a parry of 1,2: margin 2, level 2 +
    DR 5 - TO 4 = 3 on the leg: shock 6 from b's 7 leaves 1, "kd": KD 4 dice at TN 2 x 2 (7s)
    holds; then the bind takes 1 CP per margin: 1 - 2 -> 0. a paid 2 + 1."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "bind_strike"), lo(tiny), 2))
    declare(m, 1, parry(tiny, 0, 2))
    Script(m, [[9, 9], [1, 2], [7, 7, 7, 7]])
    m.advance()
    assert m.fighters[1].wounds[0][1] == 3 and m.fighters[1].cp == 0 and m.fighters[0].cp == 6


def test_disarming_with_a_beat(tiny):
    """Disarm (beat), proficiency 5 (a has 4): b holds and rolls 3 dice at TN 6 + 1 (7,7,7)
    against a's parry 2 (one die): margin 3 >= 2: a's sword falls, he fights with his fists."""
    m = at_declare(tiny, orients=(CAUTIOUS, AGGRESSIVE))
    declare(m, 1, (ATTACK, 0, man(tiny, "disarm_attack"), hi(tiny), 3))
    with pytest.raises(ActionError, match="proficiency 5"):
        m.apply(A.Line(0, NO_INIT, 1, man(tiny, "disarm_attack"), hi(tiny), 1))
    declare(m, 0, parry(tiny, 1, 1))
    s = Script(m, [[7, 7, 7], [2]])
    m.advance()
    assert s.calls[0] == ("combat", 3, 7) and m.fighters[0].weapon == tiny.index("weapons", "fist")


def test_a_hook_needs_a_hooked_weapon_and_pulls_him_down(tiny):
    """e's axe (reach 2, one short of the sword: -1 die) hooks: 3 dice, 2 thrown at swing TN 6 + 1
    (7,7 = 2) against a parry of 1 (2): margin 2; no wound but a Knockdown roll at TN 3 + 2 = 5:
    b's 4 dice 1,2,3,4 fail: prone, pool (9 - 1) // 2 = 4. A sword has no hook."""
    m = at_declare(tiny, keys=("e", "b"))
    declare(m, 0, (ATTACK, 1, man(tiny, "hook_swing"), hi(tiny), 3))
    declare(m, 1, parry(tiny, 0, 1))
    s = Script(m, [[7, 7], [2], [1, 2, 3, 4]])
    m.advance()
    assert s.calls[2] == ("attr", 4, 5)
    assert m.fighters[1].prone and m.fighters[1].cp == 4 and not m.fighters[1].wounds
    m2 = at_declare(tiny, keys=("b", "b"))
    with pytest.raises(ActionError, match="hooked weapon"):
        m2.apply(A.Line(0, ATTACK, 1, man(tiny, "hook_swing"), hi(tiny), 2))


def test_twitching_raises_the_parry_tn(tiny):
    """Twitching (proficiency 5, b): a's parry rolls at DTN 6 + 2 = 8."""
    m = at_declare(tiny, orients=(CAUTIOUS, AGGRESSIVE))
    declare(m, 1, (ATTACK, 0, man(tiny, "twitching"), hi(tiny), 2))
    declare(m, 0, parry(tiny, 1, 3))
    s = Script(m, [[2, 2], [9, 9, 9]])
    m.advance()
    assert s.calls[1] == ("combat", 3, 8)


def test_a_draw_cut_bleeds_more_and_ignores_reach(tiny):
    """Draw cut: TN 6 + 1 (7,7,7 = 3) against a parry of 1 (2): level 3 + DR (5 + 1 - 1) - 4 = 4
    on the torso: BL 3 + 1 = 4, shock 8 takes b's 8 to 0: the KD roll at TN 2 x 3 (6s) holds."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "draw_cut"), hi(tiny), 3))
    declare(m, 1, parry(tiny, 0, 1))
    Script(m, [[7, 7, 7], [2], [6, 6, 6, 6]])
    m.advance()
    assert m.fighters[1].wounds[0][1] == 4 and m.fighters[1].wounds[0][3] == 4


def test_half_sword_and_spike_reach_through_armour(tiny):
    """Against c's mail (AV 3): b half-swords (thrust TN 7 - 1, cost 1, ignores 2 armour): 6,6,6
    against c's block of 4 dice less 2 for his short dagger, 1,2 at TN 5: margin 3, level 3 + DR 4
    - TO 4 - (3 - 2) = 2 on the leg (a plain thrust would glance: 3 + 4 - 4 - 3 = 0). c, holding
    a shield, cannot half-sword. A spike (thrust TN 7 + 1, ignores 2 armour): 8,8 against a block
    of 3 - 2 (2): level 2 + 4 - 4 - 1 = 1."""
    m = at_declare(tiny, keys=("b", "c"))
    declare(m, 0, (ATTACK, 1, man(tiny, "half_sword"), lo(tiny), 3))
    with pytest.raises(ActionError, match="shield is in the way"):
        m.apply(A.Line(1, NO_INIT, 0, man(tiny, "half_sword"), lo(tiny), 1))
    declare(m, 1, (DEFEND, 0, man(tiny, "block"), 0, 4))
    s = Script(m, [[6, 6, 6], [1, 2]])
    m.advance()
    assert s.calls == [("combat", 3, 6), ("combat", 2, 5)]
    assert m.fighters[1].wounds[0][1] == 2
    m = at_declare(tiny, keys=("b", "c"))
    declare(m, 0, (ATTACK, 1, man(tiny, "spike"), lo(tiny), 2))   # thrust TN 7 + 1, ignores 2 AV
    declare(m, 1, (DEFEND, 0, man(tiny, "block"), 0, 3))
    Script(m, [[8, 8], [2]])
    m.advance()
    assert m.fighters[1].wounds[0][1] == 2 + 4 - 4 - 1


def test_a_pommel_bash_ignores_reach(tiny):
    """c (dagger) is short by 2 against b's sword, but the pommel bash (TN 6) rolls all 2 dice."""
    m = at_declare(tiny, keys=("c", "b"))
    declare(m, 0, (ATTACK, 1, man(tiny, "pommel_bash"), hi(tiny), 2))
    done(m, 1)
    s = Script(m, [[2, 2]])
    m.advance()
    assert s.calls[0] == ("combat", 2, 6)


def test_a_shield_bash_knocks(tiny):
    """c's shield bash (off hand, TN 6, bludgeon ST 4 - 1): 4 dice less 2 for reach, 6,6, against
    a parry of 1 (2): level 2 + 3 - 4 = 1, and he always rolls to stay up: KD 4 dice at TN 2 x 2,
    4,1,1,1 holds."""
    m = at_declare(tiny, keys=("c", "b"))
    declare(m, 0, (ATTACK, 1, man(tiny, "shield_bash"), hi(tiny), 4))
    declare(m, 1, parry(tiny, 0, 1))
    s = Script(m, [[6, 6], [2], [4, 1, 1, 1]])
    m.advance()
    assert m.fighters[1].wounds[0][1] == 1 and s.calls[2] == ("attr", 4, 4) and not m.fighters[1].prone


def test_a_murder_stroke_takes_both_hands(tiny):
    """Murder stroke (TN 6, cost 1, proficiency 5, bludgeon ST + 1 + 1): b against a, 6,6 against
    a parry of 1 (2): level 2 + 6 - 4 = 4 on the torso ("kd"); shock 8 empties a's 8: KD 5 dice
    at TN 4 (4s) holds. d, with a shield, cannot; a lacks the proficiency."""
    m = at_declare(tiny, orients=(CAUTIOUS, AGGRESSIVE))
    declare(m, 1, (ATTACK, 0, man(tiny, "murder_stroke"), hi(tiny), 2))
    with pytest.raises(ActionError, match="proficiency"):
        m.apply(A.Line(0, NO_INIT, 1, man(tiny, "murder_stroke"), hi(tiny), 1))
    declare(m, 0, parry(tiny, 1, 1))
    Script(m, [[6, 6], [2], [4, 4, 4, 4, 4]])
    m.advance()
    assert m.fighters[0].wounds[0][1] == 4
    m2 = at_declare(tiny, keys=("d", "b"))
    with pytest.raises(ActionError, match="shield is in the way"):
        m2.apply(A.Line(0, ATTACK, 1, man(tiny, "murder_stroke"), hi(tiny), 2))


def test_stopping_short_wastes_his_defence(tiny):
    """Stop short (cost 1, one die declared): nothing is rolled; the 3 dice b set on his parry are
    spent for nothing (not refunded) and a keeps the initiative."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "stop_short"), hi(tiny), 1))
    declare(m, 1, parry(tiny, 0, 3))
    s = Script(m, [])
    m.advance()
    assert s.calls == [] and m.fighters[1].cp == 9 - 3 and m.pair(0, 1)[0] == 0


def test_a_toss_throws_the_weapon_away(tiny):
    """Toss (thrust TN 7 + 1): 8,8 against a parry of 1 (2): level 2 + 5 - 4 = 3 on the leg
    ("kd": KD at TN 4, 4s hold); a's sword is gone: he has his fists."""
    m = at_declare(tiny)
    declare(m, 0, (ATTACK, 1, man(tiny, "toss"), lo(tiny), 2))
    declare(m, 1, parry(tiny, 0, 1))
    Script(m, [[8, 8], [2], [4, 4, 4, 4]])
    m.advance()
    assert m.fighters[1].wounds[0][1] == 3 and m.fighters[0].weapon == tiny.index("weapons", "fist")


def test_a_double_attack_strikes_with_both_hands_against_one_defence(tiny):
    """f (sword and knife): double attack (cost 1) with 2 main-hand dice and 3 off-hand dice:
    6 CP. The sword's 9,9 (TN 6) meets b's parry 6,2,2 (1 success): margin 1, level 1 + 5 - 4 =
    2 on the torso (shock 4). The knife rolls 3 - 2 (off hand) = 1 die at its swing TN 7 (7)
    against the same parry roll: 1 against 1, no harm."""
    m = at_declare(tiny, keys=("f", "b"))
    declare(m, 0, (ATTACK, 1, man(tiny, "double_attack"), hi(tiny), 2, 3))
    assert m.fighters[0].cp == 9 - 6
    declare(m, 1, parry(tiny, 0, 3))
    s = Script(m, [[9, 9], [6, 2, 2], [7]])
    m.advance()
    assert s.calls == [("combat", 2, 6), ("combat", 3, 6), ("combat", 1, 7)]
    assert [w[1] for w in m.fighters[1].wounds] == [2]


def test_an_evasive_attack_voids_the_answer(tiny):
    """b (holding initiative) strikes evasively: swing TN 6 + 1, cost 1, with 2 dice and 2 more
    for a void at TN 8 (5 CP). a answers without initiative (2 dice). b first: 7,7 land (no
    defence): level 2 + 5 - 4 = 3, shock 6 takes a's 2 attack dice and 4 of his 7; a's blow then
    throws 1 die (an empty attack pool) at TN 6 + 1: 9 = 1 success, against b's void 8,8 = 2."""
    m = at_declare(tiny, orients=(CAUTIOUS, AGGRESSIVE))
    declare(m, 1, (ATTACK, 0, man(tiny, "evasive_attack"), hi(tiny), 2, 2))
    assert m.fighters[1].cp == 9 - 5
    declare(m, 0, (NO_INIT, 1, man(tiny, "swing"), hi(tiny), 2))
    no_answers(m)
    s = Script(m, [[7, 7], [9], [8, 8]])
    m.advance()
    assert s.calls == [("combat", 2, 7), ("combat", 1, 7), ("combat", 2, 8)]
    assert not m.fighters[1].wounds and m.fighters[0].cp == 3


def test_block_and_strike_guards_while_it_strikes(tiny):
    """d (sword and shield) holds and declares a simultaneous block and strike: 2 dice at TN 6 and
    2 block dice at TN 5 (cost 1: 5 CP). b answers without initiative with 2 dice. d's 2,2 miss;
    b's 6,6 (2) meet the block 5,5 (2): a tie, no harm."""
    m = at_declare(tiny, keys=("d", "b"))
    declare(m, 0, (ATTACK, 1, man(tiny, "simultaneous"), hi(tiny), 2, 2))
    declare(m, 1, (NO_INIT, 0, man(tiny, "swing"), hi(tiny), 2))
    no_answers(m)
    s = Script(m, [[2, 2], [6, 6], [5, 5]])
    m.advance()
    assert s.calls == [("combat", 2, 6), ("combat", 2, 6), ("combat", 2, 5)]
    assert not m.fighters[0].wounds


def test_a_master_strike_guards_at_dtn_minus_one(tiny):
    """Master strike (proficiency 8: b is given 8): swing TN 6 + 1, cost 2, extra dice parry b's
    answer at the sword's DTN 6 - 1 = 5."""
    m = at_declare(tiny, orients=(CAUTIOUS, AGGRESSIVE))
    b = m.fighters[1]
    b.t = dataclasses.replace(b.t, prof=8)
    declare(m, 1, (ATTACK, 0, man(tiny, "master_strike_attack"), hi(tiny), 2, 2))
    declare(m, 0, (NO_INIT, 1, man(tiny, "swing"), hi(tiny), 2))
    no_answers(m)
    s = Script(m, [[2, 2], [6, 6], [5, 5]])
    m.advance()
    assert s.calls == [("combat", 2, 7), ("combat", 2, 6), ("combat", 2, 5)]


def test_unarmed_attacks(tiny):
    """Punch (off hand, TN 5, ST 5 - 2): 5,5 against a parry of 2 (one die): level 2 + 3 - 4 = 1.
    Kick (no hand, TN 7, ST 5, he rolls to stay up): 7,7: level 2 + 5 - 4 = 3; KD 4 dice at TN 4,
    4,1,1,1 holds. Head butt (TN 6, ST 5 - 1, 1 shock to the striker): 6,6: level 2, a 9 - 2 - 1.
    With a shield in the off hand there is no fist to punch with."""
    for key, faces, level, extra in (("punch", [5, 5], 1, []), ("kick", [7, 7], 3, [[4, 1, 1, 1]]),
                                     ("head_butt", [6, 6], 2, [])):
        m = at_declare(tiny)
        declare(m, 0, (ATTACK, 1, man(tiny, key), hi(tiny), 2))
        declare(m, 1, parry(tiny, 0, 1))
        Script(m, [faces, [2]] + extra)
        m.advance()
        assert m.fighters[1].wounds[0][1] == level, key
    assert m.fighters[0].cp == 9 - 2 - 1
    m2 = at_declare(tiny, keys=("d", "b"))
    with pytest.raises(ActionError, match="free hand"):
        m2.apply(A.Line(0, ATTACK, 1, man(tiny, "punch"), hi(tiny), 2))


def test_the_aggressive_fighter_must_attack(tiny):
    m = at_declare(tiny, orients=(AGGRESSIVE, CAUTIOUS))
    with pytest.raises(ActionError, match="must attack"):
        m.apply(A.Done(0))
