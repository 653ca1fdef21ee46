"""`tactibox validate [PATH ...]`: check rulesets and maps; `file: key: problem` lines, exit 1 on any.

Beyond the schema, maps must be playable (`game.rules.skirmish.playability`: the armies fit); what only
makes a battle long (armies that cannot reach each other, pieces that never act) is printed as
`warning: ...` lines, which do not change the exit status."""

from __future__ import annotations

from pathlib import Path


def add_arguments(p) -> None:
    p.add_argument("paths", nargs="*", help="ruleset folders or map files (default: every ruleset found)")


def _ruleset_of(path: Path) -> Path | None:
    for parent in [path, *path.parents]:
        if (parent / "ruleset.toml").exists():
            return parent
    return None


def run(args) -> int:
    from game.rules.schema import ProblemList
    from game.rules.skirmish.catalog import available
    from game.rules.skirmish.loader import load_ruleset
    from game.rules.skirmish.playability import playability_problems, playability_warnings
    from game.store.datadir import choose_data_dir

    targets = [Path(p) for p in args.paths] or list(available(choose_data_dir()).values())
    problems, warnings = ProblemList(), ProblemList()
    checked = 0
    for path in targets:
        if not path.exists():
            problems.add(str(path), "", "no such file or folder")
            continue
        folder = _ruleset_of(path.resolve()) if path.is_file() or not (path / "ruleset.toml").exists() else path
        if folder is None:
            problems.add(str(path), "", "not inside a ruleset folder (no ruleset.toml above it)")
            continue
        rs, found = load_ruleset(folder)
        cautions = ProblemList()
        if rs is not None:
            found.extend(playability_problems(rs))
            cautions = playability_warnings(rs)
        if path.is_file() and path.suffix in (".toml", ".png", ".bmp") and path.parent.name == "maps":
            if rs is None:        # a map is checked against its ruleset: say why it could not be
                found.add(f"{folder.name}/maps/{path.name}", "", "not checked: its ruleset does not load "
                                                                 "(the problems above)")
            else:
                found = [p for p in found if path.name in p.file]
            cautions = [p for p in cautions if path.name in p.file or not p.file.startswith(f"{folder.name}/maps/")]
        problems.extend(found)
        warnings.extend(cautions)
        checked += 1
    for p in problems:
        print(p)
    for w in warnings:
        print(f"warning: {w}")
    print(f"{checked} ruleset(s) checked, {len(problems)} problem(s), {len(warnings)} warning(s)")
    return 1 if problems else 0
