"""The engagement API a dungeon drives: contact forms engagements with their own round clocks,
newcomers sync to the clock they join (late when it is busy), factions fight each other unless
befriended, separated fighters leave, decisions are asked per step, advance() moves the clocks."""

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.consts import AGGRESSIVE, CAUTIOUS, DEFENSIVE
from game.modes.bout.fighter import template_from_rules
from game.modes.bout.melee import Melee
from tests.bout.conftest import E, N, S, W, duel, melee, orient, target


def test_contact_starts_an_engagement_at_e1s0_and_the_clock_runs_three_steps_an_exchange(tiny):
    m = duel(tiny)
    assert len(m.engs) == 1
    e = next(iter(m.engs.values()))
    assert (e.round, e.exchange, e.step) == (1, 1, 0) and e.members == [0, 1]
    assert m.stage_of(0) == "orient" and m.to_act() == 0
    with pytest.raises(ActionError, match="has not decided"):
        m.advance()
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS})
    m.advance()
    assert e.step == 1 and m.stage_of(m.to_act()) == "target"
    target(m, {0: 1, 1: 0})
    m.advance()
    assert e.step == 2 and m.stage_of(m.to_act()) == "declare"
    m.apply(A.Done(m.to_act()))
    m.apply(A.Done(m.to_act()))
    m.advance()                                    # resolution: nobody attacked -> a lull, a pause
    assert (e.round, e.exchange, e.step) == (2, 1, 0)
    assert any(ev[0] == "pause" for ev in m.events)


def test_fighters_apart_are_not_engaged_and_allies_do_not_fight(tiny):
    m = melee(tiny, [("a", 0, (0, 0), E), ("b", 0, (1, 0), W), ("b", 1, (4, 4), N)])
    assert not m.engs and m.to_act() is None
    m.advance()                                    # nothing to decide: the clock still runs
    assert m.clock == 1


def test_befriended_factions_leave_each_other_alone_and_three_factions_fight(tiny):
    spec = [("a", 0, (1, 1), E), ("b", 1, (2, 1), W), ("b", 2, (1, 2), N)]
    m = melee(tiny, spec)
    e = next(iter(m.engs.values()))
    assert e.members == [0, 1, 2]                   # three factions: everyone fights everyone
    assert m.foes_of(1) == [0, 2] and m.hostile(1, 2)
    m2 = Melee(tiny, 1, width=6)
    m2.befriend(1, 2)
    for key, side, (x, y), f in spec:
        m2.add(template_from_rules(tiny, key), side, y * 6 + x, f)
    m2.regroup()
    assert m2.foes_of(1) == [0] and not m2.hostile(1, 2)


def test_concurrent_engagements_keep_their_own_clocks(tiny):
    m = melee(tiny, [("a", 0, (0, 0), E), ("b", 1, (1, 0), W), ("a", 0, (4, 4), E)], width=8)
    e1 = m.engagement_of(0)
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS})
    m.advance()
    m.add(template_from_rules(tiny, "b"), 1, 4 * 8 + 5, W)
    m.regroup()
    e2 = m.engagement_of(3)
    assert e2 is not e1 and e2.members == [2, 3]
    assert (e1.step, e2.step) == (1, 0)             # two fights, two clocks
    assert m.stage_of(0) == "target" and m.stage_of(2) == "orient"   # both fights ask at once
    assert m.to_act() == 0                          # engagements are asked in id order


def test_a_newcomer_syncs_to_the_step_of_the_engagement_he_joins(tiny):
    m = duel(tiny)
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS})
    m.advance()                                    # e1s1: not busy yet
    m.add(template_from_rules(tiny, "b"), 1, 2 * 6 + 1, N)   # under fighter 0
    m.regroup()
    e = m.engagement_of(2)
    assert e is m.engagement_of(0) and e.step == 1
    assert not m.fighters[2].late and m.stage_of(2) == "orient"   # he throws now, then targets
    assert any(ev[0] == "join" and ev[1] == 2 and ev[4] == 1 for ev in m.events)


def test_a_newcomer_to_a_busy_engagement_is_late_until_its_next_round(tiny):
    m = duel(tiny)
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS})
    m.advance()
    target(m, {0: 1, 1: 0})
    m.advance()                                    # e1s2: busy rolling
    m.add(template_from_rules(tiny, "b"), 1, 2 * 6 + 1, N)
    m.regroup()
    late = m.fighters[2]
    assert late.late and late.eng == m.fighters[0].eng
    assert m.stage_of(m.to_act()) == "target"       # he still picks a target (to defend or force in)
    target(m, {2: 0})
    assert not m.holds(2, 0)                       # a latecomer holds initiative over nobody
    assert m.holds(0, 1) or m.contested(0, 1)


def test_a_fighter_who_steps_out_of_contact_leaves_and_the_fight_ends(tiny):
    m = duel(tiny)
    orient(m, {0: DEFENSIVE, 1: DEFENSIVE})
    m.advance()
    target(m, {0: 1, 1: 0})
    m.place(0, 1 * 6 + 0)                          # still adjacent? (0,1) vs (2,1): no
    m.regroup()
    assert m.fighters[0].eng == 0 and m.fighters[1].eng == 0 and not m.engs
    assert any(ev[0] == "leave" for ev in m.events)


def test_two_engagements_that_touch_merge_on_the_later_clock(tiny):
    m = melee(tiny, [("a", 0, (0, 0), E), ("b", 1, (1, 0), W), ("a", 0, (4, 0), E), ("b", 1, (5, 0), W)],
              width=8)
    ea, eb = m.engagement_of(0), m.engagement_of(2)
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS, 2: CAUTIOUS, 3: CAUTIOUS})
    m.advance()
    assert ea is not eb and ea.step == eb.step == 1
    m.place(1, 3)                                  # b of the first fight steps next to the second's a
    m.regroup()
    merged = m.engagement_of(1)
    assert merged.members == [0, 1, 2, 3] or merged.members == [1, 2, 3]


def test_advance_refuses_while_a_decision_is_awaited_and_decisions_go_in_order(tiny):
    m = duel(tiny)
    with pytest.raises(ActionError, match="not the one"):
        m.apply(A.Orient(1, CAUTIOUS))
    m.apply(A.Orient(0, AGGRESSIVE))
    with pytest.raises(ActionError):
        m.advance()
    m.apply(A.Orient(1, CAUTIOUS))
    m.advance()
    assert m.fighters[0].orientation == AGGRESSIVE


def test_orientations_stay_secret_until_everyone_has_thrown(tiny):
    m = duel(tiny)
    m.apply(A.Orient(0, AGGRESSIVE))
    assert m.fighters[0].orientation == -1         # not revealed yet
    assert not any(ev[0] == "orient" for ev in m.events)
    m.apply(A.Orient(1, DEFENSIVE))
    assert [ev[0] for ev in m.events].count("orient") == 2


def test_snapshot_round_trips_mid_engagement(tiny):
    m = duel(tiny)
    orient(m, {0: CAUTIOUS, 1: AGGRESSIVE})
    m.advance()
    h = Melee.restore(tiny, m.snapshot())
    assert h.state_hash() == m.state_hash()
    target(m, {0: 1, 1: 0})
    target(h, {0: 1, 1: 0})
    assert h.state_hash() == m.state_hash()


def test_the_cell_grid_wraps_nothing_at_the_edges(tiny):
    m = melee(tiny, [("a", 0, (5, 0), W), ("b", 1, (0, 1), E)], width=6)
    assert not m.engs                              # cells 5 and 6 are far apart, not neighbours


def test_a_direction_tells_what_it_would_do(tiny):
    m = duel(tiny)
    assert m.direction_meaning(0, E).kind == "attack"       # at 0/1 a bump is an attack throw
    assert m.direction_meaning(0, W).kind == "evade"        # away from every foe
    assert m.direction_meaning(0, S).kind == "step"         # footwork that keeps contact
    assert m.direction_meaning(0, A.WAIT).kind == "wait"
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS})
    m.advance()
    meaning = m.direction_meaning(0, E)
    assert meaning.kind == "target" and meaning.foe == 1


def test_a_dungeon_shares_its_actors_and_its_generator(tiny):
    """The dungeon passes its own list of Fighter objects (or subclasses) and its PCG32: the melee
    adds to and changes those very objects, draws from that generator, and snapshots without
    them; `restore` takes them back."""
    from game.core.prng import Pcg32
    from game.modes.bout.fighter import Fighter

    class Actor(Fighter):
        pass

    actors = [Actor(template_from_rules(tiny, "a"), 0, 7, facing=E),
              Actor(template_from_rules(tiny, "b"), 1, 8, facing=W)]
    rng = Pcg32(77, 5)
    m = Melee(tiny, width=6, rng=rng, fighters=actors)
    assert m.add_fighter(actors[0]) == 0 and m.add_fighter(actors[1]) == 1 and len(actors) == 2
    m.regroup()
    assert actors[0].eng and actors[0].cp == 9
    before = rng.get_state()
    orient(m, {0: AGGRESSIVE, 1: AGGRESSIVE})
    m.advance()
    target(m, {0: 1, 1: 0})
    m.advance()
    m.apply(A.Line(1, 0, 0, tiny.index("maneuvers", "swing"), 0, 3))
    m.apply(A.Done(1))
    m.apply(A.Line(0, 0, 1, tiny.index("maneuvers", "swing"), 0, 3))
    m.apply(A.Done(0))
    while m.to_act() is not None:
        m.apply(A.Done(m.to_act()))
    events = m.advance()
    assert rng.get_state() != before                  # the dungeon's generator rolled the dice
    assert any(ev[0] == "resolved" for ev in events)  # an exchange was resolved
    snap = m.snapshot(fighters=False, rng=False)
    assert snap["fighters"] is None and snap["rng"] is None
    back = Melee.restore(tiny, snap, fighters=actors, rng=rng)
    assert back.fighters is actors and back.snapshot(fighters=False, rng=False) == snap


def test_a_pool_is_whole_again_only_after_a_round_out_of_contact(tiny):
    """Stepping out and straight back in does not refresh a spent pool: it comes back after 6
    steps (a round's worth) out of contact (ours: no refresh by dancing out and in)."""
    m = duel(tiny)
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS})
    m.fighters[0].cp = 2
    m.place(0, 1 * 6 + 0)                         # out of contact
    m.regroup()
    m.advance()
    m.place(0, 1 * 6 + 1)                         # back, one step later
    m.regroup()
    assert m.fighters[0].eng and m.fighters[0].cp == 2
    m.place(0, 1 * 6 + 0)
    m.regroup()
    for _ in range(6):
        m.advance()
    m.place(0, 1 * 6 + 1)
    m.regroup()
    assert m.fighters[0].cp == 9
