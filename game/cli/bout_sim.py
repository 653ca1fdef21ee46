"""The bout side of `tactibox simulate --mode bout`, `tactibox replay` for bout replays and
`tactibox balance --mode bout` (the weapon report)."""

from __future__ import annotations

import json
import sys

from game.cli.common import CliError


def load_bout_rules_or_fail(path: str | None):
    from game.rules.bout_loader import load_bout_ruleset
    rules, problems = load_bout_ruleset(path)
    if rules is None:
        raise CliError("\n".join(str(p) for p in problems) or "the bout ruleset cannot be loaded")
    return rules


def _options(args):
    from game.modes.bout.scenarios import BoutOptions
    fighters = [f for f in (getattr(args, "fighters", None) or "").split(",") if f]
    try:
        return BoutOptions(scenario=getattr(args, "scenario", None) or "duel", fighters=fighters)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def simulate_bout(args) -> int:
    from game.modes.bout.log import describe
    from game.modes.bout.match import play_bout, seat_levels, to_replay
    rules = load_bout_rules_or_fail(args.ruleset)
    options = _options(args)
    try:
        seats = seat_levels(args.seats.split(","))
    except ValueError as exc:
        raise CliError(f"--seats: {exc}") from None
    quiet = args.json or args.quiet

    def on_events(game, events):
        if not quiet:
            for ev in events:
                line = describe(game, ev)
                if line:
                    print(line)

    try:
        res = play_bout(rules, args.seed, options, seats, on_events=on_events)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    out = res.summary()
    if args.replay_out:
        try:
            to_replay(res).save(args.replay_out)
        except OSError as exc:
            raise CliError(f"{args.replay_out}: cannot write the replay ({exc.strerror or exc})") from None
        out["replay"] = args.replay_out
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"winner: {out['winner'] or 'none (draw)'} after {res.rounds} rounds, {res.turns} exchanges; "
              f"state {res.final_hash[:16]}")
    sys.stdout.flush()
    return 0


def replay_bout(args, replay) -> int:
    from game.modes.bout.log import describe
    from game.modes.bout.match import ReplayError, verify
    rules = load_bout_rules_or_fail(args.ruleset)
    try:
        game = verify(rules, replay)
        ok, problems = True, []
    except ReplayError as exc:
        game, ok, problems = None, False, [str(exc)]
    if ok and not (args.json or args.quiet):
        print(f"bout on seed {replay.seed}: {len(replay.actions)} declarations")
        _ = describe
    out = {"ok": ok, "turns_checked": len(replay.turns) if ok else 0, "problems": problems,
           "state_hash": game.state_hash() if game else None}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for p in problems:
            print(f"{args.file}: {p}")
        print(f"{'verified' if ok else 'MISMATCH'}: {out['turns_checked']} turn hashes checked")
    return 0 if ok else 1


def balance_bout(args) -> int:
    from game.modes.bout.balance import format_report, run_weapon_balance
    rules = load_bout_rules_or_fail(getattr(args, "bout_ruleset", None))
    rep = run_weapon_balance(rules, max(1, args.games), args.seed, args.level)
    if args.json:
        print(json.dumps(rep.to_data(), sort_keys=True))
    else:
        print(format_report(rep))
    return 0
