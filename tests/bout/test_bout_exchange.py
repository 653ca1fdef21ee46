"""Exchange outcomes worked by hand on the tiny ruleset (tests/fixtures/bout/tiny).

Fighter a: ST 5, AG 5, WT 5 (Reflex 5), TO 4, prof 4, sword: CP 4 + 5 = 9, swing DR 5 + 1 = 6.
Fighter b: every attribute 4 (Reflex 4, KD 4, health 4, WP 4), prof 5, sword: CP 5 + 4 = 9.
Fighter c: like b with a dagger (reach 1), a medium shield (DTN 5) and mail (AV 3): CP 9.
Sword: swing ATN 6, thrust ATN 7, DTN 6, reach 3, swing DR +1, thrust DR 0.
Every wound row: level L gives BL L-1, shock 2L, pain 2L-1 (less WP 4); torso level 4 is "kd".
The duel puts a at (1,1) facing east and b at (2,1) facing west: no side or rear penalty.
Orientation aggressive (0) holds initiative over cautious (1) over defensive (2).
"""

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.consts import AGGRESSIVE, ATTACK, BUY, CAUTIOUS, DEFEND, DEFENSIVE, NOBODY
from game.modes.bout.fighter import template_from_rules
from game.modes.bout.melee import Melee
from tests.bout.conftest import (
    E,
    N,
    S,
    Script,
    W,
    at_declare,
    declare,
    done,
    man,
    melee,
    no_answers,
    orient,
    target,
    zone,
)


def swing(rules):
    return man(rules, "swing")


def test_a_hit_wounds_and_keeps_initiative(tiny):
    """a (aggressive) holds initiative over b (cautious) and declares first: Swing at IV with 4
    dice (cp 9 - 4 = 5); b parries with 3 (cp 6). a's 4 dice at TN 6 show 9,7,2,10: 3
    successes; b's 3 dice at TN 6 show 6,1,3: 1. MoS 2; level = 2 + DR 6 - TO 4 - AV 0 = 4 on the
    torso: BL 3, shock 8, pain 7 - WP 4 = 3, effect kd. Shock 8 from b's 6 left: 0, 2 carried;
    KD 4 dice at TN 2 x 3 successes = 6 show 6,2,2,2: he stays up. a keeps the initiative."""
    m = at_declare(tiny)
    s = Script(m, [[9, 7, 2, 10], [6, 1, 3], [6, 2, 2, 2]])
    assert m.holds(0, 1) and not m.holds(1, 0)
    declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 4))
    assert m.fighters[0].cp == 5
    declare(m, 1, (DEFEND, 0, man(tiny, "parry"), 0, 3))
    m.advance()
    assert s.calls == [("combat", 4, 6), ("combat", 3, 6), ("attr", 4, 6)]
    b = m.fighters[1]
    assert b.wounds == [[0, 4, 0, 3, 3, tiny.part_of[0], 0, 0]]
    assert (b.cp, b.shock_carry, b.prone) == (0, 2, False)
    e = m.engagement_of(0)
    assert m.pair(0, 1)[0] == 0 and (e.exchange, e.step) == (2, 0)


def test_pain_and_carried_shock_at_the_next_refresh(tiny):
    """Exchange 2 after the hit above: neither attacks (a lull: the pair has nobody holding
    initiative any more, a pause, so the round ends at once). b's blood loss check: EN 4 dice at
    TN = BL 3 show 2,2,2,2: no success, health 4 -> 3. b's refresh: prof 5 + Reflex 4 - max(carried
    2, pain 3) = 6."""
    m = at_declare(tiny)
    Script(m, [[9, 7, 2, 10], [6, 1, 3], [6, 2, 2, 2]])
    declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 4))
    declare(m, 1, (DEFEND, 0, man(tiny, "parry"), 0, 3))
    m.advance()
    assert m.to_act() is None                     # exchange 2: both fight on (auto), nothing to throw
    m.advance()
    m.advance()                                   # e2s2: declarations
    s = Script(m, [[2, 2, 2, 2]])
    done(m, 0)
    done(m, 1)
    m.advance()
    assert s.calls == [("attr", 4, 3)]
    b = m.fighters[1]
    assert b.health == 3 and b.cp == 5 + 4 - 3 and b.shock_carry == 0
    assert m.engagement_of(0).round == 2


def test_successful_defence_passes_initiative_and_a_tie_keeps_it(tiny):
    """1 success against 2: b's parry wins, b takes the initiative. 1 against 1: MoS 0, no harm,
    the attacker keeps it [K]."""
    for parry_faces, holder in (([9, 9, 3], 1), ([9, 2, 3], 0)):
        m = at_declare(tiny)
        Script(m, [[6, 2, 2], parry_faces])
        declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 3))
        declare(m, 1, (DEFEND, 0, man(tiny, "parry"), 0, 3))
        m.advance()
        assert m.pair(0, 1)[0] == holder and not m.fighters[1].wounds, parry_faces


def test_full_evasion_is_dtn_4_pauses_and_is_refused_after_your_own_attack(tiny):
    """b, defensive, flees a's 2-dice swing (one success: 6,2) with 2 dice at TN 4 (4,4): two
    successes, no blow lands: a pause (the pair re-orients, the round ends at once). Next round a,
    who attacked in the exchange before, may not flee even when defensive."""
    m = at_declare(tiny, orients=(AGGRESSIVE, DEFENSIVE))
    s = Script(m, [[6, 2], [4, 4]])
    declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 2))
    declare(m, 1, (DEFEND, -1, man(tiny, "flee"), 0, 2))
    m.advance()
    assert s.calls[1] == ("combat", 2, 4)
    assert m.pair(0, 1)[0] == NOBODY and any(ev[0] == "pause" for ev in m.events)
    e = m.engagement_of(0)
    assert (e.round, e.exchange, e.step) == (2, 1, 0) and m.fighters[0].attacked_last
    orient(m, {0: DEFENSIVE, 1: AGGRESSIVE})
    m.advance()
    target(m, {0: 1, 1: 0})
    m.advance()
    declare(m, 1, (ATTACK, 0, swing(tiny), zone(tiny, "high"), 2))
    with pytest.raises(ActionError, match="flee"):
        m.apply(A.Line(0, DEFEND, -1, man(tiny, "flee"), 0, 2))
    assert A.Line(0, DEFEND, -1, man(tiny, "flee"), 0, 1) not in m.legal_actions()


@pytest.mark.parametrize("extra, holder", [(0, 0), (2, 1)])
def test_partial_evasion_takes_initiative_only_for_2_cp(tiny, extra, holder):
    """b's partial evade (TN 7) beats a's swing 2 to 1; it takes the initiative only when b paid
    the 2 extra CP [W]."""
    m = at_declare(tiny)
    s = Script(m, [[6, 2], [7, 8]])
    declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 2))
    declare(m, 1, (DEFEND, 0, man(tiny, "partial_evasion"), 0, 2, extra))
    assert m.fighters[1].cp == 9 - 2 - extra
    m.advance()
    assert s.calls[1] == ("combat", 2, 7)
    assert m.pair(0, 1)[0] == holder


def test_aggressor_against_aggressor_order_and_initiative(tiny):
    """Both aggressive: the initiative is contested, decided by who strikes first. Both hold it, so
    both declare in the first group, lowest Reflex first: b then a. Contest: a's Reflex 5 dice at
    his swing ATN 6 (6,7,1,1,1) 2 successes, b's 4 dice at his thrust ATN 7 (7,1,1,1) 1: a first.
    a's swing (1,2,3) misses; b's thrust (9,1,1) lands 1 success: MoS 1, DR 4 + 0 - TO 5... a's TO
    is 4: level 1 + 4 - 4 = 1. First missed, later hit, contested: the later hitter (b) takes it."""
    m = at_declare(tiny, orients=(AGGRESSIVE, AGGRESSIVE))
    assert m.contested(0, 1)
    declare(m, 1, (ATTACK, 0, man(tiny, "thrust"), zone(tiny, "low"), 3))
    declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 3))
    assert m.stage_of(1) == "respond"             # b declared before a's attack: he may answer it
    no_answers(m)
    s = Script(m, [[6, 7, 1, 1, 1], [7, 1, 1, 1], [1, 2, 3], [9, 1, 1]])
    m.advance()
    assert s.calls[:2] == [("attr", 5, 6), ("attr", 4, 7)]
    assert s.calls[2:4] == [("combat", 3, 6), ("combat", 3, 7)]
    assert m.fighters[0].wounds[0][1] == 1
    assert m.pair(0, 1)[0] == 1


def test_a_reflex_tie_gives_simultaneous_blows(tiny):
    """Two b's, both aggressive, equal contest successes (1 each) and equal Reflex 4, both swing:
    the contest is rolled once more (ours), tied again (2 each): simultaneous blows, both rolled
    before either is hurt. The first hits (9,9), the other misses (2,3): the only hitter holds it."""
    m = at_declare(tiny, keys=("b", "b"), orients=(AGGRESSIVE, AGGRESSIVE))
    declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 2))
    declare(m, 1, (ATTACK, 0, swing(tiny), zone(tiny, "high"), 2))
    no_answers(m)
    s = Script(m, [[7, 1, 1, 1], [7, 1, 1, 1], [7, 7, 1, 1], [7, 7, 1, 1], [9, 9], [2, 3]], d6=[0, 0])
    m.advance()
    assert [c[0] for c in s.calls] == ["attr"] * 4 + ["combat", "combat"]
    assert ("simultaneous", 0, 1) in m.events
    assert m.pair(0, 1)[0] == 0


def test_a_thrust_breaks_a_reflex_tie(tiny):
    m = at_declare(tiny, keys=("b", "b"), orients=(AGGRESSIVE, AGGRESSIVE))
    declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 2))
    declare(m, 1, (ATTACK, 0, man(tiny, "thrust"), zone(tiny, "low"), 2))
    no_answers(m)
    s = Script(m, [[7, 1, 1, 1], [7, 1, 1, 1], [9, 2], [2]])
    m.advance()
    assert ("contest", 0, 1, 1, 1) in m.events
    blows = [ev[1] for ev in m.events if ev[0] == "blow"]
    assert blows == [1, 0]                         # the thruster (Reflex 4 + 1) strikes first
    # his thrust lands (MoS 1, level 1 + 4 - 4 = 1: shock 2) and the shock comes out of the 2 dice
    # fighter 0 had set on his swing: it is rolled from an empty pool, one die at TN 6 + 1
    assert s.calls[3] == ("combat", 1, 7)


def test_buying_initiative_costs_by_proficiency(tiny):
    """b (prof 5, below buy_mid_from 6) steals initiative from a who attacks him: 5 CP + 1 die.
    The two attacks are then contested like aggressor against aggressor."""
    m = at_declare(tiny)
    assert m.buy_cost(1) == 5 and m.buy_cost(0) == 5
    declare(m, 0, (ATTACK, 1, swing(tiny), zone(tiny, "high"), 1))
    declare(m, 1, (BUY, 0, swing(tiny), zone(tiny, "high"), 1))
    assert m.fighters[1].cp == 9 - 5 - 1
    no_answers(m)
    Script(m, [[2, 2, 2, 2, 2], [2, 2, 2, 2], [2], [9]], d6=[0])
    m.advance()
    assert any(ev[0] == "contest" for ev in m.events)


def test_length_penalty_passes_after_a_damaging_blow(tiny):
    """c (dagger, reach 1) against b (sword, reach 3): c is short by 2 steps, -2 dice. c's thrust
    with 6 dice rolls 4 at TN 5 (5,5,5,5): 4 successes against b's parry 1,2,2 (none): MoS 4,
    level 4 + DR 4 - TO 4 = 4 on the leg: the short weapon landed, the penalty passes to b."""
    m = at_declare(tiny, keys=("c", "b"))
    assert m.pair(0, 1)[2:] == [0, 2]
    declare(m, 0, (ATTACK, 1, man(tiny, "thrust"), zone(tiny, "low"), 6))
    declare(m, 1, (DEFEND, 0, man(tiny, "parry"), 0, 3))
    s = Script(m, [[5, 5, 5, 5], [1, 2, 2], [9, 9, 9, 9]])
    m.advance()
    assert s.calls[0] == ("combat", 4, 5)
    assert m.fighters[1].wounds and m.pair(0, 1)[2] == 1


def test_multiple_foes_footing_roll(tiny):
    """a ringed by three b's at e1s0 throws his orientation with 2 footing dice: TN 8 for 3 foes,
    7,2: no success, what is left of his pool is halved: (9 - 2) // 2 = 3."""
    m = melee(tiny, [("a", 0, (2, 2), N), ("b", 1, (1, 1), S), ("b", 1, (2, 1), S), ("b", 1, (3, 1), S)])
    assert m.footing_tn(3) == 8 and m.footing_tn(2) == 6 and m.footing_tn(1) == 0
    s = Script(m, [[7, 2]])
    m.apply(A.Orient(0, CAUTIOUS, 0, 2))
    for f in (1, 2, 3):
        m.apply(A.Orient(f, AGGRESSIVE))
    assert s.calls == [("combat", 2, 8)]
    assert m.fighters[0].cp == (9 - 2) // 2


def test_one_pool_split_against_several_attackers(tiny):
    """a (cautious) against two aggressive b's: a targets b1, both b's target a. b1 holds
    initiative over a (aggressive over cautious), b2 overwatches him; both declare first (Reflex
    4, 4), a last. a's footing (2 dice at TN 6: 9,9) leaves 7 dice: 4 against b1, then 4 more is
    too much, 3 is all that is left."""
    m = melee(tiny, [("a", 0, (2, 2), N), ("b", 1, (2, 1), S), ("b", 1, (3, 2), W)])
    Script(m, [[9, 9]])
    m.apply(A.Orient(0, CAUTIOUS, 0, 2))
    m.apply(A.Orient(1, AGGRESSIVE))
    m.apply(A.Orient(2, AGGRESSIVE))
    m.advance()
    target(m, {0: 1, 1: 0, 2: 0})
    m.advance()
    assert m.holds(1, 0) and m.holds(2, 0) and not m.holds(0, 1)
    declare(m, 1, (ATTACK, 0, swing(tiny), zone(tiny, "high"), 2))
    declare(m, 2, (ATTACK, 0, swing(tiny), zone(tiny, "high"), 2))
    m.apply(A.Line(0, DEFEND, 1, man(tiny, "parry"), 0, 4))
    assert m.fighters[0].cp == 3
    with pytest.raises(ActionError, match="costs"):
        m.apply(A.Line(0, DEFEND, 2, man(tiny, "partial_evasion"), 0, 4))
    m.apply(A.Line(0, DEFEND, 2, man(tiny, "partial_evasion"), 0, 3))
    assert m.fighters[0].cp == 0


def test_surprise_loses_the_first_round(tiny):
    """b is unsuspecting (Reflex roll at TN 10): 9,2,2,2 fails, he loses the round; a, who targets
    him, holds initiative (b targets nobody). 10,9,9,9 would have passed."""
    for faces, lost in (([9, 2, 2, 2], True), ([10, 9, 9, 9], False)):
        m = Melee(tiny, 1, width=6)
        m.add(template_from_rules(tiny, "a"), 0, 7, E)
        m.add(template_from_rules(tiny, "b"), 1, 8, W, surprise=tiny.index("surprise", "unsuspecting"))
        s = Script(m, [faces])
        m.regroup()
        assert s.calls == [("attr", 4, 10)] and m.fighters[1].lost_round == lost
        if lost:
            orient(m, {0: CAUTIOUS})
            assert m.to_act() is None              # b decides nothing this round
            m.advance()
            target(m, {0: 1})
            assert m.holds(0, 1)
