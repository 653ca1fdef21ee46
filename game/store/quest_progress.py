"""The Hex quest's memory in the data folder: campaign progress, bests, mid-level saves.

    store = QuestStore(data.root / "quest"); store.load()
    store.progress            # game.modes.quest.campaign.Progress (carry, won levels)
    store.bests               # game.modes.quest.session.Bests (fewest moves, then pushes)
    store.last                # {"level": id, "context": "campaign" | "free"} or {}
    store.save()              # after every change; False (and a message) if the disk refused
    store.save_session(lid, context, session); store.load_session(lid, level); store.drop_session(lid)

Files: ``quest/progress.json`` (progress, bests, the last level played) and one
``quest/saves/<level>.json`` per level with a game in progress (`Session.save_data`: the level
hash and the action list, so a save can never hold an impossible state).

Like settings.toml, loading never raises and never loses a file: every read goes through the one
bounded reader (regular files only, size-capped); a file that cannot be used (cut short, not JSON,
a wrong type: the message names the key) is moved aside as ``NAME.corrupt-N`` and the last good
``progress.json.bak`` (each save keeps the previous good file there) is used, else a fresh start.
A mid-level save for another version of its level, or whose moves no longer apply, is moved aside
too and the level starts over. Problems are in ``messages`` for the screens to show.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING

from game.core import datafile
from game.modes.base import ActionError
from game.modes.quest.bests import Bests
from game.modes.quest.campaign import Progress, ProgressError, check_carry
from game.store.json_doc import decode_json
from game.store.safefile import backup_path, remove_stale_temps, set_aside, write_with_backup

if TYPE_CHECKING:
    from game.modes.quest.session import Session

# The quest engine (game.modes.quest.session) is imported where a save is read or written: the
# title's Continue opens this store at start-up, before the first frame.

log = logging.getLogger("tactibox.store")

FORMAT = "tactibox-quest-progress"
SAVE_FORMAT = "tactibox-quest-save"
VERSION = 1
MAX_PROGRESS = 1 << 20           # 1 MiB: hundreds of levels' bests and a full inventory fit in 20 KB
MAX_SAVE = 1 << 20               # a save holds every action of the level: 20,000 moves take ~200 KB
MAX_DIGITS = 12                  # a whole number in these files never needs more (values are <= 10^9)
CONTEXTS = ("campaign", "free")


class StoreError(ValueError):
    """A stored file of the wrong shape; the message names the key."""


class OddNumber:
    """A number no stored value can be (more than MAX_DIGITS digits, NaN, Infinity): kept as this
    marker (Python will not even convert 5000 digits), so the check of its key refuses it by name."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __repr__(self) -> str:
        return self.what


def _number(text: str):
    return OddNumber(f"a {len(text.lstrip('-'))}-digit number") if len(text) > MAX_DIGITS else int(text)


def loads(raw: bytes):
    """JSON of a quest file; StoreError for text that is not UTF-8 JSON. Long numbers (and NaN)
    become OddNumber markers, which every check refuses naming the key (`carry.coins: ... got a
    5000-digit number`)."""
    try:
        return decode_json(raw, StoreError, parse_int=_number, parse_constant=OddNumber)
    except StoreError:
        raise
    except ValueError as exc:          # e.g. a 5000-digit fraction
        raise StoreError(f"cannot be read ({str(exc)[:120]})") from None


def _need(d, key: str, kind, where: str = ""):
    name = f"{where}.{key}" if where else key
    if not isinstance(d, dict) or key not in d:
        raise StoreError(f"{name}: missing")
    v = d[key]
    if kind is int and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10**9):
        raise StoreError(f"{name}: expected a whole number 0..10^9, got {v!r}"[:160])
    if kind is not int and not isinstance(v, kind):
        raise StoreError(f"{name}: expected {kind.__name__}, got {type(v).__name__}")
    return v


def parse_progress(doc) -> tuple[Progress, Bests, dict]:
    """The three parts of progress.json; StoreError/ProgressError naming the key when wrong."""
    if not isinstance(doc, dict):
        raise StoreError(f"expected a JSON object, got {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise StoreError(f"format: expected {FORMAT!r}, got {doc.get('format')!r}"[:160])
    if doc.get("version") != VERSION:
        raise StoreError(f"version: this game reads version {VERSION}, got {doc.get('version')!r}"[:160])
    progress = Progress.from_dict(_need(doc, "progress", dict))
    bests = {}
    for lid, b in _need(doc, "bests", dict).items():
        bests[lid] = {k: _need(b, k, int, f"bests.{lid}") for k in ("moves", "pushes")}
    last = _need(doc, "last", dict)
    if last:
        _need(last, "level", str, "last")
        if _need(last, "context", str, "last") not in CONTEXTS:
            raise StoreError(f"last.context: expected one of {', '.join(CONTEXTS)}, got {last['context']!r}"[:160])
        last = {"level": last["level"], "context": last["context"]}
    return progress, Bests(bests), last


def check_save(doc) -> tuple[str, dict]:
    """(context, Session.save_data) of a save file; StoreError naming the key when wrong."""
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT or doc.get("version") != VERSION:
        raise StoreError(f"format: expected {SAVE_FORMAT!r} version {VERSION}")
    context = _need(doc, "context", str)
    if context not in CONTEXTS:
        raise StoreError(f"context: expected one of {', '.join(CONTEXTS)}, got {context!r}"[:160])
    s = _need(doc, "session", dict)
    _need(s, "level", str, "session")
    _need(s, "level_hash", str, "session")
    acts = _need(s, "actions", list, "session")
    from game.modes.quest.session import MAX_ACTIONS
    if len(acts) > MAX_ACTIONS:
        raise StoreError(f"session.actions: {len(acts)} moves, a save holds at most {MAX_ACTIONS}")
    for i, a in enumerate(acts):
        if not isinstance(a, list) or not 1 <= len(a) <= 8 or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in a):
            raise StoreError(f"session.actions[{i}]: expected a list of 1-8 whole numbers")
    pos = _need(s, "pos", int, "session")
    if pos > len(acts):
        raise StoreError(f"session.pos: {pos} is past the {len(acts)} actions")
    carry = s.get("carry")
    if carry is not None:
        if not isinstance(carry, dict):
            raise StoreError("session.carry: expected a table or null")
        try:
            carry = check_carry(carry)
        except ProgressError as exc:
            raise StoreError(f"session.{exc}") from None
    return context, {**s, "carry": carry}


def save_name(lid: str) -> str:
    """`hex/01_first_push` -> `hex__01_first_push.json`; other ids get a hash so no two collide."""
    if re.fullmatch(r"[A-Za-z0-9_]+(/[A-Za-z0-9_]+)*", lid) and "__" not in lid and len(lid) <= 120:
        return lid.replace("/", "__") + ".json"
    clean = re.sub(r"[^A-Za-z0-9_]+", "_", lid)[-60:]
    return f"{clean}-{hashlib.sha256(lid.encode()).hexdigest()[:12]}.json"


class QuestStore:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.path = self.root / "progress.json"
        self.saves = self.root / "saves"
        self.progress = Progress()
        self.bests = Bests()
        self.last: dict = {}
        self.messages: list[str] = []
        self.just_opened: list[str] = []     # levels the last win opened (the map highlights them)
        self._main_good = False

    def _say(self, text: str) -> None:
        self.messages.append(text)
        log.warning(text)

    # --- progress.json --------------------------------------------------------------------
    def _read(self, path: Path):
        """(progress, bests, last) or None when missing; StoreError/DataFileError when unusable."""
        try:
            raw = datafile.read_bytes(path, max_bytes=MAX_PROGRESS)
        except datafile.MissingFile:
            return None
        return parse_progress(loads(raw))

    def load(self) -> None:
        """Read progress.json (see the module doc for broken files); never raises."""
        self.messages = []
        self._main_good = False
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            remove_stale_temps(self.root)
            remove_stale_temps(self.saves)
        except OSError:
            pass
        problem = None
        try:
            got = self._read(self.path)
        except (StoreError, ProgressError) as exc:
            got, problem = None, str(exc)
        except datafile.DataFileError as exc:
            got, problem = None, exc.what
        if got is not None:
            self.progress, self.bests, self.last = got
            self._main_good = True
            return
        bak = backup_path(self.path)
        restored = None
        try:
            restored = self._read(bak)
        except (StoreError, ProgressError, datafile.DataFileError) as exc:
            self._say(f"{bak}: {exc}; not used")
        if problem is None and restored is None:
            return                                        # first start: nothing played yet
        where = f"using the last good progress from {bak.name}" if restored else "starting the campaign afresh"
        if problem is None:
            self._say(f"{self.path}: missing; {where}")
        else:
            aside = self._aside(self.path)
            self._say(f"{self.path}: {problem}; {where}" + (f"; the file was kept as {aside.name}" if aside else ""))
        if restored:
            self.progress, self.bests, self.last = restored
        self.save()

    def _aside(self, path: Path) -> Path | None:
        try:
            return set_aside(path)
        except OSError as exc:
            self._say(f"{path}: could not move the broken file aside ({exc.strerror or exc})")
            return None

    def to_doc(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "progress": self.progress.to_dict(),
                "bests": {k: dict(v) for k, v in sorted(self.bests.data.items())}, "last": dict(self.last)}

    def save(self) -> bool:
        """Write progress.json atomically; the previous good file becomes progress.json.bak."""
        data = json.dumps(self.to_doc(), indent=1, sort_keys=True).encode("utf-8") + b"\n"
        try:
            write_with_backup(self.path, data, backup=self._main_good)
        except OSError as exc:
            self._say(f"{self.path}: could not save the quest progress ({exc.strerror or exc}); "
                      "it is kept until the game stops")
            return False
        self._main_good = True
        return True

    # --- mid-level saves ------------------------------------------------------------------
    def save_path(self, lid: str) -> Path:
        return self.saves / save_name(lid)

    def has_session(self, lid: str) -> bool:
        return self.save_path(lid).is_file()

    def save_session(self, lid: str, context: str, session: Session) -> bool:
        doc = {"format": SAVE_FORMAT, "version": VERSION, "level_id": lid, "context": context,
               "session": session.save_data()}
        path = self.save_path(lid)
        try:
            write_with_backup(path, json.dumps(doc, separators=(",", ":")).encode("utf-8"), backup=False)
        except OSError as exc:
            self._say(f"{path}: could not save the level in progress ({exc.strerror or exc})")
            return False
        return True

    def drop_session(self, lid: str) -> None:
        try:
            self.save_path(lid).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self._say(f"{self.save_path(lid)}: could not remove the finished level's save ({exc.strerror or exc})")

    def saved_context(self, lid: str) -> str | None:
        """The context of a readable save of `lid` (for the hub's Continue line), else None."""
        try:
            ctx, _ = check_save(loads(datafile.read_bytes(self.save_path(lid), max_bytes=MAX_SAVE)))
            return ctx
        except (ValueError, RecursionError):
            return None

    def load_session(self, lid: str, level) -> tuple[Session | None, str, str]:
        """(session or None, context, message). None with a message: the save could not be used
        (moved aside, named in the message) and the level starts over."""
        path = self.save_path(lid)
        why = ""
        try:
            raw = datafile.read_bytes(path, max_bytes=MAX_SAVE)
        except datafile.MissingFile:
            return None, "", ""
        except datafile.DataFileError as exc:
            why = exc.what
        ctx, data = "", {}
        if not why:
            try:
                ctx, data = check_save(loads(raw))
            except StoreError as exc:
                why = str(exc)
        if not why:
            from game.modes.quest.session import Session
            try:
                return Session.from_save(level, data), ctx, ""
            except ActionError as exc:
                why = str(exc)
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                why = f"its moves do not apply to this level ({exc})"
        aside = self._aside(path)
        msg = f"{path}: {why}; the level starts over" + (f" (the save was kept as {aside.name})" if aside else "")
        self._say(msg)
        return None, ctx, msg
