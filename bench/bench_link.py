"""Cable-link benchmarks: framed bytes per turn, frame overhead, codec throughput.

`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_link [--json]`;
only this group: `tactibox bench link`.

Traffic is measured on the real stack (transport → framing → reliable link → session →
lockstep) over an in-memory byte pipe with a fake clock, so it is exact and machine-independent:
every byte either unit writes once both units play is counted — turn frames, stand-alone acks,
heartbeats, retransmissions, FIN — in both directions, and split by frame kind. The players wait
until both units are playing, so setup (link handshake, hello, start) is counted apart exactly.
The games: the cable self-test game (2-byte actions), and the real Wizard duel (a whole turn per
TURN frame, `game.modes.duel.turn_code`), at bot speed and at a person's pace; `turn_codecs`
compares the duel's turn code with the other ways to send a turn, zlib and lzma included.
Budget (DESIGN.md): ≤ 8 framed bytes per turn ≈ 4 + action bytes + hash bytes.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from bench.common import standalone
from firmware_bridge.blob import MSG_BLOB_BEGIN, PURPOSE_SNAPSHOT, blob_messages
from firmware_bridge.counters import Counters
from firmware_bridge.framing import FrameDecoder, decode_frame, encode_frame
from firmware_bridge.messages import Start
from firmware_bridge.reliable import MAX_PAYLOAD, ReliableLink
from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.session import Session
from firmware_bridge.transport_mem import memory_pair
from firmware_bridge.wire import CTRL_PEEK, KIND_APP, KIND_CONTROL, KIND_SESSION, KIND_TURN, unpack_header

TURNS = 200


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class _Gated:
    """A game whose players wait until both units are playing, so setup and game traffic are
    counted apart exactly (a bot would otherwise play in the very poll its unit starts in)."""

    def __init__(self, game, gate: list) -> None:
        self._game, self._gate = game, gate

    def next_local_action(self):
        return self._game.next_local_action() if self._gate[0] else None

    def __getattr__(self, name):
        return getattr(self._game, name)


KIND_NAMES = {KIND_CONTROL: "control", KIND_TURN: "turn", KIND_SESSION: "session", KIND_APP: "app"}


def _frame_name(body: bytes) -> str:
    kind, ctrl, _ = unpack_header(body[0])
    return "PEEK" if kind == 0 and ctrl == CTRL_PEEK else KIND_NAMES[kind]


def _tap(carry, sizes: dict, gate: list, name=None):
    """Pass bytes on unchanged; while `gate[0]`, add each frame's length to the total of its
    name (`name(body)`; default: its kind)."""
    partial = bytearray()
    name = name or _frame_name

    def tapped(data: bytes) -> None:
        partial.extend(data)
        while (i := partial.find(0)) >= 0:
            frame = bytes(partial[:i + 1])
            del partial[:i + 1]
            if gate[0]:
                body = decode_frame(frame[:-1])
                kind = "bad" if body is None else name(body)
                sizes[kind] = sizes.get(kind, 0) + len(frame)
        carry(data)
    return tapped


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
            dst.deliver(bytes(frame) * (2 if rng.random() < p_dup else 1))
    return carry


def linked_game(turns: int = TURNS, *, hash_len: int = 1, think_s: float = 0.0, dt: float = 0.01,
                noise: tuple[float, float, float] | None = None, seed: int = 7, make=None,
                options: bytes = b"", sessions: list | None = None) -> dict:
    """Play one linked game between two sessions; return the traffic figures. The game is the
    self-test game, or `make(seat)` -> a make_game factory for that seat (the real duel)."""
    clock = _Clock()
    ta, tb = memory_pair(now=clock, counters_a=Counters(), counters_b=Counters())
    if noise:
        rng = random.Random(seed)
        ta.wire, tb.wire = _lossy(tb, rng, *noise), _lossy(ta, rng, *noise)
    gate = [False]
    by_kind: dict[str, int] = {}
    ta.wire, tb.wire = _tap(ta.wire, by_kind, gate), _tap(tb.wire, by_kind, gate)
    delay = int(round(think_s / dt))
    if make is None:
        def make(seat):
            return lambda s, o: SelfTestGame(s, seat, turns, bot_delay=delay)
    def gated(seat):
        inner = make(seat)
        return lambda s, o: _Gated(inner(s, o), gate)
    host = Session(ReliableLink(ta, now=clock), role="host", app_version="bench", seed=seed, hash_len=hash_len,
                   make_game=gated(0), options=options)
    guest = Session(ReliableLink(tb, now=clock), role="guest", app_version="bench", make_game=gated(1))
    if sessions is not None:
        sessions[:] = [host, guest]            # a seat's game may talk to its own session (previews)
    at_play = None
    for _ in range(int(3600 / dt)):
        clock.t += dt
        host.poll()
        guest.poll()
        if at_play is None and host.state == "playing" and guest.state == "playing":
            # setup is over and no turn was played yet (the players wait for the gate): from
            # here on every byte either unit writes is game traffic
            at_play = (host.counters.copy(), guest.counters.copy(), clock.t)
            gate[0] = True
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
        "lockstep_turns": turns,
        "frames": dh.frames_sent + dg.frames_sent,
        "bytes_per_turn": round(play_bytes / turns, 2),
        "frames_per_turn": round((dh.frames_sent + dg.frames_sent) / turns, 3),
        "standalone_acks": dh.acks_sent + dg.acks_sent,
        "heartbeats": dh.heartbeats_sent + dg.heartbeats_sent,
        "retransmits": dh.retransmits + dg.retransmits,
        "peeks": dh.peeks_sent + dg.peeks_sent,
        "resyncs": dh.resyncs + dg.resyncs,
        "game_seconds": round(clock.t - t_play, 1),
        "game_bytes_by_frame_kind": dict(sorted(by_kind.items())),
    }


class _Thinking:
    """A player that takes `polls` polls before each of its turns (a person's pace); with `peek`,
    each step of the turn also goes out as a preview frame (the duel screen's PEEK, one a step),
    spread over the thinking time the way a person walks (at bot pace: all just before the turn)."""

    def __init__(self, game, polls: int, peek=None) -> None:
        self._game, self._polls, self._left, self._peek = game, polls, None, peek
        self._held = None            # the turn decided, not played yet (its steps being previewed)
        self._peeks: list[tuple[int, bytes]] = []

    def next_local_action(self):
        if self._peek is not None:
            return self._walking()
        if self._left is None:
            self._left = self._polls
        if self._left > 0:
            self._left -= 1
            return None
        action = self._game.next_local_action()
        if action is not None:
            self._left = None
        return action

    def _walking(self):
        from game.modes.duel.peek import encode_peek
        if self._held is None:
            action = self._game.next_local_action()
            if action is None:
                return None
            turn = self._game.match.game.turn
            steps = [a for a in action.actions if a.is_step]
            self._peeks = [((i + 1) * self._polls // (len(steps) + 1), encode_peek(turn, i + 1, a.arg))
                           for i, a in enumerate(steps)]
            self._held, self._left = action, 0
        while self._peeks and self._peeks[0][0] <= self._left:
            self._peek(self._peeks.pop(0)[1])
        if self._left < self._polls:
            self._left += 1
            return None
        action, self._held = self._held, None
        return action

    def __getattr__(self, name):
        return getattr(self._game, name)


def real_duel(seeds=(1, 2, 3, 4, 5), think_s: float = 0.0, dt: float = 0.01, previews: bool = False) -> dict:
    """The real Wizard duel (hard bots, default options, 200-turn limit) over the same stack:
    framed traffic both ways per duel turn, everything included (TURN frames, stand-alone acks,
    heartbeats, FIN), averaged over a few seeds. A duel turn (a wizard's steps and final action)
    is one lockstep action: one TURN frame. `think_s`: each player waits that long before it
    plays its turn (then acks go alone and the idle line carries heartbeats). `previews`: each
    step also goes out as a PEEK frame (what the duel screen sends, issue 20)."""
    from game.link.modes import bot_game
    from game.modes.duel.link import encode_duel_setup
    from game.modes.duel.options import DuelOptions
    setup = encode_duel_setup(DuelOptions(), 200)
    hosts = []
    polls = int(round(think_s / dt))

    sessions: list = []

    def make(seat):
        def factory(sd, o):
            adapter = bot_game("duel", sd, o, seat, "hard")
            if seat == 0:
                hosts.append(adapter)
            peek = (lambda p: sessions[seat].send_peek(p)) if previews else None
            return _Thinking(adapter, polls, peek) if polls or previews else adapter
        return factory
    runs = [linked_game(seed=s, options=setup, make=make, dt=dt, sessions=sessions) for s in seeds]
    lockstep_turns = sum(r["lockstep_turns"] for r in runs)
    duel_turns = sum(a.game.turn for a in hosts)
    game_bytes = sum(r["game_bytes"] for r in runs)
    kinds: dict[str, int] = {}
    for r in runs:
        for k, v in r["game_bytes_by_frame_kind"].items():
            kinds[k] = kinds.get(k, 0) + v
    out = {"games": len(runs), "turns": duel_turns, "lockstep_actions": lockstep_turns,
           "bytes_per_turn": round(game_bytes / duel_turns, 2),
           "frames_per_turn": round(sum(r["frames"] for r in runs) / duel_turns, 3)}
    for k, v in sorted(kinds.items()):
        out[f"{k}_frame_bytes_per_turn"] = round(v / duel_turns, 2)
    out.update({"standalone_acks": sum(r["standalone_acks"] for r in runs),
                "heartbeats": sum(r["heartbeats"] for r in runs),
                "peeks_per_turn": round(sum(r["peeks"] for r in runs) / duel_turns, 2),
                "setup_bytes": runs[0]["setup_bytes"],
                "whole_game_bytes_mean": round(sum(r["game_bytes"] + r["setup_bytes"] for r in runs) / len(runs))})
    return out


def real_gdl(seeds=(1, 2, 3), module: str = "outpost.g") -> dict:
    """A linked Xconq module game (Tactibox's own, table bots on both units) over the same stack:
    each GDL action (a step, an attack, End) is one lockstep move, one TURN frame."""
    from game.core.datafile import ASSETS
    from game.link.modes import bot_game
    from game.modes.gdl.hooks import GdlRules
    rules = GdlRules(ASSETS / "gdl" / module)

    def make(seat):
        return lambda sd, o: bot_game("gdl", sd, b"", seat, "hard", rules=rules)
    runs = [linked_game(seed=s, make=make) for s in seeds]
    actions = sum(r["lockstep_turns"] for r in runs)
    return {"games": len(runs), "actions": actions,
            "bytes_per_action": round(sum(r["game_bytes"] for r in runs) / actions, 2),
            "frames_per_action": round(sum(r["frames"] for r in runs) / actions, 3),
            "setup_bytes": runs[0]["setup_bytes"]}


def turn_codecs(seeds=(1, 2, 3, 4, 5)) -> dict:
    """Payload bytes per duel turn (before the 1-byte hash and the frame) for each way of
    sending a turn, over the same hard-bot duels: one byte per step/action (link v1, one frame
    each), the stateless bit-packed turn (`wire.pack_turn`), the legal-choice turn code the link
    sends (`turn_code`), zlib/lzma of each packed turn on its own (a turn must leave when it is
    made), a zlib stream flushed after every turn (history shared over the game), and zlib/lzma
    of the whole game's packed turns at once (a lower bound no lockstep can use)."""
    import lzma
    import zlib

    from game.modes.duel.actions import ACTIONS
    from game.modes.duel.game import DuelGame
    from game.modes.duel.match import play_duel
    from game.modes.duel.turn_code import encode
    from game.modes.duel.wire import split_turns

    def xz(data: bytes) -> bytes:
        return lzma.compress(data, format=lzma.FORMAT_RAW, filters=[{"id": lzma.FILTER_LZMA2, "preset": 9}])

    rows: dict[str, int] = {k: 0 for k in ("per_action_v1", "pack_turn", "turn_code", "zlib_per_turn",
                                           "lzma_per_turn", "zlib_stream_sync_flush")}
    whole_zlib = whole_lzma = turns = 0
    for seed in seeds:
        r = play_duel(seed, bots=("hard", "hard"), max_turns=200)
        g = DuelGame.new(seed)
        stream = zlib.compressobj(9, zlib.DEFLATED, -15)
        for turn, packed in zip(split_turns([ACTIONS[c] for c in r.actions]), r.turns, strict=True):
            rows["per_action_v1"] += len(turn)
            rows["pack_turn"] += len(packed)
            rows["turn_code"] += len(encode(g.state, turn))
            rows["zlib_per_turn"] += len(zlib.compress(packed, 9))
            rows["lzma_per_turn"] += len(xz(packed))
            rows["zlib_stream_sync_flush"] += len(stream.compress(packed) + stream.flush(zlib.Z_SYNC_FLUSH))
            for a in turn:
                g.apply(a)
            turns += 1
        whole = b"".join(r.turns)
        whole_zlib += len(zlib.compress(whole, 9))
        whole_lzma += len(xz(whole))
    out = {f"turn_payload_{k}": round(v / turns, 2) for k, v in rows.items()}
    out["turn_payload_zlib_whole_game"] = round(whole_zlib / turns, 2)
    out["turn_payload_lzma_whole_game"] = round(whole_lzma / turns, 2)
    return out


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


_PAIRING_NAMES = {0x01: "hello", 0x02: "error", 0x03: "pake", 0x04: "confirm"}


def pairing(code: str = "246810", wrong: str | None = None) -> dict:
    """Framed bytes of a pairing on the wire, both directions: the link handshake (SYN frames),
    HELLO, PAKE, CONFIRM (and ERROR for a wrong code) and the acks among them — counted until
    both units are paired (or the guest is turned away); what follows (START...) is not."""
    from firmware_bridge.pairing import key_from_code
    clock = _Clock()
    ta, tb = memory_pair(now=clock, counters_a=Counters(), counters_b=Counters())
    sizes: dict[str, int] = {}
    counting = [True]

    def message(body: bytes) -> str:
        kind = unpack_header(body[0])[0]
        if kind == KIND_CONTROL:
            return "link"
        return _PAIRING_NAMES.get(body[1], "other") if kind == KIND_SESSION and len(body) > 1 else "other"
    ta.wire, tb.wire = _tap(ta.wire, sizes, counting, message), _tap(tb.wire, sizes, counting, message)
    host = Session(ReliableLink(ta, now=clock), role="host", app_version="bench", seed=1,
                   make_game=lambda s, o: SelfTestGame(s, 0, 10), pairing_key=key_from_code(code))
    guest = Session(ReliableLink(tb, now=clock), role="guest", app_version="bench",
                    make_game=lambda s, o: SelfTestGame(s, 1, 10), pairing_key=key_from_code(wrong or code))
    real_sync = host._sync_content

    def paired_now() -> None:            # the host has confirmed: what it sends next is no pairing
        counting[0] = False
        real_sync()
    host._sync_content = paired_now
    for _ in range(2000):
        clock.t += 0.01
        host.poll()
        guest.poll()
        if guest.paired or guest.failed:
            break
    assert guest.failed if wrong else (host.paired and guest.paired)
    return {"bytes": sum(sizes.values()), "bytes_by_message": dict(sorted(sizes.items()))}


def pake_cost(rounds: int = 20) -> dict:
    """Milliseconds of one side's SPAKE2 work (start + finish + key derivation), median."""
    from firmware_bridge.pairing import Exchange
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        a, b = Exchange("host", b"k"), Exchange("guest", b"k")
        a.finish(b.element, b"T")
        b.finish(a.element, b"T")
        times.append((time.perf_counter() - t0) / 2)
    return {"pake_ms_per_side_median": round(statistics.median(times) * 1000, 1)}


def run() -> dict:
    fig: dict = {}
    fig.update({f"pairing_{k}": v for k, v in pairing().items()})
    fig.update({f"pairing_wrong_code_{k}": v for k, v in pairing(wrong="135790").items()})
    fig.update(pake_cost())
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
    slow = real_duel(seeds=(1, 2), think_s=3.0, dt=0.05)
    fig.update({f"duel_human3s_{k}": v for k, v in slow.items()
                if k.endswith("per_turn") or k in ("standalone_acks", "heartbeats")})
    # issue 20: each step also shown on the other unit as it is made (PEEK frames, unacknowledged)
    fast_peek = real_duel(previews=True)
    fig.update({f"duel_previews_{k}": v for k, v in fast_peek.items() if k.endswith("per_turn")})
    slow_peek = real_duel(seeds=(1, 2), think_s=3.0, dt=0.05, previews=True)
    fig.update({f"duel_previews_human3s_{k}": v for k, v in slow_peek.items() if k.endswith("per_turn")})
    fig.update(turn_codecs())
    fig.update({f"gdl_{k}": v for k, v in real_gdl().items()})
    noisy = linked_game(noise=(0.01, 0.05, 0.05))
    fig.update({f"noisy_{k}": v for k, v in noisy.items()
                if k in ("bytes_per_turn", "retransmits", "resyncs")})
    fig.update(frame_overhead())
    fig.update(carriers())
    fig.update(throughput())
    return fig


if __name__ == "__main__":
    standalone(run)
