"""Skirmish between two linked units: each unit plays its own seats (humans or bots). What its
link hook (hooks.py `SkirmishLink`) needs: START's bytes and the actions' wire form; the game
itself is a Match like any battle (`game.link` plays it). Nothing here imports firmware_bridge.

The host (controller) picks ruleset, map, options and who sits where; all of it travels in the
START message's option bytes (`encode_setup`), the shared seed decides the rest. Actions are 1-4
bytes; the host's `is_legal` is the engine's own rule check (WoS: "the host may alter your turn").
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish.match import new_header
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import CONTROLLERS, SLOTS, Participant
from game.rules.skirmish.model import Ruleset

SETUP_VERSION = 1
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
            raise ValueError(f"setup version {data[0] if data else None}, expected {SETUP_VERSION}")
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


def encode_wire(a) -> bytes:
    """An action as TURN bytes: a walk 4 (kind, piece, cell as 2 bytes), the others 1-2."""
    v = A.encode_action(a)
    if v[0] == 0:
        return bytes([0, v[1], v[2] >> 8, v[2] & 255])
    return bytes(v)


def decode_wire(data: bytes):
    """Inverse of `encode_wire`; ValueError (ActionError) for anything malformed."""
    b = bytes(data)
    if not b:
        raise ActionError("empty skirmish action")
    if b[0] == 0 and len(b) == 4:
        return A.decode_action([0, b[1], b[2] << 8 | b[3]])
    if b[0] == 0:
        raise ActionError(f"walk takes 3 bytes, got {len(b) - 1}")
    return A.decode_action(list(b))
