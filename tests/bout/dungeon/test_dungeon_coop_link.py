"""Dungeon co-op over the cable: two units' Matches in lockstep (the bout's link hook sends a
co-op run to coop_link), sessions over a lossy cable, two `tactibox link` processes over real
pseudo-terminals, and the peer's bytes (setup, moves, snapshot) from a hostile unit."""

import pathlib
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.link.linked_match import Move
from game.link.modes import bot_game
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import coop_link
from game.modes.bout.hooks import LINK

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bridge"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from linked_bots import bot_sessions
from linkkit import FakeClock, pump


@pytest.fixture(scope="module")
def setup(rules, data):
    return coop_link.encode_setup(data)


def _pair(rules, setup, seed):
    return (bot_game("bout", seed, setup, 0, "hard", rules=rules),
            bot_game("bout", seed, setup, 1, "hard", rules=rules))


def test_two_units_play_a_coop_run_in_step_to_the_end(rules, setup):
    """Each unit plays its own hero (the host seat 0, the guest seat 1); every move crosses as a
    seal, a reveal or a declaration; both units end on the same state hash."""
    host, guest = _pair(rules, setup, 2)
    assert host.local_seats() == [0] and guest.local_seats() == [1]
    kinds, moves = set(), 0
    while not host.finished() and moves < 20_000:
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        a = mover.next_local_action()
        data = mover.encode_action(a)
        assert len(data) <= A.MAX_INTS
        kinds.add(A.KINDS[data[0]])
        got = other.decode_action(data)
        assert other.is_legal(got)
        mover.apply(a)
        other.apply(got)
        assert mover.turn_hash() == other.turn_hash()
        moves += 1
    assert guest.finished() and host.match.game.is_over()
    assert {A.Seal, A.Open} <= kinds and A.Step not in kinds
    s = LINK.summary(host.match)
    assert s["coop"] and s["state_hash"] == LINK.summary(guest.match)["state_hash"] and len(s["heroes"]) == 2


def test_a_reveal_that_breaks_its_seal_is_replaced_by_the_forfeit(rules, setup):
    host, guest = _pair(rules, setup, 1)
    for side in (host, guest):                          # both seal
        a = side.next_local_action()
        host.apply(a)
        guest.apply(a)
    host.apply(host.next_local_action())               # the host reveals honestly
    here = host.match.game.actors[1].pos
    cheat = Move((A.Open(1, bytes(16), (0, 4)),))
    assert not host.is_legal(cheat)
    fix = host.replacement_for(cheat)
    assert fix.actions == (A.Open(1, bytes(16), ()),)
    host.apply(fix)
    assert host.match.game.turn == 1 and host.match.game.actors[1].pos == here


def test_the_peer_setup_is_checked(rules, data, setup):
    LINK.check_setup(rules, setup)
    assert LINK.header(rules, 5, setup).options == {"scenario": "dungeon", "coop": True}
    other = bytes([coop_link.COOP_TAG, 16]) + bytes(16)
    for bad in (bytes([0xD0]), bytes([0xD0, 0]), bytes([0xD0, 40]) + bytes(40), setup + b"x", setup[:-1], other):
        with pytest.raises(ValueError):
            LINK.check_setup(rules, bad)


def test_a_hostile_snapshot_is_refused(rules, setup):
    host, _ = _pair(rules, setup, 1)
    for bad in (b"{not json", b'{"coop": 1}', LINK.snapshot(host.match.game).replace(b'"coop":1', b'"coop":2')):
        with pytest.raises(ValueError):
            host.restore(bad)
    host.restore(LINK.snapshot(host.match.game))       # a sound one restores


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.binary(min_size=0, max_size=64))
def test_hostile_move_bytes_are_refused_cleanly(rules, setup, blob):
    """Any bytes from the peer: a move or a ValueError, never anything else, and a decoded move
    is only played when it is legal (is_legal)."""
    host, _ = _pair(rules, setup, 1)
    try:
        move = host.decode_action(blob)
    except ValueError:
        return
    assert len(blob) <= A.MAX_INTS
    host.is_legal(move)


def test_a_whole_coop_run_over_a_lossy_cable_ends_equal(rules, setup):
    clock = FakeClock()
    h, g, (w1, w2), games = bot_sessions(rules, clock, 2, setup, p_drop=0.05, p_dup=0.05, p_byte=0.01, link_seed=4)
    pump([h, g], clock, 900.0, until=lambda: h.finished and g.finished)
    assert h.finished and g.finished
    assert games["host"].match.game.is_over()
    assert games["host"].match.game.state_hash() == games["guest"].match.game.state_hash()
    assert w1.dropped + w2.dropped > 0


@pytest.mark.slow
def test_two_link_processes_over_real_ptys_play_coop_to_equal_hashes(tmp_path):
    """`tactibox link --host --mode bout --scenario dungeon` and `tactibox link --join`: two OS
    processes over a pair of real pseudo-terminals with a lossy cable between them."""
    import json
    import os
    import subprocess

    from ptybridge import PtyBridge
    root = pathlib.Path(__file__).resolve().parents[3]

    def unit(port, role, *extra, data):
        env = dict(os.environ, TACTIBOX_DATA=str(data))
        return subprocess.Popen([sys.executable, "-m", "game", "link", "--port", port, f"--{role}", "--json",
                                 "--timeout", "240", *extra], cwd=root, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with PtyBridge(seed=3, p_byte=0.005, p_drop=0.03, p_dup=0.03, delay=0.001) as bridge:
        host = unit(bridge.path_a, "host", "--mode", "bout", "--scenario", "dungeon", "--seed", "2",
                    data=tmp_path / "h")
        guest = unit(bridge.path_b, "join", data=tmp_path / "g")
        out = []
        for p in (host, guest):
            stdout, stderr = p.communicate(timeout=300)
            assert p.returncode == 0, stderr[-2000:]
            out.append(json.loads(stdout.strip().splitlines()[-1]))
    h, g = out
    assert h["coop"] and g["coop"] and h["result"] in ("escaped", "fell", "timeout")
    assert h["state_hash"] == g["state_hash"] and h["heroes"] == g["heroes"]
