"""Duel benchmarks: layout encodings (ours vs the plan's RLE, zlib, lzma), bytes per turn and per
200-turn bot duel, field of view vs python-tcod, generation and bot speed.

`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_duel [--json]`.
"""

from __future__ import annotations

import lzma
import statistics
import time
import zlib

from bench.common import best_of, gather, standalone

SEEDS = 200
SIZE = 25


def _lzma_raw(data: bytes) -> bytes:
    return lzma.compress(data, format=lzma.FORMAT_RAW, filters=[{"id": lzma.FILTER_LZMA2, "preset": 9, "dict_size": 1 << 16}])


def bench_layouts() -> dict:
    from game.core.prng import Pcg32
    from game.modes.duel.dungeon import generate_layout
    from game.modes.duel.layout_codec import encode_layout
    from game.modes.duel.options import DuelOptions
    from game.modes.duel.rle import rle_encode
    from game.modes.duel.wire import encode_seed_form

    rows = {"explicit": [], "zlib_text": [], "lzma_text": [], "zlib_bits": [], "lzma_bits": [],
            "rle": [], "rle_zlib": []}
    for s in range(SEEDS):
        lay = generate_layout(Pcg32(s, 0xBE), SIZE)
        text = "".join(str(lay.kind(c)) for c in range(SIZE * SIZE)).encode()
        bits = lay.open.to_bytes((SIZE * SIZE + 7) // 8, "little")
        rle = rle_encode(lay)
        rows["explicit"].append(len(encode_layout(lay)))
        rows["zlib_text"].append(len(zlib.compress(text, 9)))
        rows["lzma_text"].append(len(_lzma_raw(text)))
        rows["zlib_bits"].append(len(zlib.compress(bits, 9)))
        rows["lzma_bits"].append(len(_lzma_raw(bits)))
        rows["rle"].append(len(rle))
        rows["rle_zlib"].append(len(zlib.compress(rle, 9)))
    out = {f"layout_{k}_bytes_mean": round(statistics.mean(v), 1) for k, v in rows.items()}
    out["layout_explicit_bytes_max"] = max(rows["explicit"])
    out["layout_explicit_budget"] = "<= 48"
    out["layout_seed_form_bytes"] = len(encode_seed_form(2**64 - 1, DuelOptions()))
    out["layout_seed_form_budget"] = "<= 16"
    out["layout_raw_cells"] = SIZE * SIZE
    out["layout_note"] = ("text = 625 chars '0'/'1'/'2'; bits = open-cell bitmap (79 B, rooms lost); "
                          "rle = the plan's a/b/c A/B/C runs of the inner 23x23 (rooms lost); lzma raw LZMA2")
    return out


def bench_traffic() -> dict:
    from game.modes.duel.actions import ACTIONS
    from game.modes.duel.game import DuelGame
    from game.modes.duel.match import play_duel, replay
    from game.modes.duel.snapshot import encode_snapshot
    from game.modes.duel.turn_code import encode as turn_code
    from game.modes.duel.wire import split_turns

    per_turn, link_turn, totals, secs, turns = [], [], [], [], []
    for seed in range(5):
        t = time.perf_counter()
        r = play_duel(seed, bots=("hard", "hard"), max_turns=200)
        secs.append(time.perf_counter() - t)
        per_turn.extend(len(x) for x in r.turns)
        g = DuelGame.new(seed)
        for turn in split_turns([ACTIONS[c] for c in r.actions]):
            link_turn.append(len(turn_code(g.state, turn)))
            for a in turn:
                g.apply(a)
        totals.append(sum(len(x) for x in r.turns))
        turns.append(r.turns_played)
    t = time.perf_counter()
    long = play_duel(7, bots=("easy", "easy"), max_turns=200)   # easy bots rarely finish: 200 turns
    long_secs = time.perf_counter() - t
    g = replay(long.seed, long.options, long.turns, long.hashes, max_turns=200)
    return {
        "action_bytes_single": 1,
        "turn_bytes_mean": round(statistics.mean(per_turn), 2),
        "turn_bytes_max": max(per_turn),
        "link_turn_code_bytes_mean": round(statistics.mean(link_turn), 2),
        "link_turn_code_bytes_max": max(link_turn),
        "turn_framed_estimate_bytes": round(4 + statistics.mean(link_turn) + 1, 2),
        "turn_framed_budget": "<= 8 (framing per bench_link: 4 + turn code + 1 hash byte; measured there)",
        "duel_hard_turns_mean": round(statistics.mean(turns), 1),
        "duel_hard_action_bytes_mean": round(statistics.mean(totals), 1),
        "duel_hard_seconds_mean": round(statistics.mean(secs), 3),
        "duel_200_turns_played": long.turns_played,
        "duel_200_seconds": round(long_secs, 3),
        "duel_200_action_bytes": sum(len(x) for x in long.turns),
        "duel_200_with_seed_form_bytes": sum(len(x) for x in long.turns) + 10,
        "snapshot_bytes_after_200_turns": len(encode_snapshot(g.state)),
    }


def bench_fov() -> dict:
    from game.core.prng import Pcg32
    from game.modes.duel.dungeon import generate_layout
    from game.modes.duel.fov import fov_from_rows

    lay = generate_layout(Pcg32(3, 0xBE), SIZE)
    cells = lay.open_cells()
    rows = lay.padded_rows()
    for c in cells:                         # warm the row-pattern cache once, as a game does
        fov_from_rows(rows, SIZE, c)
    it = iter(range(10**9))

    def ours():
        fov_from_rows(rows, SIZE, cells[next(it) % len(cells)])

    t_ours = best_of(ours, 2000)
    out = {"fov_us": round(t_ours * 1e6, 2)}
    try:
        import numpy as np
        import tcod.constants
        import tcod.map
    except ImportError:
        out["tcod"] = "not installed (pip install tcod)"
        return out
    transparent = np.zeros((SIZE, SIZE), dtype=bool)
    for c in cells:
        transparent[c // SIZE, c % SIZE] = True
    for name, alg in (("restrictive", tcod.constants.FOV_RESTRICTIVE),
                      ("symmetric", tcod.constants.FOV_SYMMETRIC_SHADOWCAST)):
        it2 = iter(range(10**9))

        def theirs(it2=it2, alg=alg):
            c = cells[next(it2) % len(cells)]
            tcod.map.compute_fov(transparent, (c // SIZE, c % SIZE), radius=6, light_walls=True, algorithm=alg)

        t = best_of(theirs, 2000)
        out[f"tcod_{name}_us"] = round(t * 1e6, 2)
        out[f"fov_ratio_vs_tcod_{name}"] = round(t_ours / t, 2)
    out["fov_budget"] = "ratio <= 1.0"
    return out


def bench_speed() -> dict:
    from game.core.prng import Pcg32
    from game.modes.duel.bot import DuelBot
    from game.modes.duel.dungeon import generate_layout
    from game.modes.duel.game import DuelGame

    it = iter(range(10**9))
    gen = best_of(lambda: generate_layout(Pcg32(next(it), 1), SIZE), 50, 5)
    it = iter(range(10**9))
    new = best_of(lambda: DuelGame.new(next(it)), 30, 5)
    bot, g, times = DuelBot("hard"), DuelGame.new(11), []
    while not g.is_over() and g.turn < 100:
        p = g.state.current
        t = time.perf_counter()
        a = bot.choose(g.view(p))
        times.append(time.perf_counter() - t)
        g.apply(a)
    return {"generate_layout_ms": round(gen * 1e3, 2), "new_game_ms": round(new * 1e3, 2),
            "bot_decision_ms_median": round(statistics.median(times) * 1e3, 2),
            "bot_decision_ms_max": round(max(times) * 1e3, 2)}


def run() -> dict:
    return gather(bench_layouts, bench_traffic, bench_fov, bench_speed)


if __name__ == "__main__":
    standalone(run)
