"""(Engine 1, frozen: verifies replays recorded before the engagement rules.) Bout actions: small tuples of ints, the same on screen, in replays and on the wire.

    (MOVE, f, dir)                               dir 0-7 clockwise from north, 8 = wait
    (FOOTING, f, dice)                           multiple-opponent terrain roll
    (ORIENT, f, stance, colour)                  secret throw: colour 0 white (defend), 1 red (attack)
    (ATTACK, f, target, maneuver, zone, dice, extra)
    (DEFEND, f, attacker, maneuver, dice, extra)
    (BUY, f, attacker, maneuver, zone, dice, extra)   buy initiative: answer an attack with one
    (PASS, f)                                    no attack / no defence
    (COMMIT, f, d0..d15)                         secret mode: 16-byte commitment of a throw
    (REVEAL, f, stance, colour, s0..s15)         secret mode: the throw and its 16-byte salt
"""

from __future__ import annotations

from game.modes.base import ActionError

MOVE, FOOTING, ORIENT, ATTACK, DEFEND, BUY, PASS, COMMIT, REVEAL = range(9)
NAMES = ("move", "footing", "orient", "attack", "defend", "buy", "pass", "commit", "reveal")
SECRET_BYTES = 16
FORFEIT = 255          # REVEAL stance: the throw is forfeited (taken as white, first stance)
LENGTHS = {MOVE: 3, FOOTING: 3, ORIENT: 4, ATTACK: 7, DEFEND: 6, BUY: 7, PASS: 2,
           COMMIT: 2 + SECRET_BYTES, REVEAL: 4 + SECRET_BYTES}
MAX_VALUE = 255
DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, 0))


def encode(action) -> list[int]:
    return list(action)


def decode(data) -> tuple:
    """Check shape and ranges only (legality is `BoutGame.check`); raises ActionError."""
    if not isinstance(data, (list, tuple)) or not data:
        raise ActionError(f"bout action: expected a non-empty list of integers, got {data!r}")
    if len(data) > 4 + SECRET_BYTES:
        raise ActionError(f"bout action: {len(data)} numbers, at most {4 + SECRET_BYTES}")
    for v in data:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_VALUE:
            raise ActionError(f"bout action: {v!r} is not an integer 0-{MAX_VALUE}")
    kind = data[0]
    if kind not in LENGTHS:
        raise ActionError(f"bout action: unknown kind {kind}, expected 0-{len(LENGTHS) - 1}")
    if len(data) != LENGTHS[kind]:
        raise ActionError(f"bout action: {NAMES[kind]} takes {LENGTHS[kind]} numbers, got {len(data)}")
    return tuple(data)
