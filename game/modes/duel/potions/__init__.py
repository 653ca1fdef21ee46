"""Potions: five appearances per game, each wearing one potion type; effects registered by name.

The plan: "Five different potion types will be used in each game. These will be: yellow, blue,
red, green and orange." Each game picks five types out of the whole catalogue (`TYPES`; Healing
is always among them) and deals them to the five colours at random. Because only five of the
ten types are in play, the same potion turns up again and again, and a player who has drunk one
recognises the others (identification is per player, by appearance).
"""

from __future__ import annotations

from . import effects  # registers the catalogue
from .registry import APPEARANCES, BY_KEY, TYPES, PotionType, potion

__all__ = ["APPEARANCES", "BY_KEY", "HEALING", "TYPES", "PotionType", "effects", "potion"]

HEALING = BY_KEY["healing"].id
