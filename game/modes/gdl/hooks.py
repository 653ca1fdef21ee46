"""The GDL mode's registry hooks (docs/modes.md): rules (a module holder), game, bot, verify (it
finds the module the replay names); `tactibox simulate` and every screen play through the Match
(match_rules.py)."""

from __future__ import annotations

from pathlib import Path

from game.modes.gdl.match_rules import HeldModule
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


class GdlRules(HeldModule):
    """The module a unit plays (or none yet: a joining unit receives the host's)."""

    def __init__(self, path: str | Path | None = None) -> None:
        super().__init__()
        if path:
            self.load(path)

    def load(self, path) -> None:
        world = load_world(str(path))
        self.path, self.world = Path(path), world


def load_rules(name: str | None = None) -> GdlRules:
    return GdlRules(name if name and str(name).endswith(".g") else None)


def new_game(rules: GdlRules, seed: int, options: dict, seats: list[str]):
    """The engine-contract game factory: the module named by `options["module"]` (loaded into
    `rules`, so `GdlGame.restore(rules, snapshot)` finds it), else the one `rules` holds, else
    Tactibox's own outpost.g. Seat i plays side `game.sides[i]`; the module decides the sides."""
    from game.core.datafile import ASSETS
    from game.modes.gdl.game import GdlGame
    path = (options or {}).get("module") or ""
    if path and (rules.path is None or Path(path) != rules.path):
        rules.load(path)
    elif rules.world is None:
        rules.load(ASSETS / "gdl" / "outpost.g")
    return GdlGame(rules.world, seed)


def new_bot(level: str, seat: int, seed: int):
    """The table-reading bot (every level alike), with the per-unit action guard."""
    from game.modes.gdl.match import BotSeat
    return BotSeat()


def describe(game, events) -> list[str]:
    from game.modes.gdl.log import describe as line
    return [t for t in (line(game, ev) for ev in events) if t]


def verify(replay, ruleset: str | None = None, log=None) -> Verdict:
    """`ruleset`: a module the person named (any file). Else the module the replay names, found
    only inside the module folders (issue 21 item 13: a replay may not open `/etc/passwd`)."""
    from game.core.replayfile import file_in_folders
    from game.modes.gdl.match import ReplayError, verify
    from game.rules.gdl.folders import module_folders
    path = ruleset or replay.options.get("module", "")
    if not isinstance(path, str) or not path:
        return Verdict(False, 0, ["the replay names no module; give it with --ruleset PATH.g"])
    if not ruleset:
        try:
            path = str(file_in_folders(path, module_folders(), suffixes=(".g",), what="module"))
        except ReplayError as exc:
            return Verdict(False, 0, [f"{exc} (--ruleset PATH.g)"])
    try:
        game = verify(replay, load_world(path))
    except ReplayError as exc:
        return Verdict(False, 0, [str(exc)])
    except ValueError as exc:
        return Verdict(False, 0, [str(exc)])
    return Verdict(True, len(replay.turns), [], game.state_hash())
