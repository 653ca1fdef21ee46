"""Stored solutions of shipped levels, made reproducible: the replay in `assets/quest/solutions/`
is built by the real rules from the level's solution source, which is one of

- comment lines of the level file (square Sokoban levels, found by the solver):
      ; optimal: moves          what the stored solution is optimal for: moves, pushes or no
      ; solution: rrdDLu...     LURD (lower case a step, capital a push; may span several lines)
- `assets/quest/solutions/<id>.moves` next to the replay (hex levels, NPCs, spells: solution
  text as in solution.py: steps, `wait`, `tractor`, `skill:NAME`, `equip:N`, `cast:SPELL:DIR`,
  `drop:DIR`; `;` comment lines). A .moves file wins over `; solution:` lines.

`tactibox quest-solutions --write` turns these into the stored replays, and the tests check that
every stored replay is exactly what its source gives (so nobody hand-edits replay JSON).
"""

from __future__ import annotations

from pathlib import Path

from game.core.datafile import DataFileError, read_text
from game.core.replay import Replay
from game.modes.quest.catalog import SOLUTIONS
from game.modes.quest.game import QuestGame
from game.modes.quest.level import Level
from game.modes.quest.session import make_replay
from game.modes.quest.solution import SolutionError, parse_solution, play_solution

OPTIMAL = ("moves", "pushes", "no")
MAX_MOVES_BYTES = 256 * 1024


def moves_path(level_id: str) -> Path:
    return SOLUTIONS / f"{level_id}.moves"


def solution_source(level_id: str, level_text: str, level_file: str) -> tuple[str, str]:
    """(solution text, the file it is in) of a shipped level: its .moves file, else the level
    file's `; solution:` lines ("" when it has neither); SolutionError names a broken source."""
    mp = moves_path(level_id)
    if mp.is_file():
        try:
            return read_text(mp, max_bytes=MAX_MOVES_BYTES), str(mp)
        except DataFileError as exc:
            raise SolutionError(str(exc)) from None
    return notes_of(level_text, level_file)["solution"], level_file


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


def replay_of(level: Level, level_id: str, text: str, file: str = "<level>") -> Replay:
    """The replay of a solution (LURD or moves text) played strictly by the real rules; it must
    win the level. SolutionError names the file and line of a move that cannot be made."""
    game = QuestGame(level)
    actions = play_solution(game, parse_solution(text, game.g.dir_names, file), file)
    if game.status != "won":
        raise SolutionError(f"{file}: the solution ends with the level {game.status!r}, not won")
    return make_replay(level, actions, level_id)
