"""Steel bout benchmarks: 10,000 bot-vs-bot exchanges (budget <= 1 s), the same for 1-vs-3
bouts, and the state hash cost.

`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_bout [--json]`.
"""

from __future__ import annotations

import time

from bench.common import standalone

EXCHANGES = 10_000


def _exchanges(rules, scenario: str, seats, target: int) -> tuple[float, int, int]:
    from game.modes.bout.bot import BoutBot
    from game.modes.bout.scenarios import BoutOptions, new_bout
    done = bouts = 0
    seed = 0
    options = BoutOptions(scenario=scenario)
    t = time.perf_counter()
    while done < target:
        seed += 1
        g = new_bout(rules, seed, options)
        bots = [BoutBot(seats[0], seed, 0), BoutBot(seats[1], seed, 1)]
        while not g.is_over():
            g.apply(bots[g.fighters[g.to_act()].side].choose(g))
        done += g.turn
        bouts += 1
    return time.perf_counter() - t, done, bouts


def run() -> dict:
    from game.rules.bout.loader import load_bout_ruleset
    rules, problems = load_bout_ruleset()
    if rules is None:
        return {"error": "; ".join(map(str, problems))}
    out = {}
    best = None
    for _ in range(3):
        sec, n, bouts = _exchanges(rules, "duel", ("hard", "normal"), EXCHANGES)
        if best is None or sec < best[0]:
            best = (sec, n, bouts)
    sec, n, bouts = best
    out["duel_exchanges"] = n
    out["duel_bouts"] = bouts
    out["duel_seconds_for_10k_exchanges"] = round(sec * EXCHANGES / n, 3)
    out["duel_budget_seconds"] = 1.0
    out["duel_us_per_exchange"] = round(sec / n * 1e6, 1)
    sec, n, bouts = _exchanges(rules, "one_vs_three", ("hard", "hard"), EXCHANGES // 4)
    out["one_vs_three_us_per_exchange"] = round(sec / n * 1e6, 1)
    from game.modes.bout.scenarios import BoutOptions, new_bout
    g = new_bout(rules, 1, BoutOptions(scenario="one_vs_three"))
    t = time.perf_counter()
    for _ in range(1000):
        g.state_hash()
    out["state_hash_us"] = round((time.perf_counter() - t) * 1000, 1)
    return out


if __name__ == "__main__":
    standalone(run)
