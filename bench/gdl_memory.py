"""Where an Xconq module's memory goes, headless: the peak RSS budget (DESIGN.md: 32 MB headless;
the Xconq issue's 48 MB) broken down by stage and by the source lines that hold the memory.

    python -m bench.gdl_memory [MODULE.g ...] [--top N]      (default: the bench's HEAVY modules)

For each module, in a fresh interpreter: VmRSS after Python + the engine's imports, after
`load_module`, after `World(module)`, after `GdlGame(world, 1)`, after 200 bot actions, and
VmHWM (the peak); then, from `tracemalloc` (started after the imports), the live Python
allocations of each stage and the source lines holding the most at the end. tracemalloc's own
bookkeeping inflates RSS, so the RSS column is from a separate run without it.
Not part of `tactibox bench` (a diagnosis, ~10 s a module); no timings.
"""

from __future__ import annotations

import json
import subprocess
import sys

from bench.bench_gdl import HEAVY, find_lib

_CHILD = r"""
import json, sys
trace = sys.argv[2] == "trace"
top, actions = int(sys.argv[3]), int(sys.argv[4])
def rss():
    with open("/proc/self/status") as fh:
        st = {l.split(":")[0]: int(l.split()[1]) for l in fh if l.startswith(("VmRSS", "VmHWM"))}
    return round(st["VmRSS"] / 1024, 1), round(st["VmHWM"] / 1024, 1)
from game.modes.gdl.game import GdlGame
from game.modes.gdl.match import BotSeat, playable_problems
from game.modes.gdl.world import World
from game.rules.gdl.loader import load_module
if trace:
    import tracemalloc
    tracemalloc.start(1)
stages = [("imports", rss()[0], 0)]
def mark(name):
    traced = tracemalloc.get_traced_memory()[0] if trace else 0
    stages.append((name, rss()[0], round(traced / 2**20, 1)))
m = load_module(sys.argv[1])
mark("load_module")
try:
    problems = playable_problems(m)
except ValueError as exc:
    problems = [str(exc)]
g = None
if not problems:
    w = World(m)
    mark("World")
    g = GdlGame(w, 1)
    mark("GdlGame")
    seats = {s: BotSeat() for s in g.sides}
    for _ in range(actions):
        if g.over:
            break
        g.apply(seats[g.side].choose(g))
    mark(f"{actions} bot actions")
lines = []
if trace:
    snap = tracemalloc.take_snapshot()
    for st in snap.statistics("lineno")[:top]:
        fr = st.traceback[0]
        lines.append([f"{fr.filename.split('/work/')[-1]}:{fr.lineno}", round(st.size / 2**20, 2), st.count])
print(json.dumps({"stages": stages, "peak_mb": rss()[1], "top": lines,
                  "size": [m.area.width, m.area.height] if hasattr(m, "area") and hasattr(m.area, "width") else None}))
"""


def measure(path, top: int = 12, actions: int = 200, traced_actions: int = 20) -> dict:
    """The plain run plays `actions` bot actions (the bench's peak); the traced one, much slower,
    `traced_actions`: its last stage is not the plain run's last."""
    plain = json.loads(subprocess.run([sys.executable, "-c", _CHILD, str(path), "plain", "0", str(actions)],
                                      capture_output=True, text=True, check=True).stdout)
    traced = json.loads(subprocess.run([sys.executable, "-c", _CHILD, str(path), "trace", str(top), str(traced_actions)],
                                       capture_output=True, text=True, check=True).stdout)
    py = {name: mb for name, _, mb in traced["stages"]}
    return {"peak_rss_mb": plain["peak_mb"], "traced_last_stage": traced["stages"][-1][0],
            "stages": [[name, mb, py.get(name, "-")] for name, mb, _ in plain["stages"]] + (
                [[traced["stages"][-1][0], "-", traced["stages"][-1][2]]] if actions != traced_actions else []),
            "top_lines": traced["top"]}


def main(argv: list[str]) -> int:
    top = 12
    if "--top" in argv:
        i = argv.index("--top")
        top = int(argv[i + 1])
        del argv[i:i + 2]
    lib = find_lib()
    paths = argv or ([lib / n for n in HEAVY] if lib is not None else [])
    for p in paths:
        r = measure(p, top)
        print(f"{p.name if hasattr(p, 'name') else p}: peak RSS {r['peak_rss_mb']} MB")
        print("  stage              RSS MB   live Python MB (tracemalloc)")
        for name, mb, py in r["stages"]:
            print(f"  {name:<18} {mb:>6}   {py}")
        print(f"  lines holding the most after '{r['traced_last_stage']}' (MB, blocks):")
        for where, mb, n in r["top_lines"]:
            print(f"    {mb:>6}  {n:>7}  {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
