"""The duel over the cable: what its link hook (hooks.py `DuelLink`) needs - START's bytes and
the content hash. The game is a Match like any duel; the link layer plays it.

A *whole turn* (its steps and its final action) is one lockstep move, sent the moment the turn
is complete: one TURN frame a turn, its payload the turn's legal-choice code (`turn_code`, 0..3
bytes, 1.67 on average) and the 1-byte chained state hash. That keeps a linked duel within
DESIGN.md's 8 framed bytes a turn (both directions, acks included; `./dev bench link`); sending
each step on its own cost ~31 B a turn, because every frame carries at least 4 bytes of header,
CRC and delimiter. The other unit's screen then shows the turn's steps one by one as it applies
them (the duel's linked screen, in its UI part), as it shows a bot's.

A wizard's steps (a person's or a bot's) are applied to the Match as they are made - the screen
shows them at once - and the turn goes out when its final action is made, coded against the
game as the turn found it. The host checks every guest turn: a turn that does not decode is not
legal on its state (`turn_code.decode` accepts exactly the legal turns), so the lockstep rolls
the guest back with a snapshot and it plays the turn again.

Structural only: nothing here imports firmware_bridge (the engine stays below the link).
"""

from __future__ import annotations

from game.core.canon import canonical_hash

from . import turn_code
from .match import RULES_HASH


def link_rules_hash() -> bytes:
    """The duel's content at hello: the rules (replays' `RULES_HASH`) and the TURN payload version,
    so units that would not understand each other's turns refuse at hello ("different Wizard duel
    rules") instead of resyncing every turn. Replays keep `RULES_HASH`: their actions are codes."""
    return bytes.fromhex(canonical_hash({"rules": RULES_HASH, "link_turn_code": turn_code.LINK_TURN_CODE}))


def encode_duel_setup(options, max_turns: int) -> bytes:
    """START's duel bytes: the options byte (FoV, potions, level size), the turn limit (2 bytes)."""
    if not 1 <= max_turns <= 0xFFFF:
        raise ValueError(f"turn limit {max_turns}: expected 1..65535")
    return bytes([options.to_byte(), max_turns >> 8, max_turns & 255])


def decode_duel_setup(data: bytes):
    from .options import DuelOptions
    if len(data) != 3:
        raise ValueError(f"duel setup: {len(data)} bytes, expected 3")
    max_turns = data[1] << 8 | data[2]
    if max_turns < 1:
        raise ValueError("duel setup: turn limit 0")
    return DuelOptions.from_byte(data[0]), max_turns
