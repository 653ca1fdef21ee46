"""Spells, one small module each, registered by name (Tuxemon style).

Each module decorates its `cast(c: Cast)` with `@spell(id, key, name, alignment)`. Ids are
stable: they are what crosses the wire and what messages carry. Only positive and neutral spells
are dealt (three a turn); negative ones come through Random and potions.
"""

from __future__ import annotations

from . import (  # each module registers its spell
    acid_rain,
    alter_dungeon,
    blink,
    blink_all,
    create_potions,
    demolition,
    fire_storm,
    forgetfulness,
    identify,
    item_detection,
    life_detection,
    lightning_bolts,
    magic_mapping,
    mirror_earth,
    navigate,
    random_spell,
    rays_of_cold,
    restoration,
    scream,
    take_life,
)
from .registry import BY_KEY, NEGATIVE, NEUTRAL, POSITIVE, SPELLS, Spell, cast_spell, spell

__all__ = ["BY_KEY", "DEALABLE", "NEGATIVE", "NEUTRAL", "POSITIVE", "POTION_SPELLS", "SPELLS", "Spell", "cast_spell",
           "deal_pool", "spell", "acid_rain", "alter_dungeon", "blink", "blink_all", "create_potions", "demolition", "fire_storm", "forgetfulness", "identify", "item_detection", "life_detection", "lightning_bolts", "magic_mapping", "mirror_earth", "navigate", "random_spell", "rays_of_cold", "restoration", "scream", "take_life"]

DEALABLE: tuple[int, ...] = tuple(sorted(i for i, s in SPELLS.items() if s.alignment != NEGATIVE))
POTION_SPELLS = frozenset(BY_KEY[k].id for k in ("identify", "item_detection", "create_potions"))


def deal_pool(potions_on: bool) -> tuple[int, ...]:
    """Spells that may be dealt; with potions off the three potion spells are left out."""
    return DEALABLE if potions_on else tuple(i for i in DEALABLE if i not in POTION_SPELLS)
