"""The spell catalogue: `Spell`, the `@spell(id, key, name, alignment)` decorator each spell
module uses to register itself, and `cast_spell`. The spell modules import this module, never
the package, so the package can import them all without an import cycle."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import messages as m

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


def cast_spell(c, spell_id: int) -> None:
    """Announce and run one spell in the context `c` (a `Cast`): the caster is told what was
    cast ("You cast X." for a dealt spell, "The random spell becomes X." through Random; a
    potion's own messages say what happened)."""
    c.cast_event(spell_id, c.via)
    if c.via == "dealt":
        c.say(c.caster, m.CAST, spell_id)
    elif c.via == "random":
        c.say(c.caster, m.RANDOM_BECOMES, spell_id)
    SPELLS[spell_id].cast(c)
