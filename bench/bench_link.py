"""Cable-link benchmarks: framed bytes per turn, frame overhead, codec throughput.

`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_link [--json]`.

Traffic is measured on the real stack (transport → framing → reliable link → session →
lockstep) over an in-memory byte pipe with a fake clock, so it is exact and machine-independent:
every byte either unit writes is counted — turn frames, stand-alone acks, heartbeats,
retransmissions, FIN — in both directions. Setup (link handshake, hello, start) is reported
separately. The game is the cable self-test game (2-byte actions; a duel action is the duel
rules' business — budget: bytes/turn ≈ 4 + action bytes + hash bytes).
"""

from __future__ import annotations

import os
import random
import statistics
import time

from bench.common import standalone
from firmware_bridge.blob import MSG_BLOB_BEGIN, PURPOSE_SNAPSHOT, blob_messages
from firmware_bridge.counters import Counters
from firmware_bridge.framing import FrameDecoder, encode_frame
from firmware_bridge.messages import Start
from firmware_bridge.reliable import MAX_PAYLOAD, ReliableLink
from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.session import Session
from firmware_bridge.transport_mem import memory_pair

TURNS = 200


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def _lossy(dst, rng: random.Random, p_byte: float, p_drop: float, p_dup: float):
    partial = bytearray()

    def carry(data: bytes) -> None:
        partial.extend(data)
        while (i := partial.find(0)) >= 0:
            frame = bytearray(partial[:i + 1])
            del partial[:i + 1]
            if rng.random() < p_drop:
                continue
            for j in range(len(frame)):
                if rng.random() < p_byte:
                    frame[j] ^= rng.randrange(1, 256)
            dst.inbox.extend(bytes(frame) * (2 if rng.random() < p_dup else 1))
    return carry


def linked_game(turns: int = TURNS, *, hash_len: int = 1, think_s: float = 0.0, dt: float = 0.01,
                noise: tuple[float, float, float] | None = None, seed: int = 7, make=None,
                options: bytes = b"") -> dict:
    """Play one linked game between two sessions; return the traffic figures. The game is the
    self-test game, or `make(seat)` -> a make_game factory for that seat (the real duel)."""
    clock = _Clock()
    ta, tb = memory_pair(now=clock, counters_a=Counters(), counters_b=Counters())
    if noise:
        rng = random.Random(seed)
        ta.wire, tb.wire = _lossy(tb, rng, *noise), _lossy(ta, rng, *noise)
    delay = int(round(think_s / dt))
    if make is None:
        def make(seat):
            return lambda s, o: SelfTestGame(s, seat, turns, bot_delay=delay)
    host = Session(ReliableLink(ta, now=clock), role="host", app_version="bench", seed=seed, hash_len=hash_len,
                   make_game=make(0), options=options)
    guest = Session(ReliableLink(tb, now=clock), role="guest", app_version="bench", make_game=make(1))
    at_play = None
    for _ in range(int(3600 / dt)):
        clock.t += dt
        host.poll()
        guest.poll()
        if at_play is None and host.state == "playing" and guest.state == "playing":
            at_play = (host.counters.copy(), guest.counters.copy(), clock.t)
        if host.finished and guest.finished:
            break
    assert host.finished and guest.finished, "benchmark game did not finish"
    assert host.result()["state_hash"] == guest.result()["state_hash"]
    # let the last acks travel, like a real unit lingering before it leaves
    for _ in range(int(0.2 / dt)):
        clock.t += dt
        host.poll()
        guest.poll()
    hp, gp, t_play = at_play
    turns = host.lockstep.turns
    dh, dg = host.counters - hp, guest.counters - gp
    play_bytes = dh.bytes_sent + dg.bytes_sent
    return {
        "setup_bytes": hp.bytes_sent + gp.bytes_sent,
        "game_bytes": play_bytes,
        "bytes_per_turn": round(play_bytes / turns, 2),
        "frames_per_turn": round((dh.frames_sent + dg.frames_sent) / turns, 3),
        "standalone_acks": dh.acks_sent + dg.acks_sent,
        "heartbeats": dh.heartbeats_sent + dg.heartbeats_sent,
        "retransmits": dh.retransmits + dg.retransmits,
        "resyncs": dh.resyncs + dg.resyncs,
        "game_seconds": round(clock.t - t_play, 1),
    }


def real_duel(seeds=(1, 2, 3, 4, 5)) -> dict:
    """The real Wizard duel (hard bots, default options, 200-turn limit) over the same stack:
    framed traffic both ways per duel turn (a wizard's steps and final action, each sent as it is
    made: one lockstep action each) and per lockstep action, averaged over a few seeds."""
    from game.modes.duel.link import encode_duel_setup, make_duel
    from game.modes.duel.options import DuelOptions
    setup = encode_duel_setup(DuelOptions(), 200)
    hosts = []

    def make(seat):
        def factory(sd, o):
            adapter = make_duel(sd, o, seat, "hard")
            if seat == 0:
                hosts.append(adapter)
            return adapter
        return factory
    runs = [linked_game(seed=s, options=setup, make=make) for s in seeds]
    actions = sum(r["game_bytes"] / r["bytes_per_turn"] for r in runs)
    duel_turns = sum(a.game.turn for a in hosts)
    game_bytes = sum(r["game_bytes"] for r in runs)
    return {"games": len(runs), "turns": duel_turns, "actions": round(actions),
            "bytes_per_turn": round(game_bytes / duel_turns, 2), "bytes_per_action": round(game_bytes / actions, 2),
            "setup_bytes": runs[0]["setup_bytes"], "whole_game_bytes_mean": round(
                sum(r["game_bytes"] + r["setup_bytes"] for r in runs) / len(runs))}


def frame_overhead() -> dict:
    """Framed bytes minus payload bytes for one message (1-byte header + CRC-16 + COBS/R + 0x00)."""
    rng = random.Random(1)
    out = {}
    for n in (0, 2, 3, 8, 32, 200):
        sizes = [len(encode_frame(bytes([rng.randrange(256)]) + bytes(rng.randrange(256) for _ in range(n)))) - n
                 for _ in range(2000)]
        out[f"overhead_bytes_payload_{n}"] = round(statistics.mean(sizes), 3)
    # what a plain COBS + CRC-32 + separate ack design would cost per 3-byte turn message
    from binascii import crc32

    from cobs import cobs
    body = b"\x41\x07\xa2\x5c"
    out["overhead_plain_cobs_crc32"] = len(cobs.encode(body + crc32(body).to_bytes(4, "big")) + b"\x00") - 3
    return out


def throughput() -> dict:
    out = {}
    for n in (3, 240):
        bodies = [os.urandom(n) for _ in range(2000)]
        t = time.perf_counter()
        frames = [encode_frame(b) for b in bodies]
        enc = time.perf_counter() - t
        stream = b"".join(frames)
        dec = FrameDecoder()
        t = time.perf_counter()
        got = []
        for i in range(0, len(stream), 4096):
            got += dec.feed(stream[i:i + 4096])
        dec_t = time.perf_counter() - t
        assert got == bodies
        out[f"encode_frames_per_s_{n}B"] = int(len(bodies) / enc)
        out[f"decode_frames_per_s_{n}B"] = int(len(bodies) / dec_t)
        out[f"decode_MB_per_s_{n}B"] = round(len(stream) / dec_t / 1e6, 2)
    return out


def carriers() -> dict:
    """Wire cost of the carriers the duel uses: START (seed + options) and a one-frame snapshot."""
    seed32 = 0x9E3779B9
    opts = bytes([1, 25, 1])                       # e.g. FoV on, 25×25, potions on (duel's encoding)
    start = Start(1, seed32, 1, opts).encode()
    framed_start = len(encode_frame(b"\x80" + start))
    layout48 = os.urandom(48)                      # an explicit 48-byte layout (incompressible worst case)
    msgs = blob_messages(PURPOSE_SNAPSHOT, bytes(14), layout48, MAX_PAYLOAD)
    framed_blob = sum(len(encode_frame(b"\x80" + m)) for m in msgs)
    assert msgs[0][0] == MSG_BLOB_BEGIN
    return {"start_framed_bytes_seed32_opts3": framed_start,
            "start_carrier_overhead": framed_start - 4 - len(opts),
            "snapshot_48B_framed_bytes": framed_blob,
            "snapshot_carrier_overhead": framed_blob - 48}


def run() -> dict:
    fig: dict = {}
    fast = linked_game()
    fig.update({f"bot_{k}": v for k, v in fast.items()})
    fig["budget_bytes_per_turn"] = 8
    fig["bot_hash2_bytes_per_turn"] = linked_game(hash_len=2)["bytes_per_turn"]
    human = linked_game(think_s=3.0, dt=0.05)
    fig.update({f"human3s_{k}": v for k, v in human.items()
                if k in ("bytes_per_turn", "standalone_acks", "heartbeats", "retransmits")})
    idle_per_s = (human["game_bytes"] - fast["game_bytes"] - 4 * human["standalone_acks"]) / max(1.0, human["game_seconds"])
    fig["idle_heartbeat_bytes_per_s_both_ways"] = round(idle_per_s, 2)
    duel = real_duel()
    fig.update({f"duel_{k}": v for k, v in duel.items()})
    noisy = linked_game(noise=(0.01, 0.05, 0.05))
    fig.update({f"noisy_{k}": v for k, v in noisy.items()
                if k in ("bytes_per_turn", "retransmits", "resyncs")})
    fig.update(frame_overhead())
    fig.update(carriers())
    fig.update(throughput())
    return fig


if __name__ == "__main__":
    standalone(run)
