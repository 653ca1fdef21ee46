"""A level in play with unlimited undo/redo, saving mid-level, replays and per-level bests.

The session is a replay prefix: `actions[:pos]` applied to the level's start gives the current
state. Undo moves `pos` back, redo forward; a new action after an undo drops the undone tail, as
in KSokoban's History. Saving mid-level stores the level hash, the action list and `pos`;
loading replays them, so a save can never hold an impossible state.

Bounds (a save is a file anyone can edit): at most `max_actions(level)` actions, that is
MAX_ACTIONS, fewer on levels with many NPCs so that replaying a save stays within MAX_WORK
creature-moves; the game refuses a move past it (undo or restart). Snapshots are kept sparsely
within SNAP_BUDGET bytes: every one near the current position (undo and redo there are
instant), checkpoints further back (a deep undo replays from the nearest one). Loading a save
of n actions is n applies and at most a few hundred snapshots: linear time, small memory.
"""

from __future__ import annotations

from game.core.replay import Replay
from game.modes.base import ActionError
from game.modes.quest.game import FREE_ACTIONS, QuestGame
from game.modes.quest.level import Level

RULESET_ID = "quest"
RULES_VERSION = "quest-1"
MAX_ACTIONS = 20_000            # a Supaplex level takes a few thousand steps; a long Sokoban one ~10,000
MAX_WORK = 1_000_000            # actions x (1 + NPCs): what replaying a save may cost
SNAP_BUDGET = 24 << 20          # bytes of snapshots one session keeps
NEAR = 32                       # snapshots kept at every position just before the current one


def max_actions(level: Level) -> int:
    """How many actions a game of `level` (and so its save) may hold."""
    return max(1000, min(MAX_ACTIONS, MAX_WORK // (1 + len(level.npcs))))


def _snapshot_cost(level: Level) -> int:
    """Rough bytes of one snapshot in memory (measured: ~2 KB plus ~0.9 KB per NPC)."""
    return 2048 + 2 * level.grid.n + 900 * len(level.npcs)


class Session:
    def __init__(self, level: Level, carry: dict | None = None):
        self.level = level
        self.carry = carry
        self.game = QuestGame(level, carry)
        self.actions: list[list[int]] = []
        self.pos = 0
        self.limit = max_actions(level)
        keep = max(2 * NEAR, min(4 * MAX_ACTIONS, SNAP_BUDGET // _snapshot_cost(level)))
        self._near_n = min(NEAR, keep // 2)
        self._far_n = keep - self._near_n
        self._every = 1                             # checkpoints at every multiple of this
        self._cps: dict[int, dict] = {0: self.game.snapshot_copy()}
        self._near: dict[int, dict] = {}           # other snapshots, close to the current position
        self._tokens: list[object] = [object()]     # one per position: see state_token

    # --- the action line ----------------------------------------------------------------------
    def act(self, action) -> list[dict]:
        if self.pos >= self.limit:
            raise ActionError(f"this game has reached its limit of {self.limit} moves; undo or restart the level")
        events = self.game.apply(action)          # raises ActionError, state untouched
        self._cut()
        self.actions.append(list(action))
        self.pos += 1
        self._tokens.append(object())
        self._remember()
        return events

    def _cut(self) -> None:
        """Drop the undone tail (actions, snapshots, tokens past the current position)."""
        if self.pos < len(self.actions):
            del self.actions[self.pos:]
            del self._tokens[self.pos + 1:]
            for d in (self._cps, self._near):
                for k in [k for k in d if k > self.pos]:
                    del d[k]

    def _remember(self, near: bool = True) -> None:
        """Keep a snapshot of the current position (a checkpoint on multiples of `_every`, else a
        near one); forget near ones that are no longer near; thin the checkpoints when there are
        more than the budget allows. Invariant: every multiple of `_every` up to the end of the
        line has its checkpoint."""
        p = self.pos
        if p % self._every == 0:
            self._cps.setdefault(p, self.game.snapshot_copy())
        elif near:
            self._near.setdefault(p, self.game.snapshot_copy())
        for k in [k for k in self._near if abs(k - p) > self._near_n]:
            del self._near[k]
        while len(self._cps) > self._far_n:
            self._every *= 2
            self._cps = {k: v for k, v in self._cps.items() if k % self._every == 0}

    def seek(self, target: int) -> None:
        """Go to position `target` of the action line: restore the nearest snapshot at or before
        it (or go on from here) and replay the actions between."""
        if not 0 <= target <= len(self.actions):
            raise ValueError(f"position {target} is not 0..{len(self.actions)}")
        if target == self.pos:
            return
        base = max([target // self._every * self._every] + [k for k in self._near if k <= target])
        if not base <= self.pos <= target:
            self.game.restore(self._near[base] if base in self._near else self._cps[base])
            self.pos = base
        while self.pos < target:
            self.game.apply(self.actions[self.pos])
            self.pos += 1
            self._remember(near=target - self.pos < self._near_n)

    def state_token(self) -> object:
        """An object that stays the same exactly as long as the game state does (one per
        position of the action line): screens key what they work out from the state on it."""
        return self._tokens[self.pos]

    def can_undo(self) -> bool:
        return self.pos > 0

    def can_redo(self) -> bool:
        return self.pos < len(self.actions)

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.seek(self.pos - 1)
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self.seek(self.pos + 1)
        return True

    def restart(self) -> None:
        self.seek(0)

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
        if len(actions) > max_actions(level):
            raise ActionError(f"the save holds {len(actions)} moves; a game of this level holds at most {max_actions(level)}")
        pos = data.get("pos", len(actions))
        if type(pos) is not int or not 0 <= pos <= len(actions):
            raise ActionError(f"the save's position {str(pos)[:20]!r} is not 0..{len(actions)}")
        try:
            s = cls(level, data.get("carry"))
        except (TypeError, KeyError, ValueError, AttributeError) as exc:
            raise ActionError(f"the save's carried player data is broken ({type(exc).__name__}: {exc})") from None
        s.load_line(actions)
        s.seek(pos)
        return s

    def load_line(self, actions: list) -> None:
        """Play a whole action line from here (a save's): each action checked, a snapshot kept
        only at checkpoints and near the end. ActionError naming the action that does not apply."""
        if self.pos + len(actions) > self.limit:
            raise ActionError(f"{self.pos + len(actions)} moves; a game of this level holds at most {self.limit}")
        self._cut()
        for i, a in enumerate(actions, 1):
            try:
                self.game.apply(a)
            except ActionError as exc:
                raise ActionError(f"the save's action {i}: {exc}") from None
            self.actions.append(list(a))
            self._tokens.append(object())
            self.pos += 1
            if self.pos % self._every == 0 or i > len(actions) - self._near_n:
                self._remember(near=i > len(actions) - self._near_n)

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
