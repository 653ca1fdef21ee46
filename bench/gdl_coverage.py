"""The library counts the Xconq issue asks for (used by bench_gdl.run): fixed-map modules and how
many load with zero play-affecting warnings; synthesis modules (no fixed map) and how many start
on a generated world and play a bot game to an end; how many games end by the module's own
rules (not Tactibox's turn limit); and the generated-world time.

Every game is played in-process with a cap of MAX_ACTIONS actions (a game past it counts as not
finished); every side is played by the side bot (game/modes/gdl/bot.py).
"""

from __future__ import annotations

import statistics
import time

MAX_ACTIONS = 20_000
TACTIBOX_LIMIT = "turn limit: the module sets no last-turn"
GENERATED_BUDGET_MS = 500.0


def classify(lib) -> list[tuple[str, object, str, list[str]]]:
    """(file name, module, kind, problems) for every library module; kind: fixed or synthesis
    (a module without a fixed map but with unit and terrain types) or other."""
    from game.modes.gdl.match import playable_problems
    from game.rules.gdl.loader import load_module
    cache: dict = {}
    out = []
    for p in sorted(lib.glob("*.g")):
        m = load_module(p, cache)
        kind = "fixed" if m.has_terrain else ("synthesis" if m.utypes and m.ttypes else "other")
        try:
            problems = playable_problems(m)
        except ValueError as exc:               # a world that cannot be made (SynthError)
            problems = [str(exc)]
        out.append((p.name, m, kind, problems))
    return out


def play_one(m, seed: int = 1) -> dict:
    from game.modes.gdl.match import play
    from game.modes.gdl.world import World
    t = time.perf_counter()
    try:
        res = play(World(m), seed, max_actions=MAX_ACTIONS)
    except ValueError as exc:
        return {"started": False, "error": str(exc)}
    g = res.game
    return {"started": True, "over": g.over, "reason": g.end_reason, "turns": g.turn,
            "actions": len(res.actions), "own_rules": g.over and not g.end_reason.startswith(TACTIBOX_LIMIT),
            "seconds": round(time.perf_counter() - t, 2)}


def library_counts(lib, log=None) -> dict:
    mods = classify(lib)
    fixed = [(n, m, pr) for n, m, k, pr in mods if k == "fixed" and not pr]
    synth = [(n, m, pr) for n, m, k, pr in mods if k == "synthesis"]
    out = {"fixed_map_modules_playable": len(fixed),
           "fixed_map_zero_play_warnings": sum(1 for _n, m, _p in fixed if not m.play_warnings()),
           "fixed_map_with_play_warnings": sorted(n for n, m, _p in fixed if m.play_warnings()),
           "synthesis_modules": len(synth),
           "synthesis_cannot_start": {n: pr[0] for n, _m, pr in synth if pr}}
    games = {}
    for n, m, _pr in fixed + [s for s in synth if not s[2]]:
        if log:
            log(f"  gdl: playing {n}")
        games[n] = play_one(m)
    synth_games = [games[n] for n, _m, pr in synth if not pr]
    out["synthesis_start"] = sum(1 for g in synth_games if g["started"])
    out["synthesis_play_to_an_end"] = sum(1 for g in synth_games if g.get("over"))
    out["standard_plays_to_an_end"] = bool(games.get("standard.g", {}).get("over"))
    out["games_played"] = len(games)
    out["games_ended"] = sum(1 for g in games.values() if g.get("over"))
    out["games_end_by_module_rules"] = sum(1 for g in games.values() if g.get("own_rules"))
    out["games_not_finished"] = sorted(n for n, g in games.items() if g["started"] and not g["over"])
    out["games_seconds_total"] = round(sum(g.get("seconds", 0) for g in games.values()), 1)
    out["games"] = {n: {k: v for k, v in g.items() if k != "own_rules"} for n, g in sorted(games.items())}
    return out


def generated_world_ms(lib, seeds=range(1, 8)) -> dict:
    """standard.g's 60 x 30 world: generation + compiling the World, median over seeds."""
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    from game.rules.gdl.synth import generate
    m = load_module(lib / "standard.g")
    gen, full = [], []
    for s in seeds:
        t = time.perf_counter()
        gm = generate(m, s)
        t1 = time.perf_counter()
        World(gm)
        t2 = time.perf_counter()
        gen.append(t1 - t)
        full.append(t2 - t)
    return {"generated_world_cells": f"{gm.width}x{gm.height}",
            "generated_world_ms": round(statistics.median(full) * 1000, 1),
            "generated_world_synthesis_only_ms": round(statistics.median(gen) * 1000, 1),
            "generated_world_budget_ms": GENERATED_BUDGET_MS}


def vision_update_ms(lib, actions: int = 300) -> dict:
    """Per-action cost of keeping every side's view (fog of war) in a bot game of standard.g's
    generated world and of awls-rules.g (6 sides, ~175 units): median of views.update."""
    from game.modes.gdl.game import GdlGame
    from game.modes.gdl.match import BotSeat
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    out = {}
    for name in ("standard.g", "awls-rules.g"):
        g = GdlGame(World(load_module(lib / name)), 1)
        if g.views is None:
            continue
        seats = {s: BotSeat() for s in g.sides}
        times = []
        inner = g.views.update

        def timed(game, inner=inner, times=times):
            t = time.perf_counter()
            inner(game)
            times.append(time.perf_counter() - t)

        g.views.update = timed            # the update each apply() makes, timed
        for _ in range(actions):
            if g.over:
                break
            g.apply(seats[g.side].choose(g))
        out[f"vision_update_ms_{name.removesuffix('.g')}"] = round(statistics.median(times) * 1000, 3)
    return out
