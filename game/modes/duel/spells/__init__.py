"""Spells, one small module each, registered by name (Tuxemon style).

Each module decorates its `cast(c: Cast)` with `@spell(id, key, name, alignment)`. Ids are
stable: they are what crosses the wire and what messages carry. Only positive and neutral spells
are dealt (three a turn); negative ones come through Random and potions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

POSITIVE, NEUTRAL, NEGATIVE = "positive", "neutral", "negative"


@dataclass(frozen=True)
class Spell:
    id: int
    key: str
    name: str
    alignment: str
    cast: Callable


SPELLS: dict[int, Spell] = {}
BY_KEY: dict[str, Spell] = {}


def spell(id: int, key: str, name: str, alignment: str):
    def register(fn):
        if id in SPELLS or key in BY_KEY:
            raise ValueError(f"spell {id} / {key!r} registered twice")
        if alignment not in (POSITIVE, NEUTRAL, NEGATIVE):
            raise ValueError(f"spell {key!r}: unknown alignment {alignment!r}")
        s = Spell(id, key, name, alignment, fn)
        SPELLS[id] = s
        BY_KEY[key] = s
        return fn
    return register


from . import (  # noqa: E402, F401  (each module registers its spell)
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

DEALABLE: tuple[int, ...] = tuple(sorted(i for i, s in SPELLS.items() if s.alignment != NEGATIVE))
POTION_SPELLS = frozenset(BY_KEY[k].id for k in ("identify", "item_detection", "create_potions"))


def deal_pool(potions_on: bool) -> tuple[int, ...]:
    """Spells that may be dealt; with potions off the three potion spells are left out."""
    return DEALABLE if potions_on else tuple(i for i in DEALABLE if i not in POTION_SPELLS)


def cast_spell(c, spell_id: int) -> None:
    """Announce and run one spell in the context `c` (a `Cast`): the caster is told what was
    cast ("You cast X." for a dealt spell, "The random spell becomes X." through Random; a
    potion's own messages say what happened)."""
    from .. import messages as m
    c.cast_event(spell_id, c.via)
    if c.via == "dealt":
        c.say(c.caster, m.CAST, spell_id)
    elif c.via == "random":
        c.say(c.caster, m.RANDOM_BECOMES, spell_id)
    SPELLS[spell_id].cast(c)
