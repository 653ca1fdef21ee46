"""Engine benchmarks: reachable cells vs python-tcod's dijkstra2d, a bot's whole turn, and the
peak RSS of `tactibox simulate` on the largest map. `run() -> dict`; `python -m bench.bench_engine`."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from bench.common import best_of, gather, standalone


def bench_reach() -> dict:
    import numpy as np

    from game.core.reach import reachable_cells
    from game.modes.skirmish.tables import compiled
    from game.rules.skirmish.catalog import find_ruleset

    rs, _ = find_ruleset("default")
    gmap = rs.map("02_highlands")
    _, moves = compiled(rs)
    scout = rs.piece("scout")                    # MOB 6, earth: forests cost 2, water/lava/chasm closed
    field = moves.field(gmap, moves.movetype_of[scout.index])
    g = gmap.grid
    start = g.cell_at(16, 16)
    if not (field.passable >> start) & 1:
        start = next(c for c in g.cells if (field.passable >> c) & 1)
    ours = best_of(lambda: reachable_cells(field, start, scout.mob), 2000)
    reach = reachable_cells(field, start, scout.mob)
    out = {"reach_us": round(ours * 1e6, 2), "reach_cells": len(reach.cells())}
    try:
        import tcod.path
    except ImportError:
        out["tcod"] = "not installed (pip install tcod)"
        return out
    cost = np.array([field.cost_of[c] for c in range(g.n)], dtype=np.int32).reshape(g.height, g.width)
    sy, sx = divmod(start, g.width)

    def tcod_query():
        dist = tcod.path.maxarray((g.height, g.width), dtype=np.int32)
        dist[sy, sx] = 0
        tcod.path.dijkstra2d(dist, cost, 1, 0, out=dist)
        return dist

    theirs = best_of(tcod_query, 2000)
    d = tcod_query()
    tcod_cells = {int(y * g.width + x) for y, x in zip(*np.nonzero(d <= scout.mob))} - {start}
    # same query: with no elevation limit both must find the same cells (elevation-free field)
    from game.core.reach import MoveField
    flat = MoveField(g, field.cost_of)
    same = set(reachable_cells(flat, start, scout.mob).cells()) == tcod_cells
    out.update({"tcod_dijkstra2d_us": round(theirs * 1e6, 2), "reach_vs_tcod_ratio": round(ours / theirs, 3),
                "budget_ratio": 0.3, "same_cells_as_tcod": same})
    return out


def bench_bot_turn(games: int = 3) -> dict:
    from game.modes.skirmish.bot import SkirmishBot
    from game.modes.skirmish.game import SkirmishGame
    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import parse_seats
    from game.rules.skirmish.catalog import find_ruleset

    rs, _ = find_ruleset("default")
    gmap = rs.map("02_highlands")
    turns = []
    first = []
    for seed in range(games):
        g = SkirmishGame.new(rs, gmap, parse_seats("bot:hard,bot:hard,bot:hard,bot:hard"), seed, Options(turn_limit=400))
        bots = {s: SkirmishBot("hard") for s in g.seats()}
        while not g.is_over():
            turn, t = g.turn, time.perf_counter()
            while g.turn == turn and not g.is_over():
                g.apply(bots[g.current].choose(g))
            dt = time.perf_counter() - t
            turns.append(dt)
            if turn < 4:
                first.append(dt)       # the opening turns: 4 full armies of 9 on the board
    turns.sort()
    return {"bot_turn_median_ms": round(statistics.median(turns) * 1000, 2),
            "bot_turn_p90_ms": round(turns[int(len(turns) * 0.9)] * 1000, 2),
            "bot_turn_opening_median_ms": round(statistics.median(first) * 1000, 2),
            "bot_turns_measured": len(turns), "budget_ms": 20}


def bench_simulate_rss() -> dict:
    code = ("import resource, subprocess, sys; subprocess.run([sys.executable, '-m', 'game', 'simulate', '--map', "
            "'02_highlands', '--seats', 'human,bot:hard,bot:hard,bot:hard', '--seed', '1', '--quiet'], "
            "check=True, stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t
    return {"simulate_peak_rss_mb": round(int(out.stdout.strip()) / 1024, 1), "budget_mb": 32,
            "simulate_4_hard_bots_32x32_s": round(wall, 2)}


def run() -> dict:
    return gather(bench_reach, bench_bot_turn, bench_simulate_rss)


if __name__ == "__main__":
    standalone(run)
