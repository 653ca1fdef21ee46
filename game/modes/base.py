"""The engine contract: what every game mode's game object offers to its clients (the CLI, bots,
UI scenes, replays, the cable link, the Match). docs/modes.md §6 explains it with examples;
`game.modes.contract.check_contract` checks a game against it.

A mode's game object owns its whole state, including its PCG32 generator, and changes only
through `apply`. A *turn* ends whenever `turn` increments; the canonical `state_hash()` taken then
is what replays record and what linked units compare.

**Actions** are small frozen dataclasses deriving from `Action`: hashable and compared by value,
so `action in game.legal_actions()` works and a bot, a screen and the link hand the same object
around. They cross files and wires as short lists of small non-negative ints (`encode_action`);
`decode_action` raises `ActionError` for anything malformed.

**Events** are frozen dataclasses deriving from `Event`; each class names what happened in its
`kind` ("walk", "hit", "over"), which logs, sounds and animations key on. `apply` returns them.

**The game** (`Engine`):

- `mode` (the registry id), `turn` (completed turns);
- `to_act() -> int`: the seat whose action is next, while the game is not over. Choices made at
  the same time are taken one seat after another: secret ones (the Steel bout's initiative and
  stance throws over the cable) as a commitment action from each seat (a hash of the choice and
  a secret salt) and then a reveal from each, which `check` refuses unless it matches the
  commitment; no seat's choice is in the state before every seat has committed;
- `winner`: a *property*, the winning seat or None (no winner yet, or a draw);
- `is_over() -> bool`;
- `legal_actions() -> list[Action]`: every action `check` accepts now (UI, bots and the link's
  rule check use it); empty exactly when the game is over;
- `check(action) -> None`: raises `ActionError` with the reason ("the wall is in the way") when the
  action is not legal now; never changes the state;
- `apply(action) -> list[Event]`: checks, then applies (an illegal action raises `ActionError` and
  changes nothing); the only way the state changes;
- `state_hash() -> str`: the canonical hash of `snapshot()` (`game.core.canon`);
- `snapshot() -> dict`: the whole state as canonical data (ints, strings, lists, dicts);
  the classmethod `restore(rules, snapshot)` rebuilds an equal game (same hash, same legal
  actions; `rules` is what the mode's `rules` hook loads, None for a mode without). Undo (the
  Hex quest's) is restoring an earlier snapshot, or replaying a prefix of the actions: it is never
  an action of its own and never enters a replay;
- `encode_action(action) -> list[int]`, `decode_action(list[int]) -> Action` (`ActionError`);
- `result() -> dict`: JSON-able, at least `"winner"` (what a person reads: a seat name, or None).

`Engine` is the whole contract; every shipped engine follows it (issue 23; docs/modes.md §6) and
plays through the one Match (`game.match`, §7). `Game` is its older subset, kept for callers that
need no more. `why_not(game, action)` is `check`'s reason as text, or None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable


class ActionError(ValueError):
    """An action that is malformed or not legal in the current state; the message says why."""


def why_not(game, action) -> str | None:
    """The reason `game.check(action)` gives, or None when the action is legal now."""
    try:
        game.check(action)
    except ActionError as exc:
        return str(exc) or "not allowed now"
    return None


@dataclass(frozen=True)
class Action:
    """Base of a mode's actions: subclass it as `@dataclass(frozen=True) class Walk(Action): ...`."""


@dataclass(frozen=True)
class Event:
    """Base of a mode's events: subclass it as a frozen dataclass and set `kind` (a class
    attribute, not a field): `@dataclass(frozen=True) class Hit(Event): kind = "hit"; ...`."""
    kind: ClassVar[str] = ""


@runtime_checkable
class Game(Protocol):
    """The part of the contract every engine offers today (see `Engine` for all of it)."""
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


@runtime_checkable
class Engine(Game, Protocol):
    """The whole engine contract (this module's docstring; checked by
    `game.modes.contract.check_contract`)."""

    @property
    def winner(self) -> int | None:
        """The winning seat, or None (no winner yet, or a draw)."""
        ...

    def to_act(self) -> int:
        """The seat whose action is next (only asked while the game is not over)."""
        ...

    def check(self, action: Action) -> None:
        """Raise ActionError with the reason when `action` is not legal now."""
        ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> list[Event]: ...

    def decode_action(self, data: list[int]) -> Action: ...

    def result(self) -> dict:
        """JSON-able summary, at least "winner" (a seat name or None)."""
        ...

    @classmethod
    def restore(cls, rules: Any, snapshot: dict) -> Engine:
        """A game equal to the one `snapshot` was taken of."""
        ...
