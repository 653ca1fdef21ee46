"""Stored solutions made reproducibly from moves text (the hex campaign's authoring tool).

For every `assets/quest/solutions/<folder>/<name>.moves` (solution text as in solution.py: hex
steps, `wait`, `tractor`, `skill:NAME`, `equip:N`, `cast:SPELL:DIR`; ';' comment lines) the shipped
level `<folder>/<name>` is played strictly and `<name>.replay.json` is written with the state hash
after every turn. Replay JSON is never edited by hand: change the .moves file and run

    python -m game.modes.quest.replaygen hex            # rewrite the replays
    python -m game.modes.quest.replaygen hex --check    # exit 1 if a stored replay differs
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.core.datafile import DataFileError, read_text
from game.modes.quest.catalog import SOLUTIONS, LevelError, load_level, solution_path
from game.modes.quest.game import QuestGame
from game.modes.quest.session import make_replay
from game.modes.quest.solution import SolutionError, parse_solution, play_solution

MAX_MOVES_BYTES = 256 * 1024


def replay_text(level_id: str, moves_path: Path) -> str:
    """The replay JSON text of a .moves file; ValueError naming the file and line if it does not win."""
    try:
        level, lid, _ = load_level(level_id)
        text = read_text(moves_path, max_bytes=MAX_MOVES_BYTES)
    except (LevelError, DataFileError) as exc:
        raise ValueError(str(exc)) from None
    game = QuestGame(level)
    try:
        actions = play_solution(game, parse_solution(text, game.g.dir_names, str(moves_path)), str(moves_path))
    except SolutionError as exc:
        raise ValueError(str(exc)) from None
    if game.status != "won":
        raise ValueError(f"{moves_path}: the moves end with the level {game.status!r}, not won")
    return make_replay(level, actions, lid).dumps()


def moves_files(folder: str) -> list[Path]:
    return sorted((SOLUTIONS / folder).glob("*.moves"))


def run(folder: str, check: bool) -> list[str]:
    """Regenerate (or with `check` compare) every replay of `folder`; returns the problems."""
    problems = []
    files = moves_files(folder)
    if not files:
        return [f"{SOLUTIONS / folder}: no .moves files"]
    for mp in files:
        lid = f"{folder}/{mp.stem}"
        try:
            text = replay_text(lid, mp)
        except ValueError as exc:
            problems.append(str(exc))
            continue
        out = solution_path(lid)
        if check:
            old = out.read_text(encoding="utf-8") if out.is_file() else ""
            if old != text:
                problems.append(f"{out}: differs from what {mp.name} makes (run python -m game.modes.quest.replaygen {folder})")
        else:
            from game.core.atomic import atomic_write_text
            atomic_write_text(out, text)
    return problems


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 1:
        print("usage: python -m game.modes.quest.replaygen FOLDER [--check]", file=sys.stderr)
        return 2
    problems = run(args[0], "--check" in argv)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
