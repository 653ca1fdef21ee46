"""Steel bout benchmarks: 10,000 bot-vs-bot exchanges (the duel, hard against normal bots), the
same for one against three, the engine alone (replaying recorded 1-vs-3 bouts, no bots), one
melee step with 20 fighters in 4 engagements (bots deciding, the dungeon's budget: median
<= 5 ms), and the state hash cost. Times are wall clock (`perf_counter`) and, beside them, the
process's CPU time (`process_time`), which a shared machine disturbs less. Then the dungeon's
own figures (bench/bout_dungeon.py: a whole dungeon step with 20 fighters in 4 engagements -
movement, AI, the combat engine, care -, generation, FoV vs python-tcod, a headless run's RSS).

`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_bout [--json]`.
"""

from __future__ import annotations

import statistics
import time

from bench.common import standalone

EXCHANGES = 10_000


def _exchanges(rules, scenario: str, seats, target: int) -> tuple[float, float, int, int]:
    from game.modes.bout.bot import BoutBot
    from game.modes.bout.scenarios import BoutOptions, new_bout
    done = bouts = 0
    seed = 0
    options = BoutOptions(scenario=scenario)
    t, c = time.perf_counter(), time.process_time()
    while done < target:
        seed += 1
        g = new_bout(rules, seed, options)
        bots = [BoutBot(seats[0], seed, 0), BoutBot(seats[1], seed, 1)]
        while not g.is_over():
            g.apply(bots[g.to_act()].choose(g))
        done += g.turn
        bouts += 1
    return time.perf_counter() - t, time.process_time() - c, done, bouts


def _engine_only(rules, bouts: int = 60) -> float:
    """CPU microseconds per exchange of the engine alone, replaying recorded 1-vs-3 bouts."""
    from game.modes.bout import actions as A
    from game.modes.bout.match import play_bout
    from game.modes.bout.scenarios import BoutOptions, new_bout
    games = [(s, play_bout(rules, s, BoutOptions(scenario="one_vs_three"), ("hard", "hard"))) for s in range(1, bouts)]
    c = time.process_time()
    done = 0
    for s, res in games:
        g = new_bout(rules, s, BoutOptions(scenario="one_vs_three"))
        for a in res.actions:
            g.apply(A.decode(a))
        done += res.turns
    return (time.process_time() - c) / max(1, done) * 1e6


def _melee_steps(rules, runs: int = 12, steps: int = 24) -> dict:
    """Wall and CPU milliseconds of one melee step with 20 fighters in 4 engagements of five (a
    knight against four foes each), every decision taken by a bot: median, mean and 90th
    percentile over the first `steps` steps of `runs` seeds (steps with no decision count too:
    a dungeon pays for them as well)."""
    from game.modes.bout.bot import BoutBot
    from game.modes.bout.fighter import template_from_rules
    from game.modes.bout.melee import Melee
    w = 40
    walls, cpus = [], []
    for seed in range(runs):
        m = Melee(rules, seed, width=w)
        for k in range(4):
            x = 4 + 9 * k
            m.add(template_from_rules(rules, "knight"), 0, 5 * w + x, 0)
            for dx, dy, key in ((-1, -1, "thug"), (1, -1, "footpad"), (-1, 1, "footpad"), (1, 1, "brigand")):
                m.add(template_from_rules(rules, key), 1 + k, (5 + dy) * w + x + dx, 0)
        m.regroup()
        bots = [BoutBot("hard", seed, 0)] + [BoutBot("normal", seed, s) for s in range(1, 5)]
        for _ in range(steps):
            t, c = time.perf_counter(), time.process_time()
            while (f := m.to_act()) is not None:
                m.apply(bots[min(m.fighters[f].side, 4)].choose(m))
            m.advance()
            walls.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
            if not m.engs:
                break
    q = statistics.quantiles
    return {"median_ms": round(statistics.median(walls) * 1000, 2), "mean_ms": round(statistics.mean(walls) * 1000, 2),
            "p90_ms": round(q(walls, n=10)[-1] * 1000, 2), "cpu_mean_ms": round(statistics.mean(cpus) * 1000, 2),
            "cpu_p90_ms": round(q(cpus, n=10)[-1] * 1000, 2), "steps": len(walls)}


def run() -> dict:
    from game.rules.bout.loader import load_bout_ruleset
    rules, problems = load_bout_ruleset()
    if rules is None:
        return {"error": "; ".join(map(str, problems))}
    out = {}
    sec, cpu, n, bouts = _exchanges(rules, "duel", ("hard", "normal"), EXCHANGES)
    out["duel_exchanges"] = n
    out["duel_bouts"] = bouts
    out["duel_seconds_for_10k_exchanges"] = round(sec * EXCHANGES / n, 3)
    out["duel_cpu_seconds_for_10k_exchanges"] = round(cpu * EXCHANGES / n, 3)
    out["duel_us_per_exchange"] = round(sec / n * 1e6, 1)
    sec, cpu, n, bouts = _exchanges(rules, "one_vs_three", ("hard", "hard"), EXCHANGES // 4)
    out["one_vs_three_us_per_exchange"] = round(sec / n * 1e6, 1)
    out["one_vs_three_cpu_us_per_exchange"] = round(cpu / n * 1e6, 1)
    out["engine_only_cpu_us_per_exchange"] = round(_engine_only(rules), 1)
    for k, v in _melee_steps(rules).items():
        out[f"melee_step_20_fighters_{k}"] = v
    out["melee_step_budget_ms"] = 5.0
    from game.modes.bout.scenarios import BoutOptions, new_bout
    g = new_bout(rules, 1, BoutOptions(scenario="one_vs_three"))
    t = time.perf_counter()
    for _ in range(1000):
        g.state_hash()
    out["state_hash_us"] = round((time.perf_counter() - t) * 1000, 1)
    from bench.bout_dungeon import run as dungeon_figures
    out.update(dungeon_figures(rules, out["duel_us_per_exchange"]))
    from bench.bout_dungeon_coop import run as coop_figures
    out.update(coop_figures(rules))
    from bench.bout_dungeon_ui import run as dungeon_screen_figures
    out.update(dungeon_screen_figures())
    return out


if __name__ == "__main__":
    standalone(run)
