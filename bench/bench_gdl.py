"""Xconq GDL benchmarks: read all library modules (time, peak RSS of a fresh interpreter), the
peak RSS of the heaviest modules played headless (budget 48 MB), the
Tokyo bot turn (all sides, budget: median <= 20 ms), a generated standard world (budget 500 ms),
the fog-of-war update per action, the library counts of bench/gdl_coverage.py (fixed-map
modules without play warnings, synthesis modules that start and play to an end, games that end
by the module's own rules), and the side bot's figures of bench/gdl_bots.py (against the old
bot, tokyo.g monster kills, a bot turn for a side with 200 units: budget median <= 50 ms).

The library is not in git: $TACTIBOX_XCONQ_LIB or shared/xconq/lib above the checkout.
`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_gdl [--json]`.
"""

from __future__ import annotations

import pathlib
import statistics
import subprocess
import sys
import time

from bench.common import standalone

TURN_BUDGET_MS = 20.0

_PARSE_ALL = """
import pathlib, sys, time
from game.rules.gdl.loader import load_module
files = sorted(pathlib.Path(sys.argv[1]).glob("*.g"))
cache = {} if sys.argv[2] == "cache" else None
t = time.perf_counter()
for p in files:
    load_module(p, cache)
sec = time.perf_counter() - t
hwm = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM"))
print(len(files), sec, hwm)
"""


_ONE_MODULE = """
import sys
from game.modes.gdl.match import BotSeat, playable_problems
from game.rules.gdl.loader import load_module
m = load_module(sys.argv[1])
try:
    problems = playable_problems(m)
except ValueError as exc:
    problems = [str(exc)]
if not problems:
    from game.modes.gdl.game import GdlGame
    from game.modes.gdl.world import World
    g = GdlGame(World(m), 1)
    seats = {s: BotSeat() for s in g.sides}
    for _ in range(200):
        if g.over:
            break
        g.apply(seats[g.side].choose(g))
hwm = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM"))
print(hwm, "played" if not problems else "loaded")
"""
# the library's heaviest modules (largest maps and type counts), measured over all 172 once
HEAVY = ("solar.g", "neurope.g", "t-africa.g", "spec.g", "opal.g", "ww2-39.g")
MODULE_RSS_BUDGET_MB = 48.0


def find_lib() -> pathlib.Path | None:
    from game.rules.gdl.coverage import find_shared
    return find_shared("lib", "TACTIBOX_XCONQ_LIB")


def _parse_all(lib, mode: str):
    root = pathlib.Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", _PARSE_ALL, str(lib), mode], capture_output=True, text=True,
                         cwd=root, check=True).stdout.split()
    return int(out[0]), float(out[1]), int(out[2])


def heavy_module_rss(lib) -> dict:
    """Peak RSS of a fresh interpreter that loads one module and, when it is playable, starts a
    game and plays 200 bot actions (budget: 48 MB headless), for the heaviest modules."""
    root = pathlib.Path(__file__).resolve().parents[1]
    out = {}
    for name in HEAVY:
        if not (lib / name).exists():
            continue
        got = subprocess.run([sys.executable, "-c", _ONE_MODULE, str(lib / name)], capture_output=True, text=True,
                             cwd=root, check=True).stdout.split()
        out[name] = {"peak_rss_mb": round(int(got[0]) / 1024, 1), "stage": got[1]}
    worst = max((v["peak_rss_mb"] for v in out.values()), default=0.0)
    return {"module_peak_rss_mb": out, "module_peak_rss_worst_mb": worst,
            "module_peak_rss_budget_mb": MODULE_RSS_BUDGET_MB}


def _tokyo_turns(lib, seeds=(1, 2, 3), turns: int = 30) -> list[float]:
    from game.modes.gdl.game import GdlGame
    from game.modes.gdl.match import BotSeat
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    world = World(load_module(lib / "tokyo.g"))
    times = []
    for seed in seeds:
        g = GdlGame(world, seed)
        seats = {s: BotSeat() for s in g.sides}
        while not g.over and g.turn < turns:
            t = time.perf_counter()
            start = g.turn
            while g.turn == start and not g.over:
                g.apply(seats[g.side].choose(g))
            times.append(time.perf_counter() - t)
    return times


def run() -> dict:
    lib = find_lib()
    if lib is None:
        return {"skipped": "no Xconq library (set TACTIBOX_XCONQ_LIB)"}
    out = {}
    n, sec, hwm = _parse_all(lib, "cache")
    out["modules"] = n
    out["load_all_seconds_parse_each_file_once"] = round(sec, 2)
    out["load_all_peak_rss_mb"] = round(hwm / 1024, 1)
    n, sec, hwm = _parse_all(lib, "nocache")
    out["load_all_seconds_each_module_alone"] = round(sec, 2)
    out["load_all_alone_peak_rss_mb"] = round(hwm / 1024, 1)
    out.update(heavy_module_rss(lib))
    times = _tokyo_turns(lib)
    out["tokyo_turn_median_ms"] = round(statistics.median(times) * 1000, 2)
    out["tokyo_turn_max_ms"] = round(max(times) * 1000, 2)
    out["tokyo_turn_budget_ms"] = TURN_BUDGET_MS
    from bench.gdl_coverage import generated_world_ms, library_counts, vision_update_ms
    out.update(generated_world_ms(lib))
    out.update(vision_update_ms(lib))
    out.update(library_counts(lib, log=lambda msg: print(msg, file=sys.stderr, flush=True)))
    from bench.gdl_bots import run as bot_figures
    out.update(bot_figures(lib, log=lambda msg: print(msg, file=sys.stderr, flush=True)))
    return out


if __name__ == "__main__":
    standalone(run)
