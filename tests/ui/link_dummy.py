"""A dummy mode for the link menu's tests: Pebbles (take 1 or 2; the last pebble wins), declared
only here, with a game and a bot, so the registry links it with the generic link hook."""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.modes.base import ActionError
from game.modes.registry import ModeEntry, Option


class Pebbles:
    def __init__(self, pile: int, seats: list[str], turn: int = 0) -> None:
        self.pile, self.seats, self.turn = pile, list(seats), turn

    def to_act(self) -> int:
        return self.turn % len(self.seats)

    def legal_actions(self) -> list[int]:
        return [k for k in (1, 2) if k <= self.pile]

    def check(self, k) -> None:
        if self.is_over() or k not in self.legal_actions():
            raise ActionError(f"cannot take {k} from {self.pile}")

    def apply(self, k: int) -> list:
        self.check(k)
        self.pile -= k
        self.turn += 1
        return [("took", (self.turn - 1) % len(self.seats), k, self.pile)]

    def is_over(self) -> bool:
        return self.pile == 0

    def result(self) -> dict:
        return {"winner": f"seat {(self.turn - 1) % len(self.seats)}" if self.is_over() else None}

    def snapshot(self) -> dict:
        return {"pile": self.pile, "seats": self.seats, "turn": self.turn}

    @classmethod
    def restore(cls, rules, snap: dict) -> Pebbles:
        return cls(int(snap["pile"]), snap["seats"], int(snap["turn"]))

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    def encode_action(self, k: int) -> list[int]:
        return [k]

    def decode_action(self, data: list[int]) -> int:
        if len(data) != 1 or data[0] not in (1, 2):
            raise ActionError(f"take 1 or 2, got {data!r}")
        return data[0]


def new_game(rules, seed: int, options: dict, seats: list[str]) -> Pebbles:
    return Pebbles(int(options["pebbles"]), seats)


class PebbleBot:
    def __init__(self, level: str, seat: int, seed: int) -> None:
        pass

    def choose(self, game: Pebbles) -> int:
        return game.pile % 3 or 1


def describe(game: Pebbles, events) -> list[str]:
    return [f"seat {s} takes {k}, {left} left" for _, s, k, left in events]


HERE = __name__
PEBBLES = ModeEntry(id="pebbles", title="Pebbles", order=98,
                    options=(Option("pebbles", 11, "pebbles on the pile", kind="int"),),
                    game=f"{HERE}:new_game", bot=f"{HERE}:PebbleBot", describe=f"{HERE}:describe")
