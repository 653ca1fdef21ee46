"""A piece on the board and the game options the host picks."""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.base import ActionError

PIECES_PER_TURN_CHOICES = (1, 2, 3, 4, 0)     # 0 = "all rested"


def parse_pieces_per_turn(value) -> int:
    if value in ("rested", "all", "all-rested", 0, "0"):
        return 0
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise ActionError(f"pieces per turn {value!r}: expected 1, 2, 3, 4 or 'rested'") from None
    if n not in (1, 2, 3, 4):
        raise ActionError(f"pieces per turn {n}: expected 1, 2, 3, 4 or 'rested'")
    return n


@dataclass(frozen=True)
class Options:
    pieces_per_turn: int = 0     # 1..4 pieces a turn, 0 = every rested piece
    army_limit: int = 9          # the host may lower the ruleset's limit
    turn_limit: int = 0          # 0 = play until one army remains
    zone_of_control: bool | None = None   # None = the ruleset's choice

    def to_data(self) -> dict:
        return {"pieces_per_turn": self.pieces_per_turn, "army_limit": self.army_limit,
                "turn_limit": self.turn_limit, "zone_of_control": self.zone_of_control}

    @classmethod
    def from_data(cls, d: dict) -> Options:
        if not isinstance(d, dict):
            raise ActionError(f"options must be a table, got {d!r}")
        unknown = set(d) - {"pieces_per_turn", "army_limit", "turn_limit", "zone_of_control"}
        if unknown:
            raise ActionError(f"unknown options {sorted(unknown)}")
        zoc = d.get("zone_of_control")
        if zoc is not None and not isinstance(zoc, bool):
            raise ActionError(f"options.zone_of_control: expected true, false or absent, got {zoc!r}")
        limit, turns = d.get("army_limit", 9), d.get("turn_limit", 0)
        if not isinstance(limit, int) or not 1 <= limit <= 9:
            raise ActionError(f"options.army_limit: expected 1..9, got {limit!r}")
        if not isinstance(turns, int) or turns < 0:
            raise ActionError(f"options.turn_limit: expected an integer >= 0, got {turns!r}")
        return cls(parse_pieces_per_turn(d.get("pieces_per_turn", 0)), limit, turns, zoc)


class Piece:
    """One army piece. `kind` indexes the ruleset's pieces; `seat` is 0 red .. 3 blue."""

    __slots__ = ("id", "seat", "kind", "cell", "hp", "mp", "rest", "xp", "level")

    def __init__(self, id: int, seat: int, kind: int, cell: int, hp: int, mp: int, rest: int,
                 xp: int = 0, level: int = 1):
        self.id, self.seat, self.kind, self.cell = id, seat, kind, cell
        self.hp, self.mp, self.rest, self.xp, self.level = hp, mp, rest, xp, level

    @property
    def alive(self) -> bool:
        return self.hp > 0

    def to_row(self) -> list[int]:
        return [self.seat, self.kind, self.cell, self.hp, self.mp, self.rest, self.xp, self.level]

    def __repr__(self) -> str:
        return f"Piece#{self.id}(seat={self.seat}, kind={self.kind}, cell={self.cell}, hp={self.hp}, L{self.level})"
