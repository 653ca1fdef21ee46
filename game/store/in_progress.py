"""Games in progress: what the title screen's Continue resumes after a power cut, a flat battery
or a crash. One file per mode, ``in-progress/<mode>.json``, rewritten atomically after every
action (``game.core.atomic``: temp file, fsync, rename, fsync the folder), so at every instant
it holds the game as it stood after some whole action, never a torn one:

    {"format": "tactibox-in-progress", "version": 1, "mode": "skirmish",
     "when": "2026-05-22T14:30:05+00:00", "context": {...the mode's screen...},
     "replay": {...the replay so far: header, actions, turn hashes...}}

The replay so far, not a snapshot: resuming replays it from the seed and checks every recorded
turn hash (`game.match.headless.resume`), so a save can never hold an impossible state.
A file that cannot be used (cut short, not JSON, the wrong shape, too big) is moved aside as
``NAME.corrupt-N`` and named in ``messages``; nothing else is lost.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from game.core.atomic import atomic_write_bytes
from game.core.replay import Replay, ReplayError, parse_replay
from game.core.replayfile import loads_bounded, parse_when, read_file_bytes
from game.store.safefile import remove_stale_temps, set_aside

log = logging.getLogger("tactibox.store")

FORMAT = "tactibox-in-progress"
VERSION = 1
MAX_SAVE = 8 << 20                 # 8 MiB: far beyond the longest game (a Skirmish battle is ~30 KB)
MAX_CONTEXT = 4096                 # bytes of the screen's own context
_MODE = re.compile(r"[a-z0-9_]{1,16}")


@dataclass
class Saved:
    """One interrupted game: its mode, the replay so far, the screen's context, when it was saved."""
    mode: str
    replay: Replay
    context: dict = field(default_factory=dict)
    when: datetime | None = None
    path: Path | None = None

    @property
    def actions(self) -> int:
        return len(self.replay.actions)

    @property
    def turns(self) -> int:
        return self.replay.turns[-1][1] if self.replay.turns else 0


class InProgressStore:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.messages: list[str] = []

    def _say(self, text: str) -> None:
        self.messages.append(text)
        log.warning(text)

    def path(self, mode: str) -> Path:
        if not _MODE.fullmatch(mode):
            raise ValueError(f"mode id {mode!r}")
        return self.root / f"{mode}.json"

    # --- writing --------------------------------------------------------------------------------
    def save(self, mode: str, replay: Replay, context: dict | None = None) -> bool:
        """Write the game in progress of `mode` (atomically); False (and a message) if the disk refused."""
        doc = {"format": FORMAT, "version": VERSION, "mode": mode,
               "when": datetime.now(UTC).isoformat(timespec="microseconds"),
               "context": dict(context or {}), "replay": replay.to_data()}
        path = self.path(mode)
        try:
            atomic_write_bytes(path, json.dumps(doc, separators=(",", ":")).encode("utf-8"))
        except (OSError, TypeError, ValueError) as exc:
            self._say(f"{path}: the game in progress could not be saved ({getattr(exc, 'strerror', None) or exc})")
            return False
        return True

    def drop(self, mode: str) -> None:
        path = self.path(mode)
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self._say(f"{path}: could not remove the finished game's save ({exc.strerror or exc})")

    # --- reading --------------------------------------------------------------------------------
    def load(self, mode: str) -> Saved | None:
        """The interrupted game of `mode`, or None (none, or a broken file now set aside)."""
        path = self.path(mode)
        if not path.exists():
            return None
        try:
            return parse_saved(read_file_bytes(path, max_bytes=MAX_SAVE), path)
        except ReplayError as exc:
            self.set_aside(path, str(exc))
            return None

    def set_aside(self, path: Path, problem: str) -> None:
        """Keep a save that cannot be used as NAME.corrupt-N and say so (the message names both)."""
        try:
            aside = set_aside(path)
            self._say(f"{problem}; the game could not be continued (the file was kept as {aside.name})")
        except OSError as exc:
            self._say(f"{problem}; it could not be moved aside either ({exc.strerror or exc})")

    def all(self) -> list[Saved]:
        """Every interrupted game, the most recently saved first (broken files set aside)."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            remove_stale_temps(self.root)
            names = sorted(p.stem for p in self.root.glob("*.json") if _MODE.fullmatch(p.stem))
        except OSError:
            return []
        out = [s for s in (self.load(m) for m in names) if s is not None]
        return sorted(out, key=lambda s: (s.when or datetime.min.replace(tzinfo=UTC), s.mode), reverse=True)


def parse_saved(data: bytes, path: Path) -> Saved:
    """A save's content (ReplayError naming the file and the key for anything wrong)."""
    label = str(path)
    doc = loads_bounded(data, label, max_bytes=MAX_SAVE)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"{label}: format: expected {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise ReplayError(f"{label}: version: this game reads version {VERSION}, got {doc.get('version')!r}"[:200])
    mode = doc.get("mode")
    if not isinstance(mode, str) or not _MODE.fullmatch(mode) or path.stem != mode:
        raise ReplayError(f"{label}: mode: expected {path.stem!r}, got {mode!r}"[:200])
    context = doc.get("context", {})
    if not isinstance(context, dict) or len(json.dumps(context)) > MAX_CONTEXT:
        raise ReplayError(f"{label}: context: expected a table of at most {MAX_CONTEXT} bytes")
    try:
        when = parse_when(doc.get("when"))
    except (ReplayError, ValueError, TypeError):
        raise ReplayError(f"{label}: when: expected an ISO 8601 time, got {str(doc.get('when'))[:40]!r}") from None
    replay = parse_replay(doc.get("replay"), f"{label}: replay")
    if replay.mode != mode:
        raise ReplayError(f"{label}: replay.mode: {replay.mode!r} is not {mode!r}")
    return Saved(mode, replay, context, when, path)
