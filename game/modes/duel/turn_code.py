"""The duel's turn on the cable: a whole turn as one number over the choices that were legal.

A turn is up to five steps and one final action. Both units hold the same state, so the sender
only says *which* of the legal choices was taken at each point, and the receiver, replaying the
turn on a copy of its state, knows how many choices there were:

    at each step point (fewer than 5 steps taken): radix 1 + L, digit 0 = "no more steps",
        digit j = the j-th legal step in direction order (N E S W NE SE SW NW)
    then the final action: radix F = the legal final actions in this order: the dealt spells
        1..3, end turn, pick up, drink from the ground, drink inventory slot 1..9

The digits make one mixed-radix number, the first step digit least significant and the final
action most significant: value = d1 + R1*(d2 + R2*(... + Rk*f)). It goes on the wire as the
shortest little-endian byte string (0 -> no bytes at all), at most 3 bytes: 9^5 * 15 < 2^24.
In bot duels a turn takes 1.67 bytes on average (the stateless `wire.pack_turn` takes 2.36,
one byte per step and action about 4).

The code is a bijection between legal turns and byte strings: `decode` accepts exactly the
strings `encode` makes. Anything else (more than 3 bytes, a zero last byte, a number left over
past the final action, a game that is over) is an `ActionError` naming the frame and what is
wrong, and changes nothing. Decoding is bounded: at most 6 digits, each applied to a private
copy of the state.

Version 2 of the duel's link payload (version 1 sent one byte per step and action); units with
another version refuse each other at hello (`LINK_TURN_CODE` is part of the duel's link content).
"""

from __future__ import annotations

from game.modes.base import ActionError

from .actions import ACTIONS, CAST_CODE, DRINK_CODE, DRINK_GROUND_CODE, END_CODE, PICK_UP_CODE, Action
from .game import DuelGame
from .state import DIRS, INVENTORY_SIZE, MAX_STEPS, SPELLS_DEALT, DuelState

LINK_TURN_CODE = 2            # the duel's TURN payload version (1: one byte per step or action)
MAX_TURN_BYTES = 3
WHAT = "duel turn frame"


def legal_steps(game: DuelGame) -> list[Action]:
    """The steps legal now, in direction order (empty once five were taken)."""
    st = game.state
    if st.over or st.steps >= MAX_STEPS:
        return []
    w, other, layout = st.wizards[st.current], st.wizards[1 - st.current].pos, st.layout
    out = []
    for d in range(len(DIRS)):
        dst = layout.grid.step[w.pos][d]
        if dst >= 0 and layout.is_open(dst) and dst != other:
            out.append(ACTIONS[d])
    return out


def legal_finals(game: DuelGame) -> list[Action]:
    """The final actions legal now, in wire order (spells first: they are the usual choice)."""
    st = game.state
    if st.over:
        return []
    w = st.wizards[st.current]
    out = [ACTIONS[CAST_CODE + i] for i in range(min(len(st.dealt), SPELLS_DEALT))]
    out.append(ACTIONS[END_CODE])
    if w.pos in st.ground:
        if len(w.inventory) < INVENTORY_SIZE:
            out.append(ACTIONS[PICK_UP_CODE])
        out.append(ACTIONS[DRINK_GROUND_CODE])
    out.extend(ACTIONS[DRINK_CODE + i] for i in range(min(len(w.inventory), INVENTORY_SIZE)))
    return out


def _trial(state: DuelState) -> DuelGame:
    return DuelGame(state.clone())


def _check_shape(turn) -> tuple[list[Action], Action]:
    if not isinstance(turn, (list, tuple)) or not turn or any(not isinstance(a, Action) for a in turn):
        raise ActionError(f"{WHAT}: a turn is a non-empty sequence of duel actions, got {turn!r}")
    *steps, final = turn
    if any(not a.is_step for a in steps) or final.is_step:
        raise ActionError(f"{WHAT}: a turn is steps followed by one final action")
    return steps, final


def encode(state: DuelState, turn) -> bytes:
    """The bytes of `turn` (steps then a final action) played from `state` (left unchanged).
    ActionError if the turn is not legal there."""
    steps, final = _check_shape(turn)
    g = _trial(state)
    if g.is_over():
        raise ActionError(f"{WHAT}: the duel is over")
    digits: list[tuple[int, int]] = []                  # (digit, radix), least significant first
    for a in steps:
        options = legal_steps(g)
        if a not in options:
            raise ActionError(f"{WHAT}: {a} is not legal at step {g.state.steps + 1}")
        digits.append((options.index(a) + 1, len(options) + 1))
        g.apply(a)
    if g.state.steps < MAX_STEPS:
        digits.append((0, len(legal_steps(g)) + 1))
    finals = legal_finals(g)
    if final not in finals:
        raise ActionError(f"{WHAT}: {final} is not legal after {len(steps)} step(s)")
    value = finals.index(final)
    for d, r in reversed(digits):
        value = value * r + d
    return value.to_bytes((value.bit_length() + 7) // 8, "little")


def decode(state: DuelState, data) -> tuple[Action, ...]:
    """The turn `data` encodes when played from `state` (left unchanged); ActionError naming the
    frame for anything `encode` cannot have made."""
    if not isinstance(data, (bytes, bytearray)):
        raise ActionError(f"{WHAT}: expected bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) > MAX_TURN_BYTES:
        raise ActionError(f"{WHAT}: {len(data)} bytes, a turn takes at most {MAX_TURN_BYTES}")
    if data and data[-1] == 0:
        raise ActionError(f"{WHAT}: {data.hex()} ends in a zero byte (not the shortest form)")
    value = int.from_bytes(data, "little")
    g = _trial(state)
    if g.is_over():
        raise ActionError(f"{WHAT}: the duel is over")
    turn: list[Action] = []
    while g.state.steps < MAX_STEPS:                     # at most 5 step digits
        options = legal_steps(g)
        value, d = divmod(value, len(options) + 1)
        if d == 0:
            break
        a = options[d - 1]
        g.apply(a)
        turn.append(a)
    finals = legal_finals(g)
    if value >= len(finals):
        raise ActionError(f"{WHAT}: {data.hex()} does not name a legal turn "
                          f"(final action {value} of {len(finals)} after {len(turn)} step(s))")
    turn.append(finals[value])
    return tuple(turn)
