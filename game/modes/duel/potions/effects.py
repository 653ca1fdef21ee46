"""The potion catalogue (the plan leaves effects open; see docs/rules/duel.md).

Each effect gets a `Cast` whose caster is the drinker. Spell-like potions work exactly like the
spell, so the opponent gets the spell's message (e.g. "You can hear rain.")."""

from .. import messages as m
from ..spells import BY_KEY as SPELL
from ..spells import cast_spell
from .registry import potion


@potion(0, "healing", "Healing")
def healing(c):
    c.say(c.caster, m.HEALED if c.heal(c.caster, 2, "healing") else m.NOTHING)


@potion(1, "poison", "Poison", harmful=True)
def poison(c):
    c.say(c.caster, m.POISONED)
    c.hurt(c.caster, 1, "poison")


def _like(spell_key: str):
    def drink(c):
        cast_spell(c, SPELL[spell_key].id)
    return drink


potion(2, "clairvoyance", "Clairvoyance")(_like("magic_mapping"))
potion(3, "seeing", "Seeing")(_like("life_detection"))
potion(4, "blinking", "Blinking")(_like("blink"))
potion(5, "amnesia", "Amnesia", harmful=True)(_like("forgetfulness"))
potion(6, "acid", "Acid", harmful=True)(_like("acid_rain"))
potion(7, "insight", "Insight")(_like("identify"))
potion(8, "fire_breath", "Fire Breath")(_like("fire_storm"))
potion(9, "chaos", "Chaos")(_like("random"))
