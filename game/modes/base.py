"""What every game mode offers to its clients (CLI, bots, UI scenes, replays, the cable link).

A mode's game object owns its whole state, including its PCG32 generator, and changes only
through `apply`. A *turn* ends whenever `turn` increments; the canonical `state_hash()` taken then
is what replays record and what linked units compare.

Actions cross files and wires as short lists of small non-negative ints (`encode_action`);
`decode_action` raises `ActionError` for anything malformed, and `apply` raises `ActionError` for
an action that is not legal now — callers can always reject bad input without corrupting state.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


class ActionError(ValueError):
    """An action that is malformed or not legal in the current state."""


@runtime_checkable
class Game(Protocol):
    mode: str          # "skirmish", "duel", ...
    turn: int          # number of completed turns

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> list[Any]:
        """Apply a legal action, return the events it caused (for logs and animation)."""
        ...

    def is_over(self) -> bool: ...

    def state_hash(self) -> str: ...

    def snapshot(self) -> dict:
        """The whole state as canonical data (ints, strings, lists, dicts)."""
        ...

    def encode_action(self, action: Any) -> list[int]: ...

    def decode_action(self, data: list[int]) -> Any: ...
