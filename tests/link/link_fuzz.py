"""A seeded, bounded fuzz pass over everything a unit reads from the other unit (issue 21): the
byte stream into the frame decoder, frame payloads into the message decoders, and the peer's
START setup, guest offer, move bytes and snapshots through game/link/modes.py for Skirmish, Duel
and Bout.

Inputs are mutations of valid samples, made with the Hex quest fuzzer's helpers
(tests/quest/quest_fuzz.py `mutate`: byte flips, cuts, repeated slices, digit runs, junk) from
the project's PCG32 with a fixed seed, plus purely random byte streams (the loop is
tests/fuzz_runner.py). An input is *clean* when the reader decodes it or refuses it with a ValueError (the link's one refusal: FrameError,
ActionError, ReplayError are ValueErrors; the frame decoder drops bad frames silently); a *crash*
is any other exception escaping. Each input's peak memory is measured with tracemalloc; each
input's time is recorded; only the standalone run has a time limit (`--limit`, 10 s: an input
over it is stopped and counted as a hang), the pytest test never looks at time.

    python tests/link/link_fuzz.py [N per category] [--limit SECONDS]     # the report's numbers
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "bridge"))                 # linkkit, for the link tests imported here
sys.path.insert(0, str(HERE.parents[1]))

from fuzz_runner import main, run_inputs  # noqa: E402
from test_link_match_modes import REQUESTS  # noqa: E402
from test_link_peer_moves import check as check_peer_move  # noqa: E402
from test_link_peer_moves import games as host_games  # noqa: E402

from firmware_bridge import messages as M  # noqa: E402
from firmware_bridge.framing import MAX_BODY, FrameDecoder, decode_frame, encode_frame  # noqa: E402
from firmware_bridge.wire import KIND_SESSION, pack_header, unpack_header  # noqa: E402
from game.core.prng import Pcg32  # noqa: E402

MODES = ("skirmish", "duel", "bout")
DECODERS = {M.MSG_HELLO: M.Hello, M.MSG_ERROR: M.Error, M.MSG_PAKE: M.Pake, M.MSG_CONFIRM: M.Confirm,
            M.MSG_CONTENT_RESULT: M.ContentResult, M.MSG_START: M.Start, M.MSG_READY: M.Ready,
            M.MSG_SYNCED: M.Synced, M.MSG_DESYNC: M.Desync, M.MSG_FIN: M.Fin}


def message_samples() -> list[bytes]:
    """One valid payload of every session message (and a snapshot's meta)."""
    return [
        M.Hello("guest", "1.0", "Blue unit", {"skirmish": bytes(range(32)), "offer:skirmish": b"\x01" * 20},
                nonce=bytes(range(M.NONCE_BYTES)), session=bytes(M.SESSION_ID_BYTES)).encode(),
        M.Error(M.ERR_PROTOCOL, "a clear reason").encode(),
        M.Pake(M.PAKE_TICKET, bytes(M.PAKE_ELEMENT_BYTES), b"\x07" * M.TAG_BYTES).encode(),
        M.Confirm(b"\x05" * M.MAC_BYTES).encode(),
        M.ContentResult("skirmish", True, b"\x09" * 32, "installed").encode(),
        M.Start(3, 2**40 + 7, 4, b"skirmish\x00\x01\x02", True).encode(),
        M.Ready(3, b"\x01" * M.CHAIN_BYTES).encode(),
        M.Synced(9).encode(), M.Desync(2, 300).encode(), M.Fin(77, b"\x02" * M.CHAIN_BYTES).encode(),
        M.SnapshotMeta(1, M.REASON_REJECTED, 12, b"\x03" * M.CHAIN_BYTES, b"\x04\x05").encode(),
    ]


def check_message(data: bytes) -> int:
    """Every decoder on the payload (a hostile peer picks the type byte): decoded or ValueError."""
    ok = 0
    for dec in (*DECODERS.values(), M.SnapshotMeta):
        try:
            dec.decode(data)
            ok = 1
        except ValueError:
            pass
    M.hello_protocol(data)
    return ok


def stream_samples() -> list[bytes]:
    return [b"".join(encode_frame(bytes([pack_header(KIND_SESSION, i, i + 1)]) + p)
                     for i, p in enumerate(message_samples()) if len(p) < MAX_BODY)]


def check_stream(data: bytes, rng: Pcg32) -> int:
    """Fed in random-sized chunks; every good body is at most MAX_BODY and goes on to its decoder."""
    dec = FrameDecoder()
    bodies = []
    at = 0
    while at < len(data):
        step = 1 + rng.below(512)
        bodies += dec.feed(data[at:at + step])
        at += step
    for part in data.split(b"\x00")[:64]:
        body = decode_frame(part)
        assert body is None or len(body) >= 1
    for body in bodies:
        assert 1 <= len(body) <= MAX_BODY, len(body)
        kind, _, _ = unpack_header(body[0])
        if kind == KIND_SESSION and len(body) > 1 and body[1] in DECODERS:
            try:
                DECODERS[body[1]].decode(body[1:])
            except ValueError:
                pass
    assert dec.pending <= dec.max_encoded
    return len(bodies)


# --- the peer's game bytes through game/link/modes.py ----------------------------------------

@functools.cache
def host_options(mode: str) -> bytes:
    from game.link.modes import host_spec
    return host_spec(mode, req=REQUESTS[mode], level="easy").options


@functools.cache
def guest():
    from game.link.modes import guest_spec
    return guest_spec(level="easy")


def setup_samples(mode: str) -> list[bytes]:
    from game.link.modes import split_setup
    return [split_setup(host_options(mode))[1]]


def check_setup(mode: str, data: bytes, rng: Pcg32) -> int:
    """START's setup as the guest reads it (mostly under the right mode tag, sometimes raw)."""
    from game.link.modes import tag_setup
    opts = tag_setup(mode, data) if rng.below(8) else data
    try:
        g = guest().make_game(7, opts)
    except ValueError:
        return 0
    g.game.state_hash()
    return 1


def move_samples(mode: str) -> list[bytes]:
    out = []
    for g in host_games(mode):
        if g.match.to_act() is not None:
            a = g.match.mode_rules.fallback(g.match.game)
            out.append(bytes(g.hook.encode_move(g.match.game, [a])))
    return out or [b"\x00"]


def check_move(mode: str, data: bytes) -> int:
    """A TURN payload, through the property test's own check (a Move or a ValueError, then a
    yes/no from the legality check, and looking at a move changes nothing); accepted: it decodes."""
    check_peer_move(mode, data)
    accepted = 0
    for g in host_games(mode):
        try:
            g.decode_action(data)
            accepted = 1
        except ValueError:
            pass
    return accepted


def snapshot_samples(mode: str) -> list[bytes]:
    return [g.snapshot() for g in host_games(mode)]


def check_snapshot(mode: str, data: bytes) -> int:
    """The host's snapshot as a guest restores it (the hook's restore; the match is not replaced)."""
    g = host_games(mode)[0]
    before = g.game.state_hash()
    try:
        got = g.hook.restore(g.match, data)
    except ValueError:
        return 0
    got.state_hash()
    assert g.game.state_hash() == before
    return 1


@functools.cache
def offer_kit():
    """The host of a Skirmish with a human guest seat, and a valid guest offer (its army, name)."""
    from game.link.modes import host_spec
    from game.modes.skirmish.hooks import LINK
    from game.modes.skirmish.link import GUEST, HOST, LinkedSeat, encode_setup
    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import Participant
    from game.rules.skirmish.catalog import find_ruleset
    rs, _ = find_ruleset("default")
    setup = encode_setup(rs, rs.maps[0].id, Options(pieces_per_turn=0, army_limit=9, turn_limit=3),
                         [LinkedSeat(HOST, Participant("", "bot:easy")), LinkedSeat(GUEST, Participant("G", "human"))])
    hs = host_spec("skirmish", setup=setup, level="easy")
    ids = [p.id for p in rs.pieces if not p.bot_only]
    offer = LINK.guest_offer(rs, Participant("Ann", "human", tuple(ids[i % len(ids)] for i in (2, 2, 1, 0, 3, 1))))
    return hs, offer


def check_offer(data: bytes) -> int:
    """The guest's offer merged into the host's setup before START: bytes or a ValueError; the
    merged setup starts the host's game."""
    hs, _ = offer_kit()
    try:
        opts = hs.prepare_options({"offer:skirmish": data}, hs.options)
    except ValueError:
        return 0
    if opts == hs.options:
        return 0
    hs.make_game(5, opts).game.state_hash()
    return 1


def categories() -> dict:
    """{name: (samples, check(data, rng) -> accepted)}; an empty samples list: random streams."""
    cats = {
        "frame stream (mutated)": (stream_samples(), check_stream),
        "frame stream (random bytes)": ([], check_stream),
        "session messages": (message_samples(), lambda d, r: check_message(d)),
        "offer: skirmish": ([offer_kit()[1]], lambda d, r: check_offer(d)),
    }
    for mode in MODES:
        cats[f"setup: {mode}"] = (setup_samples(mode), functools.partial(check_setup, mode))
        cats[f"moves: {mode}"] = (move_samples(mode), lambda d, r, m=mode: check_move(m, d))
        cats[f"snapshot: {mode}"] = (snapshot_samples(mode), lambda d, r, m=mode: check_snapshot(m, d))
    return cats


def run(n: int, seed: int = 21, limit: float | None = None) -> dict[str, dict]:
    return run_inputs(categories(), n, seed, limit)


if __name__ == "__main__":
    main(sys.argv[1:], run)
