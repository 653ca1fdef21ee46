"""`tactibox import FILE... [--check | --out DIR] [--json]`: read Sokoban XSB, Hexoban HSB,
Supaplex LEVELS.DAT or .quest files through the one level validator; print `file: line: problem`
errors and warnings (the same text the "Imported levels" screen shows); verify stored solutions.

By default each file that has at least one good level is copied, as it is, into the drop-in
folder `<data>/quest/import/` (a file of the same name there is replaced, atomically), where the
"Imported levels" screen lists it. `--check` copies nothing; `--out DIR` writes each level as
native `.quest` text into DIR instead (and a replay for each stored solution that verifies)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from game.cli.common import CliError, run_guarded


def add_arguments(p) -> None:
    p.add_argument("files", nargs="+", help="level files (.xsb .sok .txt .hsb .quest LEVELS.DAT)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--out", default=None, help="write the levels as .quest files into this folder (nothing is copied)")
    g.add_argument("--check", action="store_true", help="only check the files, copy nothing")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    return run_guarded(_run, args)


MAX_CHECK_MOVES = 500_000       # stored-solution moves replayed in one run (each file may hold 10,000 levels)


def _verify(path: Path, imp, lv, report: dict, budget: list[int]) -> tuple[list | None, str]:
    """(replay actions of a stored solution that wins, "verified"), or (None, "rejected") with the
    reason in errors, or (None, "unchecked") once the run's budget is spent. Moves after the
    winning one are dropped, with a warning saying so."""
    from game.modes.quest.game import QuestGame
    from game.modes.quest.solution import SolutionError, parse_solution, play_solution
    g = QuestGame(lv)
    # errors name the file's own line when the importer knows where the solution starts
    where = str(path) if imp.solution_line else f"{path}#{imp.number}"
    try:
        if path.suffix.lower() == ".hsb":
            from game.modes.quest.importers.hsb import convert_moves
            line = imp.solution_line or 1
            steps = [([0, g.g.dir_names.index(d)], push, line) for d, push in convert_moves(imp.solution)]
        else:
            steps = parse_solution(imp.solution, g.g.dir_names, where, first_line=imp.solution_line or 1)
        if len(steps) > budget[0]:
            report["warnings"].append(f"{path}#{imp.number}: solution not checked: this run has replayed "
                                      f"{MAX_CHECK_MOVES - budget[0]} moves, at most {MAX_CHECK_MOVES}")
            return None, "unchecked"
        budget[0] -= len(steps)
        acts = play_solution(g, steps, where, stop_at_win=True)
        if g.status != "won":
            raise SolutionError(f"{path}#{imp.number}: the solution ends with the boxes not all on goals")
        if len(acts) < len(steps):
            extra = len(steps) - len(acts)
            report["warnings"].append(f"{path}#{imp.number}: the solution wins at move {len(acts)} and goes on for "
                                      f"{extra} more move{'s' if extra != 1 else ''}; "
                                      f"{'they are' if extra != 1 else 'it is'} left out")
        return acts, "verified"
    except (SolutionError, ValueError) as exc:
        report["errors"].append(str(exc))
        return None, "rejected"


def _target_folder() -> Path:
    from game.modes.quest.dropin import import_folder
    from game.store.datadir import open_data_dir
    data = open_data_dir()
    if not data.persistent:
        raise CliError("; ".join(data.messages) + "; nothing was imported (use --check, or set TACTIBOX_DATA)")
    folder = import_folder(data.root)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"{folder}: cannot create the import folder ({exc.strerror or exc})") from None
    return folder


def _copy(path: Path, folder: Path, done: dict, report: dict) -> str | None:
    """Copy one level file into the drop-in folder; the path written, or None."""
    from game.core.atomic import atomic_write_bytes
    from game.modes.quest.catalog import LevelError, read_raw
    dest = folder / path.name
    if dest in done:
        report["errors"].append(f"{path}: {done[dest]} was imported under the same name {path.name!r}; rename one")
        return None
    done[dest] = str(path)
    try:
        if dest.exists() and os.path.samefile(dest, path):
            return str(dest)
        data = read_raw(path, str(path), binary=True)
        if dest.is_file() and dest.stat().st_size == len(data) and read_raw(dest, str(dest), binary=True) == data:
            return str(dest)                      # already there, unchanged
        atomic_write_bytes(dest, data)
    except (OSError, LevelError) as exc:
        report["errors"].append(f"{dest}: cannot be written ({getattr(exc, 'strerror', None) or exc})")
        return None
    return str(dest)


def _run(args) -> int:
    from game.modes.quest.catalog import read_file_guarded
    from game.modes.quest.dropin import summary
    from game.modes.quest.importers.base import BuildError
    from game.modes.quest.session import make_replay
    from game.modes.quest.textformat import dump_level
    report: dict = {"levels": [], "errors": [], "warnings": [], "copied": []}
    folder = None if (args.check or args.out) else _target_folder()
    done: dict = {}
    budget = [MAX_CHECK_MOVES]
    for f in args.files:
        path = Path(f)
        if not path.is_file():
            why = ("is a folder; name the level files in it (for example DIR/*.xsb)" if path.is_dir()
                   else "not a regular file" if path.exists() else "no such file")
            report["errors"].append(f"{path}: {why}")
            continue
        found = read_file_guarded(path)
        info = summary(str(path), path, found)     # what the Imported levels screen shows
        report["errors"] += list(info.errors)
        report["warnings"] += list(info.warnings)
        report["warnings"] += [f"{path}#{d.number}: {w}" for d in info.levels for w in d.warnings]
        dest = _copy(path, folder, done, report) if folder is not None and info.levels else None
        if dest:
            report["copied"].append(dest)
        for imp in found.levels:
            i = imp.number
            entry = {"file": str(path), "number": i, "title": imp.title, "label": imp.note, "solution": "none"}
            if dest:
                entry["ref"] = dest if path.suffix.lower() == ".quest" else f"{dest}#{i}"
            lv = None
            if imp.solution or args.out:
                try:
                    lv = imp.level
                except BuildError as exc:
                    report["errors"].append(str(exc))
                    continue
            acts, entry["solution"] = _verify(path, imp, lv, report, budget) if imp.solution else (None, "none")
            if args.out:
                out = Path(args.out)
                out.mkdir(parents=True, exist_ok=True)
                stem = re.sub(r"[^a-z0-9]+", "_", f"{path.stem}_{i:03d}".lower())
                (out / f"{stem}.quest").write_text(dump_level(lv), encoding="utf-8")
                if acts is not None:
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
        for c in report["copied"]:
            print(f"copied to {c}")
        if folder is not None:
            print(f"{len(report['copied'])} files in {folder} (Hex quest > Imported levels)")
        print(f"{len(report['levels'])} levels, {len(report['errors'])} errors, {len(report['warnings'])} warnings")
    return 1 if report["errors"] else 0
