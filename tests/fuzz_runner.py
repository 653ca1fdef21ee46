"""The loop the fuzz passes share (tests/link/link_fuzz.py, tests/gdl/gdl_fuzz.py): each category's
inputs are its valid samples, then mutations of them by the Hex quest fuzzer's `mutate`
(tests/quest/quest_fuzz.py), or random byte streams; every input is timed and its peak traced
memory measured. Only the standalone scripts pass a time limit (an input over it is stopped by
SIGALRM and counted as a hang); the pytest tests never look at time."""

from __future__ import annotations

import json
import signal
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "quest"))

from quest_fuzz import mutate

from game.core.prng import Pcg32


class Hang(BaseException):
    """An input ran past the standalone script's time limit (never raised under pytest)."""


def _alarm(signum, frame):
    raise Hang()


def random_stream(rng: Pcg32) -> bytes:
    n = rng.below(4096)
    zeros = rng.below(4)                     # from no delimiters at all to one in four bytes
    return bytes(0 if zeros and rng.below(4 * zeros) == 0 else rng.below(256) for _ in range(n))



def run_inputs(cats: dict, n: int, seed: int, limit: float | None = None) -> dict[str, dict]:
    """Each category's n inputs (its samples first, then mutations); tried, clean, accepted,
    crashes (with seed, index, exception to reproduce them), peak traced MiB, slowest input."""
    report = {}
    if limit is not None:
        signal.signal(signal.SIGALRM, _alarm)
    for k, (name, (samples, check)) in enumerate(cats.items()):
        rng = Pcg32(seed, 100 + k)
        tried = clean = accepted = 0
        crashes: list[str] = []
        hangs: list[str] = []
        peak = slowest = 0.0
        for i in range(n):
            if not samples:
                data = random_stream(rng)
            elif i < len(samples):
                data = samples[i]
            else:
                data = mutate(samples[rng.below(len(samples))], rng)
            tried += 1
            tracemalloc.start()
            if limit is not None:
                signal.setitimer(signal.ITIMER_REAL, limit)
            t0 = time.perf_counter()
            try:
                accepted += 1 if check(data, rng) else 0
                clean += 1
            except Hang:
                hangs.append(f"seed {seed} index {i}: stopped after {limit} s")
            except Exception as exc:  # noqa: BLE001 - counting crashes is the point
                crashes.append(f"seed {seed} index {i}: {type(exc).__name__}: {str(exc)[:160]}")
            finally:
                if limit is not None:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                took = time.perf_counter() - t0
                peak = max(peak, tracemalloc.get_traced_memory()[1])
                tracemalloc.stop()
            slowest = max(slowest, took)
        report[name] = {"tried": tried, "clean": clean, "accepted": accepted, "crashes": len(crashes),
                        "examples": crashes[:5], "hangs": len(hangs), "hang_examples": hangs[:5], "peak_mib": round(peak / 2**20, 2),
                        "slowest_s": round(slowest, 3)}
    return report


def table(report: dict) -> str:
    rows = ["category | tried | clean | accepted | crashes | hangs | peak per input | slowest input",
            "--- | --- | --- | --- | --- | --- | --- | ---"]
    for name, r in report.items():
        rows.append(f"{name} | {r['tried']} | {r['clean']} | {r['accepted']} | {r['crashes']} | {r['hangs']} | "
                    f"{r['peak_mib']} MiB | {r['slowest_s']} s")
    return "\n".join(rows)


def main(argv: list[str], run_fn) -> None:
    """`script.py [N per category] [--limit SECONDS per input]`: the report as JSON and a table."""
    limit = 10.0
    if "--limit" in argv:
        at = argv.index("--limit")
        limit = float(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    n = int(argv[0]) if argv else 1000
    report = run_fn(n, limit=limit)
    print(json.dumps(report, indent=1))
    print(table(report))


