"""Wounds out of a fight (seed: "Blood lost outside combat", "First Aid", "Healing", painkillers),
and what a fallen fighter leaves behind. Dice are scripted; the counts are worked by hand."""

import pytest

from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import upkeep, world
from game.modes.bout.dungeon.level import WAIT
from tests.bout.dungeon.conftest import hero_only, make_game

E, W = 2, 6
HALL = [
    "####################",
    "#@.................#",
    "#..................#",
    "####################",
]


@pytest.fixture
def dice(monkeypatch):
    """Scripted rolls: a list of successes, taken in order; records (pool, tn)."""
    log = []
    script = []

    def fake(g, n, tn):
        log.append((n, tn))
        return script.pop(0) if script else 0
    monkeypatch.setattr(upkeep, "_roll", fake)
    return script, log


def wounded(rules, data, bl=2, pain=3, part=0):
    g, _ = make_game(rules, data, HALL, hero_only({}))
    g.hero.wounds = [[0, 2, 0, bl, pain, part]]
    g.hero.seen_wounds = 1
    return g


def test_blood_loss_every_six_steps_walked_or_eighteen_waited(rules, data, dice):
    """Bleeding (BL 2): each step walked adds 3 to the counter, each wait 1; at 18 a check is
    made: Endurance 5 dice against TN 2 (the total blood loss). Five steps walked: 15, no check;
    the sixth: 18, a check. Then 17 waits: 17, none; the 18th: a check."""
    script, log = dice
    g = wounded(rules, data)
    g.hero.items = []                                   # no bandages: keep first aid out of it
    script += [1, 1]
    for _ in range(5):
        g.apply((A.STEP, E))
    assert log == []
    g.apply((A.STEP, E))
    assert log == [(5, 2)]
    g.apply((A.STEP, W))                                # a step back: counter 3
    for _ in range(4):
        g.apply((A.STEP, WAIT))                         # first aid comes at the 6th wait
    assert log == [(5, 2)] and g.hero.bleed == 3 + 4


def test_a_failed_blood_loss_check_costs_health(rules, data, dice):
    script, log = dice
    g = wounded(rules, data)
    g.hero.items = []
    script += [0]
    for _ in range(6):
        g.apply((A.STEP, E))
    assert g.hero.health == 4 and ("bleed", 0, 2, 4) in g.events


def test_first_aid_after_six_quiet_waits_uses_a_bandage(rules, data, dice):
    """Six waits out of a fight and out of sight of foes: first aid, Wit 5 + the bandage's 2 dice
    at TN 7, before that step's blood-loss check; one success stops the worst bleeding wound."""
    script, log = dice
    g = wounded(rules, data, bl=3)
    g.hero.wounds.append([1, 1, 0, 1, 1, 1])
    g.hero.items = [data.find("items", "bandage").index] * 2
    bandages = 2
    script += [1]
    for _ in range(6):
        g.apply((A.STEP, WAIT))
    assert log == [(5 + 2, 7)]
    assert [w[3] for w in g.hero.wounds] == [0, 1]
    assert sum(1 for k in g.hero.items if data.items[k].kind == "bandage") == bandages - 1
    assert ("first_aid", 0, 7, 1, 1) in g.events


def test_a_foe_in_sight_interrupts_first_aid(rules, data, dice):
    script, log = dice
    g, ids = make_game(rules, data, [
        "####################",
        "#@................f#",
        "#..................#",
        "####################",
    ], hero_only({"f": ("foe", "footpad", 1)}))
    g.hero.wounds = [[0, 2, 0, 2, 3, 0]]
    g.actors[ids["f"]].health = 1                       # beaten: he keeps away
    for _ in range(6):
        g.apply((A.STEP, WAIT))
    assert all(n != 5 + 2 for n, _tn in log) and g.hero.waits == 0


def test_painkillers_dull_pain_until_the_part_is_hit_again(rules, data):
    """Poppy tincture (power 3) on wounds of pain 2 (part 0) and 4 (part 1): the worst first,
    4 -> 1; a second dose is halved: 1 pain off the next (2 -> 1). A new wound to part 1 brings
    its dulled 3 back."""
    g = wounded(rules, data, bl=0, pain=2, part=0)
    g.hero.wounds.append([1, 3, 0, 0, 4, 1])
    g.hero.seen_wounds = 2
    poppy = data.find("items", "poppy").index
    g.hero.items = [poppy, poppy]
    g.apply((A.USE, 0))
    assert [w[4] for w in g.hero.wounds] == [2, 1] and ("painkiller", 0, 3) in g.events
    g.apply((A.USE, 0))
    assert [w[4] for w in g.hero.wounds] == [1, 1]
    g.hero.wounds.append([1, 1, 0, 0, 0, 1])
    upkeep.new_wounds(g, 0)
    assert [w[4] for w in g.hero.wounds] == [1, 4, 0]


def test_healing_takes_pain_off_and_a_painless_wound_heals(rules, data, dice):
    """At blood loss 0, every 30 steps out of a fight a Toughness roll (5 dice, TN 7); each
    success takes 1 pain off the most painful wound. Wounds of pain 3 and 1, 2 successes: 3 -> 2
    -> 1, so [1, 1]. Thirty steps later 3 successes: the first wound 1 -> 0, healed and gone; the
    other 1 -> 0, healed; the third success has nothing left to heal."""
    script, log = dice
    g = wounded(rules, data, bl=0, pain=3)
    g.hero.wounds.append([2, 1, 0, 0, 1, 2])
    script += [2, 3]
    for _ in range(30):
        g.apply((A.STEP, WAIT))
    assert log == [(5, 7)] and [w[4] for w in g.hero.wounds] == [1, 1]
    healed = 0
    for _ in range(30):
        g.apply((A.STEP, WAIT))
        healed += g.events.count(("healed", 0))
    assert log == [(5, 7), (5, 7)] and g.hero.wounds == [] and healed == 2


def test_a_fallen_foe_drops_his_arms(rules, data):
    g, ids = make_game(rules, data, HALL[:1] + ["#@...f.............#"] + HALL[2:],
                       hero_only({"f": ("foe", "brigand", 1)}))
    f = ids["f"]
    g.actors[f].dead = True
    g.actors[f].fell_by = 0
    world.fallen(g)
    here = sorted(data.items[k].id for c, k in g.floor if c == g.actors[f].pos)
    assert here == ["leather", "light_mace", "small_shield"] and g.kills == 1 and g.at(g.actors[f].pos) == -1
