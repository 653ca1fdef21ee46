"""Skirmish between two linked units: each unit plays its own seats (humans or bots). What its
link hook (hooks.py `SkirmishLink`) needs: START's bytes and the actions' wire form; the game
itself is a Match like any battle (`game.link` plays it). Nothing here imports firmware_bridge.

The host (controller) picks ruleset, map, options and who sits where; all of it travels in the
START message's option bytes (`encode_setup`), the shared seed decides the rest. Actions are 1-3
bytes (wire version 2, docs/protocol.md: "Skirmish's TURN payload"); the host's `is_legal` is the
engine's own rule check (WoS: "the host may alter your turn").
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish.match import new_header
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import CONTROLLERS, SLOTS, Participant
from game.rules.skirmish.model import Ruleset

# The Skirmish link's version, START's first setup byte: units of another version refuse the
# battle at START. 2 (2026-11): the compact TURN payload below (1: kind, piece, cell as 1-4 bytes).
SETUP_VERSION = 2
HOST, GUEST = 0, 1
MAX_UNITS = 4              # a LAN lobby's units (issue 22): owner 0 the host, 1..3 its guests


@dataclass(frozen=True)
class LinkedSeat:
    owner: int                 # HOST, GUEST, or in a lobby of more units 2..3
    participant: Participant


def encode_setup(rs: Ruleset, map_id: str, options: Options, seats: list[LinkedSeat]) -> bytes:
    """version, map index, pieces/turn, army limit, turn limit (2), n, then per seat:
    owner<<4 | controller, 9 slot bytes (piece index + 1, 0 = empty), name length, name (UTF-8, <= 16)."""
    idx = [m.id for m in rs.maps].index(map_id)
    out = bytearray([SETUP_VERSION, idx, options.pieces_per_turn, options.army_limit,
                     options.turn_limit >> 8 & 255, options.turn_limit & 255, len(seats)])
    for s in seats:
        p = s.participant
        out.append(s.owner << 4 | CONTROLLERS.index(p.controller))
        army = list(p.army) + [""] * (SLOTS - len(p.army))
        out += bytes(rs.piece(pid).index + 1 if pid else 0 for pid in army)
        name = p.name.encode("utf-8")[:16]
        out += bytes([len(name)]) + name
    return bytes(out)


def decode_setup(rs: Ruleset, data: bytes) -> tuple[str, Options, list[LinkedSeat]]:
    try:
        if len(data) < 7 or data[0] != SETUP_VERSION:
            raise ValueError(f"the other unit speaks Skirmish link version {data[0] if data else None}, this "
                             f"unit version {SETUP_VERSION}: update the older unit")
        mi, ppt, limit, tl_hi, tl_lo, n = data[1:7]
        if mi >= len(rs.maps) or not 2 <= n <= 4:
            raise ValueError(f"map index {mi} or seat count {n} out of range")
        options = Options.from_data({"pieces_per_turn": ppt, "army_limit": limit, "turn_limit": tl_hi << 8 | tl_lo})
        pos, seats = 7, []
        for _ in range(n):
            head = data[pos]
            owner, ctrl = head >> 4, head & 15
            if owner >= MAX_UNITS or ctrl >= len(CONTROLLERS):
                raise ValueError(f"seat byte {head:#x}")
            slots = data[pos + 1:pos + 1 + SLOTS]
            if len(slots) != SLOTS or any(v > len(rs.pieces) for v in slots):
                raise ValueError("army slots out of range")
            army = tuple(rs.pieces[v - 1].id if v else "" for v in slots)
            ln = data[pos + 1 + SLOTS]
            name = data[pos + 2 + SLOTS:pos + 2 + SLOTS + ln].decode("utf-8")
            pos += 2 + SLOTS + ln
            seats.append(LinkedSeat(owner, Participant(name, CONTROLLERS[ctrl], army)))
        if pos != len(data):
            raise ValueError(f"{len(data) - pos} stray bytes")
    except (IndexError, UnicodeDecodeError, ActionError) as exc:
        raise ValueError(f"skirmish setup: {exc}") from None
    except ValueError as exc:
        raise ValueError(f"skirmish setup: {exc}") from None
    return rs.maps[mi].id, options, seats


def linked_header(rs: Ruleset, seed: int, setup: bytes):
    """The Match header START's bytes describe; `meta.units` names the unit of each participant
    (HOST or GUEST). ValueError for bad bytes."""
    map_id, options, seats = decode_setup(rs, setup)
    header = new_header(rs, rs.map(map_id), [s.participant for s in seats], seed, options)
    header.meta = {"units": [s.owner for s in seats]}
    return header


# --- a move on the wire (TURN payload before the chained hash), wire version 2 -------------------
# One byte names the action and its piece; a walk adds where to, as the step from the piece's own
# cell when that is short (both units hold the state the move is made in: lockstep), else the
# cell. Pieces are numbered below MAX_PIECES (4 armies of 9 slots: 36).
MAX_PIECES = 60
ATTACK, STAY, WALK_NEAR, WALK_FAR = 0x00, 0x40, 0x80, 0xC0      # + the piece (target) number
SKIP_ATTACK, END_TURN = 0x3C, 0x3D                              # in the attack group, past the pieces
NEAR = range(-8, 8)                     # a near walk's dx and dy (grid coordinates: axial on hex)


def _piece_no(p: int) -> int:
    if not 0 <= p < MAX_PIECES:
        raise ActionError(f"piece {p} cannot be sent (pieces are numbered 0..{MAX_PIECES - 1})")
    return p


def _near_step(game, piece: int, cell: int) -> int | None:
    """The walk's (dx, dy) from the piece's cell as one byte (dx, dy in -8..7), or None."""
    grid = game.grid
    if not 0 <= piece < len(game.pieces) or not grid.is_cell(cell):
        return None
    x0, y0 = grid.coords(game.pieces[piece].cell)
    x1, y1 = grid.coords(cell)
    if x1 - x0 in NEAR and y1 - y0 in NEAR:
        return (x1 - x0) % 16 << 4 | (y1 - y0) % 16
    return None


def encode_wire(a, game) -> bytes:
    """An action as TURN bytes, against `game` as the action finds it: attack, skip attack, end
    turn, stay 1 byte; a walk 2 (piece, step from its cell) or 3 (piece, cell as 2 bytes)."""
    if isinstance(a, A.Attack):
        return bytes([ATTACK | _piece_no(a.target)])
    if isinstance(a, A.SkipAttack):
        return bytes([SKIP_ATTACK])
    if isinstance(a, A.EndTurn):
        return bytes([END_TURN])
    if isinstance(a, A.Stay):
        return bytes([STAY | _piece_no(a.piece)])
    if isinstance(a, A.Walk):
        p = _piece_no(a.piece)
        step = _near_step(game, a.piece, a.cell)
        if step is not None:
            return bytes([WALK_NEAR | p, step])
        if not 0 <= a.cell < 1 << 16:
            raise ActionError(f"cell {a.cell} cannot be sent")
        return bytes([WALK_FAR | p, a.cell >> 8, a.cell & 255])
    raise ActionError(f"not a skirmish action: {a!r}")


def decode_wire(data: bytes, game):
    """Inverse of `encode_wire` on the same state; ActionError (a ValueError) for anything
    malformed: empty, a number past the pieces, a byte too many or too few, a near walk of a
    piece that does not exist or off the map. What decodes may still be illegal (the host's
    `is_legal` decides: WoS "the host may alter your turn")."""
    b = bytes(data)
    if not b:
        raise ActionError("empty skirmish action")
    group, n, rest = b[0] & 0xC0, b[0] & 0x3F, b[1:]
    want = {ATTACK: 0, STAY: 0, WALK_NEAR: 1, WALK_FAR: 2}[group]
    if len(rest) != want:
        raise ActionError(f"skirmish action {b[0]:#04x} takes {want} more byte(s), got {len(rest)}")
    if group == ATTACK:
        if n < MAX_PIECES:
            return A.Attack(n)
        if n in (SKIP_ATTACK, END_TURN):
            return A.SkipAttack() if n == SKIP_ATTACK else A.EndTurn()
        raise ActionError(f"unknown skirmish action {b[0]:#04x}")
    if n >= MAX_PIECES:
        raise ActionError(f"skirmish action {b[0]:#04x}: no piece {n}")
    if group == STAY:
        return A.Stay(n)
    if group == WALK_FAR:
        return A.Walk(n, rest[0] << 8 | rest[1])
    if n >= len(game.pieces):
        raise ActionError(f"near walk of piece {n}: there is no such piece")
    dx, dy = (rest[0] >> 4 ^ 8) - 8, (rest[0] & 15 ^ 8) - 8
    x0, y0 = game.grid.coords(game.pieces[n].cell)
    cell = game.grid.cell_at(x0 + dx, y0 + dy)
    if cell < 0:
        raise ActionError(f"near walk of piece {n} by ({dx}, {dy}) leaves the map")
    return A.Walk(n, cell)
