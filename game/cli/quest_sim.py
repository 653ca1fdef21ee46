"""The quest side of `tactibox simulate --mode quest --level NAME --solution FILE` (verify a
solution, strictly) and of `tactibox replay` for quest replays."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.cli.common import CliError


def _load(ref: str):
    from game.modes.quest.catalog import LevelError, load_level
    try:
        return load_level(ref)
    except LevelError as exc:
        raise CliError(str(exc)) from None


def simulate_quest(args) -> int:
    from game.core.replay import ReplayError, load_replay
    from game.modes.quest.game import QuestGame
    from game.modes.quest.session import make_replay, result_of, verify_replay
    from game.modes.quest.solution import SolutionError, parse_solution, play_solution
    if not getattr(args, "level", None):
        raise CliError("--mode quest needs --level NAME (a shipped level id or a level file)")
    level, lid, text = _load(args.level)
    problems, actions = [], []
    sol = getattr(args, "solution", None)
    if not sol:
        raise CliError("--mode quest needs --solution FILE (a replay .json or a moves text file)")
    path = Path(sol)
    if path.suffix == ".json":
        try:
            rep = load_replay(path)
        except ReplayError as exc:
            raise CliError(str(exc)) from None
        ok, problems, game = verify_replay(level, rep)
        actions = rep.actions
    else:
        game = QuestGame(level)
        try:
            if path.stat().st_size > 1024 * 1024:
                raise CliError(f"{path}: larger than 1 MiB")
            steps = parse_solution(path.read_text(encoding="utf-8"), game.g.dir_names, str(path))
            actions = play_solution(game, steps, str(path))
        except (OSError, UnicodeDecodeError) as exc:
            raise CliError(f"{path}: cannot be read ({exc})") from None
        except SolutionError as exc:
            problems.append(str(exc))
        if not problems and game.status != "won":
            problems.append(f"{path}: the moves end with the level {game.status!r}, not won")
        ok = not problems
    out = {"ok": ok, "level": lid or level.name, "label": level.label, "problems": problems, **result_of(game)}
    if ok and args.replay_out:
        try:
            make_replay(level, actions, lid, text).save(args.replay_out)
        except OSError as exc:
            raise CliError(f"{args.replay_out}: cannot write the replay ({exc.strerror or exc})") from None
        out["replay"] = args.replay_out
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for p in problems:
            print(p)
        print(f"{'solved' if ok else 'NOT SOLVED'}: {out['level']} in {out['moves']} moves, {out['pushes']} pushes, "
              f"{out['turns']} turns (state {out['state_hash'][:16]})")
    sys.stdout.flush()
    return 0 if ok else 1


def replay_quest(args, replay) -> int:
    from game.modes.quest.catalog import LevelError, load_level
    from game.modes.quest.session import verify_replay
    from game.modes.quest.textformat import parse_level
    text = replay.setup.get("level_text")
    if isinstance(text, str) and text:
        level, probs = parse_level(text, f"{args.file}: setup.level_text", name=replay.map_id)
        if level is None:
            raise CliError("\n".join(map(str, probs)))
    else:
        try:
            level, _, _ = load_level(replay.map_id)
        except LevelError as exc:
            raise CliError(str(exc)) from None
    ok, problems, game = verify_replay(level, replay)
    out = {"ok": ok, "turns_checked": len(replay.turns) if ok else 0, "problems": problems,
           "state_hash": game.state_hash()}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for p in problems:
            print(f"{args.file}: {p}")
        print(f"{'verified' if ok else 'MISMATCH'}: {out['turns_checked']} turn hashes checked")
    return 0 if ok else 1
