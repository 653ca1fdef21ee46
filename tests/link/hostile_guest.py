"""A joining unit as its own OS process, for the hostile-host corpus (test_link_hostile_process.py).

    python tests/link/hostile_guest.py          # TACTIBOX_DATA set by the caller

Reads one line per round on stdin: `PORT CODE` joins tcp://127.0.0.1:PORT with that pairing code
exactly as `tactibox link --join` does (the registry's guest spec, the data folder's
rulesets/link-received), and plays until the session fails, finishes, or the line `end` arrives;
then prints one JSON line: state, error, whether link-received holds a ruleset and whether that
ruleset loads cleanly, and this process's VmHWM. `quit` ends the process. A crash ends it too —
which is what the test looks for.
"""

from __future__ import annotations

import json
import os
import select
import sys
import time
from pathlib import Path


def vm_hwm_kb() -> int:
    with open(f"/proc/{os.getpid()}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


def received_state(data: Path) -> str:
    folder = data / "rulesets" / "link-received"
    if not folder.exists():
        return "none"
    from game.rules.skirmish.loader import load_ruleset
    from game.rules.skirmish.playability import playability_problems
    rs, problems = load_ruleset(folder)
    if rs is None or problems or playability_problems(rs):
        return "broken"
    return "ok"


def one_round(port: int, code: str, data: Path, limit: float = 60.0) -> dict:
    from firmware_bridge.pairing import key_from_code
    from firmware_bridge.session import Session
    from game import __version__
    from game.link.modes import guest_spec
    spec = guest_spec(level="easy")
    session = Session.open(f"tcp://127.0.0.1:{port}", role="guest", app_version=__version__,
                           unit_name="hostile-corpus-guest", content=spec.content,
                           content_provider=spec.content_provider, install_content=spec.install_content,
                           make_game=spec.make_game, pairing_key=key_from_code(code))
    ended = False
    end = time.monotonic() + limit
    try:
        while not (session.failed or session.finished) and time.monotonic() < end:
            session.poll()
            fd = session.link.transport.fileno()
            ready, _, _ = select.select([sys.stdin] + ([fd] if fd is not None else []), [], [], 0.005)
            if sys.stdin in ready:
                line = sys.stdin.readline().strip()
                if line == "end":
                    ended = True
                    break
    finally:
        session.close()
    if not ended:                          # the parent still sends `end` for every round
        while sys.stdin.readline().strip() != "end":
            pass
    return {"state": session.state, "error": session.error, "dropped": session.counters.malformed_frames,
            "unpaired_dropped": session.unpaired_dropped, "received": received_state(data),
            "vm_hwm_kb": vm_hwm_kb()}


def main() -> int:
    data = Path(os.environ["TACTIBOX_DATA"])
    import firmware_bridge.session  # noqa: F401  (imports before the baseline figure)
    import game.link.modes
    import game.rules.skirmish.loader  # noqa: F401
    print(json.dumps({"ready": True, "vm_hwm_kb": vm_hwm_kb()}), flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] == "end":
            continue
        if words[0] == "quit":
            break
        print(json.dumps(one_round(int(words[0]), words[1], data)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
