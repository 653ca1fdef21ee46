"""Replay files: seed, ruleset content hash, options, actions, and the state hash after each turn.

    {"format": "tactibox-replay", "version": 1, "mode": "skirmish", "seed": 7,
     "ruleset": {"id": "default", "hash": "..."}, "map": {"id": "01_meadow", "hash": "..."},
     "options": {...}, "setup": {...mode-specific...},
     "actions": [[0, 3, 57], [2, 11], [4], ...],
     "turns": [[action_count, turn, state_hash], ...],
     "result": {...}, "meta": {...not part of the game: app version, date...}}

The app's Replays screen saves this document behind a header line (``game.store.replays``);
``game.core.replayfile`` is the one bounded reader of both shapes, used here and by the store.
`load_replay` checks the structure and reports the first problem as `file: key: what is wrong`.
Saving is atomic (temp file + fsync + rename), so a power cut never leaves half a replay.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from game.core.atomic import atomic_write_text
from game.core.replayfile import FORMAT, MAX_FILE, VERSION, ReplayError, read_document, read_file_bytes

MAX_REPLAY_BYTES = MAX_FILE
__all__ = ["FORMAT", "VERSION", "Replay", "ReplayError", "load_replay", "parse_replay"]


@dataclass
class Replay:
    mode: str
    seed: int
    ruleset_id: str
    ruleset_hash: str
    map_id: str = ""
    map_hash: str = ""
    options: dict = field(default_factory=dict)
    setup: dict = field(default_factory=dict)
    actions: list[list[int]] = field(default_factory=list)
    turns: list[list] = field(default_factory=list)
    result: dict = field(default_factory=dict)
    meta: dict = field(default_factory=dict)

    def record_turn(self, turn: int, state_hash: str) -> None:
        self.turns.append([len(self.actions), turn, state_hash])

    def to_data(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION, "mode": self.mode, "seed": self.seed,
            "ruleset": {"id": self.ruleset_id, "hash": self.ruleset_hash},
            "map": {"id": self.map_id, "hash": self.map_hash},
            "options": self.options, "setup": self.setup, "actions": self.actions,
            "turns": self.turns, "result": self.result, "meta": self.meta,
        }

    def dumps(self) -> str:
        # one action per line keeps replays diffable and still compact
        d = self.to_data()
        acts = d.pop("actions")
        head = json.dumps(d, sort_keys=True, separators=(",", ":"))
        body = ",\n".join(json.dumps(a, separators=(",", ":")) for a in acts)
        return head[:-1] + ',"actions":[\n' + body + "\n]}\n"

    def save(self, path: str | Path) -> None:
        atomic_write_text(path, self.dumps())


def _need(d: dict, key: str, kind, label: str, what: str):
    v = d.get(key)
    if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
        raise ReplayError(f"{label}: {key}: expected {what}, got {type(v).__name__ if key in d else 'nothing'}")
    return v


def parse_replay(data: dict, label: str = "replay") -> Replay:
    if not isinstance(data, dict):
        raise ReplayError(f"{label}: expected a JSON object at the top")
    if data.get("format") != FORMAT:
        raise ReplayError(f"{label}: format: expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise ReplayError(f"{label}: version: expected {VERSION}, got {data.get('version')!r}")
    mode = _need(data, "mode", str, label, "a mode name")
    seed = _need(data, "seed", int, label, "an integer seed")
    rs = _need(data, "ruleset", dict, label, "a table {id, hash}")
    mp = data.get("map", {})
    if not isinstance(mp, dict):
        raise ReplayError(f"{label}: map: expected a table {{id, hash}}")
    actions = _need(data, "actions", list, label, "a list of actions")
    for i, a in enumerate(actions):
        if not isinstance(a, list) or not a or not all(isinstance(v, int) and not isinstance(v, bool) for v in a):
            raise ReplayError(f"{label}: actions[{i}]: expected a non-empty list of integers, got {a!r}")
    turns = data.get("turns", [])
    if not isinstance(turns, list) or not all(
            isinstance(t, list) and len(t) == 3 and isinstance(t[0], int) and isinstance(t[1], int)
            and isinstance(t[2], str) for t in turns):
        raise ReplayError(f"{label}: turns: expected a list of [action_count, turn, hash]")
    for key in ("options", "setup", "result", "meta"):
        if not isinstance(data.get(key, {}), dict):
            raise ReplayError(f"{label}: {key}: expected a table")
    return Replay(mode=mode, seed=seed, ruleset_id=str(rs.get("id", "")), ruleset_hash=str(rs.get("hash", "")),
                  map_id=str(mp.get("id", "")), map_hash=str(mp.get("hash", "")),
                  options=data.get("options", {}), setup=data.get("setup", {}), actions=actions,
                  turns=turns, result=data.get("result", {}), meta=data.get("meta", {}))


def load_replay(path: str | Path) -> Replay:
    """A replay file as the app saves it (header line + document) or as ``simulate`` writes it."""
    label = str(path)
    return parse_replay(read_document(read_file_bytes(path, max_bytes=MAX_REPLAY_BYTES), label), label)
