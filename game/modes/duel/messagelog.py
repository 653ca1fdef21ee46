"""Messages as text: `render` fills a message id's parameters in with spell, potion and colour
names, and `MessageLog` is one player's log (the plan's "Message Log").

The log keeps only the previous and the current round; chat is mixed in chronologically, but when
space is short game messages win and chat gets what is left, so chat never pushes game messages
out of view. The UI wraps text in its own font; `lines()` wraps for character-cell displays and
tests.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from .events import Message
from .messages import CHAT_PHRASES, TEXTS, clean_chat, param_names
from .potions import APPEARANCES, TYPES
from .spells import SPELLS


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
        return SPELLS[v].name if v in SPELLS else f"spell {v}"
    if kind == "colour":
        return APPEARANCES[v] if 0 <= v < len(APPEARANCES) else f"colour {v}"
    if kind == "potion":
        return TYPES[v].name if v in TYPES else f"potion {v}"
    return str(v)



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
