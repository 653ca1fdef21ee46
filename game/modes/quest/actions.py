"""Hex quest actions: frozen records (`game.modes.base.Action`); files and solutions keep them as
the short int lists of their encoding (`encode`; unchanged, so every stored replay still plays):

    Move(d)            [0, d]      step / push / attack in direction d (a turn)
    CastSpell(s, d)    [1, s, d]   cast spell s (index in spells.NAMES) towards d (a turn)
    Wait()             [2]         (a turn)
    ToggleTractor()    [3]         tractor on/off (free)
    SpendPoint(k)      [4, k]      a skill point on skill k: 0 Bruiser, 1 Wizard, 2 Tough (free)
    Equip(i)           [5, i]      carried item i becomes the worn item of its slot (free)
    DropDisk(d)        [6, d]      drop a carried red disk, lit, on the neighbour in d (a turn)
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

from game.modes.base import Action, ActionError

MOVE, CAST, WAIT, TRACTOR, SKILL, EQUIP, DROP = range(7)


@dataclass(frozen=True)
class Move(Action):
    direction: int


@dataclass(frozen=True)
class CastSpell(Action):
    spell: int
    direction: int


@dataclass(frozen=True)
class Wait(Action):
    pass


@dataclass(frozen=True)
class ToggleTractor(Action):
    pass


@dataclass(frozen=True)
class SpendPoint(Action):
    skill: int


@dataclass(frozen=True)
class Equip(Action):
    item: int


@dataclass(frozen=True)
class DropDisk(Action):
    direction: int


KINDS = (Move, CastSpell, Wait, ToggleTractor, SpendPoint, Equip, DropDisk)    # index = the code


def encode(action) -> list[int]:
    """[code, fields...]; each value one byte (an item index past 255 is refused, never cut)."""
    if isinstance(action, Action) and type(action) in KINDS:
        data = [KINDS.index(type(action)), *astuple(action)]
    else:
        data = list(action) if isinstance(action, (list, tuple)) else None
    if not data or not all(type(v) is int and 0 <= v < 256 for v in data):
        raise ActionError(f"quest action {action!r} does not fit in bytes (values 0-255)")
    return data


def decode(data) -> Action:
    """The action an encoding names (ActionError for anything malformed)."""
    if not isinstance(data, (list, tuple)) or not data or not all(type(v) is int and 0 <= v < 256 for v in data):
        raise ActionError(f"malformed quest action {str(data)[:40]}")
    k = data[0]
    if k >= len(KINDS):
        raise ActionError(f"unknown quest action code {k}")
    cls = KINDS[k]
    n = len(cls.__dataclass_fields__)
    if len(data) != 1 + n:
        raise ActionError(f"quest action code {k} takes {n} value(s), got {len(data) - 1}")
    return cls(*data[1:])
