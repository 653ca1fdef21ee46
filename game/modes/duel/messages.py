"""Message ids, their texts and canned chat phrases: pure data, imported by every spell and
potion. Filling in names (`render`) and the message-log model live in `messagelog.py`, which
may import the spell and potion catalogues without an import cycle.

Messages cross the wire as ids with small int parameters (the plan: "Messages are sent as very
short ID numbers"); the texts the plan gives are reproduced exactly (ids 1..10). Parameters are
typed by name in the template: {spell} is a spell id, {colour} a potion appearance, {potion} a
potion type, {n} a number.

"""

from __future__ import annotations

import re

# --- the plan's messages to the opponent, exactly as written -----------------------------------
THUNDER, SURROUNDINGS, WATCHED, SOUL, UNAWARE, ROCK, TELEPORTED, SCREAM_NEAR, SCREAM_FAR, RAIN = \
    range(1, 11)
# --- messages of ours (the plan only says the caster "is told") --------------------------------
(CAST, HIT, RANDOM_BECOMES, MAPPED, ALTERED, IDENTIFIED, NOTHING_TO_IDENTIFY, ITEMS_DETECTED,
 NO_ITEMS, LIFE_DETECTED, RESTORED, TOOK_LIFE, NO_TARGET, MIRRORED, DEMOLISHED, NAVIGATED,
 POTIONS_CREATED, BLINKED, BLINKED_ALL, SCREAMED, POTIONS_SHATTER, FORGOT, ACID, NOTHING,
 BUMP_NOTHING) = range(20, 45)
PICKED_UP, DRANK, IT_WAS, HEALED, POISONED = range(50, 55)
YOU_WIN, YOU_LOSE, DRAW = range(60, 63)

TEXTS: dict[int, str] = {
    THUNDER: "Thunder echoes all around the dungeon!",
    SURROUNDINGS: "You sense your surroundings are different.",
    WATCHED: "You feel like you're being watched.",
    SOUL: "You feel like your soul is being taken away.",
    UNAWARE: "You feel unaware of your surroundings.",
    ROCK: "You hear rock being destroyed.",
    TELEPORTED: "You are teleported!",
    SCREAM_NEAR: "A loud magical scream can be heard",
    SCREAM_FAR: "A loud magical scream can be heard in the distance",
    RAIN: "You can hear rain.",
    CAST: "You cast {spell}.",
    HIT: "You hit your opponent!",
    RANDOM_BECOMES: "The random spell becomes {spell}.",
    MAPPED: "The layout of the dungeon is revealed to you.",
    ALTERED: "The dungeon shifts into a new shape around you.",
    IDENTIFIED: "You identify your potions.",
    NOTHING_TO_IDENTIFY: "You have no unknown potions.",
    ITEMS_DETECTED: "You sense {n} potions in the dungeon.",
    NO_ITEMS: "You sense no potions in the dungeon.",
    LIFE_DETECTED: "You sense where your opponent is.",
    RESTORED: "You feel better.",
    TOOK_LIFE: "You take a hit point from your opponent.",
    NO_TARGET: "You cannot see your opponent.",
    MIRRORED: "The dungeon turns into its mirror image.",
    DEMOLISHED: "Rock crumbles around you.",
    NAVIGATED: "Passages open to the north, west, south and east.",
    POTIONS_CREATED: "{n} potions appear in the dungeon.",
    BLINKED: "You blink to another place.",
    BLINKED_ALL: "Everyone is teleported!",
    SCREAMED: "You scream!",
    POTIONS_SHATTER: "{n} of your potions shatter.",
    FORGOT: "You forget parts of the dungeon.",
    ACID: "Acid rains down on you!",
    NOTHING: "Nothing happens.",
    BUMP_NOTHING: "There is nothing here.",
    PICKED_UP: "You pick up the {colour} potion.",
    DRANK: "You drink the {colour} potion.",
    IT_WAS: "It was a potion of {potion}.",
    HEALED: "You feel much better.",
    POISONED: "You feel sick.",
    YOU_WIN: "You win!",
    YOU_LOSE: "You lose!",
    DRAW: "The duel ends in a draw.",
}
PLAN_TEXTS = {k: TEXTS[k] for k in range(1, 11)}

CHAT_PHRASES: tuple[str, ...] = (
    "Hello!", "Good luck!", "Good game!", "Well played!", "Nice one!", "Oops!", "Ouch!",
    "Where are you?", "I see you!", "Wait a moment, please.", "Your turn.", "Rematch?",
    "Yes.", "No.", "Thanks!", "Bye!",
)
CHAT_MAX_CHARS = 60

_FIELD = re.compile(r"\{(\w+)\}")


def param_names(msg: int) -> list[str]:
    return _FIELD.findall(TEXTS[msg])


def clean_chat(text: str) -> str:
    """Free-text chat as it may be shown: printable, single line, at most CHAT_MAX_CHARS."""
    if not isinstance(text, str):
        raise ValueError("chat text must be a string")
    text = "".join(ch if ch.isprintable() else " " for ch in text).strip()
    return " ".join(text.split())[:CHAT_MAX_CHARS]
