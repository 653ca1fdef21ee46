"""The dungeon scenario's registry hooks, reached through the bout's (`--scenario dungeon`):

    tactibox simulate --mode bout --scenario dungeon --seats bot:hard --seed N [--json] [--dungeon DIR]
    tactibox replay FILE --verify
"""

from __future__ import annotations

from game.modes.registry import Outcome, Verdict


def load_data(rules, folder: str | None = None):
    from game.rules.bout.dungeon_loader import load_dungeon
    data, problems = load_dungeon(rules, folder or None)
    if data is None:
        raise ValueError("\n".join(str(p) for p in problems) or "the dungeon cannot be loaded")
    return data


def new_game(rules, seed: int, options: dict, seats=()):
    """A dungeon run for the registry's `game` factory (the Match's path): one seat, the hero
    (`coop` in the options: two heroes, coop.py)."""
    from game.modes.bout.dungeon.game import DungeonGame
    if (options or {}).get("coop"):
        from game.modes.bout.dungeon.coop import CoopGame
        return CoopGame(rules, load_data(rules, (options or {}).get("dungeon") or None), seed)
    return DungeonGame(rules, load_data(rules, (options or {}).get("dungeon") or None), seed)


def simulate(req, rules, log=None) -> Outcome:
    """A run with a bot hero; two seats (`--seats bot:hard,bot:hard`) make a co-op run, played
    by the Match (game/modes/bout/dungeon/coop.py)."""
    if req.options.get("coop") or len([s for s in (req.seats or ()) if s.strip()]) == 2:
        return simulate_coop(req, rules, log)
    from game.modes.bout.dungeon.log import describe_events
    from game.modes.bout.dungeon.run import play_run, seat_level, to_replay
    try:
        level = seat_level(req.seats)
    except ValueError as exc:
        raise ValueError(f"--seats: {exc}") from None
    data = load_data(rules, req.options.get("dungeon"))
    on_events = None
    if log is not None:
        def on_events(game, events):
            for line in describe_events(game, events):
                log(line)
    res = play_run(rules, data, req.seed, level, on_events=on_events)
    s = res.summary
    line = (f"result: {s['result']} on level {s['depth']} after {s['steps']} steps, {s['exchanges']} exchanges; "
            f"{s['explored_cells']} squares explored, {s['foes_met']} foes met, {s['kills']} felled; score {s['score']}; "
            f"state {s['state_hash'][:16]}")
    return Outcome(s, to_replay(res), [line])


def simulate_coop(req, rules, log=None) -> Outcome:
    from game.core.replay import ReplayError
    from game.match import Match
    from game.modes.registry import get_mode
    try:
        match = Match.requested(get_mode("bout"), rules, req, record=False)
    except ReplayError as exc:
        raise ValueError(str(exc)) from None
    match.bots_for_all().run(200_000, log)
    match.finish()
    summary = match.summary()
    return Outcome(summary, match.replay, match.mode_rules.lines(summary))


def verify(replay, rules, log=None) -> Verdict:
    from game.modes.bout.dungeon.run import ReplayError, verify
    try:
        data = load_data(rules)
        game = verify(rules, data, replay)
    except (ReplayError, ValueError) as exc:
        return Verdict(False, 0, [str(exc)])
    if log is not None:
        log(f"dungeon run on seed {replay.seed}: {len(replay.actions)} actions, {game.turn} steps, "
            f"{game.exchanges} exchanges, result {game.outcome or 'running'}")
    return Verdict(True, len(replay.turns), [], game.state_hash())
