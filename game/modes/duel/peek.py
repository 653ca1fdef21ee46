"""A step's preview for the other unit's screen (issue 20: "Moves are sent immediately" wins on
what the player sees). While a wizard walks, each step goes out at once as a link PEEK frame
(unacknowledged, never resent: firmware_bridge.reliable.send_peek); the turn itself still
crosses as the one compact lockstep move, and only it changes the game.

    payload = turn & 0xFF ‖ step number (1..5) ‖ direction (0..7)        3 bytes

A query module: nothing here changes a game. `decode_peek` is total (None for anything that is
not exactly such a payload); `peek_cell` says where the step leads, or None when the step does
not fit the game as this unit knows it (a stale or forged preview is then not shown).
"""

from __future__ import annotations

from .state import DIRS, MAX_STEPS

PEEK_LEN = 3


def encode_peek(turn: int, number: int, direction: int) -> bytes:
    if not 1 <= number <= MAX_STEPS or not 0 <= direction < len(DIRS):
        raise ValueError(f"no such step preview: step {number}, direction {direction}")
    return bytes((turn & 0xFF, number, direction))


def decode_peek(data) -> tuple[int, int, int] | None:
    """(turn byte, step number, direction), or None when `data` is not a step preview."""
    if not isinstance(data, (bytes, bytearray)) or len(data) != PEEK_LEN:
        return None
    turn, number, direction = data
    if not 1 <= number <= MAX_STEPS or direction >= len(DIRS):
        return None
    return turn, number, direction


def peek_cell(state, mover: int, at: int, direction: int) -> int | None:
    """The cell a step of `mover` from `at` in `direction` leads to, if it can be walked."""
    n = state.layout.size
    x, y = at % n + DIRS[direction][0], at // n + DIRS[direction][1]
    if not (0 <= x < n and 0 <= y < n):
        return None
    cell = y * n + x
    if not state.layout.is_open(cell) or cell == state.wizards[1 - mover].pos:
        return None
    return cell
