"""Dungeon co-op figures for bench_bout (issue 18 item 7): a step of a co-op run (two heroes,
both keys sealed and revealed: four actions a step, each checked against its seal) beside a
step of a lone hero's run, on the same seeds with the same hard hero bots, measured in the same
run; and what a co-op step sends over the cable (the TURN payload bytes, the lockstep's framing
not counted). The budget it stands against: a dungeon step <= 5 ms (DESIGN.md, issue 18).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

SEEDS = range(1, 9)


def _per_step(make, bots_for, seeds) -> tuple[list, int]:
    """Wall time per dungeon step (everything `apply` does, bots' choices not counted) and the
    encoded bytes of every action."""
    times, sent = [], 0
    for seed in seeds:
        g = make(seed)
        bots = bots_for(seed)
        spent, turn = 0.0, g.turn
        while not g.is_over():
            seat = g.to_act() or 0
            a = bots[seat].choose(g)
            sent += len(g.encode_action(a))
            t = time.perf_counter()
            g.apply(a)
            spent += time.perf_counter() - t
            if g.turn != turn:
                times.append(spent / (g.turn - turn))
                spent, turn = 0.0, g.turn
    return times, sent


def bench_rss() -> dict:
    """A whole co-op run by two hero bots through `tactibox simulate` (the Match), in a fresh
    process: its peak RSS (the headless budget is 32 MB)."""
    from bench.bout_dungeon import RSS_PROBE
    probe = RSS_PROBE.replace('"--seats", "bot:hard", "--seed", "4"', '"--seats", "bot:hard,bot:hard", "--seed", "4243"')
    assert probe != RSS_PROBE
    try:
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600, check=True)
        got = json.loads(out.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, ValueError, IndexError) as exc:
        return {"dungeon_coop_run_rss": f"failed: {exc}"}
    return {"dungeon_coop_headless_run_rss_mb": round(got["rss_kb"] / 1024, 1), "dungeon_coop_run_steps": got["steps"]}


def run(rules) -> dict:
    from game.modes.bout.dungeon.botplay import CoopBot, DungeonBot
    from game.modes.bout.dungeon.coop import CoopGame
    from game.modes.bout.dungeon.game import DungeonGame
    from game.rules.bout.dungeon_loader import load_shipped
    data = load_shipped(rules)
    solo, _ = _per_step(lambda s: DungeonGame(rules, data, s), lambda s: [DungeonBot("hard", s)], SEEDS)
    coop, sent = _per_step(lambda s: CoopGame(rules, data, s), lambda s: [CoopBot("hard", s, 0), CoopBot("hard", s, 1)],
                           SEEDS)
    ms = statistics.median(coop) * 1e3
    return {"dungeon_coop_step_ms_median": round(ms, 3),
            "dungeon_coop_step_ms_p90": round(sorted(coop)[int(0.9 * len(coop))] * 1e3, 3),
            "dungeon_solo_step_ms_median_same_seeds": round(statistics.median(solo) * 1e3, 3),
            "dungeon_coop_vs_solo_step": round(ms / max(1e-9, statistics.median(solo) * 1e3), 2),
            "dungeon_coop_steps": len(coop), "dungeon_coop_turn_bytes_per_step": round(sent / max(1, len(coop)), 1),
            "dungeon_coop_step_budget_ms": 5.0, **bench_rss()}


if __name__ == "__main__":
    from game.rules.bout.loader import load_bout_ruleset
    print(run(load_bout_ruleset()[0]))
