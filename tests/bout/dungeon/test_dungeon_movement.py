"""Movement as the seed has it: speeds from stats and load, bonus steps (the 7-vs-6 example), the
move-initiative ladder and squares lost to a faster mover. Every number is worked by hand."""

from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import items as I
from game.modes.bout.dungeon import ladder
from game.modes.bout.dungeon.speed import base_move, fresh_account, move_points, squares
from tests.bout.dungeon.conftest import hero_only, make_game

MV = {"mp_per_square": 6, "bonus_moves_max": 1, "load_per_mp": 2, "mp_min": 3}

CORRIDOR = [
    "################",
    "#@.............#",
    "#..............#",
    "################",
]


def test_the_seeds_7_against_6_example():
    """Seed: "7 = 7 - 6 = 1; 1 + 7 = 8 - 6 = 2; ... 5 + 7 = 12 - 6 = 6; you've got 1 more free
    bonus move". Our account keeps what is left after paying 6 a square:
    step 1: 0+7=7 -> 1 square, 1 kept; 2: 8 -> 1, 2; 3: 9 -> 1, 3; 4: 10 -> 1, 4; 5: 11 -> 1, 5;
    step 6: 12 -> 2 squares (the bonus), 0 kept. Seven squares in six steps; an MP-6 walker
    makes exactly one square every step."""
    acc, got = fresh_account(7, MV), []
    for _ in range(6):
        n, acc = squares(acc, 7, MV)
        got.append((n, acc))
    assert got == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 0)]
    acc, got = fresh_account(6, MV), []
    for _ in range(6):
        n, acc = squares(acc, 6, MV)
        got.append(n)
    assert got == [1] * 6


def test_slower_than_6_loses_the_last_step_of_each_six_and_fast_ones_are_capped():
    """MP 5 starts with 5 kept (our choice): 10 -> 1 square, 4; 9 -> 1, 3; 8 -> 1, 2; 7 -> 1, 1;
    6 -> 1, 0; 5 -> none, 5. MP 20: 0+20 = 20 -> 3 squares, capped at 1 + 1 bonus = 2, and the
    rest (8) is kept only up to 5."""
    acc, got = fresh_account(5, MV), []
    for _ in range(6):
        n, acc = squares(acc, 5, MV)
        got.append((n, acc))
    assert got == [(1, 4), (1, 3), (1, 2), (1, 1), (1, 0), (0, 5)]
    assert squares(0, 20, MV) == (2, 5)


def test_move_points_from_stats_and_load(rules, data):
    """Move = (ST + AG + EN) // 2. The hero (5, 5, 5): 15 // 2 = 7. His load: arming sword 1 +
    small shield 2 + leather 2 = 5, not past his Strength 5: MP 7. He puts on mail (4) and
    carries the leather jack: 1 + 2 + 4 + 2 = 9, 4 past Strength: 4 // load_per_mp 2 = 2 MP less:
    5. He drops the jack: 7, 2 past: 1 less: 6. A footpad (4, 5, 4): 13 // 2 = 6, dagger 0,
    no armour: 6."""
    g, ids = make_game(rules, data, CORRIDOR, hero_only({}))
    h = g.hero
    assert base_move(h.t) == 7 and I.load(g, h) == 5 and h.mp == 7
    mail = data.find("items", "mail").index
    h.items.append(mail)
    assert I.load(g, h) == 9
    g.apply(A.Equip(len(h.items) - 1))
    assert g.rules.armours[h.t.armour].id == "mail"
    assert I.load(g, h) == 9 and h.mp == 5        # the leather jack went into the pack
    g.apply(A.Drop(h.items.index(data.find("items", "leather").index)))
    assert I.load(g, h) == 7 and h.mp == 6
    foot = data.find("foes", "footpad").v
    from game.modes.bout.dungeon.actor import template_of
    assert move_points(template_of(rules, foot), 0, data.movement) == 6


def test_seven_squares_in_six_steps_on_the_map(rules, data):
    """The hero (MP 7) walks east along an empty corridor: 1 square a step and the bonus square
    on the 6th step, 7 squares in all."""
    g, ids = make_game(rules, data, [
        "################",
        "#@.............#",
        "#..............#",
        "################",
    ], hero_only({}))
    start = g.level.xy(g.hero.pos)[0]
    bonus = 0
    for _ in range(6):
        ev = g.apply(A.Step(2))
        bonus += sum(1 for e in ev if e[0] == "bonus_square")
    assert g.level.xy(g.hero.pos)[0] - start == 7 and bonus == 1


class Dice:
    """Scripted ladder rolls: successes per fighter id."""
    def __init__(self, by_id):
        self.by_id = by_id

    def __call__(self, rng, actors, ids, tn, zero_step=1):
        return {i: self.by_id[i] for i in ids}


def test_a_square_taken_earlier_on_the_ladder_is_lost(rules, data, monkeypatch):
    """Hero at (2,1) and a footpad at (4,1) both step into (3,1) (the footpad goes for the hero
    he sees). Ladder: the footpad rolls 2 successes, the hero 1: the footpad slides first and the
    hero's step is lost. With the rolls the other way round the hero takes the square."""
    rows = [
        "##########",
        "#.@.f....#",
        "#........#",
        "##########",
    ]
    people = hero_only({"f": ("foe", "footpad", 1)})
    g, ids = make_game(rules, data, rows, people)
    monkeypatch.setattr(ladder, "rungs", Dice({ids["@"]: 1, ids["f"]: 2}))
    ev = g.apply(A.Step(2))
    assert ("square_lost", ids["@"], g.level.cell(3, 1)) in ev
    assert g.actors[ids["f"]].pos == g.level.cell(3, 1) and g.hero.pos == g.level.cell(2, 1)
    g, ids = make_game(rules, data, rows, people)
    monkeypatch.setattr(ladder, "rungs", Dice({ids["@"]: 2, ids["f"]: 1}))
    ev = g.apply(A.Step(2))
    assert ("square_lost", ids["f"], g.level.cell(3, 1)) in ev
    assert g.hero.pos == g.level.cell(3, 1)


def test_ladder_ties_go_to_reflex_then_move_points_then_number(rules, data):
    """Equal successes: the higher Reflex goes first; equal Reflex: more MP; then the lower number."""
    g, ids = make_game(rules, data, CORRIDOR, hero_only({}))
    a = g.hero
    from copy import copy
    b = copy(a)
    c = copy(a)
    b.mp = a.mp + 1
    actors = [a, b, c]
    assert ladder.ladder_order(actors, {0: 1, 1: 1, 2: 2}) == [2, 1, 0]
    assert ladder.ladder_order(actors, {0: 1, 2: 1}) == [0, 2]
