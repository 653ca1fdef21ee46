"""What `SkirmishGame.apply` reports: frozen records, each with the `kind` logs, sounds and
animations key on (docs/modes.md §6). Cells are dense ints, pieces their ids, seats 0-3."""

from __future__ import annotations

from dataclasses import dataclass, fields

from game.modes.base import Event


@dataclass(frozen=True)
class Walked(Event):
    kind = "walk"
    piece: int
    src: int
    dst: int
    path: tuple          # the cells after src, ending on dst


@dataclass(frozen=True)
class Stayed(Event):
    kind = "stay"
    piece: int


@dataclass(frozen=True)
class NoTarget(Event):
    """The piece has no enemy in range after its move: its attack phase is skipped."""
    kind = "no_target"
    piece: int


@dataclass(frozen=True)
class Attacked(Event):
    kind = "attack"
    piece: int
    target: int
    result: str          # "miss", "hit" or "crit"
    damage: int          # the damage rolled (0 for a miss)
    hp: int              # the target's HP after the attack
    lost: int = 0        # HP actually removed (a 9-damage hit on a 2-HP piece removes 2)
    killed: bool = False
    xp: int = 0


@dataclass(frozen=True)
class SkippedAttack(Event):
    kind = "skip"
    piece: int


@dataclass(frozen=True)
class TurnEnded(Event):
    kind = "end_turn"
    seat: int
    turn: int


@dataclass(frozen=True)
class TurnBegan(Event):
    kind = "turn"
    seat: int
    turn: int


@dataclass(frozen=True)
class Passed(Event):
    """No piece of the seat may move: its turn passes."""
    kind = "pass"
    seat: int


@dataclass(frozen=True)
class ArmyOut(Event):
    kind = "out"
    seat: int


@dataclass(frozen=True)
class LevelUp(Event):
    kind = "levelup"
    piece: int
    level: int


@dataclass(frozen=True)
class BattleOver(Event):
    kind = "over"
    reason: str
    placements: tuple    # seats, first to last


def event_fields(ev: Event) -> dict:
    """The event's fields by name (what the log's templates may show)."""
    return {f.name: getattr(ev, f.name) for f in fields(ev)}
