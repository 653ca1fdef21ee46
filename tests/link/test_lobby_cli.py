"""`tactibox link --seats` (issue 22): four OS processes over real TCP on 127.0.0.1. The host
waits for three joining units; every one of the four prints one JSON object with the same
`state_hash` and `winner`, and each unit played its own seat (moves by every unit)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def unit(data, *args):
    env = dict(os.environ, TACTIBOX_DATA=str(data))
    return subprocess.Popen([sys.executable, "-m", "game", "link", "--json", "--timeout", "200", "--code", "135790",
                             *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(procs) -> list[dict]:
    """Each process's last stdout line as JSON (every one must exit 0); none is left running."""
    out = []
    try:
        for p in procs:
            stdout, stderr = p.communicate(timeout=260)
            assert p.returncode == 0, stderr[-2000:]
            out.append(json.loads(stdout.strip().splitlines()[-1]))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    return out


@pytest.mark.slow
def test_a_host_and_three_joining_units_print_the_same_hash_and_winner(tmp_path):
    port = free_port()
    host = unit(tmp_path / "h", "--port", f"tcp://:{port}", "--host",
                "--mode", "skirmish", "--seats", "human,human,human,human", "--turn-limit", "16", "--seat", "bot:easy")
    joiners = [unit(tmp_path / f"g{k}", "--port", f"tcp://127.0.0.1:{port}", "--join", "--name", f"unit-{k}",
                    "--seat", "bot:easy") for k in (1, 2, 3)]
    out = finish([host, *joiners])
    h = out[0]
    assert h["winner"] and len({o["state_hash"] for o in out}) == 1 and len({o["winner"] for o in out}) == 1
    assert all(o["placements"] == h["placements"] for o in out)
    assert set(h["moves_by_unit"]) == {"0", "1", "2", "3"}           # each unit played its own seat
    assert sorted(h["units"].values()) == sorted(["tactibox-host", "unit-1", "unit-2", "unit-3"])


@pytest.mark.slow
def test_joining_units_find_the_battle_on_the_loopback_without_an_address(tmp_path):
    """The host announces to 127.255.255.255 only; two units join with `--port lan`."""
    port, udp = free_port(), free_port()
    host = unit(tmp_path / "h", "--port", f"tcp://:{port}", "--host", "--mode", "skirmish",
                "--seats", "human,human,human", "--turn-limit", "8", "--seat", "bot:easy",
                "--announce", "127.255.255.255", "--discovery-port", str(udp))
    joiners = [unit(tmp_path / f"g{k}", "--port", "lan", "--discovery-port", str(udp), "--join",
                    "--name", f"finder-{k}", "--seat", "bot:easy") for k in (1, 2)]
    out = finish([host, *joiners])
    assert len({o["state_hash"] for o in out}) == 1 and out[0]["winner"]
    assert sorted(out[0]["units"].values()) == ["finder-1", "finder-2", "tactibox-host"]


@pytest.mark.slow
def test_a_four_side_xconq_module_between_four_units_over_tcp(tmp_path):
    """Issue 22 item 7: Quartet (four clans) with one unit per clan; the joiners receive the
    module from the host and all four print the same hash, winner and placements."""
    port = free_port()
    module = ROOT / "assets" / "gdl" / "quartet.g"
    host = unit(tmp_path / "h", "--port", f"tcp://:{port}", "--host", "--mode", "gdl", "--module", str(module),
                "--seats", "human,human,human,human", "--seat", "bot:easy")
    joiners = [unit(tmp_path / f"g{k}", "--port", f"tcp://127.0.0.1:{port}", "--join", "--name", f"clan-{k}",
                    "--seat", "bot:easy") for k in (1, 2, 3)]
    out = finish([host, *joiners])
    h = out[0]
    assert h["mode"] == "gdl" and h["module"] == "quartet"
    assert len({o["state_hash"] for o in out}) == 1 and len({o["winner"] for o in out}) == 1
    assert all(o["placements"] == h["placements"] for o in out)
    assert set(h["moves_by_unit"]) == {"0", "1", "2", "3"}           # each unit played its own clan
    for k in (1, 2, 3):
        assert (tmp_path / f"g{k}" / "gdl" / "link-received" / "quartet.g").read_bytes() == module.read_bytes()
