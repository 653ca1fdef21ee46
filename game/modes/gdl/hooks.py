"""The GDL mode's registry hooks (docs/modes.md): replay verification."""

from __future__ import annotations

from game.modes.registry import Verdict


def load_world(path: str):
    """The module at `path` as a playable World; ValueError says why it is not."""
    from game.modes.gdl.match import playable_problems
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    from game.rules.gdl.reader import GdlError
    try:
        m = load_module(path)
    except GdlError as exc:
        raise ValueError(str(exc)) from None
    problems = playable_problems(m)
    if problems:
        raise ValueError(f"{path}: cannot play: " + "; ".join(problems))
    return World(m)


def verify(replay, ruleset: str | None = None, log=None) -> Verdict:
    from game.modes.gdl.match import ReplayError, verify
    path = ruleset or replay.options.get("module", "")
    if not isinstance(path, str) or not path:
        return Verdict(False, 0, ["the replay names no module; give it with --ruleset PATH.g"])
    try:
        game = verify(replay, load_world(path))
    except ReplayError as exc:
        return Verdict(False, 0, [str(exc)])
    except ValueError as exc:
        return Verdict(False, 0, [str(exc)])
    return Verdict(True, len(replay.turns), [], game.state_hash())
