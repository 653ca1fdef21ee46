"""Compact encodings of the duel for the cable link: actions, whole turns, seeds, chat.

    action       1 byte: the action code (`actions.py`)
    turn         1..3 bytes: steps k (3 bits), final action code - 8 (4 bits), then k step
                 directions (3 bits each), LSB first: no steps or one step and the final
                 action in 1-2 bytes, five steps in 3
    seed form    10 bytes: format/version byte, options byte, seed (u64 little-endian); the
                 guest regenerates the whole game from it
    chat         0x01 phrase-id, or 0x02 length utf-8-bytes (at most 60 characters)

Every decoder raises ValueError (ActionError for actions, a ValueError subclass) naming what is
wrong; nothing is half-decoded.
"""

from __future__ import annotations

from game.modes.base import ActionError

from .actions import ACTIONS, CODE_COUNT, END_CODE, Action
from .bits import BitReader, BitWriter
from .messages import CHAT_MAX_CHARS, CHAT_PHRASES, clean_chat
from .options import DuelOptions
from .state import MAX_STEPS

SEED_FORMAT = 0x1             # low nibble of byte 0
GENERATOR_VERSION = 1         # high nibble: bump when generation changes
SEED_FORM_SIZE = 10
CHAT_PHRASE, CHAT_TEXT = 0x01, 0x02


# --- actions -------------------------------------------------------------------------------
def action_to_bytes(action: Action) -> bytes:
    if not isinstance(action, Action):
        raise ActionError(f"not a duel action: {action!r}")
    return bytes([action.code])


def action_from_bytes(data: bytes) -> Action:
    if not isinstance(data, (bytes, bytearray)) or len(data) != 1:
        raise ActionError(f"a duel action is exactly one byte, got {data!r}")
    if data[0] >= CODE_COUNT:
        raise ActionError(f"action byte {data[0]} is not an action code (0..{CODE_COUNT - 1})")
    return ACTIONS[data[0]]


def pack_turn(actions) -> bytes:
    """A whole turn: its steps then its final action."""
    actions = list(actions)
    if not actions or any(not isinstance(a, Action) for a in actions):
        raise ActionError("a turn is a list of duel actions")
    *steps, final = actions
    if len(steps) > MAX_STEPS or any(not a.is_step for a in steps):
        raise ActionError(f"a turn is up to {MAX_STEPS} steps and then one final action")
    if final.is_step:
        raise ActionError("a turn must end with a final action, not a step")
    w = BitWriter()
    w.write(len(steps), 3)
    w.write(final.code - END_CODE, 4)
    for a in steps:
        w.write(a.code, 3)
    return w.to_bytes()


def unpack_turn(data: bytes) -> list[Action]:
    try:
        r = BitReader(bytes(data), "turn")
        k = r.read(3, "step count")
        if k > MAX_STEPS:
            raise ValueError(f"turn: {k} steps, at most {MAX_STEPS}")
        code = r.read(4, "final action") + END_CODE
        if code >= CODE_COUNT:
            raise ValueError(f"turn: final action code {code} is not an action")
        steps = [ACTIONS[r.read(3, f"step {i + 1}")] for i in range(k)]
        r.finish()
    except (ValueError, TypeError) as exc:
        raise ActionError(str(exc)) from None
    return steps + [ACTIONS[code]]


def split_turns(actions) -> list[list[Action]]:
    """Group an action stream into turns (each ends with its final action)."""
    turns, cur = [], []
    for a in actions:
        cur.append(a)
        if not a.is_step:
            turns.append(cur)
            cur = []
    if cur:
        raise ActionError("the action stream ends in the middle of a turn")
    return turns


# --- the game from its seed -----------------------------------------------------------------
def encode_seed_form(seed: int, options: DuelOptions) -> bytes:
    if not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be 0..2**64-1, got {seed!r}")
    return bytes([SEED_FORMAT | GENERATOR_VERSION << 4, options.to_byte()]) + seed.to_bytes(8, "little")


def decode_seed_form(data: bytes) -> tuple[int, DuelOptions]:
    if not isinstance(data, (bytes, bytearray)):
        raise ValueError("seed form: expected bytes")
    if len(data) != SEED_FORM_SIZE:
        raise ValueError(f"seed form: {len(data)} bytes, expected {SEED_FORM_SIZE}")
    if data[0] & 0xF != SEED_FORMAT:
        raise ValueError(f"seed form: format {data[0] & 0xF} is not a duel seed ({SEED_FORMAT})")
    if data[0] >> 4 != GENERATOR_VERSION:
        raise ValueError(f"seed form: generator version {data[0] >> 4}, this unit has {GENERATOR_VERSION}")
    try:
        options = DuelOptions.from_byte(data[1])
    except ValueError as exc:
        raise ValueError(f"seed form: {exc}") from None
    return int.from_bytes(data[2:], "little"), options


# --- chat ----------------------------------------------------------------------------------
def encode_chat(text: str | None = None, phrase: int | None = None) -> bytes:
    if phrase is not None:
        if not isinstance(phrase, int) or not 0 <= phrase < len(CHAT_PHRASES):
            raise ValueError(f"chat: unknown phrase {phrase!r}")
        return bytes([CHAT_PHRASE, phrase])
    body = clean_chat(text or "").encode("utf-8")
    if not body:
        raise ValueError("chat: empty message")
    return bytes([CHAT_TEXT, len(body)]) + body


def decode_chat(data: bytes) -> tuple[str, int | None]:
    """(text, phrase id or None)."""
    if not isinstance(data, (bytes, bytearray)) or len(data) < 2:
        raise ValueError("chat: too short")
    if data[0] == CHAT_PHRASE:
        if len(data) != 2 or data[1] >= len(CHAT_PHRASES):
            raise ValueError(f"chat: bad phrase frame {bytes(data)!r}")
        return CHAT_PHRASES[data[1]], data[1]
    if data[0] == CHAT_TEXT:
        if len(data) != 2 + data[1]:
            raise ValueError(f"chat: length byte says {data[1]}, frame has {len(data) - 2}")
        try:
            text = bytes(data[2:]).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("chat: text is not UTF-8") from None
        cleaned = clean_chat(text)
        if not cleaned or len(text) > CHAT_MAX_CHARS:
            raise ValueError("chat: text is empty or too long")
        return cleaned, None
    raise ValueError(f"chat: unknown kind {data[0]}")
