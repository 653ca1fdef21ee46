"""Message ids, their texts, canned chat phrases, and the message-log model.

Messages cross the wire as ids with small int parameters (the plan: "Messages are sent as very
short ID numbers"); the texts the plan gives are reproduced exactly (ids 1..10). Parameters are
typed by name in the template: {spell} is a spell id, {colour} a potion appearance, {potion} a
potion type, {n} a number.

The log (the plan's "Message Log"): only the previous and the current round are kept; chat is
mixed in chronologically, but when space is short game messages win and chat gets what is left,
so chat never pushes game messages out of view. The UI wraps text in its own font; `lines()`
wraps for character-cell displays and tests.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

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


def render(msg: int, params=()) -> str:
    """Text of a message id with its parameters filled in."""
    if msg not in TEXTS:
        raise ValueError(f"unknown message id {msg}")
    names = param_names(msg)
    if len(params) != len(names):
        raise ValueError(f"message {msg} takes {len(names)} parameter(s), got {len(params)}")
    values = {}
    for name, v in zip(names, params):
        values[name] = _name_of(name, v)
    return TEXTS[msg].format(**values)


def _name_of(kind: str, v: int) -> str:
    if kind == "spell":
        from .spells import SPELLS
        return SPELLS[v].name if v in SPELLS else f"spell {v}"
    if kind == "colour":
        from .potions import APPEARANCES
        return APPEARANCES[v] if 0 <= v < len(APPEARANCES) else f"colour {v}"
    if kind == "potion":
        from .potions import TYPES
        return TYPES[v].name if v in TYPES else f"potion {v}"
    return str(v)


def clean_chat(text: str) -> str:
    """Free-text chat as it may be shown: printable, single line, at most CHAT_MAX_CHARS."""
    if not isinstance(text, str):
        raise ValueError("chat text must be a string")
    text = "".join(ch if ch.isprintable() else " " for ch in text).strip()
    return " ".join(text.split())[:CHAT_MAX_CHARS]


@dataclass(frozen=True)
class Entry:
    round: int
    seq: int                 # arrival order (chronology)
    chat: bool
    text: str
    msg: int | None = None   # game message id or canned phrase id
    sender: int | None = None


class MessageLog:
    """One player's log: game messages addressed to them plus chat, for two rounds."""

    def __init__(self, player: int):
        self.player = player
        self.round = 0
        self._entries: list[Entry] = []
        self._seq = 0

    def _add(self, **kw) -> None:
        self._entries.append(Entry(seq=self._seq, **kw))
        self._seq += 1

    def start_round(self, rnd: int) -> None:
        """Forget everything older than the previous round."""
        if rnd < self.round:
            raise ValueError(f"round {rnd} is before the current round {self.round}")
        self.round = rnd
        self._entries = [e for e in self._entries if e.round >= rnd - 1]

    def add_events(self, events) -> None:
        from .events import Message
        for e in events:
            if isinstance(e, Message) and e.to == self.player:
                self._add(round=self.round, chat=False, text=render(e.msg, e.params), msg=e.msg)

    def add_chat(self, sender: int, text: str | None = None, phrase: int | None = None) -> None:
        if phrase is not None:
            if not 0 <= phrase < len(CHAT_PHRASES):
                raise ValueError(f"unknown chat phrase {phrase}")
            text = CHAT_PHRASES[phrase]
        text = clean_chat(text or "")
        if text:
            self._add(round=self.round, chat=True, text=text, msg=phrase, sender=sender)

    def entries(self) -> list[Entry]:
        return list(self._entries)

    def lines(self, width: int, height: int) -> list[tuple[str, bool]]:
        """Up to `height` wrapped lines (text, is_chat), oldest first. Game lines are kept
        first (dropping the oldest only when they alone overflow); chat fills what is left,
        newest chat first."""
        if width < 8 or height < 1:
            raise ValueError("the log needs at least 8 columns and 1 line")
        wrapped = []
        for e in self._entries:
            prefix = ("You: " if e.sender == self.player else "Them: ") if e.chat else ""
            for ln in textwrap.wrap(prefix + e.text, width) or [""]:
                wrapped.append((e.seq, ln, e.chat))
        game = [w for w in wrapped if not w[2]][-height:]
        room = height - len(game)
        chat = [w for w in wrapped if w[2]][-room:] if room > 0 else []
        return [(ln, is_chat) for _, ln, is_chat in sorted(game + chat, key=lambda w: w[0])]
