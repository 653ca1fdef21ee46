"""`tactibox gdl PATH.g`: play an Xconq GDL module (bots on every seat), or list its warnings."""

from __future__ import annotations

import json
import sys

from game.cli.common import CliError, run_guarded
from game.modes.registry import event_lines, events_printer


def add_arguments(p) -> None:
    p.add_argument("module", help="an Xconq .g module file (base modules and includes are read from its folder)")
    p.add_argument("--seats", default="bot,bot", help="one seat per side: bot (humans play in the UI)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--replay-out", default=None, help="save the game as a replay file")
    p.add_argument("--warnings", action="store_true",
                   help="list the module's warnings, units per side and dropped units, and stop (--json: one object)")
    p.add_argument("--quiet", action="store_true", help="no play-by-play log")


def run(args) -> int:
    return run_guarded(_run, args)


def load_module_or_fail(path: str):
    from game.rules.gdl.loader import load_module
    from game.rules.gdl.reader import GdlError
    try:
        return load_module(path)
    except GdlError as exc:
        raise CliError(str(exc)) from None


def load_world_or_fail(path: str):
    from game.modes.gdl.match import playable_problems
    from game.modes.gdl.world import World
    from game.rules.gdl.reader import GdlError
    m = load_module_or_fail(path)
    problems = playable_problems(m)
    try:
        return m, (World(m) if not problems else None), problems
    except GdlError as exc:                  # a world that cannot be generated
        raise CliError(str(exc)) from None


def _warnings(args) -> int:
    """The module's warnings, its units per side at the start and the units dropped; with --json
    one object (play_warnings, units, units_at_start, units_appearing, units_dropped, ...)."""
    from game.modes.gdl.match import playable_problems
    from game.modes.gdl.report import module_report
    m = load_module_or_fail(args.module)
    rep = module_report(m, playable_problems(m), args.seed)
    if args.json:
        print(json.dumps(rep, sort_keys=True))
        return 0
    for w in m.warnings:
        print(w)
    for p in rep["cannot_play"]:
        print(f"{args.module}: cannot play: {p}")
    for note in rep["synthesis"]["notes"]:
        print(f"{args.module}: world synthesis (seed {args.seed}): {note}")
    sides = sorted(set(rep["units"]) | {str(d["side"]) for d in rep["units_dropped"]}, key=int)
    for s in sides:
        print(f"side {s}: {rep['units_at_start'].get(s, 0)} units at the start, "
              f"{rep['units_appearing'].get(s, 0)} appearing later")
    for d in rep["units_dropped"]:
        print(f"{d['file']}:{d['line']}: {d['type']} of side {d['side']} is dropped: {d['reason']}")
    return 0


def _run(args) -> int:
    from game.modes.gdl.log import describe
    from game.modes.gdl.match import play, to_replay
    if args.warnings:
        return _warnings(args)
    m, world, problems = load_world_or_fail(args.module)
    if world is None:
        raise CliError(f"{args.module}: cannot play: " + "; ".join(problems))
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if any(s.split(":")[0] != "bot" for s in seats):
        raise CliError("--seats: the command line plays bots only (bot,bot); humans play from the menu")
    quiet = args.json or args.quiet
    printer = events_printer(lambda g, events: event_lines(describe, g, events), None if quiet else print)
    res = play(world, args.seed, path=str(args.module), on_events=printer)
    out = res.summary()
    out["warnings"] = len(m.warnings)
    out["play_warnings"] = len(m.play_warnings())
    if args.replay_out:
        try:
            to_replay(res).save(args.replay_out)
        except OSError as exc:
            raise CliError(f"{args.replay_out}: cannot write the replay ({exc.strerror or exc})") from None
        out["replay"] = args.replay_out
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        who = out["winner_name"] or "nobody (draw)"
        print(f"{m.title or m.name}: {who} wins after {out['turns']} turns ({out['reason']}); "
              f"state {out['state_hash'][:16]}")
    sys.stdout.flush()
    return 0
