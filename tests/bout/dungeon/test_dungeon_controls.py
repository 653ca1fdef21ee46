"""Controls that choose the throw, the engagement clock, wait-bump priority and disengaging
(docs/rules/bout.md, "Dungeon: movement and controls"). The dungeon's own fighters are given
scripted keys here so that every step is worked by hand."""

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as BA
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import ai
from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon.engagement import Engagement
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
E, W, N, S = 2, 6, 0, 4


@pytest.fixture
def keys(monkeypatch):
    """Scripted keys for the dungeon's fighters: {id: direction}; everyone else waits."""
    script = {}
    monkeypatch.setattr(ai, "key", lambda g, i: (script.get(i, WAIT), 0))
    return script


def throws(events):
    return [ev[2] for ev in events if ev[0] == "melee" and ev[2][0] == "throw"]


def duel(rules, data, rows=ARENA, foe="brigand"):
    g, ids = make_game(rules, data, rows, hero_only({"f": ("foe", foe, 1)}))
    return g, ids["f"]


def test_three_steps_an_exchange_and_footwork_only_at_s0(rules, data, keys):
    """Hero and brigand stand side by side. Step 1: they are found in contact, a new engagement
    at e1s0. Step 2 (s0): the hero's footwork south to (4,4) keeps contact: taken. Step 3 (s1):
    the throw; a key east (to (5,4), still beside the brigand) does not move him, engaged
    fighters only move at s0: it is a wait, a white throw; the brigand waits too: white and white,
    nothing to declare, so the s2 step (step 4) runs at once and the clock is at e2s0."""
    g, f = duel(rules, data)
    g.apply((A.STEP, WAIT))
    e = g.engagement_of(0)
    assert e is not None and e.clock() == (1, 1, 0) and g.turn == 1
    g.apply((A.STEP, S))
    assert g.hero.pos == g.level.cell(4, 4) and e.clock() == (1, 1, 1)
    assert C.meaning(g, 0, E) == C.HOLD
    ev = g.apply((A.STEP, E))
    assert g.hero.pos == g.level.cell(4, 4)
    assert [(t[3], t[4]) for t in throws(ev)] == [(0, 0)]
    assert e.clock() == (1, 2, 0) and g.turn == 4
    g.apply((A.STEP, N))                                      # s0 again: footwork back north
    assert g.hero.pos == g.level.cell(4, 3) and g.turn == 5


def test_bumping_a_foe_with_no_initiative_held_throws_red_at_him(rules, data, keys):
    g, f = duel(rules, data)
    g.apply((A.STEP, WAIT))
    g.apply((A.STEP, WAIT))
    ev = g.apply((A.STEP, E))                  # s1: into the brigand
    (t,) = throws(ev)
    e = g.engagement_of(0)
    i, j = e.gid(t[1]), e.gid(t[2])
    colour = {i: t[3], j: t[4]}
    assert colour == {0: 1, f: 0} and g.hero.press == f
    assert g.phase == "declare" and all(a[1] in (BA.ATTACK, BA.PASS) for a in g.legal_actions())
    assert any(a[1] == BA.ATTACK and a[3] == f for a in g.legal_actions())


def test_waiting_throws_white_and_faces_the_wait_bump_foe(rules, data, keys):
    g, f = duel(rules, data)
    g.hero.facing = N
    g.apply((A.STEP, WAIT))
    g.apply((A.STEP, WAIT))
    ev = g.apply((A.STEP, WAIT))
    (t,) = throws(ev)
    assert (t[3], t[4]) == (0, 0)                      # white and white: they circle
    assert g.hero.facing == E


def test_bumping_a_foe_who_holds_initiative_is_a_defence_and_he_is_pressed(rules, data, keys):
    """The brigand holds initiative over the hero (exchange 1 went his way). At s1 the hero's key
    into him cannot be an attack: no throw is made (the pair has a holder), the brigand declares
    his attack, and the hero may only answer it: a defence, or buying initiative (the seed's
    "Buy Initiative ... to switch your Defensive Maneuver to an Offensive one"). The brigand is
    remembered as the one to attack once the hero has initiative back."""
    g, f = duel(rules, data)
    g.apply((A.STEP, WAIT))
    e = g.engagement_of(0)
    e.pairs[(0, 1)][0] = e.local(f)
    g.apply((A.STEP, WAIT))
    assert C.throw_for(g, 0, E) == (C.DEFEND, f)
    assert C.dpad(g, 0)[E] == C.DEFEND and C.dpad(g, 0)[WAIT] == C.DEFEND
    ev = g.apply((A.STEP, E))
    assert throws(ev) == [] and g.hero.press == f
    assert g.phase == "declare"
    kinds = {a[1] for a in g.legal_actions()}
    assert BA.ATTACK not in kinds and {BA.DEFEND, BA.BUY, BA.PASS} <= kinds
    buy = [a for a in g.legal_actions() if a[1] == BA.BUY]
    assert buy and all(a[3] == f for a in buy)


def test_wait_bump_priority_front_then_sides_then_back(rules, data, keys):
    """Hero at (4,3) facing north, foes north-east (angle 1), east (angle 2), south (angle 4):
    the wait faces the north-east one. Without him, east and west are both at angle 2: the draw
    (rng.below(2)) picks; with only the one behind, him."""
    rows = [
        "#########",
        "#.......#",
        "#....a..#",
        "#..c@b..#",
        "#...d...#",
        "#.......#",
        "#########",
    ]
    people = hero_only({k: ("foe", "footpad", 1) for k in "abcd"})
    g, ids = make_game(rules, data, rows, people)
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
    mine = Engagement(g, 1, [0, ids["b"]])
    other = Engagement(g, 2, [ids["a"]] + [ids["b"]])
    g.engagements = [mine]
    assert C.wait_bump(g, 0) == ids["b"]
    g.engagements = [other]
    assert C.wait_bump(g, 0) == ids["a"]          # nobody synced: the front comes first


def test_moving_away_is_a_full_evasion_and_he_breaks_off_when_not_hit(rules, data, keys):
    """At s1 the hero's key west leaves the brigand's reach: it is a white throw and his intent
    to evade; the brigand (scripted to wait) does not attack; after the exchange the hero steps
    west and is out of the fight."""
    g, f = duel(rules, data)
    g.apply((A.STEP, WAIT))
    g.apply((A.STEP, WAIT))
    assert C.dpad(g, 0)[W] == C.EVADE
    ev = g.apply((A.STEP, W))
    assert ("evade_intent", 0, W) in ev
    while g.phase == "declare":
        g.apply((A.DECLARE, BA.PASS, 0))
    assert g.hero.pos == g.level.cell(3, 3)
    g.apply((A.STEP, W))
    assert g.engagement_of(0) is None


def test_no_full_evasion_right_after_his_own_attack(rules, data, keys):
    """The hero attacked in the exchange just fought: moving away is only a plain defence; he
    stays where he is."""
    g, f = duel(rules, data)
    g.apply((A.STEP, WAIT))
    g.apply((A.STEP, WAIT))
    g.hero.attacked_last = True
    assert C.dpad(g, 0)[W] == C.DEFEND
    ev = g.apply((A.STEP, W))
    assert ("evade_intent", 0, W) not in ev and 0 not in g.evading
    while g.phase == "declare":
        g.apply((A.DECLARE, BA.PASS, 0))
    assert g.hero.pos == g.level.cell(4, 3)


def test_a_newcomer_joins_a_fight_at_its_step(rules, data, keys):
    """A footpad walks up beside the hero while the hero's fight with the brigand is at e1s0:
    he joins that engagement, synced to its step, and throws with them at s1."""
    rows = [
        "#########",
        "#.......#",
        "#.......#",
        "#...@f..#",
        "#.......#",
        "#...p...#",
        "#########",
    ]
    g, ids = make_game(rules, data, rows, hero_only({"f": ("foe", "brigand", 1), "p": ("foe", "footpad", 2)}))
    g.apply((A.STEP, WAIT))
    e = g.engagement_of(0)
    assert e.ids == [0, ids["f"]] and e.step == 0
    keys[ids["p"]] = N                                  # (4,5) -> (4,4): beside the hero
    g.apply((A.STEP, WAIT))
    assert g.engagement_of(ids["p"]) is e and e.step == 1
    assert sorted(e.ids) == sorted([0, ids["f"], ids["p"]])


def test_a_busy_fight_is_not_joined(rules, data, keys):
    """During exchange 2 the fighters are busy: a newcomer who comes beside them waits outside."""
    g, f = duel(rules, data)
    g.apply((A.STEP, WAIT))
    e = g.engagement_of(0)
    e.exchange = 2
    assert e.busy()
    g2 = g.actors
    from game.modes.bout.dungeon.actor import FOE, Actor, template_of
    p = Actor(template_of(rules, data.find("foes", "footpad").v), 2, g.level.cell(4, 4))
    p.role = FOE
    g.refit(p)
    g2.append(p)
    g._reindex()
    g.apply((A.STEP, WAIT))
    assert g.engagement_of(len(g2) - 1) is None


def test_declarations_are_refused_out_of_turn(rules, data, keys):
    g, f = duel(rules, data)
    with pytest.raises(ActionError):
        g.apply((A.DECLARE, BA.PASS, 0))
    with pytest.raises(ActionError):
        g.apply((A.PURSUE, 1))
    with pytest.raises(ActionError):
        g.apply((A.DESCEND,))


def test_the_screen_queries_arcs_dpad_and_clock(rules, data, keys):
    """The brigand holds initiative and attacks: while the hero is asked for his defence the
    arc reads brigand -> hero "attacking"; the d-pad marks say what each key would do; the
    clock names the step."""
    from game.modes.bout.dungeon import screen
    g, f = duel(rules, data)
    g.apply((A.STEP, WAIT))
    e = g.engagement_of(0)
    assert screen.clock_of(g, 0) == (1, 1, 0) and screen.step_name(0) == "footwork"
    assert screen.initiative_arcs(g) == [(0, f, "open")]
    marks = screen.dpad_marks(g)
    assert marks[E] == C.ATTACK and marks[W] == C.STEP and marks[WAIT] == C.DEFEND
    e.pairs[(0, 1)][0] = e.local(f)
    g.apply((A.STEP, WAIT))
    keys[f] = W                                   # the brigand presses the hero
    g.apply((A.STEP, WAIT))
    assert g.phase == "declare" and g.declaring() is e
    assert (f, 0, "attacking") in screen.initiative_arcs(g)
    assert screen.clock_of(g, 0)[2] == 2 and screen.dpad_marks(g)[E] == C.HOLD


def test_the_pressed_foe_is_attacked_once_initiative_is_back(rules, data, keys):
    """Exchange 1: the brigand holds initiative; the hero bumps him (a defence, he is pressed).
    Later the hero holds initiative over both the brigand and a footpad with a smaller pool: the
    bot alone would go for the weaker footpad, the pre-selected declaration attacks the brigand."""
    from game.modes.bout.dungeon import screen
    rows = [
        "#########",
        "#.......#",
        "#...p...#",
        "#...@f..#",
        "#.......#",
        "#########",
    ]
    g, ids = make_game(rules, data, rows, hero_only({"f": ("foe", "brigand", 1), "p": ("foe", "footpad", 1)}))
    f, p = ids["f"], ids["p"]
    def declare_all():
        while g.phase == "declare" and g.declaring().phase != "attack":
            g.apply(screen.default_declaration(g))

    g.apply((A.STEP, WAIT))
    e = g.engagement_of(0)
    e.pairs[tuple(sorted((e.local(0), e.local(f))))][0] = e.local(f)
    e.pairs[tuple(sorted((e.local(0), e.local(p))))][0] = e.local(0)
    g.apply((A.STEP, WAIT))
    declare_all()                                # the footing roll against two foes
    g.apply((A.STEP, E))                         # s1: into the brigand, who holds initiative
    assert g.hero.press == f
    while g.phase == "declare":
        g.apply((A.DECLARE, BA.PASS, 0) if g.declaring().phase == "attack" else screen.default_declaration(g))
    assert g.engagement_of(0) is e
    for o in (f, p):
        e.pairs[tuple(sorted((e.local(0), e.local(o))))][0] = e.local(0)
    g.actors[p].cp, g.actors[f].cp, g.hero.cp = 1, 9, 12
    while not (g.phase == "declare" and g.declaring().phase == "attack"):
        g.apply((A.STEP, WAIT)) if g.phase == "step" else declare_all()
    want = screen.default_declaration(g)
    assert want[1] == BA.ATTACK and want[3] == f
    bot_alone = ai.declare(g, e)
    assert e.gid(bot_alone[2]) == p
