"""The on-screen keyboard for a chat line (d-pad typing); it keeps the link polled meanwhile.

    app.open("duel_text", title="Chat", on_done=fn(text), tick=scene.tick)
"""

from __future__ import annotations

from game.modes.duel.messages import CHAT_MAX_CHARS
from game.ui.scenes.textentry import TextEntry


class ChatEntry(TextEntry):
    def __init__(self, app, title: str, on_done=None, max_len: int = CHAT_MAX_CHARS, tick=None) -> None:
        super().__init__(app, title=title, on_done=on_done, max_len=max_len)
        self.tick = tick

    def update(self, dt: float) -> None:
        if self.tick is not None:
            self.tick()
