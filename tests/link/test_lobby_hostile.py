"""A hostile joiner (issue 22): over real TCP on 127.0.0.1, a lobby host and three honest units
play a battle while strangers attack the host. A stranger with a wrong pairing code gets no
seat; a crowd of connections that never pair is bounded (`MAX_UNPAIRED`, the pairing deadline)
and cannot keep the honest units out; a process streaming tens of MB of CRC-valid frames into
the host during the battle does not grow the host past the memory cap (resident memory grows by
less than 24 MB) and the battle ends on one state hash on every honest unit."""

from __future__ import annotations

import gc
import socket
import subprocess
import sys
import time
from pathlib import Path

from flood import vm_kb
from lobbykit import CODE

from game.link.lobby import MAX_MEMBERS, MAX_UNPAIRED, LobbyHost
from game.link.modes import guest_spec, host_spec
from game.link.run import LinkRun
from game.modes.registry import Request

FLOOD = 48 * 1024 * 1024
RSS_GROWTH_CAP_KB = 24 * 1024
LOOP_LIMIT_S = 240.0
FLOOD_PY = Path(__file__).resolve().parents[1] / "bridge" / "flood.py"


def _lobby() -> LobbyHost:
    from firmware_bridge.pairing import key_from_code
    spec = host_spec("skirmish", req=Request(seed=3, seats=("human",) * 4, turn_limit=16,
                                             options={"map": "04_four_rivers"}), level="easy")
    lobby = LobbyHost(spec, seats=["human"] * 4, pairing_key=key_from_code(CODE), seed=3, unit_name="host",
                      pair_deadline=8.0)
    lobby.listen("127.0.0.1", 0)
    return lobby


def _join(port: int, name: str, code: str = CODE) -> LinkRun:
    return LinkRun.open(port=f"tcp://127.0.0.1:{port}", role="guest", spec=guest_spec(level="easy"),
                        unit_name=name, code=code)


def test_a_hostile_joiner_gets_no_seat_cannot_crowd_out_and_cannot_grow_the_host():
    lobby = _lobby()
    port = lobby.acceptor.port
    crowd = []
    stranger = _join(port, "stranger", code="000000" if CODE != "000000" else "111111")
    honest: list[LinkRun] = []
    runs = [stranger]
    flooder = None
    peak_members = peak_unpaired = 0
    end = time.monotonic() + LOOP_LIMIT_S
    base_kb = peak_kb = None
    polls = 0
    try:
        for _ in range(5_000_000):
            if time.monotonic() > end:
                break
            polls += 1
            if 20 <= polls < 36:                         # the crowd arrives first: 16 silent connections
                s = socket.socket()
                s.setblocking(False)
                s.connect_ex(("127.0.0.1", port))
                crowd.append(s)
            if polls == 200:
                honest = [_join(port, f"unit-{k}") for k in (1, 2, 3)]
                runs += honest
            lobby.poll()
            for r in runs:
                r.poll()
            peak_members = max(peak_members, len(lobby.members))
            peak_unpaired = max(peak_unpaired, sum(1 for m in lobby.members if not m.paired))
            if not lobby.launched and lobby.waiting_for() == 0:
                assert lobby.launch() == ""
                gc.collect()
                base_kb = peak_kb = vm_kb()
                flooder = subprocess.Popen([sys.executable, str(FLOOD_PY), str(port), str(FLOOD)],
                                           stdout=subprocess.PIPE, text=True)
            if base_kb is not None and polls % 256 == 0:
                peak_kb = max(peak_kb, vm_kb())
            if lobby.finished and all(r.session.finished for r in honest) and flooder.poll() is not None:
                break                                    # the flood ended: read in full or cut off
            time.sleep(0.0005)
        assert lobby.finished, lobby.status()
        res = lobby.result()
        assert {r.result()["state_hash"] for r in honest} == {res["state_hash"]}
        names = set(lobby.names.values())
        assert "stranger" not in names and names == {"host", "unit-1", "unit-2", "unit-3"}
        assert not stranger.session.paired
        assert peak_unpaired <= MAX_UNPAIRED and peak_members <= MAX_MEMBERS
        peak_kb = max(peak_kb, vm_kb())
        print(f"lobby under attack: VmRSS {base_kb} -> peak {peak_kb} kB, flood bytes read "
              f"{res['bytes_received']}, closed connections {len(lobby.log_lines)}")
        assert peak_kb - base_kb < RSS_GROWTH_CAP_KB, (base_kb, peak_kb)
        assert res["bytes_received"] > 4 * 1024 * 1024          # the flood did reach the host
        assert any("did not pair" in line for line in lobby.log_lines)   # and was cut off at the deadline
        assert res["malformed_frames"] > 1000
    finally:
        for s in crowd:
            s.close()
        if flooder is not None:
            flooder.kill()
            flooder.communicate(timeout=30)
        for r in runs:
            r.close()
        lobby.close()
