"""The Steel dungeon in the data folder: the run in progress, saved after every action, the
best runs, and the record of a finished run in the stats.

    store = DungeonStore(data.root / "dungeon"); store.load()
    run = DungeonRun.new(store, rules, dungeon_data, seed)   # or DungeonRun.resume(store, ...)
    run.act(action)                         # applies it and saves the run (see below)
    store.save_run(game, actions)           # after every action; False (and a message) if refused
    game, actions, message = store.resume(rules, dungeon_data)   # (None, [], why) when nothing usable
    store.finish(game, actions, player, stats=None)              # best runs + stats; run.json removed
    store.best                              # [{score, result, depth, seed, steps, exchanges, player}]

Files: ``dungeon/run.json`` (the run: seed, ruleset and dungeon content hashes, every action so
far, and the whole state with its canonical hash) and ``dungeon/best.json`` (the ten best runs).

Every save is atomic (temp file, fsync, rename) and keeps the previous good save as
``run.json.bak``, so a power cut loses at most the action being written, never the run. A save
that cannot be used - cut short, not JSON, a wrong shape (the message names the key), a state
whose hash does not match - is moved aside as ``run.json.corrupt-N`` with a message; the run is
then rebuilt from its action list when that replays to the recorded hash, else the previous save
(``.bak``) is used, else there is no run to continue. A run made with other rules or another
dungeon cannot continue either; it is set aside the same way. Reads are bounded in size.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from game.core import datafile
from game.store.json_doc import decode_json
from game.store.safefile import backup_path, remove_stale_temps, set_aside, write_with_backup

log = logging.getLogger("tactibox.store")

FORMAT = "tactibox-dungeon-run"
BEST_FORMAT = "tactibox-dungeon-best"
VERSION = 1
MAX_RUN = 16 << 20               # a long run's actions and state fit in well under 1 MiB
MAX_BEST = 1 << 20
BEST_KEPT = 10
MAX_ACTIONS = 400_000


class StoreError(ValueError):
    """A stored file of the wrong shape; the message names the key."""


def _need(d, key: str, kind, where: str = ""):
    name = f"{where}.{key}" if where else key
    if not isinstance(d, dict) or key not in d:
        raise StoreError(f"{name}: missing")
    v = d[key]
    if kind is int and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 1 << 64):
        raise StoreError(f"{name}: expected a whole number, got {v!r}"[:160])
    if kind is not int and not isinstance(v, kind):
        raise StoreError(f"{name}: expected {kind.__name__}, got {type(v).__name__}")
    return v


def check_run(doc) -> dict:
    """The run document's parts; StoreError naming the key when it has the wrong shape."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise StoreError(f"format: expected {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise StoreError(f"version: this game reads version {VERSION}, got {doc.get('version')!r}"[:160])
    _need(doc, "seed", int)
    _need(doc, "ruleset", str)
    _need(doc, "dungeon", str)
    _need(doc, "state_hash", str)
    _need(doc, "state", dict)
    acts = _need(doc, "actions", list)
    if len(acts) > MAX_ACTIONS:
        raise StoreError(f"actions: {len(acts)} entries, at most {MAX_ACTIONS}")
    for i, a in enumerate(acts):
        if not isinstance(a, list) or not 1 <= len(a) <= 12 or not all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 255 for x in a):
            raise StoreError(f"actions[{i}]: expected a list of 1-12 whole numbers 0-255")
    return doc


def _read_json(path: Path, limit: int):
    """The parsed document, None when missing; StoreError/DataFileError when unusable."""
    try:
        raw = datafile.read_bytes(path, max_bytes=limit)
    except datafile.MissingFile:
        return None
    return decode_json(raw, StoreError)


class DungeonStore:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.run_path = self.root / "run.json"
        self.best_path = self.root / "best.json"
        self.best: list[dict] = []
        self.messages: list[str] = []
        self._run_good = False

    def _say(self, text: str) -> None:
        self.messages.append(text)
        log.warning(text)

    def _aside(self, path: Path) -> str:
        try:
            return f"; the file was kept as {set_aside(path).name}"
        except OSError as exc:
            return f"; it could not be moved aside ({exc.strerror or exc})"

    # ---------------------------------------------------------------- best runs
    def load(self) -> None:
        """Read best.json (a broken one is set aside with a message); never raises."""
        self.messages = []
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            remove_stale_temps(self.root)
        except OSError:
            pass
        try:
            doc = _read_json(self.best_path, MAX_BEST)
            self.best = [] if doc is None else self._check_best(doc)
        except (StoreError, datafile.DataFileError) as exc:
            self._say(f"{self.best_path}: {exc}; the best runs start afresh" + self._aside(self.best_path))
            self.best = []

    @staticmethod
    def _check_best(doc) -> list[dict]:
        if not isinstance(doc, dict) or doc.get("format") != BEST_FORMAT or doc.get("version") != VERSION:
            raise StoreError(f"format: expected {BEST_FORMAT!r} version {VERSION}")
        runs = _need(doc, "runs", list)
        out = []
        for i, r in enumerate(runs[:BEST_KEPT]):
            where = f"runs[{i}]"
            row = {k: _need(r, k, int, where) for k in ("score", "depth", "seed", "steps", "exchanges")}
            row["result"] = _need(r, "result", str, where)[:16]
            row["player"] = _need(r, "player", str, where)[:40]
            out.append(row)
        return out

    def _save_best(self) -> bool:
        doc = {"format": BEST_FORMAT, "version": VERSION, "runs": self.best}
        try:
            write_with_backup(self.best_path, json.dumps(doc, indent=1, sort_keys=True).encode() + b"\n",
                              backup=self.best_path.is_file())
            return True
        except OSError as exc:
            self._say(f"{self.best_path}: could not save the best runs ({exc.strerror or exc})")
            return False

    # ---------------------------------------------------------------- the run in progress
    def has_run(self) -> bool:
        return self.run_path.is_file()

    def save_run(self, game, actions: list) -> bool:
        """Write run.json atomically; the previous good save becomes run.json.bak."""
        doc = {"format": FORMAT, "version": VERSION, "seed": game.seed, "ruleset": game.rules.content_hash,
               "dungeon": game.data.content_hash, "actions": [list(a) for a in actions],
               "state": game.snapshot(), "state_hash": game.state_hash()}
        try:
            write_with_backup(self.run_path, json.dumps(doc, separators=(",", ":")).encode("utf-8"),
                              backup=self._run_good)
        except OSError as exc:
            self._say(f"{self.run_path}: could not save the run ({exc.strerror or exc}); "
                      "it goes on, but a power cut now would lose the last steps")
            return False
        self._run_good = True
        return True

    def resume(self, rules, data):
        """(game, actions, message) of the saved run; (None, [], message) when nothing usable
        is left (the message is "" when there simply is no run)."""
        said = []
        for path in (self.run_path, backup_path(self.run_path)):
            try:
                doc = _read_json(path, MAX_RUN)
            except (StoreError, datafile.DataFileError) as exc:
                said.append(f"{path}: {getattr(exc, 'what', exc)}" + self._aside(path))
                continue
            if doc is None:
                continue
            got, why = self._rebuild(doc, rules, data)
            if got is not None:
                if said:
                    said.append(f"the run goes on from {path.name}")
                msg = "; ".join(said)
                if msg:
                    self._say(msg)
                self._run_good = path == self.run_path
                if path != self.run_path:
                    self.save_run(*got)
                return got[0], got[1], msg
            said.append(f"{path}: {why}" + self._aside(path))
        msg = "; ".join(said)
        if msg:
            msg += "; there is no run to continue"
            self._say(msg)
        return None, [], msg

    def _rebuild(self, doc, rules, data):
        from game.modes.bout.dungeon.game import DungeonGame
        from game.modes.bout.dungeon.run import ReplayError, verify_actions
        try:
            check_run(doc)
        except StoreError as exc:
            return None, str(exc)
        if doc["ruleset"] != rules.content_hash:
            return None, "the run was made with other bout rules; it cannot go on"
        if doc["dungeon"] != data.content_hash:
            return None, "the run was made with another dungeon; it cannot go on"
        try:
            game = DungeonGame.restore(rules, doc["state"], data)
            if game.state_hash() == doc["state_hash"] and game.seed == doc["seed"]:
                return (game, doc["actions"]), ""
            why = "its state does not match its hash"
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            why = f"its state cannot be read ({type(exc).__name__}: {str(exc)[:80]})"
        try:
            game = verify_actions(rules, data, doc["seed"], doc["actions"], doc["state_hash"])
            self._say(f"{self.run_path.name}: {why}; the run was rebuilt from its {len(doc['actions'])} actions")
            return (game, doc["actions"]), ""
        except ReplayError as exc:
            return None, f"{why}, and its actions do not replay ({exc})"

    def drop_run(self) -> None:
        for p in (self.run_path, backup_path(self.run_path)):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self._say(f"{p}: could not remove the finished run's save ({exc.strerror or exc})")
        self._run_good = False

    # ---------------------------------------------------------------- the end of a run
    def finish(self, game, actions: list, player: str, *, is_bot: bool = False, stats=None, replay_name=None) -> dict:
        """A finished run: into the best runs and the stats; the save is removed. Returns its row."""
        s = game.summary()
        row = {"score": s["score"], "depth": s["depth"], "seed": game.seed, "steps": s["steps"],
               "exchanges": s["exchanges"], "result": s["result"], "player": player[:40]}
        self.best = sorted(self.best + [row], key=lambda r: (-r["score"], r["steps"], r["seed"]))[:BEST_KEPT]
        self._save_best()
        if stats is not None:
            record_run(stats, game, player, is_bot=is_bot, replay_name=replay_name)
        self.drop_run()
        return row


def record_run(stats, game, player: str, *, is_bot: bool = False, replay_name=None):
    """The run in the stats: the hero against the dungeon (a bot seat named after it); placement
    1 for whoever won - the hero when he found the way out."""
    from game.store.stats import GameRecord, SeatRecord
    escaped = game.outcome == "escaped"
    h = game.hero
    seats = [SeatRecord(0, player, is_bot, 1 if escaped else 2, 0 if h.dead else 1, max(0, h.health)),
             SeatRecord(1, game.data.name, True, 2 if escaped else 1, 0, 0)]
    return stats.record_game(GameRecord("bout", f"dungeon/{game.data.id}", game.rules.content_hash, game.seed,
                                        seats, replay=replay_name, finished=bool(game.outcome)))


class DungeonRun:
    """A run being played, as the dungeon screen holds it: every action is applied and saved.

        run = DungeonRun.new(store, rules, data, seed)  or  DungeonRun.resume(store, rules, data)
        events = run.act(action)            # ActionError for an illegal one (nothing changes)
        if run.game.is_over(): run.finish(player, stats=stats)
    """

    def __init__(self, store: DungeonStore, game, actions: list | None = None) -> None:
        self.store, self.game = store, game
        self.actions = [list(a) for a in actions or []]
        self.saved = True

    @classmethod
    def new(cls, store: DungeonStore, rules, data, seed: int) -> DungeonRun:
        from game.modes.bout.dungeon.game import DungeonGame
        run = cls(store, DungeonGame(rules, data, seed))
        run.saved = store.save_run(run.game, run.actions)
        return run

    @classmethod
    def resume(cls, store: DungeonStore, rules, data) -> tuple[DungeonRun | None, str]:
        game, actions, msg = store.resume(rules, data)
        return (None if game is None else cls(store, game, actions)), msg

    def act(self, action) -> list:
        events = self.game.apply(action)
        self.actions.append(list(self.game.encode_action(action)))
        self.saved = self.store.save_run(self.game, self.actions)
        return events

    def finish(self, player: str, *, is_bot: bool = False, stats=None, replay_name=None) -> dict:
        return self.store.finish(self.game, self.actions, player, is_bot=is_bot, stats=stats,
                                 replay_name=replay_name)
