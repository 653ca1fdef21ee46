"""Real pseudo-terminals through pyserial: in one process, and as two OS processes over a bad cable."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ptybridge import PtyBridge

from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.session import Session

PEER = Path(__file__).with_name("linkpeer.py")


def _sessions(bridge, turns=200, baud=115200, seed=11):
    h = Session.open(bridge.path_a, baud=baud, role="host", app_version="t", seed=seed,
                     make_game=lambda s, o: SelfTestGame(s, 0, turns))
    g = Session.open(bridge.path_b, baud=baud, role="guest", app_version="t",
                     make_game=lambda s, o: SelfTestGame(s, 1, turns))
    return h, g


def _run_in_process(h, g, timeout=120.0):   # generous: a loaded CI machine; the loop ends as soon as both finish
    end = time.monotonic() + timeout
    while not (h.finished and g.finished) and time.monotonic() < end:
        h.poll()
        g.poll()
        time.sleep(0.0005)
    for s in (h, g):
        s.linger(1.0)


@pytest.mark.parametrize("baud", [115200, 9600])
def test_two_sessions_over_real_ptys_in_one_process(baud):
    with PtyBridge() as bridge:
        h, g = _sessions(bridge, turns=100, baud=baud)
        try:
            _run_in_process(h, g)
            assert h.finished and g.finished
            assert h.result()["state_hash"] == g.result()["state_hash"]
            assert h.game.applied == g.game.applied and len(h.game.applied) == 100
            assert h.link.transport.byte_time == pytest.approx(10 / baud)
        finally:
            h.close()
            g.close()


def _spawn(port, role, turns, seed=7, timeout=150.0):   # generous for loaded CI machines; peers stop when done
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, str(PEER), "--port", port, "--role", role, "--turns", str(turns),
                             "--seed", str(seed), "--timeout", str(timeout)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _finish(procs, timeout=200.0):
    results = []
    for p in procs:
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
        assert out.strip(), f"peer printed nothing; stderr:\n{err}"
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


def test_two_processes_noisy_cable_200_turns_identical_hashes():
    with PtyBridge(seed=5, p_byte=0.01, p_drop=0.05, p_dup=0.05, delay=0.002) as bridge:
        procs = [_spawn(bridge.path_a, "host", 200), _spawn(bridge.path_b, "guest", 200)]
        host, guest = _finish(procs)
        stats = bridge.stats()
    assert host["state"] == guest["state"] == "finished", (host["log"], guest["log"])
    assert host["turns"] == guest["turns"] == 200
    assert host["state_hash"] == guest["state_hash"] and host["chain"] == guest["chain"]
    # the line really was bad, and the link really worked for it
    assert stats["a_to_b"]["dropped"] + stats["b_to_a"]["dropped"] > 0
    assert stats["a_to_b"]["corrupted_bytes"] + stats["b_to_a"]["corrupted_bytes"] > 0
    assert host["crc_errors"] + guest["crc_errors"] + host["malformed_frames"] + guest["malformed_frames"] > 0
    assert host["retransmits"] + guest["retransmits"] > 0
    assert host["duplicates"] + guest["duplicates"] > 0


@pytest.mark.slow
def test_two_processes_survive_a_10_second_cut_on_a_noisy_cable():
    with PtyBridge(seed=9, p_byte=0.01, p_drop=0.05, p_dup=0.05, delay=0.002, cut_after=(120, 10.0)) as bridge:
        procs = [_spawn(bridge.path_a, "host", 200, timeout=150), _spawn(bridge.path_b, "guest", 200, timeout=150)]
        host, guest = _finish(procs)
        assert bridge.stats()["cuts"] == 1
    assert host["state"] == guest["state"] == "finished", (host["log"], guest["log"])
    assert host["turns"] == guest["turns"] == 200
    assert host["state_hash"] == guest["state_hash"]
    for r in (host, guest):
        assert r["link_downs"] >= 1
        assert "cable unplugged — waiting" in r["statuses"]
        assert r["seconds"] >= 10.0
