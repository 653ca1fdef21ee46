"""Controls that choose the throw, the engagement clock seen from the dungeon, wait-bump priority
and breaking away (docs/rules/bout-dungeon.md, 12.4-12.11). The dungeon's own fighters get scripted keys
(and the bout bots decide for them in the fight), so every step is worked by hand."""

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as BA
from game.modes.bout.consts import AGGRESSIVE, BUY, CAUTIOUS, DEFEND, DEFENSIVE, QUICK_DEFEND
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import ai, screen
from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon.level import WAIT
from tests.bout.dungeon.conftest import hero_only, make_game

ARENA = [
    "#########",
    "#.......#",
    "#.......#",
    "#...@f..#",
    "#.......#",
    "#.......#",
    "#########",
]
N, NE, E, SE, S, SW, W, NW = range(8)


@pytest.fixture
def keys(monkeypatch):
    """Scripted keys for the dungeon's fighters: {id: direction}; everyone else waits."""
    script = {}
    monkeypatch.setattr(ai, "key", lambda g, i: script.get(i, WAIT))
    return script


def duel(rules, data, rows=ARENA, foe="brigand"):
    g, ids = make_game(rules, data, rows, hero_only({"f": ("foe", foe, 1)}))
    return g, ids["f"]


def nothing(g):
    """The hero declares nothing until the step is through."""
    while g.phase == "declare":
        g.apply(A.Declare(BA.Done(0)))


def test_three_steps_an_exchange_and_footwork_only_at_s0(rules, data, keys, passive):
    """Hero and brigand stand side by side. Step 1: contact, a new engagement at e1s0; the hero's
    wait is his orientation (Defensive); the clock moves to s1. Step 2 (s1, targets): a key east
    to (5,4)... is a bump? no: (5,4) is empty and still beside the brigand - at s1 it does not
    move him (engaged fighters only move at s0); his target is the wait-bump foe, the brigand.
    Step 3 (s2) runs by itself up to his declaration; he declares nothing; the exchange resolves:
    e2s0 after three steps. At e2s0 his footwork south to (4,4) keeps contact and is taken."""
    g, f = duel(rules, data)
    g.apply(A.Step(WAIT))
    e = g.m.engagement_of(0)
    assert e is not None and (e.round, e.exchange, e.step) == (1, 1, 1) and g.turn == 1
    assert g.hero.orientation == DEFENSIVE
    assert C.meaning(g, 0, SE) == C.HOLD
    g.apply(A.Step(SE))
    assert g.hero.pos == g.level.cell(4, 3) and g.hero.target == f
    assert g.phase == "declare" and g.turn == 3 and (e.exchange, e.step) == (1, 2)
    nothing(g)
    assert (e.exchange, e.step) == (2, 0) or e.round == 2
    assert C.meaning(g, 0, S) == C.FOOTWORK
    g.apply(A.Step(S))
    assert g.hero.pos == g.level.cell(4, 4)


def test_the_footwork_key_is_the_orientation(rules, data, keys):
    """At a fight's s0 the key is the orientation (the seed's rollover): a bump into the brigand
    beside him is Aggressive (and the brigand is pressed); a step that brings him into contact
    ((3,3) -> (4,3), beside the brigand at (5,3)) is Cautious; a wait is Defensive (the first
    test)."""
    g, f = duel(rules, data)
    g.apply(A.Step(E))
    assert g.hero.orientation == AGGRESSIVE and g.hero.press == f and g.hero.pos == g.level.cell(4, 3)
    g, f = duel(rules, data)
    g.hero.pos = g.level.cell(3, 3)
    g._reindex()
    g.apply(A.Step(E))
    assert g.hero.pos == g.level.cell(4, 3) and g.hero.orientation == CAUTIOUS


def test_the_target_key_and_the_wait_bump_foe(rules, data, keys):
    """At s1 the key picks the one target: into a foe = him. Two footpads, north-east and east of
    the hero who faces north: a wait targets the north-east one (angle 1 before angle 2)."""
    rows = [
        "#########",
        "#.......#",
        "#....a..#",
        "#...@b..#",
        "#.......#",
        "#########",
    ]
    g, ids = make_game(rules, data, rows, hero_only({"a": ("foe", "footpad", 1), "b": ("foe", "footpad", 1)}))
    g.hero.facing = N
    g.apply(A.Step(WAIT))
    assert g.m.engagement_of(0).step == 1
    g.apply(A.Step(WAIT))
    assert g.hero.target == ids["a"]
    g2, ids2 = make_game(rules, data, rows, hero_only({"a": ("foe", "footpad", 1), "b": ("foe", "footpad", 1)}))
    g2.apply(A.Step(WAIT))
    g2.apply(A.Step(E))
    assert g2.hero.target == ids2["b"]


def test_wait_bump_priority_front_then_sides_then_back(rules, data, keys):
    """Hero at (4,3) facing north, foes north-east (angle 1), east (angle 2), west (angle 2),
    south (angle 4): the wait faces the north-east one; without him east and west tie at angle 2
    and the draw (rng.below(2)) picks; with only the one behind, him."""
    rows = [
        "#########",
        "#.......#",
        "#....a..#",
        "#..c@b..#",
        "#...d...#",
        "#.......#",
        "#########",
    ]
    g, ids = make_game(rules, data, rows, hero_only({k: ("foe", "footpad", 1) for k in "abcd"}))
    g.hero.facing = N
    assert C.wait_bump(g, 0) == ids["a"]
    g.actors[ids["a"]].dead = True
    g._reindex()
    picks = []

    class Draw:
        def below(self, n):
            picks.append(n)
            return 1
    g.rng = Draw()
    assert C.wait_bump(g, 0) == max(ids["b"], ids["c"]) and picks == [2]
    for k in "bc":
        g.actors[ids[k]].dead = True
    g._reindex()
    assert C.wait_bump(g, 0) == ids["d"]


def test_wait_bump_prefers_foes_synced_with_him(rules, data, keys):
    """A foe in front belongs to another fight; the one behind is in the hero's own engagement:
    the wait faces the one behind (the seed's first priority group)."""
    rows = [
        "#########",
        "#...a...#",
        "#...@...#",
        "#...b...#",
        "#########",
    ]
    g, ids = make_game(rules, data, rows, hero_only({"a": ("foe", "footpad", 1), "b": ("foe", "footpad", 2)}))
    g.hero.facing = N
    g.hero.eng = g.actors[ids["b"]].eng = 7
    g.actors[ids["a"]].eng = 8

    class Engs:
        def engagement_of(self, i):
            return type("E", (), {"id": g.actors[i].eng})() if g.actors[i].eng else None

        def hostile(self, a, b):
            return g.actors[a].side != g.actors[b].side
    g.m = Engs()
    assert C.wait_bump(g, 0) == ids["b"]
    g.actors[ids["b"]].eng = 9
    assert C.wait_bump(g, 0) == ids["a"]          # nobody synced: the front comes first


def test_moving_away_is_a_full_evasion_and_he_breaks_off_when_not_hit(rules, data, keys, passive):
    """After a first exchange where neither attacks, a new round (round 2): the hero's key west
    at s0 leaves the brigand's reach: no blade-free first footwork any more, so it is a full
    evasion - Defensive; a wait at s1 keeps it; his pre-selected declaration is the full evasion
    against everyone (foe -1).
    The brigand (passive) does not attack: after the exchange the hero steps west and is out of
    the fight."""
    g, f = duel(rules, data)
    g.apply(A.Step(WAIT))
    g.apply(A.Step(E))
    nothing(g)
    while g.m.engagement_of(0).step != 0:
        g.apply(A.Step(WAIT)) if g.phase == "step" else nothing(g)
    e = g.m.engagement_of(0)
    assert e.round == 2 and C.dpad(g, 0)[W] == C.EVADE
    ev = g.apply(A.Step(W))
    assert ("evade_intent", 0, W) in ev and g.hero.orientation == DEFENSIVE
    g.apply(A.Step(WAIT))                        # s1: a wait keeps him breaking away
    assert g.phase == "declare"
    want = screen.default_declaration(g)
    assert g.rules.maneuvers[want.action.man].effect == "full_evasion" and want.action.foe == -1
    while g.phase == "declare":
        g.apply(screen.default_declaration(g))
    assert g.hero.pos == g.level.cell(3, 3) and not g.hero.eng
    assert any(x == ("disengages", 0) for x in g.events)


def test_no_full_evasion_right_after_his_own_attack(rules, data, keys, passive):
    """The hero attacked in the exchange just fought: moving away is a plain defence; he stays."""
    g, f = duel(rules, data)
    g.apply(A.Step(WAIT))
    g.apply(A.Step(E))
    nothing(g)
    while g.m.engagement_of(0).step != 0:
        g.apply(A.Step(WAIT)) if g.phase == "step" else nothing(g)
    g.hero.attacked_last = True
    assert C.dpad(g, 0)[W] == C.DEFEND
    ev = g.apply(A.Step(W))
    assert ("evade_intent", 0, W) not in ev and 0 not in g.evading
    assert g.hero.pos == g.level.cell(4, 3)


def test_a_foe_who_holds_initiative_can_only_be_defended_against_or_stolen_from(rules, data, keys):
    """The brigand holds initiative over the hero and attacks him: the hero's declarations are a
    defence against him or buying (stealing) initiative - no plain attack; the d-pad marks him
    'defend' in red (he holds initiative) and the arc brigand -> hero is red (attacking)."""
    g, f = duel(rules, data)
    g.apply(A.Step(WAIT))
    g.m._pair(0, f)[0] = f
    keys[f] = W
    g.apply(A.Step(E))
    assert g.phase == "declare"
    kinds = {a.action.kind for a in g.legal_actions() if isinstance(a.action, BA.Line)}
    assert {DEFEND, BUY} & kinds and 0 not in kinds          # 0 = a plain attack
    assert screen.dpad_colours(g)[E] == "red"
    arcs = {(a.a, a.b): a.colour for a in screen.initiative_arcs(g)}
    assert arcs.get((f, 0)) == "red"


def test_the_screen_queries(rules, data, keys):
    g, f = duel(rules, data)
    marks = screen.dpad_marks(g)
    assert marks[E] == C.ENGAGE and marks[W] == C.STEP and marks[WAIT] == C.WAIT_K
    g.apply(A.Step(WAIT))
    assert screen.clock_of(g, 0) == (1, 1, 1) and screen.step_name(1) == "targets"
    assert screen.dpad_marks(g)[E] == C.TARGET


def test_declarations_are_refused_out_of_turn(rules, data, keys):
    g, f = duel(rules, data)
    with pytest.raises(ActionError):
        g.apply(A.Declare(BA.Done(0)))
    with pytest.raises(ActionError):
        g.apply(A.Pursue(1))
    with pytest.raises(ActionError):
        g.apply(A.Descend())
    g.apply(A.Step(WAIT))
    g.apply(A.Step(E))
    assert g.phase == "declare"
    with pytest.raises(ActionError):
        g.apply(A.Step(WAIT))
    with pytest.raises(ActionError):
        g.apply(A.Declare(BA.Done(f)))                       # not for someone else
    with pytest.raises(ActionError):
        g.apply(A.Declare(BA.Line(0, QUICK_DEFEND, f, 0, 0, 1)))
