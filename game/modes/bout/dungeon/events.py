"""Dungeon events: one frozen dataclass per kind (the engine contract's `Event`), like the combat
engine's (game/modes/bout/events.py, whose base they share): each also reads as the tuple
`(kind, field, ...)`. The combat engine's own events pass through a dungeon step unchanged."""

from __future__ import annotations

from dataclasses import make_dataclass

from game.modes.bout import events as bout_events
from game.modes.bout.events import BoutEvent

SPEC = {
    "bandage_used": "f", "bonus_square": "f", "bump": "f foe", "caught_unawares": "f tier",
    "comes_to": "f", "descends": "depth", "disengages": "f", "drop": "f item", "equip": "f item",
    "evade_blocked": "f", "evade_fails": "f", "evade_intent": "f dir", "falls": "f",
    "left_behind": "name", "order": "order", "pack_full": "f", "pickup": "f item", "pursues": "f foe",
    "run_over": "result", "sealed": "f", "slain": "f", "square_lost": "f cell", "swap": "a b",
}


def _make(kind: str, names: str) -> type:
    cls = make_dataclass("Dungeon" + "".join(p.title() for p in kind.split("_")), names.split(),
                         bases=(BoutEvent,), frozen=True, eq=False, namespace={"kind": kind})
    cls.__module__ = __name__
    return cls


TYPES = {k: _make(k, v) for k, v in SPEC.items()}


def ev(kind: str, *values) -> BoutEvent:
    """The event of this kind (a dungeon kind, else the combat engine's) with these values."""
    cls = TYPES.get(kind)
    return cls(*values) if cls is not None else bout_events.ev(kind, *values)
