"""The message log wrapped in the screen's font (the plan's "Message Log").

`MessageLog` keeps the previous and the current round and the rule that chat never pushes game
messages out of view; its `lines()` wraps by characters, so for a proportional font the entries
are wrapped here by pixel width with the same rule: game lines are kept first (the oldest dropped
only when they alone overflow), chat fills what is left, newest chat first.
"""

from __future__ import annotations

from game.ui.modes.duel import colours as C


def wrap_text(th, text: str, width: int, size: str = "tiny") -> list[str]:
    out, cur = [], ""
    for word in text.split(" "):
        t = f"{cur} {word}" if cur else word
        if th.text_width(t, size) <= width or not cur:
            cur = t
        else:
            out.append(cur)
            cur = word
    out.append(cur)
    return [th.fit(line, width, size) for line in out]


def log_lines(log, th, width: int, height: int, size: str = "tiny") -> list[tuple[str, tuple]]:
    """Up to `height` lines (text, colour), oldest first."""
    if height <= 0:
        return []
    wrapped = []
    for e in log.entries():
        if e.chat:
            own = e.sender == log.player
            text, colour = ("You: " if own else "Them: ") + e.text, (C.CHAT_OWN if own else C.CHAT)
        else:
            text, colour = e.text, (C.LOG if e.round >= log.round else C.LOG_OLD)
        for i, line in enumerate(wrap_text(th, text, width, size)):
            wrapped.append((e.seq, i, line if i == 0 else " " + line, colour, e.chat))
    game = [w for w in wrapped if not w[4]][-height:]
    room = height - len(game)
    chat = [w for w in wrapped if w[4]][-room:] if room > 0 else []
    return [(w[2], w[3]) for w in sorted(game + chat, key=lambda w: (w[0], w[1]))]
