"""Registry hooks for Hex quest: `simulate` verifies a solution (strictly), `verify` a replay."""

from __future__ import annotations

from pathlib import Path

from game.core.replay import ReplayError, load_replay
from game.modes.quest.catalog import LevelError, load_level, shipped_path
from game.modes.quest.game import QuestGame
from game.modes.quest.session import make_replay, result_of, verify_replay
from game.modes.quest.solution import SolutionError, parse_solution, play_solution
from game.modes.quest.textformat import parse_level
from game.modes.registry import Outcome, Verdict

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


def verify(replay, ruleset=None, log=None) -> Verdict:
    text = replay.setup.get("level_text")
    if isinstance(text, str) and text:
        level, probs = parse_level(text, "setup.level_text", name=replay.map_id)
        if level is None:
            return Verdict(False, 0, [str(p) for p in probs])
        try:   # only a shipped id is looked up: a replay naming a path must not tell whether it exists
            named = load_level(replay.map_id)[0] if shipped_path(replay.map_id) else None
        except LevelError:
            named = None          # a level this machine does not have: the replay's own text is the level
        if named is not None and named.content_hash() != level.content_hash():
            return Verdict(False, 0, [f"setup.level_text is not the level {replay.map_id!r} "
                                      f"(hash {level.content_hash()[:12]}, the level is {named.content_hash()[:12]})"])
    else:
        if shipped_path(replay.map_id) is None:
            return Verdict(False, 0, [f"map: {str(replay.map_id)[:80]!r} is not a shipped level, and the replay "
                                      "has no setup.level_text"])
        try:
            level, _, _ = load_level(replay.map_id)
        except LevelError as exc:
            return Verdict(False, 0, [str(exc)])
    ok, problems, game = verify_replay(level, replay)
    return Verdict(ok, len(replay.turns) if ok else 0, problems, game.state_hash())
