"""`tactibox preview ATTACKER DEFENDER`: the numbers the info window shows for an attack."""

from __future__ import annotations

import json

from game.cli.common import CliError, load_ruleset_or_fail, run_guarded


def add_arguments(p) -> None:
    p.add_argument("attacker", help="attacking piece id (e.g. knight)")
    p.add_argument("defender", help="defending piece id (e.g. archer)")
    p.add_argument("--ruleset", default=None, help="ruleset name or folder (default: the shipped 'default')")
    p.add_argument("--attacker-level", type=int, default=1)
    p.add_argument("--defender-level", type=int, default=1)
    p.add_argument("--attacker-rest", type=int, default=None, help="current rest (default: fully rested)")
    p.add_argument("--defender-rest", type=int, default=None, help="current rest (default: fully rested)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    from game.modes.skirmish.tables import compiled
    rs = load_ruleset_or_fail(args.ruleset)
    try:
        a, d = rs.piece(args.attacker), rs.piece(args.defender)
    except KeyError as exc:
        raise CliError(f"no piece {exc.args[0]!r} in ruleset {rs.id}; pieces: {', '.join(p.id for p in rs.pieces)}") from None
    for lvl, what in ((args.attacker_level, "attacker"), (args.defender_level, "defender")):
        if not 1 <= lvl <= rs.rules.max_level:
            raise CliError(f"--{what}-level {lvl}: expected 1..{rs.rules.max_level}")
    ar = a.rst if args.attacker_rest is None else args.attacker_rest
    dr = d.rst if args.defender_rest is None else args.defender_rest
    table, _ = compiled(rs)
    e = table.estimate(a.index, d.index, args.attacker_level, args.defender_level, ar, dr)
    out = {"attacker": a.id, "defender": d.id, "attacker_level": args.attacker_level,
           "defender_level": args.defender_level, "attacker_rest": ar, "defender_rest": dr,
           "miss_pct": e.miss_pct, "crit_permille": e.crit_permille, "crit_pct": e.crit_pct_text,
           "damage": e.damage, "crit_damage": e.crit_damage,
           "dominates": a.weapon.dominates == d.weapon.klass and bool(a.weapon.dominates)}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"{a.name} (L{args.attacker_level}, {a.weapon.name}) attacks {d.name} (L{args.defender_level}):")
        print(f"  damage {e.damage}   miss {e.miss_pct}%   crit {e.crit_pct_text}   crit damage {e.crit_damage}"
              + ("   (weapon dominates: target DEF halved)" if out["dominates"] else ""))
    return 0
