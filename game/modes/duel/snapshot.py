"""The whole duel state as bytes, for resync after a hash mismatch (and saving).

    b"WD" version flags     flags bit 0: payload is zlib-compressed
    payload (bit-packed)    options, seed, generator state, turn/current/first/steps, outcome,
                            dealt spells, potion types, layout (length-prefixed, layout_codec),
                            ground potions, then per wizard: position, HP, facing, inventory,
                            identified colours, remembered cells, remembered potions, last seen

Decoding checks every field and then the whole state (`validate.state_problem`): garbage gives
a ValueError naming what is wrong, never a half-built or impossible game.
"""

from __future__ import annotations

import zlib

from game.core.prng import Pcg32

from .bits import BitReader, BitWriter
from .layout import board_mask
from .layout_codec import decode_layout, encode_layout
from .options import DuelOptions
from .state import DuelState, Wizard
from .validate import OVER_CAUSES, state_problem
from .vision import refresh_all

MAGIC = b"WD"
VERSION = 1
MAX_PAYLOAD = 8192


def _cells_bits(size: int) -> int:
    return max(1, (size * size - 1).bit_length())


def encode_snapshot(st: DuelState) -> bytes:
    problem = state_problem(st)
    if problem:
        raise ValueError(f"snapshot: refusing to encode an invalid state: {problem}")
    n = st.layout.size
    cb = _cells_bits(n)
    w = BitWriter()
    w.write(st.options.to_byte(), 8)
    w.write(st.seed, 64)
    s, inc = st.rng.get_state()
    w.write(s, 64)
    w.write(inc, 64)
    w.write(st.turn, 16)
    w.write(st.current, 1)
    w.write(st.first, 1)
    w.write(st.steps, 3)
    w.write(OVER_CAUSES.index(st.over), 2)
    w.write(0 if st.winner is None else st.winner + 1, 2)
    w.write(len(st.dealt), 2)
    for sp in st.dealt:
        w.write(sp, 5)
    for t in st.types:
        w.write(t, 4)
    lay = encode_layout(st.layout)
    w.write(len(lay), 8)
    for b in lay:
        w.write(b, 8)
    w.write(len(st.ground), 8)
    for cell in sorted(st.ground):
        w.write(cell, cb)
        w.write(st.ground[cell], 3)
    for wz in st.wizards:
        w.write(wz.pos, cb)
        w.write(wz.hp + 8, 4)
        w.write(wz.facing, 3)
        w.write(len(wz.inventory), 4)
        for a in wz.inventory:
            w.write(a, 3)
        w.write(wz.known, 5)
        full = wz.seen == board_mask(n)
        w.write(int(full), 1)
        if not full:
            w.write(wz.seen, n * n)
        w.write(len(wz.potion_memory), 8)
        for cell in sorted(wz.potion_memory):
            w.write(cell, cb)
            w.write(wz.potion_memory[cell], 3)
        w.write(int(wz.last_seen is not None), 1)
        if wz.last_seen is not None:
            w.write(wz.last_seen[0], cb)
            w.write(wz.last_seen[1], 16)
    payload = w.to_bytes()
    packed = zlib.compress(payload, 9)
    if len(packed) < len(payload):
        return MAGIC + bytes([VERSION, 1]) + packed
    return MAGIC + bytes([VERSION, 0]) + payload


def decode_snapshot(data: bytes) -> DuelState:
    if not isinstance(data, (bytes, bytearray)):
        raise ValueError("snapshot: expected bytes")
    data = bytes(data)
    if len(data) < 4 or data[:2] != MAGIC:
        raise ValueError("snapshot: not a duel snapshot (bad magic)")
    if data[2] != VERSION:
        raise ValueError(f"snapshot: version {data[2]}, this unit reads {VERSION}")
    flags = data[3]
    if flags & ~1:
        raise ValueError(f"snapshot: unknown flags {flags:#x}")
    payload = data[4:]
    if flags & 1:
        d = zlib.decompressobj()
        try:
            payload = d.decompress(payload, MAX_PAYLOAD)
        except zlib.error as exc:
            raise ValueError(f"snapshot: compressed payload is corrupt ({exc})") from None
        if d.unconsumed_tail or not d.eof or d.unused_data:
            raise ValueError("snapshot: compressed payload is truncated, too large or followed by junk")
    r = BitReader(payload, "snapshot")
    try:
        options = DuelOptions.from_byte(r.read(8, "options"))
    except ValueError as exc:
        raise ValueError(f"snapshot: {exc}") from None
    seed = r.read(64, "seed")
    rng = Pcg32.from_state((r.read(64, "generator state"), r.read(64, "generator increment")))
    turn = r.read(16, "turn")
    current, first, steps = r.read(1, "current"), r.read(1, "first"), r.read(3, "steps")
    over_i = r.read(2, "outcome")
    if over_i >= len(OVER_CAUSES):
        raise ValueError(f"snapshot: unknown outcome {over_i}")
    win = r.read(2, "winner")
    if win == 3:
        raise ValueError("snapshot: winner code 3 is not a player")
    dealt = tuple(r.read(5, "dealt spell") for _ in range(r.read(2, "dealt count")))
    types = tuple(r.read(4, "potion type") for _ in range(5))
    lay_bytes = bytes(r.read(8, "layout") for _ in range(r.read(8, "layout length")))
    layout = decode_layout(lay_bytes)
    n = layout.size
    cb = _cells_bits(n)
    ground = {}
    for _ in range(r.read(8, "ground potion count")):
        cell = r.read(cb, "ground potion cell")
        if cell in ground:
            raise ValueError(f"snapshot: two ground potions on cell {cell}")
        ground[cell] = r.read(3, "ground potion colour")
    wizards = []
    for i in range(2):
        who = f"wizard {i}"
        pos, hp, facing = r.read(cb, f"{who} position"), r.read(4, f"{who} hp") - 8, r.read(3, f"{who} facing")
        inv = [r.read(3, f"{who} inventory") for _ in range(r.read(4, f"{who} inventory count"))]
        known = r.read(5, f"{who} identified colours")
        seen = board_mask(n) if r.read(1, f"{who} map") else r.read(n * n, f"{who} map")
        mem = {}
        for _ in range(r.read(8, f"{who} potion memory count")):
            cell = r.read(cb, f"{who} potion memory")
            mem[cell] = r.read(3, f"{who} potion memory")
        last = None
        if r.read(1, f"{who} last seen"):
            last = (r.read(cb, f"{who} last seen"), r.read(16, f"{who} last seen"))
        wizards.append(Wizard(pos=pos, hp=hp, facing=facing, inventory=inv, known=known, seen=seen,
                              potion_memory=mem, last_seen=last))
    r.finish()
    st = DuelState(options=options, seed=seed, rng=rng, layout=layout, types=types, ground=ground,
                   wizards=wizards, current=current, first=first, turn=turn, steps=steps,
                   dealt=dealt, winner=None if win == 0 else win - 1, over=OVER_CAUSES[over_i])
    problem = state_problem(st)
    if problem:
        raise ValueError(f"snapshot: {problem}")
    refresh_all(st)
    return st
