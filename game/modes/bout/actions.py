"""Combat actions: small frozen records, the same on screen, in replays and on the wire.

On the wire and in replay files an action is a short list of ints 0..255: its kind, the fighter,
then its fields in order (-1, "nobody", is written 255).

    Move(f, dir)                     the arena's step: dir 0-7 clockwise from north, 8 = wait
    Orient(f, orientation, stance, footing)   step 0/1: the secret orientation (+ stance, footing dice)
    Commit(f, digest)                secret mode: 16-byte commitment of an Orient
    Reveal(f, orientation, stance, footing, salt)   secret mode: the Orient and its 16-byte salt
    Target(f, foe)                   step 1/1: the one foe he targets
    Line(f, kind, foe, man, zone, dice, extra, reflex_buy, terrain)   step 2/1: one declared line
    Done(f)                          step 2/1: no more lines (alone: "do nothing")
    Aim(f, foe)                      a step spent aiming a missile weapon at foe
    Shoot(f, foe, zone)              loose the missile; it resolves at the next step
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, fields

from game.modes.base import Action, ActionError

SECRET_BYTES = 16
FORFEIT = 255          # Reveal orientation: the throw is forfeited (taken as Defensive)
AUTO_ORIENT = 3        # Orient of a fighter who fights on (consts.AUTO): only his footing dice
MAX_VALUE = 255
DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, 0))
WAIT = 8


@dataclass(frozen=True)
class Move(Action):
    f: int
    dir: int


@dataclass(frozen=True)
class Orient(Action):
    f: int
    orientation: int
    stance: int = 0
    footing: int = 0


@dataclass(frozen=True)
class Commit(Action):
    f: int
    digest: bytes


@dataclass(frozen=True)
class Reveal(Action):
    f: int
    orientation: int
    stance: int
    footing: int
    salt: bytes


@dataclass(frozen=True)
class Target(Action):
    f: int
    foe: int


@dataclass(frozen=True)
class Line(Action):
    f: int
    kind: int              # consts.ATTACK .. consts.QUICK_DEFEND
    foe: int               # -1: nobody in particular (pre-emptive defence) / everyone (flee)
    man: int               # rules.maneuvers index
    zone: int = 0          # target zone (attacks, ripostes)
    dice: int = 0
    extra: int = 0         # extra CP (cut, feint) or the second portion's dice
    reflex_buy: int = 0    # force-entering: CP spent to win back halved Reflex
    terrain: int = 0       # force-entering: dice for the terrain roll


@dataclass(frozen=True)
class Done(Action):
    f: int


@dataclass(frozen=True)
class Aim(Action):
    f: int
    foe: int


@dataclass(frozen=True)
class Shoot(Action):
    f: int
    foe: int
    zone: int = 0


KINDS = (Move, Orient, Commit, Reveal, Target, Line, Done, Aim, Shoot)
NAMES = tuple(k.__name__.lower() for k in KINDS)
_BYTES = {Commit: "digest", Reveal: "salt"}


def _length(cls) -> int:
    n = 1 + sum(1 for x in fields(cls) if x.name not in ("digest", "salt"))
    return n + (SECRET_BYTES if cls in _BYTES else 0)


LENGTHS = {cls: _length(cls) for cls in KINDS}


def encode(action) -> list[int]:
    """[kind, field, ...] with -1 as 255 and the 16 secret bytes at the end."""
    cls = type(action)
    out = [KINDS.index(cls)]
    for x in fields(cls):
        v = getattr(action, x.name)
        if isinstance(v, bytes):
            out.extend(v)
        else:
            out.append(255 if v == -1 else v)
    return out


def decode(data) -> object:
    """An action from its list of ints; checks shape and ranges only (legality is the game's
    `check`); raises ActionError. An action object passes through unchanged."""
    if type(data) in KINDS:
        return data
    if isinstance(data, tuple) and data and type(data[0]) in KINDS:
        raise ActionError("bout action: a tuple of actions")
    if not isinstance(data, (list, tuple)) or not data:
        raise ActionError(f"bout action: expected a non-empty list of integers, got {data!r}")
    if len(data) > 1 + 5 + SECRET_BYTES:
        raise ActionError(f"bout action: {len(data)} numbers, at most {6 + SECRET_BYTES}")
    for v in data:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_VALUE:
            raise ActionError(f"bout action: {v!r} is not an integer 0-{MAX_VALUE}")
    k = data[0]
    if k >= len(KINDS):
        raise ActionError(f"bout action: unknown kind {k}, expected 0-{len(KINDS) - 1}")
    cls = KINDS[k]
    if len(data) != LENGTHS[cls]:
        raise ActionError(f"bout action: {NAMES[k]} takes {LENGTHS[cls]} numbers, got {len(data)}")
    vals, i = [], 1
    for x in fields(cls):
        if x.name in ("digest", "salt"):
            vals.append(bytes(data[i:i + SECRET_BYTES]))
            i += SECRET_BYTES
        else:
            v = data[i]
            vals.append(-1 if v == 255 and x.name == "foe" else v)
            i += 1
    return cls(*vals)


def as_list(action) -> list[int]:
    return encode(action)


def fields_of(action) -> tuple:
    return astuple(action)
