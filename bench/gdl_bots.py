"""Figures of the GDL side bot (issue 19 item 9), used by bench_gdl.run and standalone:

- head to head: the side bot (game/modes/gdl/bot.py) against the bot it replaced (bot_v1.py)
  over the playable fixed-map library modules, seed 1, once in each of the module's first two
  sides (it plays that side, the old bot every other side); SLOW modules are left out. A game is decided when the module's own rules
  or Tactibox's name a winner; draws (the 100-turn limit of a module without last-turn, or every
  side lost) and games past MAX_ACTIONS are counted apart.
- tokyo.g, seeds 1-5, both sides played by the side bot: in how many the humans kill the monster.
- a bot turn for a side with 200 units: BOT200, a module of our own (60 x 30 plains, 200
  infantry a side in two blocks of 5 rows, 6 rows apart, see-all): the time the bot spends choosing the
  side's actions in one side turn (the rules' apply time not included, given apart), median of
  the first TURNS_200 turns of side 1 (wall time, and the thread's CPU time: the machine may be
  shared).

`python -m bench.gdl_bots [--json] [module.g ...]` runs the head-to-head alone (all playable
fixed-map modules, or the named ones).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

MAX_ACTIONS = 6_000
SEATS = 2                 # the side bot takes each of the first two sides in turn
# left out of the head to head: the engine's exact line of sight (vision.py, lineoffire.py) makes
# one beirut.g action take ~0.1 s, a 6,000-action game about 10 minutes
SLOW = ("beirut.g",)
TURNS_200 = 6
TURN_200_BUDGET_MS = 50.0


def _seats(g, new_sides, new_cls, old_cls):
    from game.modes.gdl.match import BotSeat
    seats = {}
    for s in g.sides:
        seat = BotSeat()
        seat.bot = (new_cls if s in new_sides else old_cls)()
        seats[s] = seat
    return seats


def duel_game(world, seed: int, new_side: int, max_actions: int = MAX_ACTIONS) -> dict:
    """One game: the side bot plays `new_side`, the old bot the others."""
    from game.modes.gdl.bot import Bot
    from game.modes.gdl.bot_v1 import Bot as OldBot
    from game.modes.gdl.game import GdlGame
    g = GdlGame(world, seed)
    seats = _seats(g, {new_side}, Bot, OldBot)
    n = 0
    while not g.over and n < max_actions:
        g.apply(seats[g.side].choose(g))
        n += 1
    win = g.winner_side if g.over else None
    return {"new_side": new_side, "over": g.over, "winner": win, "turns": g.turn, "actions": n,
            "result": "unfinished" if not g.over else "draw" if win is None else
            "new" if win == new_side else "old"}


def head_to_head(lib, names=None, seed: int = 1, log=None) -> dict:
    from bench.gdl_coverage import classify
    from game.modes.gdl.game import GdlGame
    from game.modes.gdl.world import World
    games = {}
    for n, m, kind, problems in classify(lib):
        if kind != "fixed" or problems or (names and n not in names) or (not names and n in SLOW):
            continue
        world = World(m)
        for side in GdlGame(world, seed).sides[:SEATS]:
            t = time.perf_counter()
            games[f"{n}:{side}"] = got = duel_game(world, seed, side)
            if log:
                log(f"  gdl bots: {n} side {side}: {got['result']} ({got['turns']} turns, {got['actions']} actions, "
                    f"{time.perf_counter() - t:.1f} s)")
    tally = {k: sum(1 for v in games.values() if v["result"] == k) for k in ("new", "old", "draw", "unfinished")}
    decided = tally["new"] + tally["old"]
    return {"bot_vs_v1_games": len(games), "bot_vs_v1_new_wins": tally["new"], "bot_vs_v1_old_wins": tally["old"],
            "bot_vs_v1_draws": tally["draw"], "bot_vs_v1_unfinished": tally["unfinished"],
            "bot_vs_v1_new_win_pct_of_decided": round(100 * tally["new"] / decided, 1) if decided else None,
            "bot_vs_v1_games_detail": {k: v["result"] for k, v in sorted(games.items())}}


def tokyo_monster_kills(lib, seeds=range(1, 6)) -> dict:
    from game.modes.gdl.game import GdlGame
    from game.modes.gdl.match import BotSeat
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    world = World(load_module(lib / "tokyo.g"))
    monster = world.m.utypes.index("monster")
    killed = []
    for seed in seeds:
        g = GdlGame(world, seed)
        seats = {s: BotSeat() for s in g.sides}
        n = 0
        while not g.over and n < MAX_ACTIONS:
            g.apply(seats[g.side].choose(g))
            n += 1
        if not any(u.alive and u.type == monster for u in g.units):
            killed.append(seed)
    return {"tokyo_monster_killed_seeds": killed, "tokyo_monster_killed": len(killed)}


def bot200_text(per_side: int = 200) -> str:
    """BOT200: our own module (no library words): two sides of `per_side` infantry."""
    rows = ['"60a"'] * 30
    units = []
    for i in range(per_side):
        x, y = 8 + i % 40, 8 + i // 40          # inside the area's hexagon (15 <= x + y <= 74)
        units.append(f"(inf {x} {y} 1)")
        units.append(f"(inf {x} {y + 10} 2)")
    return "\n".join([
        '(game-module "bot200")', '(terrain-type plains (char "+"))', '(unit-type inf (char "i") (hp-max 4)'
        ' (acp-per-turn 2))', "(table hit-chance (inf inf 50))", "(table damage (inf inf 1))",
        "(set see-all true)", '(side 1 (name "North"))', '(side 2 (name "South"))', "(area 60 30)",
        "(area (terrain " + " ".join(rows) + "))", *units, ""])


def bot_turn_200(turns: int = TURNS_200) -> dict:
    from game.modes.gdl.bot import Bot
    from game.modes.gdl.game import GdlGame
    from game.modes.gdl.match import BotSeat
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / "bot200.g"
        p.write_text(bot200_text())
        world = World(load_module(p))
    g = GdlGame(world, 1)
    seats = {s: BotSeat() for s in g.sides}
    for seat in seats.values():
        seat.bot = Bot()
    think, cpu, rules, units = [], [], [], []
    while not g.over and g.turn < turns:
        side = g.side
        if side == g.sides[0]:
            units.append(sum(1 for u in g.units if u.alive and u.side == side))
        t_choose = t_cpu = t_apply = 0.0
        while True:
            t, c = time.perf_counter(), time.thread_time()
            a = seats[side].choose(g)
            t1, c1 = time.perf_counter(), time.thread_time()
            g.apply(a)
            t_choose += t1 - t
            t_cpu += c1 - c
            t_apply += time.perf_counter() - t1
            if g.side != side or g.over:
                break
        if side == g.sides[0]:
            think.append(t_choose)
            cpu.append(t_cpu)
            rules.append(t_apply)
    return {"bot_turn_200_module": "BOT200 (bench/gdl_bots.py: 60x30 plains, 200 infantry a side)",
            "bot_turn_200_units": units[:1], "bot_turn_200_median_ms": round(statistics.median(think) * 1000, 2),
            "bot_turn_200_max_ms": round(max(think) * 1000, 2),
            "bot_turn_200_cpu_median_ms": round(statistics.median(cpu) * 1000, 2),
            "bot_turn_200_rules_apply_median_ms": round(statistics.median(rules) * 1000, 2),
            "bot_turn_200_budget_ms": TURN_200_BUDGET_MS}


def run(lib, log=None) -> dict:
    out = bot_turn_200()
    out.update(tokyo_monster_kills(lib))
    out.update(head_to_head(lib, log=log))
    return out


if __name__ == "__main__":
    import json

    from bench.bench_gdl import find_lib
    names = [a for a in sys.argv[1:] if a.endswith(".g")]
    got = head_to_head(find_lib(), names or None, log=lambda m: print(m, file=sys.stderr, flush=True))
    print(json.dumps(got, indent=None if "--json" in sys.argv else 1))
