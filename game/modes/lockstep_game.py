"""What every mode's lockstep adapter (`firmware_bridge.lockstep.LockstepGame`) does the same way:
apply an action and hand its events to the log, the state hash as bytes, the snapshot as
canonical bytes, and reading a peer's snapshot bytes so that a broken one can only come out as
a ValueError naming the mode. Each mode's adapter keeps what is its own (whose turn, actions,
replacement, finished)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from game.core.canon import canonical_bytes
from game.core.replayfile import loads_bounded
from game.modes.base import ActionError

# what restoring a hostile or damaged snapshot may raise: all become ValueError
SNAPSHOT_ERRORS = (UnicodeDecodeError, ValueError, KeyError, TypeError, IndexError, AttributeError)


class AdapterBase:
    game: Any
    on_events: Callable | None = None

    def apply(self, a) -> None:
        events = self.game.apply(a)
        if self.on_events:
            self.on_events(self.game, events)

    def turn_hash(self) -> bytes:
        return bytes.fromhex(self.game.state_hash())

    def snapshot(self) -> bytes:
        return canonical_bytes(self.game.snapshot())

    @staticmethod
    def read_snapshot(data: bytes, label: str, restore: Callable[[Any], Any]):
        """The game `restore(snapshot dict)` makes from the peer's bytes; any failure is a
        ValueError "<label> snapshot: …"."""
        try:
            return restore(loads_bounded(bytes(data).decode("ascii"), label, what="snapshot"))
        except SNAPSHOT_ERRORS as exc:
            raise ValueError(f"{label} snapshot: {exc}") from None


class ScreenSlot:
    """This unit's seats played by a person from a screen (a link hook's `adapter(level=None)`):
    the screen `offer`s an action, the lockstep takes it on its next poll (as the adapter's
    `chooser`; None while nothing is offered) and applies and sends it. Every applied action's
    events (local and remote) are queued in `shown` for the screen, in order.

        slot = ScreenSlot.attach(adapter)      # adapter.screen is slot from then on
    """

    def __init__(self, adapter) -> None:
        self.adapter = adapter
        self.pending = None
        self.shown: deque = deque()

    @classmethod
    def attach(cls, adapter) -> ScreenSlot:
        slot = cls(adapter)
        before = adapter.on_events

        def on_events(game, events) -> None:
            if before is not None:
                before(game, events)
            slot.shown.append(list(events))
        adapter.chooser, adapter.on_events, adapter.screen = slot, on_events, slot
        return slot

    def __call__(self, game):
        action, self.pending = self.pending, None
        return action

    def offer(self, action) -> None:
        """The local person's action; ActionError (with the reason) when it cannot be sent now."""
        a = self.adapter
        if a.finished() or not a.whose_turn_is_local():
            raise ActionError("wait for your turn")
        if self.pending is not None:
            raise ActionError("sending your last action…")
        if not a.is_legal(action):
            raise ActionError("that action is not allowed now")
        self.pending = action

    def reset(self) -> None:
        """After a resync from the host's snapshot: nothing pending, nothing left to show."""
        self.pending = None
        self.shown.clear()
