"""The game behind the test-only dummy modes (Nim in tests/test_mode_registry.py, Pebbles in
tests/ui/link_dummy.py): a pile; players take 1..MOST in turn; whoever takes the last one wins.
Everything a registered mode's game needs (to_act, legal_actions, check, apply, snapshot,
restore, state_hash, encode/decode_action), and nothing else."""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.modes.base import ActionError


class TakeAway:
    MOST = 3

    def __init__(self, pile: int, seats: list[str], turn: int = 0, taken: list | None = None) -> None:
        self.pile, self.seats, self.turn, self.taken = pile, list(seats), turn, list(taken or [])

    def to_act(self) -> int:
        return self.turn % len(self.seats)

    def legal_actions(self) -> list[int]:
        return [k for k in range(1, self.MOST + 1) if k <= self.pile]

    def check(self, k) -> None:
        if self.is_over() or k not in self.legal_actions():
            raise ActionError(f"cannot take {k} from {self.pile}")

    def apply(self, k: int) -> list:
        self.check(k)
        self.pile -= k
        self.taken.append(k)
        self.turn += 1
        return [("took", (self.turn - 1) % len(self.seats), k, self.pile)]

    def is_over(self) -> bool:
        return self.pile == 0

    def result(self) -> dict:
        return {"winner": f"seat {(self.turn - 1) % len(self.seats)}" if self.is_over() else None}

    def snapshot(self) -> dict:
        return {"pile": self.pile, "seats": self.seats, "turn": self.turn, "taken": self.taken}

    @classmethod
    def restore(cls, rules, snap: dict):
        return cls(int(snap["pile"]), snap["seats"], int(snap["turn"]), snap["taken"])

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    def encode_action(self, k: int) -> list[int]:
        return [k]

    def decode_action(self, data: list[int]) -> int:
        if len(data) != 1 or not 1 <= data[0] <= self.MOST:
            raise ActionError(f"take 1 to {self.MOST}, got {data!r}")
        return data[0]


def describe(game: TakeAway, events) -> list[str]:
    return [f"seat {s} takes {k}, {left} left" for _, s, k, left in events]
