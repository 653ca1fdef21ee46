"""A level in play with unlimited undo/redo, saving mid-level, replays and per-level bests.

The session is a replay prefix: `actions[:pos]` applied to the level's start gives the current
state. Undo moves `pos` back (restoring a cached snapshot), redo forward; a new action after an
undo drops the undone tail, as in KSokoban's History. Saving mid-level stores the level hash,
the action list and `pos`; loading replays them, so a save can never hold an impossible state.
"""

from __future__ import annotations

from game.core.replay import Replay
from game.modes.base import ActionError
from game.modes.quest.game import FREE_ACTIONS, QuestGame
from game.modes.quest.level import Level

RULESET_ID = "quest"
RULES_VERSION = "quest-1"


class Session:
    def __init__(self, level: Level, carry: dict | None = None):
        self.level = level
        self.carry = carry
        self.game = QuestGame(level, carry)
        self.actions: list[list[int]] = []
        self.pos = 0
        self._snaps = [self.game.snapshot_copy()]

    def act(self, action) -> list[dict]:
        events = self.game.apply(action)          # raises ActionError, state untouched
        del self.actions[self.pos:]
        del self._snaps[self.pos + 1:]
        self.actions.append(list(action))
        self.pos += 1
        self._snaps.append(self.game.snapshot_copy())
        return events

    def state_token(self) -> object:
        """An object that stays the same exactly as long as the game state does (the snapshot of
        the current position): screens key what they work out from the state on it."""
        return self._snaps[self.pos]

    def can_undo(self) -> bool:
        return self.pos > 0

    def can_redo(self) -> bool:
        return self.pos < len(self.actions)

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.pos -= 1
        self.game.restore(self._snaps[self.pos])
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self.pos += 1
        self.game.restore(self._snaps[self.pos])
        return True

    def restart(self) -> None:
        while self.undo():
            pass

    # --- saving and replays -------------------------------------------------------------------
    def save_data(self) -> dict:
        return {"level": self.level.name, "level_hash": self.level.content_hash(),
                "actions": [list(a) for a in self.actions], "pos": self.pos, "carry": self.carry}

    @classmethod
    def from_save(cls, level: Level, data: dict) -> Session:
        if data.get("level_hash") != level.content_hash():
            raise ActionError(f"the save is for another version of level {data.get('level')!r}")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise ActionError("the save's actions are not a list")
        pos = data.get("pos", len(actions))
        if type(pos) is not int or not 0 <= pos <= len(actions):
            raise ActionError(f"the save's position {str(pos)[:20]!r} is not 0..{len(actions)}")
        try:
            s = cls(level, data.get("carry"))
        except (TypeError, KeyError, ValueError, AttributeError) as exc:
            raise ActionError(f"the save's carried player data is broken ({type(exc).__name__}: {exc})") from None
        for i, a in enumerate(actions, 1):
            try:
                s.act(a)
            except ActionError as exc:
                raise ActionError(f"the save's action {i}: {exc}") from None
        while s.pos > pos:
            s.undo()
        return s

    def to_replay(self, level_id: str = "", level_text: str = "") -> Replay:
        return make_replay(self.level, self.actions[:self.pos], level_id, level_text, self.carry)


def make_replay(level: Level, actions, level_id: str = "", level_text: str = "", carry=None) -> Replay:
    """Replay the actions from the start, recording the state hash after every turn."""
    game = QuestGame(level, carry)
    rep = Replay(mode="quest", seed=level.seed, ruleset_id=RULESET_ID, ruleset_hash=RULES_VERSION,
                 map_id=level_id or level.name, map_hash=level.content_hash())
    if level_text:
        rep.setup["level_text"] = level_text
    if carry:
        rep.setup["carry"] = carry
    for a in actions:
        game.apply(a)
        rep.actions.append(list(a))
        if a[0] not in FREE_ACTIONS:
            rep.record_turn(game.turn, game.state_hash())
    rep.result = result_of(game)
    return rep


def result_of(game: QuestGame) -> dict:
    return {"status": game.status, "turns": game.turn, "moves": game.moves, "pushes": game.pushes,
            "xp": game.player["xp"], "coins": game.player["coins"], "hp": game.player["hp"],
            "state_hash": game.state_hash()}


def verify_replay(level: Level, rep: Replay) -> tuple[bool, list[str], QuestGame]:
    """Replay `rep` on `level`; (ok, problems, final game). ok also needs the level won."""
    problems: list[str] = []
    game = QuestGame(level, rep.setup.get("carry") or None)
    if rep.map_hash and rep.map_hash != level.content_hash():
        problems.append(f"map: the replay is for level hash {rep.map_hash[:12]}, this level is {level.content_hash()[:12]}")
        return False, problems, game
    turns = {t[0]: t for t in rep.turns}
    for i, a in enumerate(rep.actions):
        try:
            game.apply(a)
        except ActionError as exc:
            problems.append(f"actions[{i}]: {exc}")
            return False, problems, game
        t = turns.get(i + 1)
        if t is not None and (t[1] != game.turn or t[2] != game.state_hash()):
            problems.append(f"actions[{i}]: turn {game.turn}: state hash differs from the recording")
            return False, problems, game
    if game.status != "won":
        problems.append(f"after {len(rep.actions)} actions the level is {game.status!r}, not won")
    # the recorded summary must be what the replay produces (a hand-edited score is caught too)
    got = result_of(game)
    for k in sorted(rep.result):
        if k in got and rep.result[k] != got[k]:
            problems.append(f"result.{k}: the replay records {rep.result[k]!r}, replaying gives {got[k]!r}")
    return not problems, problems, game


class Bests:
    """Per-level best results: fewest moves, then fewest pushes (Sokoban's usual order)."""

    def __init__(self, data: dict | None = None):
        self.data = dict(data or {})

    def offer(self, level_name: str, moves: int, pushes: int) -> bool:
        cur = self.data.get(level_name)
        if cur is None or (moves, pushes) < (cur["moves"], cur["pushes"]):
            self.data[level_name] = {"moves": moves, "pushes": pushes}
            return True
        return False
