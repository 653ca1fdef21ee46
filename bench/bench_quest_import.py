"""Hex quest inputs from outside (issue 21): the DESIGN.md budget "any one input: <= 256 MB peak
and bounded time". Measured: listing a 1.5 MB LEVELS.DAT of random records and a 3.9 MB Sokoban
collection of 64x64 box levels (the drop-in screen's reader), loading a 20,000-move save, and a
turn of a Supaplex level with ~840 wall-following enemies (no longer capped at 100).

`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_quest_import [--json]`.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from game.core.prng import Pcg32

BUDGET_MB = 256


def _measure(fn) -> tuple[float, float]:
    """(seconds, peak MiB) of fn(), timed and traced in separate runs."""
    t = time.perf_counter()
    fn()
    secs = time.perf_counter() - t
    tracemalloc.start()
    try:
        fn()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return round(secs, 3), round(peak / 2**20, 1)


def _listing(folder: Path):
    from game.modes.quest import dropin as D

    def go():
        D._CACHE.clear()
        return D.list_dropins([folder])
    return go


def _boxes() -> str:
    side = 64
    rows = ["#" * side] + ["#" + ("@" if y == 1 else "$") + "$" * (side - 3) + "#" for y in range(1, 32)]
    rows += ["#" + "." * (side - 2) + "#" for _ in range(31)] + ["#" * side]
    rows[32] = "#" + " " + "." * (side - 3) + "#"           # one goal fewer: 1921 boxes, 1921 goals
    lvl = "\n".join(rows) + "\n\n"
    return lvl * (3_900_000 // len(lvl))


def _enemies_level():
    from game.modes.quest.importers.supaplex import encode_record, read_levels_dat
    t = bytearray(60 * 24)
    for y in range(24):
        for x in range(60):
            edge = x in (0, 59) or y in (0, 23) or (x < 4 and y < 4)
            t[y * 60 + x] = 6 if edge else 17 if (x + y) % 3 == 0 else 24 if (x + y) % 3 == 1 else 0
    t[2 * 60 + 2], t[20 * 60 + 50] = 3, 7
    return read_levels_dat(encode_record(bytes(t)), "bench.dat")[0][0].level


def run() -> dict:
    from game.modes.quest.catalog import load_level
    from game.modes.quest.game import QuestGame
    from game.modes.quest.session import MAX_ACTIONS, Session
    out: dict = {"budget_mb": BUDGET_MB}
    with tempfile.TemporaryDirectory() as tmp:
        dat, xsb = Path(tmp) / "dat", Path(tmp) / "xsb"
        dat.mkdir()
        xsb.mkdir()
        r = Pcg32(7, 1)
        (dat / "LEVELS.DAT").write_bytes(bytes(r.below(256) for _ in range(1000 * 1536)))
        (xsb / "boxes.xsb").write_text(_boxes())
        out["random_levels_dat_1_5mb_list_s"], out["random_levels_dat_1_5mb_peak_mb"] = _measure(_listing(dat))
        out["boxes_xsb_3_9mb_list_s"], out["boxes_xsb_3_9mb_peak_mb"] = _measure(_listing(xsb))
    level, _, _ = load_level("square/01_corner")
    data = {"level": level.name, "level_hash": level.content_hash(), "actions": [[2]] * MAX_ACTIONS,
            "pos": MAX_ACTIONS, "carry": None}
    out["save_20000_moves_load_s"], out["save_20000_moves_peak_mb"] = _measure(lambda: Session.from_save(level, data))
    lv = _enemies_level()
    g = QuestGame(lv)
    ts = []
    for _ in range(50):
        t = time.perf_counter()
        g.apply([2])
        ts.append((time.perf_counter() - t) * 1000)
    out["supaplex_enemies"] = len(lv.npcs)
    out["supaplex_enemies_turn_median_ms"] = round(statistics.median(ts), 3)
    out["worst_peak_vs_budget"] = round(max(v for k, v in out.items() if k.endswith("_peak_mb")) / BUDGET_MB, 3)
    return out


if __name__ == "__main__":
    res = run()
    print(json.dumps(res) if "--json" in sys.argv else "\n".join(f"{k:<36} {v}" for k, v in res.items()))
