"""`tactibox balance`: bots fight battles with random armies; a report of how each piece fares."""

from __future__ import annotations

import json
import sys

from game.cli.common import load_ruleset_or_fail, run_guarded


def add_arguments(p) -> None:
    p.add_argument("--ruleset", default=None, help="ruleset name or folder (default: the shipped 'default')")
    p.add_argument("--games", type=int, default=100, help="number of battles (default 100)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="hard", choices=("easy", "normal", "hard"), help="bot level")
    p.add_argument("--mode", default="skirmish", choices=("skirmish", "bout"),
                   help="skirmish: how each piece fares; bout: which weapon beats which (--games per pair)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    if args.mode == "bout":
        from game.cli.bout_sim import balance_bout
        return balance_bout(args)
    from game.modes.skirmish.balance import format_report, run_balance
    rs = load_ruleset_or_fail(args.ruleset)
    tty = sys.stderr.isatty()

    def progress(done, total):
        if tty:
            print(f"\rbattle {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)
        elif done == total or done % 10 == 0:
            print(f"battle {done}/{total}", file=sys.stderr, flush=True)

    rep = run_balance(rs, max(1, args.games), args.seed, args.level, progress=progress)
    if args.json:
        print(json.dumps(rep.to_data(), sort_keys=True))
    else:
        print(format_report(rep))
    return 0
