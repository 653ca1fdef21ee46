"""What `GdlGame.apply` reports (the engine contract's events: frozen dataclasses, each with the
`kind` logs and screens key on). Units are unit ids, cells cell indexes, types unit or terrain
type indexes, sides side ids (0: independent); hp, cp and tp amounts are what changed."""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.base import Event


@dataclass(frozen=True)
class SideEnded(Event):
    kind = "end"
    side: int


@dataclass(frozen=True)
class Moved(Event):
    kind = "move"
    unit: int
    cell: int


@dataclass(frozen=True)
class Boarded(Event):
    kind = "board"
    unit: int
    transport: int


@dataclass(frozen=True)
class Appeared(Event):
    """A reinforcement comes into play."""
    kind = "appear"
    unit: int
    cell: int


@dataclass(frozen=True)
class Hit(Event):
    """A blow that hurt: an attack, fire or a strike back (counter), perhaps at an occupant of
    the unit aimed at."""
    kind = "hit"
    unit: int
    target: int
    damage: int
    fire: bool = False
    counter: bool = False
    occupant: bool = False


@dataclass(frozen=True)
class Missed(Event):
    kind = "miss"
    unit: int
    target: int
    fire: bool = False
    counter: bool = False
    occupant: bool = False


@dataclass(frozen=True)
class SteppedAway(Event):
    """A unit steps to a neighbouring cell to get away: why is "withdraw" (before an attack),
    "retreat" (from a hit) or "escape" (from a capture)."""
    kind = "step-away"
    unit: int
    cell: int
    why: str


@dataclass(frozen=True)
class Escaped(Event):
    """An occupant gets out of a transport being destroyed: into another unit (transport) or,
    transport -1, to a neighbouring cell."""
    kind = "escape"
    unit: int
    transport: int


@dataclass(frozen=True)
class Surrendered(Event):
    kind = "surrender"
    unit: int
    to: int


@dataclass(frozen=True)
class Resisted(Event):
    """The unit was not captured (the attempt failed)."""
    kind = "resist"
    unit: int
    captor: int


@dataclass(frozen=True)
class Scuttled(Event):
    kind = "scuttle"
    unit: int


@dataclass(frozen=True)
class Captured(Event):
    kind = "capture"
    captor: int
    prisoner: int
    side: int
    former_side: int


@dataclass(frozen=True)
class Garrisoned(Event):
    kind = "garrison"
    unit: int
    into: int


@dataclass(frozen=True)
class Revolted(Event):
    kind = "revolt"
    unit: int


@dataclass(frozen=True)
class Repaired(Event):
    kind = "repair"
    unit: int
    target: int
    hp: int


@dataclass(frozen=True)
class Wrecked(Event):
    kind = "wrecked"
    unit: int
    old_type: int
    new_type: int


@dataclass(frozen=True)
class Destroyed(Event):
    kind = "destroyed"
    unit: int


@dataclass(frozen=True)
class Detonated(Event):
    kind = "detonate"
    unit: int


@dataclass(frozen=True)
class Blasted(Event):
    kind = "blast"
    source: int
    unit: int
    damage: int


@dataclass(frozen=True)
class TerrainChanged(Event):
    kind = "terrain"
    cell: int
    terrain: int


@dataclass(frozen=True)
class Accident(Event):
    kind = "accident"
    unit: int


@dataclass(frozen=True)
class Attrition(Event):
    kind = "attrition"
    unit: int
    hp: int


@dataclass(frozen=True)
class NoRoom(Event):
    """A create failed: the game holds as many units as it may."""
    kind = "no-room"
    unit: int


@dataclass(frozen=True)
class Created(Event):
    kind = "create"
    unit: int
    new: int
    type: int


@dataclass(frozen=True)
class Built(Event):
    kind = "build"
    unit: int
    target: int
    cp: int


@dataclass(frozen=True)
class SideChanged(Event):
    kind = "change-side"
    unit: int
    side: int


@dataclass(frozen=True)
class Completed(Event):
    kind = "complete"
    unit: int


@dataclass(frozen=True)
class Disbanded(Event):
    kind = "disband"
    unit: int
    hp: int


@dataclass(frozen=True)
class Developed(Event):
    kind = "develop"
    unit: int
    type: int
    tech: int


@dataclass(frozen=True)
class Starved(Event):
    kind = "starve"
    unit: int
    hp: int


@dataclass(frozen=True)
class ToolingGained(Event):
    kind = "toolup"
    unit: int
    type: int
    tp: int


@dataclass(frozen=True)
class GameOver(Event):
    """side: the winning side id, 0 for a draw."""
    kind = "over"
    side: int
    reason: str
