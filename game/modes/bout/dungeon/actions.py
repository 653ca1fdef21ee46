"""Dungeon actions: small frozen records (the engine contract's `Action`), the same from the
d-pad, in replays and in saves.

On the wire and in replay files an action is a short list of ints 0..255: its kind, then its
fields in order; a declaration carries the combat engine's own action after the kind.

    Step(dir)           dir 0-7 a direction (0 north, clockwise), 8 wait: the step's key
    Turn(dir)           face dir on the spot (a wait)
    Use(slot)           take a painkiller from the pack (out of a fight)
    Equip(slot)         take up a weapon, shield or armour from the pack (out of a fight)
    Drop(slot)          put an item from the pack on the floor
    Descend()           go down the stairs (or out, on the last level), out of a fight
    Order(order)        the companion's order: 0 follow, 1 hold, 2 attack my target (free)
    Pursue(follow)      after bumping a foe who stepped away: 1 follow him, 0 stay
    Declare(action)     the hero's declaration in his fight: a Line or Done of
                        game/modes/bout/actions.py
    Seal(seat, digest)  co-op (coop.py): a hero's sealed key for this step, the first 16 bytes
                        of the bout's commitment (game/modes/bout/commit.py) of key + salt
    Open(seat, salt, key)  co-op: the key itself (the ints of a Step, Turn, Use, Equip, Drop
                        or Descend) and the 16-byte salt; an empty key forfeits the step (waits)

Every action but Order, Declare, Seal and Open is the hero's commit for one dungeon step.
Seal and Open are only legal in a co-op run; their kinds (9, 10) come after the others, so
every older replay reads as before.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

from game.modes.base import Action, ActionError
from game.modes.bout import actions as BA

MAX_VALUE = 255


@dataclass(frozen=True)
class Step(Action):
    dir: int


@dataclass(frozen=True)
class Turn(Action):
    dir: int


@dataclass(frozen=True)
class Use(Action):
    slot: int


@dataclass(frozen=True)
class Equip(Action):
    slot: int


@dataclass(frozen=True)
class Drop(Action):
    slot: int


@dataclass(frozen=True)
class Descend(Action):
    pass


@dataclass(frozen=True)
class Order(Action):
    order: int


@dataclass(frozen=True)
class Pursue(Action):
    follow: int


@dataclass(frozen=True)
class Declare(Action):
    action: object          # a bout Line or Done


@dataclass(frozen=True)
class Seal(Action):
    seat: int
    digest: bytes


@dataclass(frozen=True)
class Open(Action):
    seat: int
    salt: bytes
    key: tuple = ()         # the ints of a step key (encode), () = forfeit: the hero waits


KINDS = (Step, Turn, Use, Equip, Drop, Descend, Order, Pursue, Declare, Seal, Open)
KEYS = (Step, Turn, Use, Equip, Drop, Descend)      # what a co-op hero seals for a step
SECRET_BYTES = BA.SECRET_BYTES
MAX_INTS = 1 + 1 + SECRET_BYTES + 2
NAMES = tuple(k.__name__.lower() for k in KINDS)
DECLARABLE = (BA.Line, BA.Done)


def encode(action) -> list[int]:
    if isinstance(action, Declare):
        return [KINDS.index(Declare), *BA.encode(action.action)]
    if isinstance(action, Seal):
        return [KINDS.index(Seal), action.seat, *action.digest]
    if isinstance(action, Open):
        return [KINDS.index(Open), action.seat, *action.salt, *action.key]
    return [KINDS.index(type(action)), *astuple(action)]


def decode(data) -> object:
    """A list of ints -> an action (shape and ranges only; legality is the game's `check`)."""
    if isinstance(data, KINDS):
        return data
    if not isinstance(data, (list, tuple)) or not data:
        raise ActionError(f"dungeon action: expected a non-empty list of integers, got {data!r}"[:200])
    if len(data) > MAX_INTS:
        raise ActionError(f"dungeon action: {len(data)} numbers, at most {MAX_INTS}")
    for v in data:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_VALUE:
            raise ActionError(f"dungeon action: {v!r} is not an integer 0-{MAX_VALUE}"[:200])
    kind = data[0]
    if not 0 <= kind < len(KINDS):
        raise ActionError(f"dungeon action: unknown kind {kind}, expected 0-{len(KINDS) - 1}")
    cls = KINDS[kind]
    if cls is Declare:
        inner = BA.decode(list(data[1:]))
        if not isinstance(inner, DECLARABLE):
            raise ActionError("dungeon action: declare takes a bout declaration (a line or done)")
        return Declare(inner)
    if cls is Seal:
        if len(data) != 2 + SECRET_BYTES:
            raise ActionError(f"dungeon action: seal takes a seat and {SECRET_BYTES} bytes, got {len(data) - 1} numbers")
        return Seal(data[1], bytes(data[2:]))
    if cls is Open:
        if not 2 + SECRET_BYTES <= len(data) <= MAX_INTS:
            raise ActionError(f"dungeon action: open takes a seat, {SECRET_BYTES} bytes of salt and a key of "
                              f"at most 2 numbers, got {len(data) - 1} numbers")
        key = tuple(data[2 + SECRET_BYTES:])
        if key:
            inner = decode(list(key))
            if not isinstance(inner, KEYS):
                raise ActionError(f"dungeon action: open reveals a step key, not a {type(inner).__name__.lower()}")
        return Open(data[1], bytes(data[2:2 + SECRET_BYTES]), key)
    n = len(cls.__dataclass_fields__)
    if len(data) != 1 + n:
        raise ActionError(f"dungeon action: {NAMES[kind]} takes {n} numbers, got {len(data) - 1}")
    return cls(*data[1:])
