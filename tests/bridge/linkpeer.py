"""One unit of a linked self-test game, as its own OS process (used by the two-process tests).

    python tests/bridge/linkpeer.py --port /dev/pts/5 --role host --turns 200 --seed 7

Opens PORT through pyserial like the product does, plays the cable self-test game with its bot
and prints one JSON object (`Session.result()` plus what it saw) on stdout at the end. Exit code
0 when the game finished with agreeing hashes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.session import Session


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", required=True)
    ap.add_argument("--role", choices=["host", "guest"], required=True)
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--turns", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args(argv)

    seat = 0 if args.role == "host" else 1
    session = Session.open(args.port, baud=args.baud, role=args.role, app_version="selftest",
                           unit_name=f"{args.role}-pid", seed=args.seed if args.role == "host" else None,
                           make_game=lambda seed, options: SelfTestGame(seed, seat, args.turns))
    statuses: list[str] = []
    start = time.monotonic()
    end = start + args.timeout
    while not session.finished and not session.failed and time.monotonic() < end:
        session.poll()
        text = session.status_text()
        if not statuses or statuses[-1] != text:
            if not (statuses and text.startswith(("your turn", "the other unit's turn"))
                    and statuses[-1].startswith(("your turn", "the other unit's turn"))):
                statuses.append(text)
        session.wait(0.005)
    session.linger(3.0)
    result = session.result()
    result["seconds"] = round(time.monotonic() - start, 3)
    result["statuses"] = statuses
    result["log"] = list(session.log_lines)[-40:]
    print(json.dumps(result))
    session.close()
    return 0 if session.finished else 1


if __name__ == "__main__":
    sys.exit(main())
