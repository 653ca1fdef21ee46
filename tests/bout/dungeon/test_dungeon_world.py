"""The world around the fights: pursuit, the companion and his orders, surprise, items, stairs."""

import pytest

from game.modes.base import ActionError
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import ai
from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon.actor import ATTACK_TARGET, FOLLOW, HOLD
from game.modes.bout.dungeon.level import WAIT
from tests.bout.dungeon.conftest import hero_only, make_game

E, W, N, S = 2, 6, 0, 4
ROOM = [
    "##########",
    "#........#",
    "#........#",
    "#...@f...#",
    "#........#",
    "#........#",
    "##########",
]


@pytest.fixture
def keys(monkeypatch):
    script = {}
    real = ai.key
    monkeypatch.setattr(ai, "key", lambda g, i: script[i] if i in script else real(g, i))
    return script


def to_footwork(g):
    """Play on (the hero declaring nothing) until his fight is at a footwork step again."""
    from game.modes.bout import actions as BA
    for _ in range(30):
        e = g.m.engagement_of(0)
        if g.phase == "step" and e is not None and e.step == 0:
            return e
        g.apply(A.Declare(BA.Done(0)) if g.phase == "declare" else A.Step(WAIT))
    raise AssertionError("no footwork step came")


def test_a_bumped_foe_who_steps_aside_may_be_pursued(rules, data, keys):
    """A footwork step (s0) of a running fight: the hero bumps east into the footpad while the
    footpad's footwork takes him to (5,4), still beside the hero. The slides come first: the
    hero's bump finds (5,3) empty; he is asked (the seed's bump-following); he pursues into it
    and is beside the footpad again, in the same fight."""
    g, ids = make_game(rules, data, ROOM, hero_only({"f": ("foe", "footpad", 1)}))
    f = ids["f"]
    keys[f] = WAIT
    g.apply(A.Step(WAIT))
    e = to_footwork(g)
    assert C.dpad(g, 0)[E] in (C.ATTACK, C.DEFEND)
    keys[f] = S
    g.apply(A.Step(E))
    assert g.phase == "pursue" and g.actors[f].pos == g.level.cell(5, 4)
    assert g.legal_actions() == [A.Pursue(1), A.Pursue(0)]
    keys[f] = WAIT
    ev = g.apply(A.Pursue(1))
    assert ("pursues", 0, f) in ev and g.hero.pos == g.level.cell(5, 3)
    assert g.m.engagement_of(0) is e is g.m.engagement_of(f)


def test_declining_the_pursuit_keeps_him_where_he_was(rules, data, keys):
    g, ids = make_game(rules, data, ROOM, hero_only({"f": ("foe", "footpad", 1)}))
    f = ids["f"]
    keys[f] = WAIT
    g.apply(A.Step(WAIT))
    to_footwork(g)
    keys[f] = S
    g.apply(A.Step(E))
    keys[f] = WAIT
    g.apply(A.Pursue(0))
    assert g.hero.pos == g.level.cell(4, 3) and g.m.engagement_of(0) is g.m.engagement_of(f)


def test_the_hero_bumping_his_companion_changes_places(rules, data, keys):
    g, ids = make_game(rules, data, ROOM, hero_only({"f": ("companion", "companion", 0)}))  # f = Hal
    c = ids["f"]
    keys[c] = WAIT
    ev = g.apply(A.Step(E))
    assert ("swap", 0, c) in ev
    assert g.hero.pos == g.level.cell(5, 3) and g.actors[c].pos == g.level.cell(4, 3)


def test_companion_orders(rules, data):
    """follow: he walks back within two squares of the hero; hold: he stays; attack my target:
    he goes for the foe the hero presses. Orders take no step."""
    rows = [
        "##############",
        "#@...........#",
        "#............#",
        "#.........c..#",
        "#............#",
        "##############",
    ]
    g, ids = make_game(rules, data, rows, hero_only({"c": ("companion", "companion", 0)}))
    c = ids["c"]
    assert g.actors[c].order == FOLLOW
    start = g.actors[c].pos
    g.apply(A.Step(WAIT))
    assert ai.chebyshev(g.level, g.actors[c].pos, g.hero.pos) < ai.chebyshev(g.level, start, g.hero.pos)
    turn = g.turn
    g.apply(A.Order(HOLD))
    assert g.turn == turn and g.actors[c].order == HOLD
    here = g.actors[c].pos
    g.apply(A.Step(WAIT))
    assert g.actors[c].pos == here
    g.apply(A.Order(ATTACK_TARGET))
    assert g.actors[c].order == ATTACK_TARGET
    with pytest.raises(ActionError):
        g.apply(A.Order(3))


def test_a_foe_coming_unseen_catches_the_hero_without_a_stance(rules, data, keys):
    """A footpad waits in a passage, out of the hero's sight (the line from (6,2) to (4,4) runs
    through the rock at (5,3) both ways). The hero steps west to (5,2), facing west; the footpad
    steps north to (4,3): contact. Neither saw the other at the start of the step; the footpad is
    south-west of the hero, one step off his front (angle 1): 'caught without a stance' (TN 5);
    likewise the hero is north-east of the footpad who faces north: the same."""
    rows = [
        "#########",
        "#.......#",
        "#.....@.#",
        "####.####",
        "####f####",
        "#########",
    ]
    g, ids = make_game(rules, data, rows, hero_only({"f": ("foe", "footpad", 1)}))
    f = ids["f"]
    assert not g.sight().sees(g.hero.pos, g.actors[f].pos)
    keys[f] = N
    ev = g.apply(A.Step(W))
    assert g.hero.pos == g.level.cell(5, 2) and g.actors[f].pos == g.level.cell(4, 3)
    assert ("caught_unawares", 0, "no_stance") in ev and ("caught_unawares", f, "no_stance") in ev
    assert g.m.engagement_of(0) is g.m.engagement_of(f) is not None
    assert g.m.surprise == {}                       # both rolled on joining (the bout's Reflex roll)


def test_a_foe_seen_coming_is_no_surprise(rules, data, keys):
    g, ids = make_game(rules, data, [
        "##########",
        "#........#",
        "#..@..f..#",
        "#........#",
        "##########",
    ], hero_only({"f": ("foe", "footpad", 1)}))
    keys[ids["f"]] = W
    g.apply(A.Step(E))
    ev = g.apply(A.Step(WAIT)) if g.engagement_of(0) is None else g.events
    assert g.engagement_of(0) is not None
    assert not any(x[0] == "caught_unawares" for x in ev)


def test_items_are_picked_up_dropped_and_looted(rules, data, keys):
    g, ids = make_game(rules, data, [r.replace("f", ".") for r in ROOM], hero_only({}))
    spear = data.find("items", "spear").index
    g.floor.append([g.level.cell(5, 3), spear])
    ev = g.apply(A.Step(E))
    assert ("pickup", 0, spear) in ev and spear in g.hero.items and g.floor == []
    slot = g.hero.items.index(spear)
    g.apply(A.Drop(slot))
    assert [g.hero.pos, spear] in g.floor and spear not in g.hero.items
    g.apply(A.Step(WAIT))
    assert spear not in g.hero.items                     # standing on it does not pick it up again
    with pytest.raises(ActionError):
        g.apply(A.Use(0))                              # a bandage is not taken: first aid uses it


def test_the_stairs_lead_down_and_out(rules, data):
    from game.modes.bout.dungeon.game import DungeonGame
    g = DungeonGame(rules, data, 5)
    with pytest.raises(ActionError):
        g.apply(A.Descend())
    g.hero.pos = g.level.stairs
    g._reindex()
    for a in g.actors[2:]:
        a.dead = True
    g._reindex()
    g.apply(A.Descend())
    assert g.depth == 2 and g.hero.pos == g.level.start and g.actors[1].pos != g.hero.pos
    g.depth = data.dungeon["levels"] - 1
    g.hero.pos = g.level.stairs
    g._reindex()
    g.apply(A.Descend())
    g.hero.pos = g.level.stairs
    g._reindex()
    assert g.level.last
    g.apply(A.Descend())
    assert g.is_over() and g.outcome == "escaped" and g.winner == 0 and g.result()["winner"] == "hero"
    assert g.score() >= data.score["escape"]


def test_fights_merge_and_factions_fight_each_other(rules, data, keys, passive):
    """Two fights between factions, a (outlaw) against b (company) on row 2, c (ashen) against d
    (company) on row 4. They declare nothing (a lull, a new round). At the new round's footwork
    c steps north to (3,3): still beside d, and now beside a and b: the fights merge into one
    three-way fight (the combat engine's regroup, on the later clock)."""
    rows = [
        "############",
        "#.........@#",
        "#..ab......#",
        "#..........#",
        "#..cd......#",
        "#..........#",
        "############",
    ]
    people = hero_only({"a": ("foe", "brigand", 1), "b": ("foe", "sellsword", 2),
                        "c": ("foe", "zealot", 3), "d": ("foe", "pikeman", 2)})
    g, ids = make_game(rules, data, rows, people)
    for k in "abcd":
        keys[ids[k]] = WAIT
    g.apply(A.Step(WAIT))
    e1, e2 = g.m.engagement_of(ids["a"]), g.m.engagement_of(ids["c"])
    assert e1 is not e2 and sorted(e1.members) == sorted([ids["a"], ids["b"]])
    assert sorted(e2.members) == sorted([ids["c"], ids["d"]])
    for _ in range(12):
        if e2.step == 0:
            break
        g.apply(A.Step(WAIT))
    assert e2.step == 0
    keys[ids["c"]] = N
    g.apply(A.Step(WAIT))
    assert g.actors[ids["c"]].pos == g.level.cell(3, 3)
    e = g.m.engagement_of(ids["a"])
    assert e is g.m.engagement_of(ids["c"]) and sorted(e.members) == sorted(ids[k] for k in "abcd")
    assert {g.actors[i].side for i in e.members} == {1, 2, 3} and len(g.m.engs) == 1


def test_factions_fight_each_other_without_the_party(rules, data):
    """An outlaw and a sellsword meet far from the hero: their bots fight it out."""
    rows = [
        "############",
        "#.........@#",
        "#..ab......#",
        "#..........#",
        "############",
    ]
    g, ids = make_game(rules, data, rows, hero_only({"a": ("foe", "brigand", 1), "b": ("foe", "sellsword", 2)}))
    blows = []
    for _ in range(30):
        if g.is_over() or g.phase != "step":
            break
        g.apply(A.Step(WAIT))
        blows += [(ev[1], ev[2]) for ev in g.events if ev[0] == "blow"]
    assert blows and all(0 not in pair for pair in blows)
