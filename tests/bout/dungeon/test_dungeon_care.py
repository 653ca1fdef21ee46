"""Wounds out of a fight in the dungeon: the combat engine keeps the counts (its own tests work
them by hand); the dungeon decides when first aid may be given, spends the bandage and the
painkiller from the pack, and drops a fallen fighter's arms."""

import pytest

from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import world
from game.modes.bout.dungeon.level import WAIT
from game.modes.bout.fighter import W_BL, W_PK
from tests.bout.dungeon.conftest import hero_only, make_game

HALL = [
    "####################",
    "#@.................#",
    "#..................#",
    "####################",
]


@pytest.fixture
def aid_rolls(monkeypatch):
    """Record the first-aid rolls: (dice, bandage)."""
    from game.modes.bout.melee import Melee
    log = []
    real = Melee.first_aid

    def first_aid(self, f, bandage=False):
        log.append((f, bandage))
        return real(self, f, bandage)
    monkeypatch.setattr(Melee, "first_aid", first_aid)
    return log


def wounded(rules, data, rows=HALL, people=None, bl=2, pain=3):
    g, ids = make_game(rules, data, rows, people or hero_only({}))
    g.hero.wounds = [[0, 2, 0, bl, pain, 0, 0, 0]]
    return g, ids


def test_first_aid_after_six_quiet_waits_spends_a_bandage(rules, data, aid_rolls):
    """Six waits out of a fight, no foe in sight: the combat engine's first aid comes on the
    sixth, with the bandage's dice; the bandage leaves the pack."""
    g, _ = wounded(rules, data)
    bandage = data.find("items", "bandage").index
    g.hero.items = [bandage, bandage]
    for _ in range(5):
        g.apply(A.Step(WAIT))
    assert aid_rolls == []
    g.apply(A.Step(WAIT))
    assert aid_rolls == [(0, True)] and g.hero.items == [bandage] and ("bandage_used", 0) in g.events


def test_without_a_bandage_first_aid_is_bare_handed(rules, data, aid_rolls):
    g, _ = wounded(rules, data)
    g.hero.items = []
    for _ in range(6):
        g.apply(A.Step(WAIT))
    assert aid_rolls == [(0, False)]


def test_a_foe_in_sight_interrupts_first_aid(rules, data, aid_rolls, monkeypatch):
    """The seed's house rule (`first_aid_in_view = false`): with a foe in sight the waiting is
    interrupted - no first aid after 8 waits; once he is gone, 6 quiet waits more."""
    from game.modes.bout.dungeon import ai
    monkeypatch.setattr(ai, "key", lambda g, i: WAIT)
    g, ids = wounded(rules, data, [
        "####################",
        "#@.....f...........#",
        "#..................#",
        "####################",
    ], hero_only({"f": ("foe", "footpad", 1)}))
    g.hero.items = []
    for _ in range(8):
        g.apply(A.Step(WAIT))
    assert aid_rolls == []
    g.actors[ids["f"]].dead = True
    world.fallen(g)
    for _ in range(5):
        g.apply(A.Step(WAIT))
    assert aid_rolls == []
    g.apply(A.Step(WAIT))
    assert aid_rolls == [(0, False)]


def test_a_painkiller_from_the_pack_is_one_dose(rules, data):
    g, _ = wounded(rules, data, bl=0)
    poppy = data.find("items", "poppy").index
    g.hero.items = [poppy]
    before = g.hero.pain_total()
    g.apply(A.Use(0))
    assert g.hero.items == [] and g.hero.wounds[0][W_PK] > 0 and g.hero.pain_total() < before
    assert any(ev[0] == "painkiller" for ev in g.events)


def test_bleeding_goes_on_while_walking(rules, data):
    """The combat engine counts the steps: a bleeding hero who walks 6 steps gets his blood-loss
    check (an event either way)."""
    g, _ = wounded(rules, data, bl=1)
    g.hero.items = []
    checks = 0
    for d in [2] * 6:
        g.apply(A.Step(d))
        checks += sum(1 for ev in g.events if ev[0] in ("bleed", "bleed_ok"))
    assert checks == 1 and g.hero.wounds[0][W_BL] >= 1


def test_a_fallen_foe_drops_his_arms(rules, data):
    g, ids = make_game(rules, data, HALL[:1] + ["#@...f.............#"] + HALL[2:],
                       hero_only({"f": ("foe", "brigand", 1)}))
    f = ids["f"]
    g.actors[f].dead = True
    g.actors[f].fell_by = 0
    world.fallen(g)
    here = sorted(data.items[k].id for c, k in g.floor if c == g.actors[f].pos)
    assert here == ["leather", "light_mace", "small_shield"] and g.kills == 1 and g.at(g.actors[f].pos) == -1
