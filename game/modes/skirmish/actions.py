"""Skirmish actions: small records, encoded as a few ints for replays and the cable link.

A piece's move is: Walk (or Stay), then Attack (or SkipAttack). EndTurn may come at any time.

    Walk(piece, cell)  -> [0, piece, cell]
    Stay(piece)        -> [1, piece]          the 'Skip Move' button
    Attack(target)     -> [2, target]
    SkipAttack()       -> [3]                 the 'Skip Attack' button
    EndTurn()          -> [4]                 the 'End Turn' button
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.base import Action as BaseAction
from game.modes.base import ActionError


@dataclass(frozen=True)
class Walk(BaseAction):
    piece: int
    cell: int


@dataclass(frozen=True)
class Stay(BaseAction):
    piece: int


@dataclass(frozen=True)
class Attack(BaseAction):
    target: int


@dataclass(frozen=True)
class SkipAttack(BaseAction):
    pass


@dataclass(frozen=True)
class EndTurn(BaseAction):
    pass


Action = Walk | Stay | Attack | SkipAttack | EndTurn


def encode_action(a: Action) -> list[int]:
    if isinstance(a, Walk):
        return [0, a.piece, a.cell]
    if isinstance(a, Stay):
        return [1, a.piece]
    if isinstance(a, Attack):
        return [2, a.target]
    if isinstance(a, SkipAttack):
        return [3]
    if isinstance(a, EndTurn):
        return [4]
    raise ActionError(f"not a skirmish action: {a!r}")


_ARITY = {0: 3, 1: 2, 2: 2, 3: 1, 4: 1}


def decode_action(data) -> Action:
    if not isinstance(data, (list, tuple)) or not data:
        raise ActionError(f"action must be a non-empty list of integers, got {data!r}")
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1 << 16 for v in data):
        raise ActionError(f"action fields must be integers 0..65535, got {data!r}")
    kind = data[0]
    if kind not in _ARITY:
        raise ActionError(f"unknown action code {kind}, expected 0 walk, 1 stay, 2 attack, 3 skip attack, 4 end turn")
    if len(data) != _ARITY[kind]:
        raise ActionError(f"action code {kind} takes {_ARITY[kind] - 1} field(s), got {len(data) - 1}")
    if kind == 0:
        return Walk(data[1], data[2])
    if kind == 1:
        return Stay(data[1])
    if kind == 2:
        return Attack(data[1])
    return SkipAttack() if kind == 3 else EndTurn()
