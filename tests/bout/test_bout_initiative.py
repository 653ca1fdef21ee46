"""Orientation, targets, initiative, the declaration order, the action types and the resolution
stack, worked by hand on the tiny ruleset (numbers in test_bout_exchange.py's docstring).

c: dagger (thrust ATN 5, DR ST 4 + 0 = 4, reach 1), medium shield, mail AV 3, TO 4: a blow on c
goes TO 4 + AV 3 = 7 deep before it wounds, so a margin of 1-3 from a sword (DR 5) or a dagger
(DR 4) "hits" for the initiative rules without a wound (no shock to change later rolls).
"""

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.consts import (
    AGGRESSIVE,
    ATTACK,
    BUY,
    CAUTIOUS,
    CHANGE,
    CHANGE_BUY,
    CONTEST,
    DEFEND,
    DEFENSIVE,
    FORCE,
    NO_INIT,
    NOBODY,
    PREEMPT,
    QUICK,
)
from game.modes.bout.fighter import template_from_rules
from tests.bout.conftest import (
    E,
    N,
    Script,
    W,
    at_declare,
    declare,
    done,
    duel,
    man,
    melee,
    no_answers,
    orient,
    target,
    to_declarations,
    zone,
)


def _thrust(rules):
    return man(rules, "thrust")


@pytest.mark.parametrize("oa, ob, holder", [
    (AGGRESSIVE, CAUTIOUS, 0), (CAUTIOUS, AGGRESSIVE, 1), (AGGRESSIVE, DEFENSIVE, 0),
    (CAUTIOUS, DEFENSIVE, 0), (DEFENSIVE, CAUTIOUS, 1), (AGGRESSIVE, AGGRESSIVE, CONTEST),
    (CAUTIOUS, CAUTIOUS, 0), (DEFENSIVE, DEFENSIVE, NOBODY),
])
def test_orientation_decides_who_holds_initiative_in_a_fresh_pair(tiny, oa, ob, holder):
    """Aggressive over cautious over defensive; aggressive against aggressive is contested;
    cautious against cautious goes to the higher raw Reflex (a: 5, b: 4); defensive against
    defensive is a lull: nobody holds it."""
    m = duel(tiny)
    to_declarations(m, {0: oa, 1: ob}, {0: 1, 1: 0})
    assert m.pair(0, 1)[0] == holder


def test_cautious_against_cautious_of_equal_reflex_rolls_off(tiny):
    """Two b's (Reflex 4), both cautious: each rolls 4 dice at TN 6. 6,6,1,1 against 6,6,1,1 is a
    tie; the second roll 6,1,1,1 against 7,6,1,1 goes to fighter 1."""
    m = duel(tiny, "b", "b")
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS})
    m.advance()
    s = Script(m, [[6, 6, 1, 1], [6, 6, 1, 1], [6, 1, 1, 1], [7, 6, 1, 1]])
    target(m, {0: 1, 1: 0})
    assert s.calls == [("attr", 4, 6)] * 4
    assert m.pair(0, 1)[0] == 1 and ("roll_off", 0, 1, 1, 2) in m.events


def _line(tiny):
    """D b c1 B b a1 A a E c2 on a row (x = 0..4): sides D 1, C 0, B 1, A 0, E 1."""
    return melee(tiny, [("b", 1, (0, 1), E), ("b", 0, (1, 1), E), ("b", 1, (2, 1), E), ("a", 0, (3, 1), E),
                        ("c", 1, (4, 1), W)], width=6)


def test_overwatch_and_the_declaration_order(tiny):
    """Whoever targets you while you target another holds initiative over you. A (Reflex 5)
    targets E; B targets A, C targets B, D targets C: B overwatches A, C overwatches B, D C. All
    four hold initiative over their targets: they declare first, lowest Reflex first (D, C, B
    4 each by number, then A 5), then E, who holds it over nobody."""
    m = _line(tiny)
    D, C, B, A_, E_ = range(5)
    orient(m, {D: CAUTIOUS, C: CAUTIOUS, B: CAUTIOUS, A_: AGGRESSIVE, E_: DEFENSIVE})
    m.advance()
    target(m, {A_: E_, D: C, C: B, B: A_, E_: A_})
    assert m.holds(B, A_) and not m.holds(A_, B)          # overwatch
    assert m.holds(C, B) and m.holds(D, C) and m.holds(A_, E_) and not m.holds(E_, A_)
    m.advance()
    e = m.engagement_of(A_)
    assert m.declaration_order(e) == [D, C, B, A_, E_]


def test_the_resolution_stack_runs_overwatchers_first(tiny):
    """The seed's example: A's attack is considered first (the highest Reflex in the initiative
    queue); B overwatches A, C overwatches B, D overwatches C: D strikes first, then C, then B,
    then A. Each blow rolls 1 die at its TN (scripted misses, 1... no: 2s, no botch alone)."""
    m = _line(tiny)
    D, C, B, A_, E_ = range(5)
    orient(m, {D: CAUTIOUS, C: CAUTIOUS, B: CAUTIOUS, A_: AGGRESSIVE, E_: DEFENSIVE})
    m.advance()
    target(m, {A_: E_, D: C, C: B, B: A_, E_: A_})
    m.advance()
    sw, hi = man(tiny, "swing"), zone(tiny, "high")
    declare(m, D, (ATTACK, C, sw, hi, 1))
    declare(m, C, (ATTACK, B, sw, hi, 1))
    declare(m, B, (ATTACK, A_, sw, hi, 1))
    declare(m, A_, (ATTACK, E_, sw, hi, 1))
    done(m, E_)
    no_answers(m)
    Script(m, [[2], [2], [2], [2]])
    m.advance()
    assert [ev[1] for ev in m.events if ev[0] == "blow"] == [D, C, B, A_]


def test_a_cautious_fighter_must_target_an_aggressor_who_targets_him(tiny):
    """a (Reflex 5) targets first and is aggressive: b (cautious) may not turn to c."""
    m = melee(tiny, [("a", 0, (1, 1), E), ("b", 1, (2, 1), W), ("b", 0, (3, 1), W)])
    orient(m, {0: AGGRESSIVE, 1: CAUTIOUS, 2: CAUTIOUS})
    m.advance()
    m.apply(A.Target(0, 1))
    with pytest.raises(ActionError, match="cautious fighter must target an aggressor"):
        m.apply(A.Target(1, 2))
    m.apply(A.Target(1, 0))


@pytest.mark.parametrize("faces, holder", [([9, 9], NOBODY), ([2, 2], 0)])
def test_a_quick_attack_answers_a_holder_who_did_not_attack(tiny, faces, holder):
    """a holds initiative over b (both cautious: a's Reflex 5 is higher) and does nothing; b may
    quick-attack (free: quick_attack_cost 0). b's 2 dice at TN 6 against no defence: 9,9 lands
    (2 successes: level 2 + DR 5 - TO 4 = 3, a wound) and only brings a new orientation (nobody
    holds it); 2,2 misses and a keeps it."""
    m = at_declare(tiny, orients=(CAUTIOUS, CAUTIOUS))
    done(m, 0)
    with pytest.raises(ActionError, match="no initiative over 0"):
        m.apply(A.Line(1, ATTACK, 0, man(tiny, "swing"), zone(tiny, "high"), 2))
    declare(m, 1, (QUICK, 0, man(tiny, "swing"), zone(tiny, "high"), 2))
    assert m.fighters[1].cp == 9 - 2
    no_answers(m)
    s = Script(m, [faces, [9, 9, 9, 9]], d6=[0])
    m.advance()
    assert m.pair(0, 1)[0] == holder
    if holder == NOBODY:                         # nobody holds initiative any more: a pause ends
        assert s.calls[1] == ("attr", 4, 2)      # the round: a bleeds (BL 2), EN 4 dice at TN 2


def test_an_attack_without_initiative_resolves_after_its_targets_and_never_takes_it(tiny):
    """a (aggressive) holds over c (cautious) and thrusts; c answers with an attack without
    initiative (free). c's blow waits for a's: a's 2 dice at TN 7 (2,2) miss first, then c's 4
    dice less 2 for reach (dagger 1 against sword 3) at TN 5 (5,5) land twice: the later
    hitter, but not contested and without initiative: a keeps it (case *)."""
    m = at_declare(tiny, keys=("a", "c"))
    declare(m, 0, (ATTACK, 1, _thrust(tiny), zone(tiny, "low"), 2))
    with pytest.raises(ActionError, match="no initiative over 0"):
        m.apply(A.Line(1, ATTACK, 0, _thrust(tiny), zone(tiny, "low"), 1))
    declare(m, 1, (NO_INIT, 0, _thrust(tiny), zone(tiny, "low"), 4))
    assert m.fighters[1].cp == 9 - 4
    no_answers(m)
    Script(m, [[2, 2], [5, 5]], d6=[0])
    m.advance()
    assert [ev[1] for ev in m.events if ev[0] == "blow"] == [0, 1]
    assert m.pair(0, 1)[0] == 0


def _three(tiny):
    """a (0, Reflex 5) at (1,1), c (1, side 1) at (2,1) east of him, b (2, side 1) at (1,2)
    south: a targets c, c targets a (a cautious over c defensive), b targets a (overwatch).
    Holders declare first, lowest Reflex first: b (4), then a (5); then c."""
    m = melee(tiny, [("a", 0, (1, 1), E), ("c", 1, (2, 1), W), ("b", 1, (1, 2), N)])
    to_declarations(m, {0: CAUTIOUS, 1: DEFENSIVE, 2: CAUTIOUS}, {0: 1, 1: 0, 2: 0})
    return m


@pytest.mark.parametrize("kind, order", [(ATTACK, [2, 0]), (BUY, [0, 2])])
def test_buying_initiative_as_an_attacker_is_not_deferred(tiny, kind, order):
    """b overwatches a: without buying, b's blow on a resolves before a's on c, whatever their
    Reflex; a who buys initiative as an attacker (5 CP, prof 4) goes by raw Reflex: a (5) before
    b (4)."""
    m = _three(tiny)
    assert m.holds(2, 0) and m.holds(0, 1)
    declare(m, 2, (ATTACK, 0, man(tiny, "swing"), zone(tiny, "high"), 1))
    declare(m, 0, (kind, 1, man(tiny, "swing"), zone(tiny, "high"), 1))
    assert m.fighters[0].cp == 9 - 1 - (5 if kind == BUY else 0)
    done(m, 1)
    no_answers(m)
    Script(m, [[2], [2]])
    m.advance()
    assert [ev[1] for ev in m.events if ev[0] == "blow"] == order


def test_changing_target_costs_and_hands_the_old_target_the_initiative(tiny):
    """a (holding initiative over c) changes target to b, who targets him: 1 CP; c, whom he
    turned from and who targets him, now holds initiative over him; b holds it too (he targeted
    a first), so a's blow on b is without initiative and waits for b's. Buying it instead
    (change target, buy initiative: 1 + 5 CP) makes the pair contested."""
    m = _three(tiny)
    done(m, 2)
    declare(m, 0, (CHANGE, 2, man(tiny, "swing"), zone(tiny, "high"), 2))
    assert m.fighters[0].cp == 9 - 2 - 1 and m.fighters[0].target == 2
    assert m.pair(0, 1)[0] == 1 and m.pair(0, 2)[0] == 2 and not m.holds(0, 2)
    m2 = _three(tiny)
    done(m2, 2)
    declare(m2, 0, (CHANGE_BUY, 2, man(tiny, "swing"), zone(tiny, "high"), 2))
    assert m2.fighters[0].cp == 9 - 2 - 1 - 5 and m2.pair(0, 2)[0] == CONTEST


def test_a_flawless_exchange_makes_changing_target_free(tiny):
    """Global initiative: a fighter who in the last exchange neither missed nor was hit (and
    did something) may strike anyone: changing target costs him nothing."""
    m = _three(tiny)
    m.fighters[0].flawless = True
    done(m, 2)
    declare(m, 0, (CHANGE, 2, man(tiny, "swing"), zone(tiny, "high"), 2))
    assert m.fighters[0].cp == 9 - 2


def test_a_fighter_becomes_flawless_by_landing_everything_unhurt(tiny):
    m = at_declare(tiny, keys=("a", "c"))
    declare(m, 0, (ATTACK, 1, man(tiny, "swing"), zone(tiny, "high"), 2))
    done(m, 1)
    Script(m, [[9, 9]])
    m.advance()                                   # 2 successes, no defence: lands (glances off mail)
    assert m.fighters[0].flawless and not m.fighters[1].flawless


def test_force_entering_a_busy_fight(tiny):
    """b walks up to a busy fight (e1s2) and is late; not attacked, he may force his way in:
    buy cost 5 + 2 dice + 2 terrain dice; his attack counts half his Reflex (4 // 2 = 2) in the
    order, so a (Reflex 5) strikes before him; the terrain roll at TN 7 (7,1: one success) lets
    his blow through. Forcing in during exchange 2 costs him his next refresh."""
    m = duel(tiny, "a", "c")
    to_declarations(m, {0: AGGRESSIVE, 1: CAUTIOUS}, {0: 1, 1: 0})
    m.add(template_from_rules(tiny, "b"), 1, 2 * 6 + 1, N)
    m.regroup()
    assert m.fighters[2].late
    target(m, {2: 0})
    declare(m, 0, (ATTACK, 1, man(tiny, "swing"), zone(tiny, "high"), 2))
    done(m, 1)
    with pytest.raises(ActionError, match="only force-enter"):
        m.apply(A.Line(2, ATTACK, 0, man(tiny, "swing"), zone(tiny, "high"), 2))
    declare(m, 2, (FORCE, 0, man(tiny, "swing"), zone(tiny, "high"), 2, 0, 0, 2))
    assert m.fighters[2].cp == 9 - 5 - 2 - 2 and not m.fighters[2].no_refresh
    no_answers(m)
    s = Script(m, [[2, 2], [7, 1], [2, 2]])
    m.advance()
    assert [ev[1] for ev in m.events if ev[0] == "blow"] == [0, 2]
    assert s.calls[1] == ("combat", 2, 7)


def test_a_failed_terrain_roll_stops_a_forced_attack(tiny):
    m = duel(tiny, "a", "c")
    to_declarations(m, {0: CAUTIOUS, 1: DEFENSIVE}, {0: 1, 1: 0})
    m.add(template_from_rules(tiny, "b"), 1, 2 * 6 + 1, N)
    m.regroup()
    target(m, {2: 0})
    done(m, 0)
    done(m, 1)
    declare(m, 2, (FORCE, 0, man(tiny, "swing"), zone(tiny, "high"), 2, 0, 0, 1))
    no_answers(m)
    Script(m, [[6]])
    m.advance()
    assert ("force_enter", 2, 0, 1, 7, 0) in m.events
    assert not any(ev[0] == "blow" for ev in m.events)


@pytest.mark.parametrize("case, faces, holder", [
    ("! first hits, the other misses", [[5, 5, 5, 1], [1, 1, 2, 2], [5, 5], [2, 2]], 0),
    ("- both hit, in sequence", [[5, 5, 5, 1], [1, 1, 2, 2], [5, 5], [5, 5]], 0),
    ("~ both miss, in sequence", [[5, 5, 5, 1], [1, 1, 2, 2], [2, 2], [2, 2]], 0),
    ("* a miss, then a hit (contested)", [[5, 5, 5, 1], [1, 1, 2, 2], [2, 2], [5, 5]], 1),
    ("!! simultaneous, one hits", [[5, 1, 1, 1], [5, 1, 1, 1], [5, 1, 1, 1], [5, 1, 1, 1], [5, 5], [2, 2]], 0),
    ("-- simultaneous, both hit", [[5, 1, 1, 1], [5, 1, 1, 1], [5, 1, 1, 1], [5, 1, 1, 1], [5, 5], [5, 5]], NOBODY),
    ("~~ simultaneous, both miss", [[5, 1, 1, 1], [5, 1, 1, 1], [5, 1, 1, 1], [5, 1, 1, 1], [2, 2], [2, 2]], NOBODY),
])
def test_the_seeds_initiative_table_between_two_attackers(tiny, case, faces, holder):
    """Two c's (Reflex 4, dagger thrust ATN 5, mail: no wound below a margin of 4), both
    aggressive: contested. The contest: Reflex 4 dice at TN 5 each; 3 against 0 successes puts
    fighter 0 first; 1 against 1 twice (and equal Reflex, both thrusting) is simultaneous. Each
    thrust rolls 2 dice at TN 5 against no defence: 5,5 "hits" (margin 2), 2,2 misses."""
    m = at_declare(tiny, keys=("c", "c"), orients=(AGGRESSIVE, AGGRESSIVE))
    declare(m, 0, (ATTACK, 1, _thrust(tiny), zone(tiny, "low"), 2))
    declare(m, 1, (ATTACK, 0, _thrust(tiny), zone(tiny, "low"), 2))
    no_answers(m)
    Script(m, faces)
    m.advance()
    assert m.pair(0, 1)[0] == holder, case
    if holder == NOBODY:
        assert any(ev[0] == "pause" for ev in m.events)   # a draw: the round ends, new orientations


def test_a_lull_pauses_the_pair_and_they_orient_again(tiny):
    m = at_declare(tiny, orients=(CAUTIOUS, CAUTIOUS))
    done(m, 0)
    done(m, 1)
    m.advance()
    assert m.pair(0, 1)[0] == NOBODY and ("lull", 0, 1) in m.events
    assert m.stage_of(m.to_act()) == "orient"
    e = m.engagement_of(0)
    assert (e.round, e.exchange) == (2, 1)


def test_defence_lines_need_an_attack_declared_at_you(tiny):
    m = at_declare(tiny, orients=(CAUTIOUS, CAUTIOUS))
    with pytest.raises(ActionError, match="does not attack you"):
        m.apply(A.Line(0, DEFEND, 1, man(tiny, "parry"), 0, 2))


def test_a_pre_emptive_defence_meets_an_unseen_attacker_or_comes_back(tiny):
    """a (holding initiative over c) attacks and also sets 3 dice on a void against no one in
    particular: the log names no maneuver for it. In a second bout a prepares a parry and
    nobody attacks him: the 3 dice come back at the resolution (an activation cost would not)."""
    m = at_declare(tiny, keys=("a", "c"), orients=(CAUTIOUS, DEFENSIVE))
    m.apply(A.Line(0, ATTACK, 1, man(tiny, "swing"), zone(tiny, "high"), 2))
    m.apply(A.Line(0, PREEMPT, -1, man(tiny, "void"), 0, 3))
    assert m.events == [("declare", 0, PREEMPT, -1, -1, 0, 3, 0, 3)]    # the maneuver stays hidden
    done(m, 0)
    declare(m, 1, (DEFEND, 0, man(tiny, "block"), 0, 1))
    assert m.fighters[0].cp == 9 - 2 - 3
    m2 = at_declare(tiny, keys=("a", "b"), orients=(CAUTIOUS, CAUTIOUS))
    declare(m2, 0, (PREEMPT, -1, man(tiny, "parry"), 0, 3))
    done(m2, 1)
    Script(m2, [])
    m2.advance()
    assert ("refund", 0, 3) in m2.events


def test_an_unseen_attacker_is_met_by_the_prepared_defence(tiny):
    """a holds initiative over c (cautious over defensive) and, declaring before him, prepares a
    partial evade against no one in particular; b (overwatching a) does nothing. c, defensive and
    not attacked, forces his way in at a: after everyone has declared, a's prepared evade is given
    to c, the one attacker who came after him, so a has nothing left to answer."""
    m = _three(tiny)
    done(m, 2)                                    # b (overwatching a) does nothing
    declare(m, 0, (PREEMPT, -1, man(tiny, "partial_evasion"), 0, 3))
    declare(m, 1, (FORCE, 0, man(tiny, "thrust"), zone(tiny, "low"), 2, 0, 0, 1))
    assert ("preempt", 0, 1, man(tiny, "partial_evasion")) in m.events
    assert m.stage_of(m.to_act() if m.to_act() is not None else 0) is None   # nothing to answer
