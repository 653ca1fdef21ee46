"""What `QuestGame.apply` reports: frozen records (`game.modes.base.Event`), each with the `kind`
the board, its previews and the tests key on. Cells are dense ints; `who` is a creature's name
("you" for the player)."""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.base import Event


@dataclass(frozen=True)
class Attacked(Event):
    kind = "attack"
    who: str
    at: int


@dataclass(frozen=True)
class Missed(Event):
    kind = "miss"
    who: str
    at: int


@dataclass(frozen=True)
class Hit(Event):
    kind = "hit"
    who: str
    dmg: int
    magic: bool = False


@dataclass(frozen=True)
class Reflected(Event):
    kind = "reflect"
    who: str
    dmg: int


@dataclass(frozen=True)
class Slain(Event):
    """A death no armour stops: `cause` "blast", "spark" or "crush"."""
    kind = "slain"
    who: str
    dmg: int
    cause: str


@dataclass(frozen=True)
class Death(Event):
    kind = "death"
    who: str


@dataclass(frozen=True)
class LevelUp(Event):
    kind = "level"
    level: int


@dataclass(frozen=True)
class Cast(Event):
    """A spell cast; the fields that matter for it are set: missile `dir`, fireball `at` (the
    impact), ice `cells`, jump `path`, teleport `to` (-1 / () when not)."""
    kind = "cast"
    spell: str
    who: str
    dir: int = -1
    at: int = -1
    cells: tuple = ()
    path: tuple = ()
    to: int = -1


@dataclass(frozen=True)
class Fizzled(Event):
    kind = "fizzle"
    who: str
    spell: str
    why: str


@dataclass(frozen=True)
class Slowed(Event):
    kind = "slow"
    who: str
    by: int


@dataclass(frozen=True)
class Explosion(Event):
    kind = "explode"
    at: int
    cells: tuple
    gems: bool


@dataclass(frozen=True)
class Trap(Event):
    kind = "trap"
    who: str
    at: int


@dataclass(frozen=True)
class Teleported(Event):
    kind = "teleport"
    who: str
    to: int


@dataclass(frozen=True)
class ExitOpen(Event):
    """The player stands on the exit with the gems it asks for."""
    kind = "exit"


@dataclass(frozen=True)
class Granted(Event):
    kind = "grant"
    gift: tuple


@dataclass(frozen=True)
class Destroyed(Event):
    kind = "destroy"
    at: int
    what: str


@dataclass(frozen=True)
class TractorSwitched(Event):
    kind = "tractor"
    on: int


@dataclass(frozen=True)
class SkillRaised(Event):
    kind = "skill"
    skill: str


@dataclass(frozen=True)
class Equipped(Event):
    kind = "equip"
    item: str


@dataclass(frozen=True)
class Pushed(Event):
    kind = "push"
    src: int
    dst: int


@dataclass(frozen=True)
class Pulled(Event):
    kind = "pull"
    src: int
    dst: int


@dataclass(frozen=True)
class Rolled(Event):
    kind = "roll"
    src: int
    dst: int


@dataclass(frozen=True)
class Fell(Event):
    kind = "fall"
    who: str


@dataclass(frozen=True)
class Gem(Event):
    kind = "gem"
    count: int


@dataclass(frozen=True)
class Cursed(Event):
    kind = "curse"
    dmg: int


@dataclass(frozen=True)
class Burned(Event):
    kind = "burn"
    who: str
    dmg: int


@dataclass(frozen=True)
class DiskDropped(Event):
    kind = "drop"
    at: int
    fuse: int


@dataclass(frozen=True)
class Terminal(Event):
    kind = "terminal"
    at: int
    disks: int


@dataclass(frozen=True)
class RedDisk(Event):
    kind = "red disk"
    count: int


@dataclass(frozen=True)
class Spark(Event):
    kind = "spark"
    at: int


@dataclass(frozen=True)
class PortSwitch(Event):
    kind = "switch"
    at: int
    gravity: int
    freeze_zonks: int
    freeze_enemies: int


@dataclass(frozen=True)
class Lost(Event):
    kind = "lost"


@dataclass(frozen=True)
class Won(Event):
    kind = "won"
