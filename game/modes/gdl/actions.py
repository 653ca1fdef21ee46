"""The actions of a GDL game (the engine contract, game/modes/base.py): one frozen dataclass per
kind of Xconq action. Each crosses files and the link cable as `[code, *fields]`, small
non-negative ints; the codes and the field order are the replay format of rules version 2, so
replays written before the contract conversion still verify."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from game.modes.base import Action, ActionError

MAX_FIELD = 1 << 20          # unit ids, cells, types and sides are all far below this


@dataclass(frozen=True)
class GdlAction(Action):
    code: ClassVar[int] = -1
    name: ClassVar[str] = ""

    def encode(self) -> list[int]:
        return [self.code, *(getattr(self, f.name) for f in dataclasses.fields(self))]

    def __str__(self) -> str:
        return " ".join([self.name, *(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self))])


@dataclass(frozen=True)
class End(GdlAction):
    """The side to act ends its turn."""
    code, name = 0, "end"


@dataclass(frozen=True)
class Move(GdlAction):
    """One step to a neighbouring cell (or the unit's own cell, leaving its transport); a step
    onto a cell whose unit takes it in boards that unit."""
    code, name = 1, "move"
    unit: int
    cell: int


@dataclass(frozen=True)
class Attack(GdlAction):
    code, name = 2, "attack"
    unit: int
    target: int


@dataclass(frozen=True)
class Fire(GdlAction):
    code, name = 3, "fire"
    unit: int
    target: int


@dataclass(frozen=True)
class Repair(GdlAction):
    code, name = 4, "repair"
    unit: int
    target: int


@dataclass(frozen=True)
class Detonate(GdlAction):
    code, name = 5, "detonate"
    unit: int


@dataclass(frozen=True)
class Capture(GdlAction):
    code, name = 6, "capture"
    unit: int
    target: int


@dataclass(frozen=True)
class Build(GdlAction):
    """Add completeness to an incomplete unit (target)."""
    code, name = 7, "build"
    unit: int
    target: int


@dataclass(frozen=True)
class Create(GdlAction):
    """A new incomplete unit of type `type` on `cell`."""
    code, name = 8, "create"
    unit: int
    type: int
    cell: int


@dataclass(frozen=True)
class CreateIn(GdlAction):
    """A new incomplete unit of type `type` inside the unit `transport`."""
    code, name = 9, "create-in"
    unit: int
    type: int
    transport: int


@dataclass(frozen=True)
class Disband(GdlAction):
    code, name = 10, "disband"
    unit: int
    target: int


@dataclass(frozen=True)
class Develop(GdlAction):
    code, name = 11, "develop"
    unit: int
    type: int


@dataclass(frozen=True)
class ChangeSide(GdlAction):
    code, name = 12, "change-side"
    unit: int
    side: int


@dataclass(frozen=True)
class Enter(GdlAction):
    """Board a transport in the unit's own cell."""
    code, name = 13, "enter"
    unit: int
    transport: int


@dataclass(frozen=True)
class Toolup(GdlAction):
    code, name = 14, "toolup"
    unit: int
    type: int


KINDS: tuple[type[GdlAction], ...] = (End, Move, Attack, Fire, Repair, Detonate, Capture, Build, Create,
                                      CreateIn, Disband, Develop, ChangeSide, Enter, Toolup)
assert all(k.code == i for i, k in enumerate(KINDS))
ARITY = {k.code: 1 + len(dataclasses.fields(k)) for k in KINDS}


def decode(data) -> GdlAction:
    """`[code, *fields]` as an action; ActionError for anything else."""
    if (not isinstance(data, (list, tuple)) or not data or len(data) > 4
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < MAX_FIELD for v in data)
            or ARITY.get(data[0]) != len(data)):
        raise ActionError(f"malformed action {list(data) if isinstance(data, (list, tuple)) else data!r}")
    return KINDS[data[0]](*data[1:])
