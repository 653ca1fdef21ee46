"""`tactibox balance`: a bot-vs-bot report for any mode with a `balance` hook (Skirmish: how each
piece fares with random armies; Steel bout: which weapon beats which, --games per pair)."""

from __future__ import annotations

import json
import sys

from game.cli.common import CliError, run_guarded


def add_arguments(p) -> None:
    from game.modes.registry import mode_ids
    p.add_argument("--ruleset", default=None, help="ruleset name or folder (default: the shipped one)")
    p.add_argument("--games", type=int, default=None,
                   help="number of battles (default: the mode's own, else 100; the Steel bout: 200 seeds per figure)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="hard", choices=("easy", "normal", "hard"), help="bot level")
    p.add_argument("--mode", default="skirmish", choices=mode_ids("balance"),
                   help="game mode (default skirmish)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    from game.modes.registry import get_mode
    tty = sys.stderr.isatty()

    def progress(done, total):
        if tty:
            print(f"\rbattle {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)
        elif done == total or done % 10 == 0:
            print(f"battle {done}/{total}", file=sys.stderr, flush=True)

    entry = get_mode(args.mode)
    games = args.games
    if games is None:
        games = int(entry.hook("balance_games")) if entry.ref("balance_games") else 100
    try:
        data, text = entry.hook("balance")(args.ruleset, games, args.seed, args.level, progress)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    print(json.dumps(data, sort_keys=True) if args.json else text)
    return 0
