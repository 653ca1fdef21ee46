"""`tactibox quest-solutions [ID...] [--write | --solve]`: the stored solutions of shipped quest
levels, built from each level's solution source: its `.moves` file or the `; solution:` lines of
the level file (see game/modes/quest/stored.py).

    tactibox quest-solutions               check: every stored replay is exactly what its level's
                                           solution source gives (exit 1 when one is not)
    tactibox quest-solutions ID --write    (re)write the stored replays of those levels
    tactibox quest-solutions ID --solve    find an optimal solution of a square Sokoban level
                                           (--measure moves|pushes, --limit states) and print
                                           the lines to paste into the level file
"""

from __future__ import annotations

import sys

from game.cli.common import CliError, run_guarded


def add_arguments(p) -> None:
    p.add_argument("ids", nargs="*", help="shipped level ids (default: every level with a '; solution:' line)")
    act = p.add_mutually_exclusive_group()
    act.add_argument("--write", action="store_true", help="write assets/quest/solutions/ID.replay.json")
    act.add_argument("--solve", action="store_true", help="solve the levels (plain Sokoban square levels)")
    p.add_argument("--measure", choices=("moves", "pushes"), default="moves",
                   help="--solve: fewest moves (then pushes) or fewest pushes (then moves)")
    p.add_argument("--limit", type=int, default=500_000, help="--solve: give up after this many states")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    from game.core.datafile import read_text
    from game.modes.quest.catalog import LevelError, load_level, shipped_ids, shipped_path, solution_path
    from game.modes.quest.solution import SolutionError
    from game.modes.quest.stored import replay_of, solution_source
    ids = args.ids or shipped_ids()
    bad = 0
    for lid in ids:
        path = shipped_path(lid)
        if path is None:
            raise CliError(f"{lid}: no shipped level of that id")
        try:
            level, lid, _ = load_level(lid)
            text, source = solution_source(lid, read_text(path), str(path))
        except (LevelError, SolutionError) as exc:
            raise CliError(str(exc)) from None
        if args.solve:
            bad += _solve(lid, level, args)
            continue
        if not text:
            if args.ids:
                raise CliError(f"{path}: no '; solution:' line and no {lid}.moves file")
            continue
        try:
            rep = replay_of(level, lid, text, source)
        except SolutionError as exc:
            print(f"{lid}: {exc}")
            bad += 1
            continue
        out = solution_path(lid)
        res = rep.result
        what = f"{res['moves']} moves, {res['pushes']} pushes"
        if args.write:
            try:
                out.parent.mkdir(parents=True, exist_ok=True)
                rep.save(out)
            except OSError as exc:
                raise CliError(f"{out}: cannot write ({exc.strerror or exc})") from None
            print(f"{lid}: wrote {out} ({what})")
        elif not out.is_file() or out.read_text(encoding="utf-8") != rep.dumps():
            print(f"{lid}: {out} is not what its solution source gives ({what}); run with --write")
            bad += 1
        else:
            print(f"{lid}: ok ({what})")
    sys.stdout.flush()
    return 1 if bad else 0


def _solve(lid: str, level, args) -> int:
    from game.modes.quest.sokoban import NotSokoban, board_of, solve
    try:
        board = board_of(level)
    except NotSokoban as exc:
        print(f"{lid}: {exc}")
        return 1
    sol = solve(board, args.measure, args.limit)
    if sol is None:
        print(f"{lid}: no solution within {args.limit} states")
        return 1
    print(f"{lid}: {sol.moves} moves, {sol.pushes} pushes, {args.measure}-optimal ({sol.expanded} states)")
    print(f"; optimal: {args.measure}")
    print(f"; solution: {sol.lurd}")
    return 0
