"""The potion catalogue: `PotionType` and the `@potion(...)` decorator the effects module uses
to register each type. Effects import this module, never the package: no import cycle."""

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
