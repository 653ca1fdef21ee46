"""Registry hooks for Hex quest: `simulate` verifies a solution (strictly), `verify` a replay."""

from __future__ import annotations

from pathlib import Path

from game.core.replay import ReplayError, load_replay
from game.modes.quest.catalog import LevelError, load_level
from game.modes.quest.game import QuestGame
from game.modes.quest.session import make_replay, result_of, verify_replay
from game.modes.quest.solution import SolutionError, parse_solution, play_solution
from game.modes.registry import Outcome

MAX_SOLUTION_BYTES = 1024 * 1024


def simulate(req, log=None) -> Outcome:
    """`tactibox simulate --mode quest --level NAME --solution FILE`: summary["ok"] says whether
    the solution wins the level; ValueError for a level or file that cannot be read."""
    ref, sol = req.options.get("level") or "", req.options.get("solution") or ""
    if not ref:
        raise ValueError("--mode quest needs --level NAME (a shipped level id or a level file)")
    if not sol:
        raise ValueError("--mode quest needs --solution FILE (a replay .json or a moves text file)")
    try:
        level, lid, text = load_level(ref)
    except LevelError as exc:
        raise ValueError(str(exc)) from None
    path = Path(sol)
    problems: list[str] = []
    actions: list = []
    if path.suffix == ".json":
        try:
            rep = load_replay(path)
        except ReplayError as exc:
            raise ValueError(str(exc)) from None
        ok, problems, game = verify_replay(level, rep)
        actions = rep.actions
    else:
        game = QuestGame(level)
        try:
            if path.stat().st_size > MAX_SOLUTION_BYTES:
                raise ValueError(f"{path}: larger than {MAX_SOLUTION_BYTES} bytes")
            steps = parse_solution(path.read_text(encoding="utf-8"), game.g.dir_names, str(path))
            actions = play_solution(game, steps, str(path))
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"{path}: cannot be read ({exc})") from None
        except SolutionError as exc:
            problems.append(str(exc))
        if not problems and game.status != "won":
            problems.append(f"{path}: the moves end with the level {game.status!r}, not won")
        ok = not problems
    res = result_of(game)
    summary = {"ok": ok, "level": lid or level.name, "label": level.label, "problems": problems,
               "winner": "player" if ok else None, **res}
    lines = list(problems) + [f"{'solved' if ok else 'NOT SOLVED'}: {summary['level']} in {res['moves']} moves, "
                              f"{res['pushes']} pushes, {res['turns']} turns (state {res['state_hash'][:16]})"]
    replay = make_replay(level, actions, lid, text) if ok else None
    return Outcome(summary=summary, replay=replay, lines=lines)
