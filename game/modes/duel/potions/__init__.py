"""Potions: five appearances per game, each wearing one potion type; effects registered by name.

The plan: "Five different potion types will be used in each game. These will be: yellow, blue,
red, green and orange." Each game picks five types out of the whole catalogue (`TYPES`; Healing
is always among them) and deals them to the five colours at random. Because only five of the
ten types are in play, the same potion turns up again and again, and a player who has drunk one
recognises the others (identification is per player, by appearance).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

APPEARANCES = ("yellow", "blue", "red", "green", "orange")


@dataclass(frozen=True)
class PotionType:
    id: int
    key: str
    name: str
    harmful: bool
    drink: Callable


TYPES: dict[int, PotionType] = {}
BY_KEY: dict[str, PotionType] = {}


def potion(id: int, key: str, name: str, harmful: bool = False):
    def register(fn):
        if id in TYPES or key in BY_KEY:
            raise ValueError(f"potion {id} / {key!r} registered twice")
        t = PotionType(id, key, name, harmful, fn)
        TYPES[id] = t
        BY_KEY[key] = t
        return fn
    return register


from . import effects  # noqa: E402,F401  (registers the catalogue)

HEALING = BY_KEY["healing"].id
