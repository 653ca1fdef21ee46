"""Stored solutions of shipped levels, made reproducible: a level file may carry its solution as
comment lines, and the replay in `assets/quest/solutions/` is built from them by the real rules.

    ; optimal: moves          what the stored solution is optimal for: moves, pushes or no
    ; solution: rrdDLu...     LURD (lower case a step, capital a push; may span several lines)

`tactibox quest-solutions --write` turns these lines into the stored replays, and the tests check
that every stored replay is exactly what these lines give (so nobody hand-edits replay JSON).
"""

from __future__ import annotations

from game.core.replay import Replay
from game.modes.quest.game import QuestGame
from game.modes.quest.level import Level
from game.modes.quest.session import make_replay
from game.modes.quest.solution import SolutionError, parse_solution, play_solution

OPTIMAL = ("moves", "pushes", "no")


def notes_of(text: str, file: str = "<level>") -> dict:
    """{"solution": LURD or "", "optimal": moves|pushes|no|""} from the level's comment lines;
    SolutionError names the line of a malformed note."""
    out = {"solution": "", "optimal": ""}
    parts = []
    for ln, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s.startswith(";"):
            continue
        key, sep, val = s[1:].strip().partition(":")
        key, val = key.strip(), val.strip()
        if not sep or key not in ("solution", "optimal"):
            continue
        if key == "optimal":
            if val not in OPTIMAL or out["optimal"]:
                raise SolutionError(f"{file}: {ln}: '; optimal:' must be given once, one of {', '.join(OPTIMAL)}")
            out["optimal"] = val
        else:
            if not val or not all(ch in "lurdLURD" for ch in val):
                raise SolutionError(f"{file}: {ln}: '; solution:' expects LURD letters only, got {val[:20]!r}")
            parts.append(val)
    out["solution"] = "".join(parts)
    return out


def replay_of(level: Level, level_id: str, lurd: str, file: str = "<level>") -> Replay:
    """The replay of a LURD solution played strictly by the real rules; it must win the level."""
    game = QuestGame(level)
    actions = play_solution(game, parse_solution(lurd, game.g.dir_names, file), file)
    if game.status != "won":
        raise SolutionError(f"{file}: the solution ends with the level {game.status!r}, not won")
    return make_replay(level, actions, level_id)
