"""What every mode's lockstep adapter (`firmware_bridge.lockstep.LockstepGame`) does the same way:
apply an action and hand its events to the log, the state hash as bytes, the snapshot as
canonical bytes, and reading a peer's snapshot bytes so that a broken one can only come out as
a ValueError naming the mode. Each mode's adapter keeps what is its own (whose turn, actions,
replacement, finished)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from game.core.canon import canonical_bytes

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
            return restore(json.loads(bytes(data).decode("ascii")))
        except SNAPSHOT_ERRORS as exc:
            raise ValueError(f"{label} snapshot: {exc}") from None
