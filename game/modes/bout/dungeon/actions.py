"""Dungeon actions: small tuples of ints, the same from the d-pad, in replays and in saves.

    (STEP, d)            d 0-7 a direction (0 north, clockwise), 8 wait: the step's key
    (TURN, d)            face d on the spot (a wait: a defensive throw at s1)
    (USE, slot)          take a painkiller from the pack (out of a fight)
    (EQUIP, slot)        take up a weapon, shield or armour from the pack (out of a fight)
    (DROP, slot)         put an item from the pack on the floor
    (DESCEND,)           go down the stairs (or out, on the last level), out of a fight
    (ORDER, o)           the companion's order: 0 follow, 1 hold, 2 attack my target (free)
    (PURSUE, yes)        after bumping a foe who stepped away: 1 follow him, 0 stay
    (DECLARE, *bout)     a bout declaration with dungeon fighter numbers: FOOTING, ATTACK,
                         DEFEND, BUY or PASS of game/modes/bout/actions.py

Every action but ORDER and DECLARE is the hero's commit for one dungeon step.
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.bout import actions as BA

STEP, TURN, USE, EQUIP, DROP, DESCEND, ORDER, PURSUE, DECLARE = range(9)
NAMES = ("step", "turn", "use", "equip", "drop", "descend", "order", "pursue", "declare")
LENGTHS = {STEP: 2, TURN: 2, USE: 2, EQUIP: 2, DROP: 2, DESCEND: 1, ORDER: 2, PURSUE: 2}
DECLARABLE = (BA.FOOTING, BA.ATTACK, BA.DEFEND, BA.BUY, BA.PASS)
MAX_VALUE = 255


def encode(action) -> list[int]:
    return list(action)


def decode(data) -> tuple:
    """Check shape and ranges only (legality is the game's `check`); raises ActionError."""
    if not isinstance(data, (list, tuple)) or not data:
        raise ActionError(f"dungeon action: expected a non-empty list of integers, got {data!r}"[:200])
    if len(data) > 12:
        raise ActionError(f"dungeon action: {len(data)} numbers, at most 12")
    for v in data:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_VALUE:
            raise ActionError(f"dungeon action: {v!r} is not an integer 0-{MAX_VALUE}"[:200])
    kind = data[0]
    if kind == DECLARE:
        if len(data) < 3 or data[1] not in DECLARABLE:
            raise ActionError("dungeon action: declare takes a bout declaration (footing, attack, defend, buy or pass)")
        if len(data) - 1 != BA.LENGTHS[data[1]]:
            raise ActionError(f"dungeon action: declare {BA.NAMES[data[1]]} takes {BA.LENGTHS[data[1]]} numbers, got {len(data) - 1}")
        return tuple(data)
    if kind not in LENGTHS:
        raise ActionError(f"dungeon action: unknown kind {kind}, expected 0-{len(NAMES) - 1}")
    if len(data) != LENGTHS[kind]:
        raise ActionError(f"dungeon action: {NAMES[kind]} takes {LENGTHS[kind]} numbers, got {len(data)}")
    return tuple(data)
