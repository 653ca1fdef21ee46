"""settings.toml: load with repair, save atomically.

Loading never raises and never loses the user's file:

- missing file: defaults (first run), or ``settings.toml.bak`` if only the backup is left;
- unreadable (not UTF-8, not TOML, empty): the file is kept as ``settings.toml.corrupt-N``, the
  last good ``settings.toml.bak`` is used if it reads, else the defaults;
- readable but some values wrong (type, range, unknown key): a message per key naming the file
  and the key, the default for those keys only, the other keys keep their values, the original
  is kept as ``settings.toml.corrupt-N``;
- no end marker (a file cut short at a line boundary still parses): a message, the keys present
  are used.

After any repair the cleaned settings are written back at once, so the next start is quiet.
Each normal save first turns the current (good) file into ``settings.toml.bak``.
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import Any

import tomli_w

from game.core import datafile
from game.store.safefile import backup_path, remove_stale_temps, set_aside, write_with_backup
from game.store.settings_schema import BY_ATTR, BY_KEY, SCHEMA, Bad, Settings, reference_comment

log = logging.getLogger("tactibox.store")

END_MARKER = "# end of settings"
# settings hold names, armies and key maps: a few KB, nested 4 levels ([keymap.device] BUTTON = [..])
SETTINGS_LIMITS = datafile.Limits(max_bytes=256 * 1024, max_depth=8, max_keys=5000)

__all__ = ["Settings", "SettingsStore", "settings_from_toml", "settings_to_toml", "END_MARKER"]


def _plain(value: Any) -> Any:
    """Tuples to lists, recursively (the TOML shape the checkers expect)."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _show(value: Any) -> str:
    value = _plain(value)
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def settings_from_toml(data: dict) -> tuple[Settings, list[str]]:
    """Settings from a parsed TOML document, and one problem line per bad/unknown key."""
    problems: list[str] = []
    values: dict[str, Any] = {}
    for entry in SCHEMA:
        node: Any = data
        present = True
        for part in entry.key.split("."):
            if not isinstance(node, dict) or part not in node:
                present = False
                break
            node = node[part]
        if not present:
            continue
        try:
            value, sub = entry.check(node)
        except Bad as exc:
            problems.append(f"{entry.key}: {exc}; using the default {_show(entry.default)}")
            continue
        for subkey, msg in sub:
            problems.append(f"{entry.key}.{subkey}: {msg}; left out")
        values[entry.attr] = value
    problems.extend(_unknown_keys(data, ""))
    return Settings(**values), problems


def _unknown_keys(node: dict, prefix: str) -> list[str]:
    out = []
    for key, value in node.items():
        path = f"{prefix}{key}"
        if path in BY_KEY:
            continue
        if any(k.startswith(path + ".") for k in BY_KEY):
            if isinstance(value, dict):
                out.extend(_unknown_keys(value, path + "."))
            else:
                out.append(f"{path}: expected a table, got {_show(value)}; using the defaults of its keys")
        else:
            out.append(f"{path}: not a Tactibox setting; ignored")
    return out


def settings_to_toml(settings: Settings) -> str:
    doc: dict[str, Any] = {}
    for entry in SCHEMA:
        *parents, leaf = entry.key.split(".")
        node = doc
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = _plain(getattr(settings, entry.attr))
    return reference_comment() + "\n" + tomli_w.dumps(doc) + "\n" + END_MARKER + "\n"


class SettingsStore:
    """Owns one settings file. ``load()`` once at start; ``update(...)`` whenever a value changes."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.settings = Settings()
        self.messages: list[str] = []
        self._main_good = False

    # -- reading -------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.messages.append(text)
        log.warning(text)

    @staticmethod
    def _read(path: Path) -> tuple[dict | None, str | None, bool]:
        """(document, problem, marker present). document None and problem None: file missing."""
        # the one bounded reader: regular files only (a FIFO or /dev/zero cannot hang or fill
        # memory at start-up), a size cap, and nesting/key-count caps checked before tomllib
        try:
            raw = datafile.read_bytes(path, max_bytes=SETTINGS_LIMITS.max_bytes)
        except datafile.MissingFile:
            return None, None, False
        except datafile.DataFileError as exc:
            return None, exc.what, False
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return None, f"is not UTF-8 text (byte {exc.start})", False
        if not text.strip():
            return None, "is empty", False
        try:
            doc = datafile.loads_toml(text, str(path), limits=SETTINGS_LIMITS)
        except datafile.DataFileError as exc:
            where = f" at line {exc.line}" if exc.line else ""
            return None, f"is not valid TOML{where} ({exc.what})", False
        return doc, None, text.rstrip().endswith(END_MARKER)

    def _from_backup(self) -> Settings | None:
        bak = backup_path(self.path)
        doc, problem, _ = self._read(bak)
        if doc is None:
            return None
        settings, problems = settings_from_toml(doc)
        for p in problems:
            self._say(f"{bak}: {p}")
        return settings

    def load(self) -> Settings:
        """Read the file (see the module doc for what happens to broken files); never raises."""
        self.messages = []
        self._main_good = False
        remove_stale_temps(self.path.parent)
        doc, problem, marker = self._read(self.path)
        if doc is None and problem is None:  # missing
            restored = self._from_backup() if backup_path(self.path).exists() else None
            if restored is None:
                self.settings = Settings()
                return self.settings
            self._say(f"{self.path}: missing; restored the last good settings from {backup_path(self.path).name}")
            self.settings = restored
            self._repair()
            return self.settings
        if problem is not None:
            aside = self._keep_aside()
            restored = self._from_backup()
            where = (f"using the last good settings from {backup_path(self.path).name}" if restored
                     else "using the default settings")
            self._say(f"{self.path}: {problem}; {where}" + (f"; the file was kept as {aside.name}" if aside else ""))
            self.settings = restored or Settings()
            self._repair()
            return self.settings
        settings, problems = settings_from_toml(doc)
        self.settings = settings
        if problems:
            aside = self._keep_aside()
            for p in problems:
                self._say(f"{self.path}: {p}")
            if aside:
                self._say(f"{self.path}: the original file was kept as {aside.name}")
        if not marker:
            self._say(f"{self.path}: the end marker is missing, the file may have been cut short; "
                      "settings it lacks use their defaults")
        if problems or not marker:
            self._repair()
        else:
            self._main_good = True
        return self.settings

    def _keep_aside(self) -> Path | None:
        try:
            return set_aside(self.path, move=False)
        except OSError as exc:
            self._say(f"{self.path}: could not keep a copy of the broken file ({exc.strerror or exc})")
            return None

    def _repair(self) -> None:
        self._write(backup=False)

    # -- writing -------------------------------------------------------------------------
    def _write(self, *, backup: bool) -> bool:
        data = settings_to_toml(self.settings).encode("utf-8")
        try:
            write_with_backup(self.path, data, backup=backup)
        except OSError as exc:
            self._say(f"{self.path}: could not save settings ({exc.strerror or exc}); they apply until the game stops")
            return False
        self._main_good = True
        return True

    def save(self) -> bool:
        """Write the current settings atomically, keeping the previous good file as .bak."""
        return self._write(backup=self._main_good)

    def update(self, **changes: Any) -> Settings:
        """Change some settings (attribute names of ``Settings``), validate, save.

        Raises ``ValueError`` naming the setting for a value the schema does not allow (a bug in
        the caller, not user data); a failed disk write is reported in ``messages`` instead.
        """
        normal: dict[str, Any] = {}
        for attr, value in changes.items():
            entry = BY_ATTR.get(attr)
            if entry is None:
                raise ValueError(f"unknown setting {attr!r}")
            try:
                value, sub = entry.check(_plain(value))
            except Bad as exc:
                raise ValueError(f"{entry.key}: {exc}") from None
            if sub:
                raise ValueError("; ".join(f"{entry.key}.{k}: {m}" for k, m in sub))
            normal[attr] = value
        self.settings = dataclasses.replace(self.settings, **normal)
        self.save()
        return self.settings
