"""`tactibox simulate`: a whole battle played by bots, with a readable log or one JSON object."""

from __future__ import annotations

import json
import sys

from game.cli.common import CliError, load_ruleset_or_fail, pick_map, run_guarded


def add_arguments(p) -> None:
    p.add_argument("--mode", default="skirmish", choices=("skirmish", "duel", "bout"),
                   help="game mode (default skirmish)")
    p.add_argument("--ruleset", default=None, help="ruleset name or folder (default: the shipped 'default')")
    p.add_argument("--map", default=None, help="map id or name (default: the ruleset's first map)")
    p.add_argument("--seats", default="bot:hard,bot:hard",
                   help="comma-separated controllers in joining order: bot:easy|bot:normal|bot:hard|human")
    p.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    p.add_argument("--pieces-per-turn", default="rested", help="1, 2, 3, 4 or 'rested' (default rested)")
    p.add_argument("--army-limit", type=int, default=9, help="pieces per army, 1-9 (default 9)")
    p.add_argument("--turn-limit", type=int, default=0,
                   help="end after N turns: skirmish ranks by pieces and HP (0 = none); duel default 200, then a draw")
    p.add_argument("--level-size", type=int, default=25, help="duel: level size, odd 13-31 (default 25)")
    p.add_argument("--no-fov", action="store_true", help="duel: field of view off (the whole level is seen)")
    p.add_argument("--no-potions", action="store_true", help="duel: no potions")
    p.add_argument("--scenario", default="duel", help="bout: duel, one_vs_three or roguelike (default duel)")
    p.add_argument("--fighters", default="", help="bout: comma-separated fighter template ids")
    p.add_argument("--replay-out", default=None, help="write the replay to this file")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the battle log")
    p.add_argument("--quiet", action="store_true", help="no battle log, only the result lines")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    if args.mode == "duel":
        from game.cli.duel_sim import simulate_duel
        return simulate_duel(args)
    if args.mode == "bout":
        from game.cli.bout_sim import simulate_bout
        return simulate_bout(args)
    from game.modes.base import ActionError
    from game.modes.skirmish.log import describe
    from game.modes.skirmish.match import play_skirmish
    from game.modes.skirmish.pieces import Options, parse_pieces_per_turn
    from game.modes.skirmish.setup import parse_seats

    rs = load_ruleset_or_fail(args.ruleset)
    gmap = pick_map(rs, args.map)
    try:
        participants = parse_seats(args.seats)
        options = Options(parse_pieces_per_turn(args.pieces_per_turn), args.army_limit, args.turn_limit)
        if not 1 <= args.army_limit <= 9:
            raise ValueError(f"--army-limit {args.army_limit}: expected 1-9")
    except (ValueError, ActionError) as exc:
        raise CliError(str(exc)) from None

    def log(game, events):
        if args.json or args.quiet:
            return
        for ev in events:
            line = describe(game, ev)
            if line:
                print(line)

    try:
        result = play_skirmish(rs, gmap, participants, args.seed, options, on_events=log)
    except ActionError as exc:
        raise CliError(str(exc)) from None
    summary = result.summary()
    if args.replay_out:
        try:
            result.replay.save(args.replay_out)
        except OSError as exc:
            raise CliError(f"{args.replay_out}: cannot write the replay ({exc.strerror or exc})") from None
        summary["replay"] = args.replay_out
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(f"winner: {summary['winner']} after {summary['turns']} turns  (state {summary['state_hash'][:16]})")
        for pl in summary["placements"]:
            print(f"  {pl['place']}. {pl['seat']:<6} {pl['player']:<22} pieces {pl['pieces_left']}  HP {pl['hp_left']}")
    sys.stdout.flush()
    return 0
