"""What every bench module shares: a steady timer and the standalone `python -m bench.X` output."""

from __future__ import annotations

import json
import statistics
import sys
import time


def best_of(fn, number: int, repeat: int = 7) -> float:
    """Median over `repeat` rounds of the per-call time of `number` calls (seconds)."""
    rounds = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        rounds.append((time.perf_counter() - t) / number)
    return statistics.median(rounds)


def call_times(fn, n: int, *args) -> list[float]:
    """The wall time of each of `n` calls of `fn(*args)` (seconds), in call order."""
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t)
    return times


def gather(*benches) -> dict:
    """The figures of each of `benches` (functions returning a dict), run in order, in one dict."""
    out = {}
    for bench in benches:
        out.update(bench())
    return out


def standalone(run) -> None:
    """`python -m bench.bench_x [--json]`: print the figures of one module."""
    res = run()
    if "--json" in sys.argv:
        print(json.dumps(res, sort_keys=True))
    else:
        for k, v in res.items():
            print(f"  {k:<40} {v}")
