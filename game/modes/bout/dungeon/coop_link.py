"""Dungeon co-op between two linked units: the bout's link hook (hooks.py `BoutLink`) sends a
co-op run here. Seat 0 (the first hero) is the host's, seat 1 (the second) the guest's; the
foes are the dungeon's, played alike by both units from the shared seed.

START's setup bytes (after the link's mode tag "bout"):

    0xD0, len, dungeon content hash (len bytes, 1..32)

The guest refuses a setup whose dungeon differs from its own (the units would not walk the
same levels). A move is one dungeon action as its ints, one byte each (`actions.encode`): a
Seal is 0x09, seat, 16 bytes; an Open 0x0A, seat, 16 bytes of salt, 0-2 key bytes; a Declare
0x08 and the bout's declaration. The decoder takes at most `actions.MAX_INTS` bytes.
"""

from __future__ import annotations

from game.modes.bout.dungeon import actions as A

COOP_TAG = 0xD0
MAX_HASH = 32


def is_coop_setup(setup: bytes) -> bool:
    return bool(setup) and setup[0] == COOP_TAG


def encode_setup(data) -> bytes:
    h = bytes.fromhex(data.content_hash)[:MAX_HASH]
    return bytes([COOP_TAG, len(h)]) + h


def check_setup(rules, setup: bytes):
    """The dungeon the setup names, when it is this unit's (ValueError otherwise)."""
    from game.modes.bout.dungeon.hooks import load_data
    setup = bytes(setup)
    if len(setup) < 2 or setup[0] != COOP_TAG or not 1 <= setup[1] <= MAX_HASH or len(setup) != 2 + setup[1]:
        raise ValueError("dungeon co-op setup: expected 0xD0, a length 1-32 and the dungeon's hash")
    data = load_data(rules)
    if bytes.fromhex(data.content_hash)[:MAX_HASH] != setup[2:]:
        raise ValueError("dungeon co-op: the other unit's dungeon differs from this unit's")
    return data


def header(rules, seed: int, setup: bytes):
    from game.modes.bout.match import coop_header
    data = check_setup(rules, setup)
    return coop_header(rules, data, seed, ["human", "human"])


def encode_move(action) -> bytes:
    return bytes(A.encode(action))


def decode_move(data: bytes) -> list:
    data = bytes(data)
    if not 1 <= len(data) <= A.MAX_INTS:
        raise ValueError(f"dungeon co-op move: {len(data)} bytes, expected 1-{A.MAX_INTS}")
    return [A.decode(list(data))]               # ActionError is a ValueError


def restore(match, snap: dict):
    from game.modes.bout.dungeon.coop import CoopGame
    game = CoopGame.restore(match.rules, snap)
    game.state_hash()
    return game


def new_bot(match, seat: int, level: str, entropy=None):
    from game.modes.bout.dungeon.botplay import CoopBot
    return CoopBot(level, match.header.seed, seat, entropy)


def summary(match) -> dict:
    g = match.game
    out = {"mode": "bout", "scenario": "dungeon", "coop": True, **g.summary(), "state_hash": g.state_hash(),
           "turns": g.turn}
    return out
