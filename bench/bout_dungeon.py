"""Dungeon figures for bench_bout (issue 18): a dungeon step with 20 fighters in 4 engagements
(budget: median <= 5 ms), level generation at 80x50 (<= 50 ms), the FoV against python-tcod's
compute_fov in the same run, and a whole headless run's peak RSS (<= 32 MB, in a fresh process).
"""

from __future__ import annotations

import copy
import json
import statistics
import subprocess
import sys
import time

from bench.common import best_of

BIG = {"width": 80, "height": 50, "rooms_min": 12, "rooms_max": 16}


def _big(data):
    d = copy.copy(data)
    d.dungeon = {**data.dungeon, **BIG}
    return d


def crowded_game(rules, data, seed: int):
    """20 fighters in 4 melees: the party and three foes in one room; five foes of two or three
    factions in each of three other rooms, standing in contact."""
    from game.modes.bout.dungeon.actor import COMPANION, FOE, HERO, Actor, template_of
    from game.modes.bout.dungeon.game import DungeonGame
    from game.modes.bout.dungeon.generate import generate_level
    d = _big(data)
    g = DungeonGame(rules, d, seed, start=False)
    g.depth = 3
    g.level = lv = generate_level(d, seed, 3)
    rooms = sorted(range(len(lv.rooms)), key=lambda i: -lv.rooms[i][2] * lv.rooms[i][3])[:4]
    foes = [e for e in d.foes if e.min_depth <= 3 <= e.max_depth]
    k = 0
    for n, r in enumerate(rooms):
        x, y, _w, _h = lv.rooms[r]
        block = [lv.cell(x + i, y + j) for j in range(2) for i in range(3)][:5]
        for m, cell in enumerate(block):
            if n == 0 and m < 2:
                v = d.hero if m == 0 else d.companion
                a = Actor(template_of(rules, v), 0, cell)
                a.role = HERO if m == 0 else COMPANION
            else:
                e = foes[k % len(foes)]
                k += 1
                side = 1 + (m + n) % 3 if n else 1 + m % 2
                a = Actor(template_of(rules, e.v), side, cell)
                a.role, a.kind = FOE, e.index
            g.refit(a)
            g.actors.append(a)
    from game.modes.bout.melee import Melee
    g.m = Melee(rules, width=lv.width, rng=g.rng, fighters=g.actors)
    for a in g.actors:
        g.m.add_fighter(a)
    g._reindex()
    g.see()
    g.prepare()
    return g


def bench_step(rules, data, samples: int = 240) -> dict:
    from game.modes.bout.dungeon.botplay import DungeonBot
    times, cpus, hashes, seed = [], [], [], 0
    while len(times) < samples and seed < 200:
        seed += 1
        g = crowded_game(rules, data, seed)
        bot = DungeonBot("hard")
        spent = cpu = 0.0
        for _ in range(400):
            if g.is_over():
                break
            engaged = sum(len(e.members) for e in g.m.engs.values())
            crowded = len(g.m.engs) >= 4 and engaged >= 16
            turn = g.turn
            a = bot.choose(g)
            t, c = time.perf_counter(), time.process_time()
            g.apply(a)
            spent += time.perf_counter() - t
            cpu += time.process_time() - c
            if g.turn != turn:
                if crowded:
                    times.append(spent / (g.turn - turn))
                    cpus.append(cpu / (g.turn - turn))
                    t = time.perf_counter()
                    g.state_hash()
                    hashes.append(time.perf_counter() - t)
                spent = cpu = 0.0
            if not crowded and g.turn > 12:
                break
    return {"dungeon_step_20_fighters_4_fights_ms_median": round(statistics.median(times) * 1e3, 2),
            "dungeon_step_ms_p90": round(sorted(times)[int(0.9 * len(times))] * 1e3, 2),
            "dungeon_step_cpu_ms_median": round(statistics.median(cpus) * 1e3, 2),
            "dungeon_step_samples": len(times), "dungeon_step_budget_ms": 5.0,
            "dungeon_state_hash_ms_median": round(statistics.median(hashes) * 1e3, 2)}


def bench_generation(data) -> dict:
    from game.modes.bout.dungeon.generate import generate_level
    d = _big(data)
    it = iter(range(10**9))
    t = best_of(lambda: generate_level(d, next(it), 2), 10, 5)
    return {"dungeon_generate_80x50_ms": round(t * 1e3, 2), "dungeon_generate_budget_ms": 50.0}


def bench_fov(data) -> dict:
    from game.modes.bout.dungeon.fov import Sight
    from game.modes.bout.dungeon.generate import generate_level
    out = {}
    small = copy.copy(data)
    small.dungeon = {**data.dungeon, "width": 25, "height": 25, "rooms_min": 4, "rooms_max": 6, "room_max": 7}
    for label, d, radius in (("80x50_r8", _big(data), 8), ("25x25_r6", small, 6)):
        lv = generate_level(d, 5, 2)
        cells = lv.open_cells()
        s = Sight(lv, radius)
        for c in cells:                     # warm the row-pattern tables once, as a level does
            s.view(c)
        it = iter(range(10**9))

        def ours(s=s, cells=cells, it=it):
            s.cache.clear()
            s.view(cells[next(it) % len(cells)])

        t_ours = best_of(ours, 1000)
        out[f"dungeon_fov_{label}_us"] = round(t_ours * 1e6, 2)
        try:
            import numpy as np
            import tcod.constants
            import tcod.map
        except ImportError:
            out["tcod"] = "not installed (pip install tcod)"
            continue
        tr = np.zeros((lv.height, lv.width), dtype=bool)
        for c in cells:
            tr[c // lv.width, c % lv.width] = True
        it2 = iter(range(10**9))
        w = lv.width

        def theirs(tr=tr, cells=cells, it2=it2, w=w, radius=radius):
            c = cells[next(it2) % len(cells)]
            tcod.map.compute_fov(tr, (c // w, c % w), radius=radius, light_walls=True,
                                 algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)

        t = best_of(theirs, 1000)
        out[f"dungeon_fov_{label}_tcod_us"] = round(t * 1e6, 2)
        out[f"dungeon_fov_{label}_ratio_vs_tcod"] = round(t_ours / t, 2)
    out["dungeon_fov_budget"] = "ratio <= 1.0"
    return out


RSS_PROBE = """
import json, resource, sys
from game.cli import main
import io, contextlib
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    main(["simulate", "--mode", "bout", "--scenario", "dungeon", "--seats", "bot:hard", "--seed", "4", "--json"])
s = json.loads(buf.getvalue())
try:   # VmHWM: this process's own peak (ru_maxrss keeps the forking parent's peak across exec)
    kb = int(next(l for l in open("/proc/self/status") if l.startswith("VmHWM")).split()[1])
except (OSError, StopIteration):
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"rss_kb": kb, "steps": s["steps"]}))
"""


def bench_rss() -> dict:
    try:
        out = subprocess.run([sys.executable, "-c", RSS_PROBE], capture_output=True, text=True, timeout=600, check=True)
        got = json.loads(out.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, ValueError, IndexError) as exc:
        return {"dungeon_run_rss": f"failed: {exc}"}
    return {"dungeon_headless_run_rss_mb": round(got["rss_kb"] / 1024, 1), "dungeon_headless_run_steps": got["steps"],
            "dungeon_rss_budget_mb": 32}


def run(rules, duel_us_per_exchange: float | None = None) -> dict:
    from game.rules.bout.dungeon_loader import load_shipped
    data = load_shipped(rules)
    out = {}
    out.update(bench_step(rules, data))
    if duel_us_per_exchange:
        out["dungeon_step_vs_duel_exchange"] = round(out["dungeon_step_20_fighters_4_fights_ms_median"] * 1e3
                                                     / duel_us_per_exchange, 1)
    out.update(bench_generation(data))
    out.update(bench_fov(data))
    out.update(bench_rss())
    return out
