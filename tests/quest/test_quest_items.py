"""Golden tests for items: damage order, charges, rarity bands (numbers worked by hand from the seed)."""

import pytest

from game.modes.quest import items as I
from game.modes.quest.tiles import rarity


def it(**props):
    return ["item", [[k, v] for k, v in props.items()]]


def test_melee_order_halve_then_cuts_then_reflect_tenth_of_raw():
    # raw 40: Staff halves -> 20, Mail -13 -> 7, Helmet -6 -> 1; Spyked returns 40 // 10 = 4
    items = [it(staff=5, spyked=3), it(mail=5), it(helmet=5)]
    assert I.take_damage(items, 40, magic=False) == (1, 4)
    # every defensive property drew one charge
    assert [p[1] for i in items for p in i[1]] == [4, 2, 4, 4]


def test_magic_cuts_never_below_zero_and_mirroring():
    # raw 30: Orb -> 15, Robe -13 -> 2, Hosen -10 -> 0 (floor at 0), Hat -6 -> 0; Mirroring 3
    items = [it(orb=9, mirroring=9), it(robe=9), it(hosen=9), it(hat=9)]
    assert I.take_damage(items, 30, magic=True) == (0, 3)
    # melee armour does not stop magic
    assert I.take_damage([it(mail=9)], 30, magic=True) == (30, 0)


def test_odd_damage_halves_down():
    assert I.take_damage([it(staff=2)], 7, magic=False) == (3, 0)


def test_axe_doubles_and_draws_one_charge_per_attack():
    items = [it(axe=2)]
    assert I.outgoing(items, 7, magic=False) == 14
    assert I.outgoing(items, 7, magic=True) == 7          # the Axe is melee only
    assert I.outgoing(items, 7, magic=False) == 14
    assert items == []                                     # slot property gone -> item destroyed
    assert I.outgoing(items, 7, magic=False) == 7


def test_property_at_zero_is_deleted_item_stays_while_slot_lives():
    items = [it(helmet=5, spyked=1)]
    I.take_damage(items, 10, magic=False)
    assert items == [it(helmet=4)]


def test_only_the_first_item_of_a_slot_is_worn():
    a, b = it(staff=3), it(axe=3)
    assert I.worn([a, b]) == [a]
    assert I.outgoing([a, b], 5, magic=False) == 5


@pytest.mark.parametrize("charges,band", [(1, "common"), (20, "common"), (21, "rare"), (40, "rare"),
                                          (41, "mystic"), (60, "mystic"), (61, "epic"), (80, "epic"),
                                          (81, "legendary"), (100, "legendary")])
def test_rarity_fifths_of_charges(charges, band):
    assert rarity(charges) == band


def test_rarity_outside_range():
    with pytest.raises(ValueError):
        rarity(0)
    with pytest.raises(ValueError):
        rarity(101)


@pytest.mark.parametrize("props,msg", [([], "1-3"), ([["healing", 5]], "slot"),
                                       ([["staff", 5], ["axe", 5]], "exactly one slot"),
                                       ([["staff", 0]], "1..100"), ([["staff", 101]], "1..100"),
                                       ([["staff", 5], ["a", 1], ["b", 1], ["c", 1]], "1-3"),
                                       ([["wings", 5]], "unknown")])
def test_bad_items(props, msg):
    assert msg in I.check_item(props)


def test_item_names():
    assert I.item_name(it(staff=3, healing=2, cursed=1)) == "Cursed Staff of Healing"
