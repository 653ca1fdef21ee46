"""The duel side of `tactibox simulate --mode duel` and `tactibox replay` for duel replays."""

from __future__ import annotations

import json

from game.cli.common import CliError


def _bots(spec: str) -> tuple[str, str]:
    levels = []
    for part in (p.strip() for p in spec.split(",") if p.strip()):
        level = part.split(":", 1)[1] if part.startswith("bot:") else ("hard" if part == "human" else part)
        if level not in ("easy", "normal", "hard"):
            raise CliError(f"--seats {part!r}: a duel seat is bot:easy, bot:normal or bot:hard")
        levels.append(level)
    if len(levels) != 2:
        raise CliError(f"--seats: a duel has exactly 2 wizards, got {len(levels)}")
    return levels[0], levels[1]


def _describe(game, events) -> list[str]:
    from game.modes.duel import events as E
    from game.modes.duel.messages import render
    from game.modes.duel.spells import SPELLS
    lines = []
    for ev in events:
        if isinstance(ev, E.Message):
            lines.append(f"  (to wizard {ev.to + 1}) {render(ev.msg, ev.params)}")
        elif isinstance(ev, E.Damaged):
            lines.append(f"  wizard {ev.player + 1} takes {ev.amount} damage ({ev.hp} HP left)")
        elif isinstance(ev, E.SpellCast):
            name = SPELLS[ev.spell].name if ev.spell in SPELLS else f"spell {ev.spell}"
            lines.append(f"  wizard {ev.player + 1} casts {name} ({ev.via})")
        elif isinstance(ev, E.GameOver):
            who = "nobody" if ev.winner is None else f"wizard {ev.winner + 1}"
            lines.append(f"== duel over ({ev.cause}): {who} wins")
    return lines


def simulate_duel(args) -> int:
    from game.modes.duel.match import play_duel, to_replay
    from game.modes.duel.options import DuelOptions
    try:
        options = DuelOptions(fov=not args.no_fov, level_size=args.level_size, potions=not args.no_potions)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    bots = _bots(args.seats)
    quiet = args.json or args.quiet

    def on_turn(game, events):
        if not quiet:
            print(f"-- turn {game.turn}")
            for line in _describe(game, events):
                print(line)

    res = play_duel(args.seed, options, bots, max_turns=args.turn_limit or 200, on_turn=on_turn)
    out = {"mode": "duel", "seed": res.seed, "turns": res.turns_played, "state_hash": res.final_hash,
           "winner": None if res.winner is None else f"wizard {res.winner + 1}", "over": res.over,
           "placements": [] if res.winner is None else [f"wizard {res.winner + 1}", f"wizard {2 - res.winner}"],
           "action_bytes": sum(len(t) for t in res.turns), "options": options.as_dict()}
    if args.replay_out:
        try:
            to_replay(res).save(args.replay_out)
        except OSError as exc:
            raise CliError(f"{args.replay_out}: cannot write the replay ({exc.strerror or exc})") from None
        out["replay"] = args.replay_out
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"winner: {out['winner'] or 'none (draw)'} after {out['turns']} turns ({res.over}); "
              f"state {res.final_hash[:16]}; {out['action_bytes']} bytes of actions")
    return 0


def replay_duel(args, replay) -> int:
    from game.modes.duel.match import ReplayError, verify_replay
    try:
        game = verify_replay(replay)
        ok, problems = True, []
    except ReplayError as exc:
        game, ok, problems = None, False, [str(exc)]
    out = {"ok": ok, "turns_checked": len(replay.turns) if ok else 0, "problems": problems,
           "state_hash": game.state_hash() if game else None}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for p in problems:
            print(f"{args.file}: {p}")
        print(f"{'verified' if ok else 'MISMATCH'}: {out['turns_checked']} turn hashes checked")
    return 0 if ok else 1
