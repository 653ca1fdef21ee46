"""`tactibox import FILE... [--out DIR]`: read Sokoban XSB, Hexoban HSB, Supaplex LEVELS.DAT or
.quest files through the one level validator; print `file: line: problem` errors and warnings;
with --out, write each level as native `.quest` text (and a replay for each stored solution that
verifies)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.cli.common import run_guarded


def add_arguments(p) -> None:
    p.add_argument("files", nargs="+", help="level files (.xsb .sok .txt .hsb .quest LEVELS.DAT)")
    p.add_argument("--out", default=None, help="write the levels as .quest files into this folder")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    from game.modes.quest.catalog import LevelError, read_any
    from game.modes.quest.game import QuestGame
    from game.modes.quest.session import make_replay
    from game.modes.quest.solution import SolutionError, parse_solution, play_solution
    from game.modes.quest.textformat import dump_level
    report = {"levels": [], "errors": [], "warnings": []}
    for f in args.files:
        path = Path(f)
        try:
            got, probs = read_any(path)
        except LevelError as exc:
            report["errors"].append(str(exc))
            continue
        report["errors"] += [str(p) for p in probs]
        if path.suffix.lower() == ".dat" or path.name.upper().startswith("LEVELS.D"):
            from game.modes.quest.importers.supaplex import read_levels_dat
            _, _, warns = read_levels_dat(path.read_bytes(), str(path))
            report["warnings"] += [str(w) for w in warns]
        for i, (lv, sol) in enumerate(got, 1):
            entry = {"file": str(path), "number": i, "title": lv.title or lv.name, "label": lv.label,
                     "solution": "none"}
            if sol:
                g = QuestGame(lv)
                try:
                    if path.suffix.lower() == ".hsb":
                        from game.modes.quest.importers.hsb import convert_moves
                        steps = [([0, g.g.dir_names.index(d)], push, 0) for d, push in convert_moves(sol)]
                    else:
                        steps = parse_solution(sol, g.g.dir_names, f"{path}#{i}")
                    acts = play_solution(g, steps, f"{path}#{i}")
                    if g.status != "won":
                        raise SolutionError(f"{path}#{i}: the solution ends with the boxes not all on goals")
                    entry["solution"] = "verified"
                except (SolutionError, ValueError) as exc:
                    entry["solution"] = "rejected"
                    report["errors"].append(str(exc))
                    acts = None
            if args.out:
                out = Path(args.out)
                out.mkdir(parents=True, exist_ok=True)
                stem = re.sub(r"[^a-z0-9]+", "_", f"{path.stem}_{i:03d}".lower())
                (out / f"{stem}.quest").write_text(dump_level(lv), encoding="utf-8")
                if sol and entry["solution"] == "verified":
                    make_replay(lv, acts, "", dump_level(lv)).save(out / f"{stem}.replay.json")
                entry["written"] = str(out / f"{stem}.quest")
            report["levels"].append(entry)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for e in report["errors"]:
            print(f"error: {e}")
        for w in report["warnings"]:
            print(f"warning: {w}")
        for e in report["levels"]:
            print(f"{e['file']} #{e['number']}: {e['title']}{'  [' + e['label'] + ']' if e['label'] else ''}"
                  f"  solution: {e['solution']}")
        print(f"{len(report['levels'])} levels, {len(report['errors'])} errors, {len(report['warnings'])} warnings")
    return 1 if report["errors"] else 0
