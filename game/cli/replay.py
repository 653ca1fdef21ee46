"""`tactibox replay FILE [--verify]`: play a replay back as a log; --verify checks every turn hash."""

from __future__ import annotations

import json

from game.cli.common import CliError, load_ruleset_or_fail, run_guarded


def add_arguments(p) -> None:
    p.add_argument("file", help="replay file")
    p.add_argument("--verify", action="store_true", help="exit 1 on any state hash mismatch")
    p.add_argument("--ruleset", default=None, help="ruleset folder to use instead of the one named in the replay")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no battle log")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    from game.core.replay import ReplayError, load_replay
    try:
        replay = load_replay(args.file)
    except ReplayError as exc:
        raise CliError(str(exc)) from None
    if replay.mode == "duel":
        from game.cli.duel_sim import replay_duel
        return replay_duel(args, replay)
    if replay.mode == "bout":
        from game.cli.bout_sim import replay_bout
        return replay_bout(args, replay)
    if replay.mode == "gdl":
        from game.cli.gdl import replay_gdl
        return replay_gdl(args, replay)
    if replay.mode != "skirmish":
        raise CliError(f"{args.file}: mode: {replay.mode!r} is not a mode this version knows")
    from game.modes.skirmish.log import describe
    from game.modes.skirmish.match import verify_replay
    rs = load_ruleset_or_fail(args.ruleset or replay.ruleset_id)

    def log(game, events):
        if not (args.json or args.quiet):
            for ev in events:
                line = describe(game, ev)
                if line:
                    print(line)

    report = verify_replay(replay, rs, on_events=log)
    out = {"ok": report.ok, "turns_checked": report.turns_checked, "problems": report.problems,
           "state_hash": report.game.state_hash() if report.game else None}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for p in report.problems:
            print(f"{args.file}: {p}")
        print(f"{'verified' if report.ok else 'MISMATCH'}: {report.turns_checked} turn hashes checked")
    if not report.ok and (args.verify or report.game is None):
        return 1
    return 0
