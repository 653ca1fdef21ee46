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
    monkeypatch.setattr(ai, "key", lambda g, i: (script[i], 0) if i in script else real(g, i))
    return script


def test_a_bumped_foe_who_steps_away_may_be_pursued(rules, data, keys):
    """Step 1: hero and footpad in contact, a new fight at e1s0. Step 2 (its first footwork): the
    hero bumps east into him while the footpad steps east out of reach - free, no blade crossed
    yet. The hero's bump finds the square empty: he is asked; he pursues into (5,3) and is beside
    the footpad again, still in the fight."""
    g, ids = make_game(rules, data, ROOM, hero_only({"f": ("foe", "footpad", 1)}))
    f = ids["f"]
    keys[f] = WAIT
    g.apply((A.STEP, WAIT))
    e = g.engagement_of(0)
    assert e is not None and C.free_to_leave(e) and C.dpad(g, f)[E] == C.STEP
    keys[f] = E
    g.apply((A.STEP, E))
    assert g.phase == "pursue" and g.actors[f].pos == g.level.cell(6, 3)
    assert g.legal_actions() == [(A.PURSUE, 1), (A.PURSUE, 0)]
    keys[f] = WAIT
    ev = g.apply((A.PURSUE, 1))
    assert ("pursues", 0, f) in ev and g.hero.pos == g.level.cell(5, 3)
    assert g.engagement_of(0) is g.engagement_of(f) is not None


def test_declining_the_pursuit_ends_the_fight(rules, data, keys):
    g, ids = make_game(rules, data, ROOM, hero_only({"f": ("foe", "footpad", 1)}))
    f = ids["f"]
    keys[f] = WAIT
    g.apply((A.STEP, WAIT))
    keys[f] = E
    g.apply((A.STEP, E))
    keys[f] = E
    ev = g.apply((A.PURSUE, 0))
    assert g.hero.pos == g.level.cell(4, 3) and g.engagement_of(0) is None
    assert any(x[0] == "fight_ends" for x in ev)


def test_the_hero_bumping_his_companion_changes_places(rules, data, keys):
    g, ids = make_game(rules, data, ROOM, hero_only({"f": ("companion", "companion", 0)}))  # f = Hal
    c = ids["f"]
    keys[c] = WAIT
    ev = g.apply((A.STEP, E))
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
    g.apply((A.STEP, WAIT))
    assert ai.chebyshev(g.level, g.actors[c].pos, g.hero.pos) < ai.chebyshev(g.level, start, g.hero.pos)
    turn = g.turn
    g.apply((A.ORDER, HOLD))
    assert g.turn == turn and g.actors[c].order == HOLD
    here = g.actors[c].pos
    g.apply((A.STEP, WAIT))
    assert g.actors[c].pos == here
    g.apply((A.ORDER, ATTACK_TARGET))
    assert g.actors[c].order == ATTACK_TARGET
    with pytest.raises(ActionError):
        g.apply((A.ORDER, 3))


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
    ev = g.apply((A.STEP, W))
    assert g.hero.pos == g.level.cell(5, 2) and g.actors[f].pos == g.level.cell(4, 3)
    assert ("caught_unawares", 0, "no_stance") in ev and ("caught_unawares", f, "no_stance") in ev
    e = g.engagement_of(0)
    assert e.surprise[e.local(0)] == e.surprise[e.local(f)] == g.rules.index("surprise", "no_stance")


def test_a_foe_seen_coming_is_no_surprise(rules, data, keys):
    g, ids = make_game(rules, data, [
        "##########",
        "#........#",
        "#..@..f..#",
        "#........#",
        "##########",
    ], hero_only({"f": ("foe", "footpad", 1)}))
    keys[ids["f"]] = W
    g.apply((A.STEP, E))
    ev = g.apply((A.STEP, WAIT)) if g.engagement_of(0) is None else g.events
    assert g.engagement_of(0) is not None
    assert not any(x[0] == "caught_unawares" for x in ev)


def test_items_are_picked_up_dropped_and_looted(rules, data, keys):
    g, ids = make_game(rules, data, [r.replace("f", ".") for r in ROOM], hero_only({}))
    spear = data.find("items", "spear").index
    g.floor.append([g.level.cell(5, 3), spear])
    ev = g.apply((A.STEP, E))
    assert ("pickup", 0, spear) in ev and spear in g.hero.items and g.floor == []
    slot = g.hero.items.index(spear)
    g.apply((A.DROP, slot))
    assert [g.hero.pos, spear] in g.floor and spear not in g.hero.items
    g.apply((A.STEP, WAIT))
    assert spear not in g.hero.items                     # standing on it does not pick it up again
    with pytest.raises(ActionError):
        g.apply((A.USE, 0))                              # a bandage is not taken: first aid uses it


def test_the_stairs_lead_down_and_out(rules, data):
    from game.modes.bout.dungeon.game import DungeonGame
    g = DungeonGame(rules, data, 5)
    with pytest.raises(ActionError):
        g.apply((A.DESCEND,))
    g.hero.pos = g.level.stairs
    g._reindex()
    for a in g.actors[2:]:
        a.dead = True
    g._reindex()
    g.apply((A.DESCEND,))
    assert g.depth == 2 and g.hero.pos == g.level.start and g.actors[1].pos != g.hero.pos
    g.depth = data.dungeon["levels"] - 1
    g.hero.pos = g.level.stairs
    g._reindex()
    g.apply((A.DESCEND,))
    g.hero.pos = g.level.stairs
    g._reindex()
    assert g.level.last
    g.apply((A.DESCEND,))
    assert g.is_over() and g.result == "escaped" and g.winner == "escaped"
    assert g.score() >= data.score["escape"]


def test_fights_merge_and_factions_fight_each_other(rules, data, keys):
    """Two fights between factions, a (outlaw) against b (company), c (ashen) against d (company),
    both at e1s0. c's footwork north to (3,3) keeps him beside d and brings him beside a and b:
    neither fight is busy, so they merge (at the later step) into one three-way fight. Left to
    their own bots they then trade blows without the party."""
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
    g.apply((A.STEP, WAIT))
    e1, e2 = g.engagement_of(ids["a"]), g.engagement_of(ids["c"])
    assert e1 is not e2 and e1.ids == sorted([ids["a"], ids["b"]]) and e2.ids == sorted([ids["c"], ids["d"]])
    keys[ids["c"]] = N
    g.apply((A.STEP, WAIT))
    assert g.actors[ids["c"]].pos == g.level.cell(3, 3)
    e = g.engagement_of(ids["a"])
    assert e is g.engagement_of(ids["c"]) and sorted(e.ids) == sorted(ids[k] for k in "abcd")
    assert {g.actors[i].side for i in e.ids} == {1, 2, 3} and len(g.engagements) == 1
    assert any(ev[0] == "fights_merge" for ev in g.events)
    for k in "abcd":
        del keys[ids[k]]
    from game.modes.bout.dungeon.botplay import DungeonBot
    bot, blows = DungeonBot("hard"), []
    for _ in range(30):
        if g.is_over():
            break
        g.apply((A.STEP, WAIT) if g.phase == "step" else bot.choose(g))
        blows += [(ev[1][ev[2][1]], ev[1][ev[2][2]]) for ev in g.events if ev[0] == "melee" and ev[2][0] == "blow"]
    assert any(0 not in pair for pair in blows)          # foes against foes, the hero not in it
