"""A level in play with unlimited undo/redo, saving mid-level, replays and per-level bests.

The level is played by a Match (`game.match`, one seat): every action goes through `match.apply`
(the replay so far, the turn hashes, the game in progress saved by the match's keeper); undo and
redo move along the action line and `match.rewind` the replay to it. The session is a replay prefix: `actions[:pos]` applied to the level's start gives the current
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
from game.match import Match, ReplayDriver
from game.match.headless import played_back
from game.modes.base import ActionError
from game.modes.quest.bests import Bests  # noqa: F401 (a name of this module)
from game.modes.quest.level import Level
from game.modes.quest.match import RULES_VERSION, RULESET_ID, quest_header, result_of  # noqa: F401 (names of this module)
from game.modes.registry import get_mode

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
    def __init__(self, level: Level, carry: dict | None = None, keeper=None):
        self.level = level
        self.carry = carry
        self.match = Match.start("quest", level, quest_header(level, carry), keeper=keeper)
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

    @property
    def game(self):
        return self.match.game

    # --- the action line ----------------------------------------------------------------------
    def act(self, action) -> list:
        if self.pos >= self.limit:
            raise ActionError(f"this game has reached its limit of {self.limit} moves; undo or restart the level")
        data = self.game.encode_action(action)
        m = self.match
        record, m.record = m.record, False        # the keeper saves once the line is up to date
        try:
            events = m.apply(action)              # raises ActionError, state untouched
        finally:
            m.record = record
        self._cut()
        self.actions.append(data)
        self.pos += 1
        self._tokens.append(object())
        self._remember()
        if m.record and m.keeper is not None:
            m.keeper.progress(m)                  # the game in progress saved after every action
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
        """Go to position `target` of the action line: back, restore the nearest snapshot at or
        before it; forward, go on from here; then replay the actions between (through the Match,
        which rewinds its replay to the line)."""
        if not 0 <= target <= len(self.actions):
            raise ValueError(f"position {target} is not 0..{len(self.actions)}")
        if target == self.pos:
            return
        base = max([target // self._every * self._every] + [k for k in self._near if k <= target])
        m = self.match
        record, m.record = m.record, False        # one save at the end, not one per step
        try:
            if target < self.pos:                 # back: from the nearest snapshot at or before it
                self.game.load(self._near[base] if base in self._near else self._cps[base])
                self.pos = base
                m.rewind(base)
            while self.pos < target:
                m.apply(self.game.decode_action(self.actions[self.pos]))
                self.pos += 1
                self._remember(near=target - self.pos < self._near_n)
        finally:
            m.record = record
        m.rewind(self.pos)                        # (saves the game in progress once)

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
        m = self.match
        record, m.record = m.record, False
        try:
            for i, a in enumerate(actions, 1):
                try:
                    m.apply(self.game.decode_action(a))
                except ActionError as exc:
                    raise ActionError(f"the save's action {i}: {exc}") from None
                self.actions.append(list(a))
                self._tokens.append(object())
                self.pos += 1
                if self.pos % self._every == 0 or i > len(actions) - self._near_n:
                    self._remember(near=i > len(actions) - self._near_n)
        finally:
            m.record = record

    def to_replay(self, level_id: str = "", level_text: str = "") -> Replay:
        return make_replay(self.level, self.actions[:self.pos], level_id, level_text, self.carry)


def make_replay(level: Level, actions, level_id: str = "", level_text: str = "", carry=None) -> Replay:
    """The replay of `actions` on `level`, played by a Match (the state hash after every turn)."""
    match = Match.start("quest", level, quest_header(level, carry, level_id, level_text),
                        everyone=ReplayDriver(list(actions)), record=False)
    match.run(len(actions) + 1)
    if match.everyone.error:
        raise ActionError(match.everyone.error)
    match.replay.result = result_of(match.game)
    return match.replay


def verify_replay(level: Level, rep: Replay) -> tuple[bool, list[str], object]:
    """Replay `rep` on `level` through the Match; (ok, problems, final game). ok also needs the
    level won and the recorded result reproduced."""
    verdict, match = played_back(get_mode("quest"), rep, rules=level)
    if match is None:
        from game.modes.quest.game import QuestGame
        return False, verdict.problems, QuestGame(level, rep.setup.get("carry") or None)
    return verdict.ok, verdict.problems, match.game
