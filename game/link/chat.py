"""Chat over the link: canned phrases (ids) and short typed lines, both modes.

The bytes are the duel's chat encoding (`game.modes.duel.wire`: `01 id` or `02 len utf-8`);
they travel as APP messages (`Session.send_app`), never through the lockstep, so chat can
never desync a game. Garbage from the other unit is counted and dropped, never shown raw.
"""

from __future__ import annotations

from game.modes.duel.wire import decode_chat, encode_chat


def send_chat(session, text: str | None = None, phrase: int | None = None) -> tuple[str, int | None]:
    """Send a phrase id or a line; returns (text as the other unit will show it, phrase)."""
    data = encode_chat(text=text, phrase=phrase)
    session.send_app(data)
    return decode_chat(data)


class ChatInbox:
    """Decoded chat from the other unit: `feed(payload)` per APP message, `take()` per frame."""

    def __init__(self) -> None:
        self._got: list[tuple[str, int | None]] = []
        self.bad = 0
        self.last_error = ""

    def feed(self, payload: bytes) -> None:
        try:
            self._got.append(decode_chat(payload))
        except ValueError as exc:
            self.bad += 1
            self.last_error = str(exc)

    def take(self) -> list[tuple[str, int | None]]:
        out, self._got = self._got, []
        return out
