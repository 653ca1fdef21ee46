"""The game behind the test-only dummy modes (Nim in tests/test_mode_registry.py, Pebbles in
tests/ui/link_dummy.py): a pile; players take 1..MOST in turn; whoever takes the last one wins.
It follows the whole engine contract (game.modes.base; tests/test_contract.py checks it) and is
its smallest example: a frozen-dataclass action (`Take`) and event (`Took`), `to_act`, `winner`
as a property, `check`, `restore` as a classmethod, `result`; nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.canon import canonical_hash
from game.modes.base import Action, ActionError, Event


@dataclass(frozen=True)
class Take(Action):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class Took(Event):
    kind = "took"
    seat: int
    n: int
    left: int


class TakeAway:
    mode = "take_away"     # each dummy mode names its own registry id
    MOST = 3

    def __init__(self, pile: int, seats: list[str], turn: int = 0, taken: list | None = None) -> None:
        self.pile, self.seats, self.turn, self.taken = pile, list(seats), turn, list(taken or [])

    def to_act(self) -> int:
        return self.turn % len(self.seats)

    @property
    def winner(self) -> int | None:
        return (self.turn - 1) % len(self.seats) if self.is_over() else None

    def legal_actions(self) -> list[Take]:
        return [Take(k) for k in range(1, self.MOST + 1) if k <= self.pile]

    def check(self, action) -> None:
        if self.is_over() or action not in self.legal_actions():
            raise ActionError(f"cannot {action} from {self.pile}")

    def apply(self, action: Take) -> list[Took]:
        self.check(action)
        self.pile -= action.n
        self.taken.append(action.n)
        self.turn += 1
        return [Took((self.turn - 1) % len(self.seats), action.n, self.pile)]

    def is_over(self) -> bool:
        return self.pile == 0

    def result(self) -> dict:
        return {"winner": None if self.winner is None else f"seat {self.winner}"}

    def snapshot(self) -> dict:
        return {"pile": self.pile, "seats": list(self.seats), "turn": self.turn, "taken": list(self.taken)}

    @classmethod
    def restore(cls, rules, snap: dict):
        return cls(int(snap["pile"]), snap["seats"], int(snap["turn"]), snap["taken"])

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    def encode_action(self, action: Take) -> list[int]:
        return [action.n]

    def decode_action(self, data: list[int]) -> Take:
        if len(data) != 1 or not 1 <= data[0] <= self.MOST:
            raise ActionError(f"take 1 to {self.MOST}, got {data!r}")
        return Take(data[0])


def describe(game: TakeAway, events) -> list[str]:
    return [f"seat {ev.seat} takes {ev.n}, {ev.left} left" for ev in events]
