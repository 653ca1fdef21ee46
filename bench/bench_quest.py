"""Hex quest benchmarks: a turn (player wait, 30 NPCs planning and acting, gravity) on a
radius-12 hexagon (397 hexes; 12 of the NPCs cast spells, 10 orange disks, 6 yellow disks and 6
bugs; budget median <= 2 ms) and on a Supaplex-size square level (60x24, 200 falling/rolling
objects of which 20 are orange disks, 20 yellow disks, 10 bugs, 20 wall followers that explode;
budget <= 5 ms).

`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_quest [--json]`.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from game.core.grid import Grid
from game.core.prng import Pcg32
from game.modes.quest import tiles as T
from game.modes.quest.level import Level, NpcSpec


def hexlevel():
    g = Grid.hexagon(12)
    obj, prop = bytearray(g.n), bytearray(g.n)
    rng = Pcg32(1)
    cells = list(g.cells)
    start = g.cell_at(0, 0)
    free = [c for c in cells if c != start]
    rng.shuffle(free)
    for c in free[:60]:
        obj[c] = T.MOVABLE
    for c in free[60:100]:
        obj[c] = T.ROCK
    for i, c in enumerate(free[130:152]):
        obj[c] = (T.ORANGE_DISK, T.YELLOW_DISK, T.BUG)[0 if i < 10 else 1 if i < 16 else 2]
    models = ("chase", "wander", "wall_left", "caster", "turret")
    books = ({"fireball": 2, "missile": 1, "teleport": 1}, {"lightning": 2, "ice": 1, "jump": 1}, {"missile": 2})
    npcs = [NpcSpec(name="n", cell=c, hp=50, model=models[i % 5], spells=books[i % 3] if i % 5 in (0, 3, 4) else {})
            for i, c in enumerate(free[100:130])]
    return Level(name="b", grid=g, obj=obj, prop=prop, start=start, gravity=3, npcs=npcs, hp=100000)

def sqlevel():
    g = Grid.square(60, 24)
    obj, prop = bytearray(g.n), bytearray(g.n)
    rng = Pcg32(2)
    for c in g.cells:
        x, y = g.coords(c)
        if x in (0, 59) or y in (0, 23):
            obj[c] = T.ROCK
    free = [c for c in g.cells if obj[c] == 0 and c != g.cell_at(1, 22)]
    rng.shuffle(free)
    for i, c in enumerate(free[:200]):
        obj[c] = T.ORANGE_DISK if i % 10 == 0 else T.BOULDER if i % 2 else T.GEM
    for c in free[200:600]:
        obj[c] = T.DESTRUCT
    for i, c in enumerate(free[620:650]):
        obj[c] = T.YELLOW_DISK if i < 20 else T.BUG
    npcs = [NpcSpec(name="s", cell=c, hp=1, model="wall_left" if i % 2 else "wall_right", blast="gems" if i % 2 else "plain")
            for i, c in enumerate(free[600:620])]
    return Level(name="s", grid=g, obj=obj, prop=prop, start=g.cell_at(1, 22), gravity=2, player_gravity=False, npcs=npcs, hp=100000)



def _turns(level, n=200) -> tuple[float, float]:
    from game.modes.quest.game import QuestGame
    g = QuestGame(level)
    ts = []
    for _ in range(n):
        if g.status != "play":
            g = QuestGame(level)
        t = time.perf_counter()
        g.apply([2])
        ts.append((time.perf_counter() - t) * 1000)
    return round(statistics.median(ts), 3), round(max(ts), 3)


def run() -> dict:
    hm, hx = _turns(hexlevel())
    sm, sx = _turns(sqlevel())
    return {"hex_r12_30npc_turn_median_ms": hm, "hex_r12_30npc_turn_max_ms": hx, "hex_budget_ms": 2.0,
            "supaplex_60x24_turn_median_ms": sm, "supaplex_60x24_turn_max_ms": sx, "supaplex_budget_ms": 5.0}


if __name__ == "__main__":
    out = run()
    print(json.dumps(out) if "--json" in sys.argv else "\n".join(f"{k:<36} {v}" for k, v in out.items()))
