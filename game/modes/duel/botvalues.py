"""How much a bot likes each final action from a given cell (spells, potions).

Values are in "hit points worth": a sure hit on the other wizard is 10, a killing hit 100, a
point of healing about 3 when hurt. Bad outcomes are negative (a potion of Poison, Acid Rain
that would also kill the caster)."""

from __future__ import annotations

from .botsense import Sense
from .potions import BY_KEY as POTION
from .spells import BY_KEY as SPELL
from .state import MAX_HP

HIT, KILL = 10.0, 100.0
S = {k: s.id for k, s in SPELL.items()}
P = {k: t.id for k, t in POTION.items()}


def damage_value(sense: Sense, chance: float) -> float:
    if chance <= 0:
        return -0.3          # a wasted attack also shows the other wizard where you are
    return chance * (KILL if sense.view.opp_hp <= 1 else HIT)


def heal_value(hp: int, amount: int) -> float:
    gain = min(amount, MAX_HP - hp)
    return gain * (4.0 if hp <= 2 else 2.5) if gain else -0.5


def spell_value(sense: Sense, spell: int, cell: int, facing: int) -> float:
    v = sense.view
    opp_unknown = sense.opp is None
    if spell == S["rays_of_cold"]:
        return damage_value(sense, 1.0 if sense.rays_hit(cell) else 0.0)
    if spell == S["fire_storm"]:
        return damage_value(sense, sense.fire_chance(cell, facing))
    if spell == S["lightning_bolts"]:
        return damage_value(sense, 1.0 if sense.lightning_hit(cell) else 0.0)
    if spell == S["take_life"]:
        if not sense.opp_visible or not sense.sees_opp_from(cell):
            return 0.0
        return damage_value(sense, 1.0) + heal_value(v.hp, 1) * 0.5
    if spell == S["restoration"]:
        return heal_value(v.hp, 1)
    if spell == S["magic_mapping"]:
        unknown = v.unknown.bit_count() / (v.size * v.size)
        return 5.0 * unknown
    if spell == S["life_detection"]:
        return 4.0 if opp_unknown else 0.3
    if spell == S["item_detection"]:
        return 1.0 if v.potions_on and len(v.potions) < 3 else 0.2
    if spell == S["identify"]:
        return 2.0 * sum(1 for a in set(v.inventory) if not (v.known >> a) & 1)
    if spell == S["create_potions"]:
        return 1.2 if v.potions_on else 0.0
    if spell == S["blink"]:
        return 5.0 if v.hp <= 2 and sense.exposure(cell) > 0.3 else 0.1
    if spell == S["blink_all"]:
        return 3.0 if v.hp <= 2 and sense.exposure(cell) > 0.3 else 0.1
    if spell == S["scream"]:
        near = sense.opp is not None and sense.distance(cell, sense.opp) <= 6
        return (1.5 if near else 0.0) - 1.5 * len(v.inventory) - 0.5 * _ground_near(sense, cell)
    if spell == S["random"]:
        return 0.8 if v.hp >= 3 else -1.0
    if spell == S["alter_dungeon"]:
        return 1.0 if v.hp <= 2 and sense.exposure(cell) > 0.3 else 0.2
    if spell == S["mirror_earth"]:
        return 0.3
    if spell == S["demolition"]:
        return 0.2
    if spell == S["navigate"]:
        return 0.5 if opp_unknown else 0.2
    if spell == S["acid_rain"]:
        return acid_value(sense, cell)
    if spell == S["forgetfulness"]:
        return -2.0
    return 0.0


def _ground_near(sense: Sense, cell: int) -> int:
    return sum(1 for c in sense.view.potions if sense.distance(c, cell) <= 6)


def acid_value(sense: Sense, cell: int) -> float:
    """Acid Rain hurts the caster too; if both die the caster loses."""
    v = sense.view
    hits_opp = sense.opp is not None and sense.distance(cell, sense.opp) <= 1
    if v.hp <= 1:
        return -KILL
    if hits_opp:
        return damage_value(sense, 1.0) - 4.0
    return -6.0


def potion_value(sense: Sense, appearance: int, cell: int, facing: int, level: str) -> float:
    """Worth of drinking a potion of `appearance` standing on `cell`."""
    v = sense.view
    t = v.known_types.get(appearance)
    if t is None:
        if level == "hard":
            return 0.6 if v.hp >= 4 and sense.exposure(cell) < 0.2 else -1.0
        return -0.5
    if t == P["healing"]:
        return heal_value(v.hp, 2)
    if t == P["poison"]:
        return -12.0
    if t == P["amnesia"]:
        return -2.0
    if t == P["acid"]:
        return acid_value(sense, cell)
    key = {P["clairvoyance"]: "magic_mapping", P["seeing"]: "life_detection", P["blinking"]: "blink",
           P["insight"]: "identify", P["fire_breath"]: "fire_storm", P["chaos"]: "random"}[t]
    return spell_value(sense, S[key], cell, facing) - 0.3     # keep potions for later if equal


def pickup_value(sense: Sense, appearance: int) -> float:
    t = sense.view.known_types.get(appearance)
    if t in (P["poison"], P["amnesia"]):
        return 0.3          # worth little, but it keeps it from the other wizard
    return 3.0 if t == P["healing"] else 2.0
