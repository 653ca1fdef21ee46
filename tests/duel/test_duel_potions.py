"""Potions: the per-game colour mapping, starting inventories, identification, each effect."""

from __future__ import annotations

import pytest
from duel_levels import ScriptedRng, duel, of_type

from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.duel import messages as m
from game.modes.duel.actions import drink, drink_ground, pick_up
from game.modes.duel.events import (
    Damaged,
    Effect,
    Healed,
    Identified,
    Message,
    PotionDrunk,
    PotionPickedUp,
    SpellCast,
    Teleported,
)
from game.modes.duel.game import DuelGame
from game.modes.duel.layout import board_mask
from game.modes.duel.options import DuelOptions
from game.modes.duel.potions import APPEARANCES, BY_KEY, HEALING, TYPES
from game.modes.duel.potions.stock import choose_types, starting_potions
from game.modes.duel.spells import BY_KEY as SPELL
from game.modes.duel.spells import POTION_SPELLS

LEVEL = """
#############
#@y.........#
#...........#
#...........#
#...........#
#...........#
#...........#
#...........#
#...........#
#...........#
#...........#
#.........&.#
#############
"""

T = {k: t.id for k, t in BY_KEY.items()}


def msgs(events, to):
    return [e.msg for e in of_type(events, Message) if e.to == to]


def test_five_colours_and_a_catalogue_of_ten():
    assert APPEARANCES == ("yellow", "blue", "red", "green", "orange")
    assert len(TYPES) == 10 and sum(t.harmful for t in TYPES.values()) == 3


def test_each_game_maps_five_types_to_the_colours_at_random():
    healing_colours = set()
    for seed in range(60):
        types = choose_types(Pcg32(seed, 1))
        assert len(types) == 5 == len(set(types)) and HEALING in types
        healing_colours.add(types.index(HEALING))
    assert healing_colours == set(range(5))


def test_players_start_with_two_different_identified_harmless_potions():
    for seed in range(40):
        g = DuelGame.new(seed)
        for w in g.state.wizards:
            assert len(w.inventory) == 2 and len(set(w.inventory)) == 2
            assert w.known == sum(1 << a for a in w.inventory)
            assert not any(TYPES[g.state.types[a]].harmful for a in w.inventory)


def test_dungeon_potions_repeat_colours():
    repeats = 0
    for seed in range(20):
        apps = list(DuelGame.new(seed).state.ground.values())
        assert all(0 <= a < 5 for a in apps)
        repeats += len(apps) > len(set(apps))
    assert repeats == 20


def test_starting_potions_need_two_harmless_types():
    types = (T["poison"], T["acid"], T["amnesia"], T["healing"], T["seeing"])
    for seed in range(20):
        assert starting_potions(Pcg32(seed, 1), types) == [3, 4]


def test_pick_up_then_drink_from_inventory_identifies_for_the_drinker_only():
    st = duel(LEVEL, types=(T["healing"], 1, 2, 3, 4), hp=(3, 5))
    g = DuelGame(st)
    g.apply(step_east())
    ev = g.apply(pick_up())
    assert st.wizards[0].inventory == [0] and of_type(ev, PotionPickedUp) == [PotionPickedUp(0, 15, 0, 0)]
    assert 15 not in st.ground
    g.apply(g.legal_actions()[[a.kind for a in g.legal_actions()].index("end")])   # player 1 passes
    ev = g.apply(drink(0))
    assert st.wizards[0].hp == 5 and of_type(ev, Healed) == [Healed(0, 2, 5, "healing")]
    assert st.wizards[0].known == 1 and st.wizards[1].known == 0
    assert of_type(ev, Identified) == [Identified(0, 0, T["healing"])]
    assert msgs(ev, 0) == [m.DRANK, m.IT_WAS, m.HEALED] and msgs(ev, 1) == []
    assert of_type(ev, PotionDrunk) == [PotionDrunk(0, 0, T["healing"], "inventory")]


def step_east():
    from game.modes.duel.actions import step
    return step(1)


def test_inventory_holds_nine():
    st = duel(LEVEL.replace("#@y", "#.@"), inventories=([0] * 9, []))
    g = DuelGame(st)
    st.ground = {st.wizards[0].pos: 2}
    kinds = [a.kind for a in g.legal_actions()]
    assert "drink_ground" in kinds and "pick_up" not in kinds
    assert kinds.count("drink") == 9
    with pytest.raises(ActionError, match="inventory is full"):
        g.apply(pick_up())
    with pytest.raises(ActionError, match="slot is empty"):
        DuelGame(duel(LEVEL)).apply(drink(0))


def drink_it(key, hp=(5, 5), **kw):
    st = duel(LEVEL, types=(T[key], 0, 1, 2, 3) if T[key] else (0, 1, 2, 3, 4), hp=hp, **kw)
    st.ground = {st.wizards[0].pos: 0}
    ev = DuelGame(st).apply(drink_ground())
    return st, ev


def test_healing_heals_two_up_to_five():
    st, ev = drink_it("healing", hp=(2, 5))
    assert st.wizards[0].hp == 4
    st, ev = drink_it("healing", hp=(4, 5))
    assert st.wizards[0].hp == 5


def test_poison_hurts_and_can_kill():
    st, ev = drink_it("poison", hp=(3, 5))
    assert st.wizards[0].hp == 2 and of_type(ev, Damaged)[0].cause == "poison"
    st, ev = drink_it("poison", hp=(1, 5))
    assert st.winner == 1 and st.over == "death"


def test_spell_like_potions_work_like_their_spells():
    st, ev = drink_it("clairvoyance")
    assert st.wizards[0].seen == board_mask(13)
    st, ev = drink_it("seeing")
    assert msgs(ev, 1) == [m.WATCHED]
    st, ev = drink_it("blinking")
    assert len(of_type(ev, Teleported)) == 1
    st, ev = drink_it("acid")
    assert st.wizards[0].hp == 4 and m.RAIN in msgs(ev, 1)
    st, ev = drink_it("insight", inventories=([3, 4], []))
    assert st.wizards[0].known & (1 << 3 | 1 << 4) == 1 << 3 | 1 << 4
    st, ev = drink_it("fire_breath", facing=(1, 0))
    assert any(e.source == "fire_storm" for e in of_type(ev, Effect))
    st, ev = drink_it("amnesia")
    assert m.FORGOT in msgs(ev, 0)
    st, ev = drink_it("chaos")
    casts = of_type(ev, SpellCast)
    assert casts[0].spell == SPELL["random"].id and casts[0].via == "potion"
    assert casts[1].via == "random"


def test_potion_spells_do_not_announce_a_cast():
    st, ev = drink_it("clairvoyance")
    assert m.CAST not in msgs(ev, 0)
    assert msgs(ev, 0)[:2] == [m.DRANK, m.IT_WAS]


def test_potions_off():
    for seed in range(30):
        g = DuelGame.new(seed, DuelOptions(potions=False))
        st = g.state
        assert st.ground == {} and all(w.inventory == [] for w in st.wizards)
        assert not set(st.dealt) & POTION_SPELLS
    st = duel(LEVEL, options=DuelOptions(level_size=13, potions=False))
    from duel_levels import cast
    ev = cast(st, "create_potions", via="random", rng=ScriptedRng())
    assert st.ground == {1 * 13 + 2: 0} and msgs(ev, 0) == [m.RANDOM_BECOMES, m.NOTHING]
