"""`tactibox replay FILE [--verify]`: play a replay of any registered mode back as a log;
--verify checks every turn hash (the mode's `verify` hook, or the generic driver)."""

from __future__ import annotations

import json

from game.cli.common import CliError, run_guarded


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
    from game.modes import driver
    from game.modes.registry import ModeError, get_mode
    from game.store.datadir import choose_data_dir, look_in
    look_in(choose_data_dir())           # the owner's rulesets and modules, by name
    try:
        replay = load_replay(args.file)
    except ReplayError as exc:
        raise CliError(str(exc)) from None
    try:
        entry = get_mode(replay.mode)
    except ModeError:
        raise CliError(f"{args.file}: mode: {replay.mode!r} is not a mode this version knows") from None
    quiet = args.json or args.quiet
    verdict = driver.verify(entry, replay, args.ruleset, None if quiet else (lambda line: print(line)))
    out = {"ok": verdict.ok, "turns_checked": verdict.turns_checked, "problems": verdict.problems,
           "state_hash": verdict.state_hash}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for p in verdict.problems:
            print(f"{args.file}: {p}")
        print(f"{'verified' if verdict.ok else 'MISMATCH'}: {verdict.turns_checked} turn hashes checked")
    if not verdict.ok and (args.verify or verdict.state_hash is None):
        return 1
    return 0
