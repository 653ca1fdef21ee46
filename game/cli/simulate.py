"""`tactibox simulate`: a whole game of any registered mode played by bots, with a readable log
or one JSON object (the mode's `simulate` hook, or the generic driver)."""

from __future__ import annotations

import json
import sys

from game.cli.common import CliError, add_mode_arguments, mode_options, run_guarded


def add_arguments(p) -> None:
    add_mode_arguments(p, "simulate", default="skirmish")
    p.add_argument("--ruleset", default=None, help="ruleset name or folder (default: the shipped one)")
    p.add_argument("--seats", default=None,
                   help="comma-separated controllers in joining order: bot:easy|bot:normal|bot:hard|human "
                        "(default bot:hard,bot:hard)")
    p.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    p.add_argument("--turn-limit", type=int, default=0,
                   help="end after N turns (0 = the mode's default: none for skirmish, 200 for a duel)")
    p.add_argument("--replay-out", default=None, help="write the replay to this file")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the battle log")
    p.add_argument("--quiet", action="store_true", help="no battle log, only the result lines")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    from game.modes import driver
    from game.modes.registry import Request, get_mode
    try:
        entry = get_mode(args.mode)
        seats = tuple(s.strip() for s in args.seats.split(",") if s.strip()) if args.seats else ()
        req = Request(seed=args.seed, seats=seats, turn_limit=args.turn_limit, ruleset=args.ruleset,
                      options=mode_options(args, entry))
        quiet = args.json or args.quiet
        out = driver.simulate(entry, req, None if quiet else (lambda line: print(line)))
    except ValueError as exc:                  # ActionError, ModeError and bad options are ValueErrors
        raise CliError(str(exc)) from None
    summary = out.summary
    if args.replay_out and out.replay is not None:
        try:
            out.replay.save(args.replay_out)
        except OSError as exc:
            raise CliError(f"{args.replay_out}: cannot write the replay ({exc.strerror or exc})") from None
        summary["replay"] = args.replay_out
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        for line in out.lines:
            print(line)
    sys.stdout.flush()
    return 0 if summary.get("ok", True) else 1
