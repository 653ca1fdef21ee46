"""Safe mode: start with defaults after several failed starts, keeping what was set aside.

``set_aside_suspects(root, failed)`` moves what a start reads from the data folder into a new
folder ``safe-mode-N`` (first free N >= 1) next to it, and stops this process from reading the
owner's folders named in the environment (the boot partition's rulesets and level drop-ins,
which are read-only there). The returned ``SafeMode`` names all of it for the screen, and can
put everything back (``restore()``); a README.txt in the folder says the same for someone
who logs in over SSH. Nothing is deleted; nothing here raises.

Set aside (when present): ``settings.toml`` (+ ``.bak``: every setting, key map and name),
``gpio.toml`` (cabinet wiring), ``stats.sqlite3`` (+ its ``-wal``/``-shm``/``-journal``) and the
owner's ``rulesets/``. Saves of the Hex quest, replays and the link pairing key are not read at
start and stay where they are.
"""

from __future__ import annotations

import logging
import os
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from pathlib import Path

from game.core.atomic import atomic_write_text, fsync_dir

log = logging.getLogger("tactibox.store")

FOLDER_PREFIX = "safe-mode-"
MAX_FOLDERS = 1000
# name in the data folder -> what it is, for the screen
SUSPECTS: tuple[tuple[str, str], ...] = (
    ("settings.toml", "your settings, key maps and names"),
    ("settings.toml.bak", "the previous settings"),
    ("gpio.toml", "the cabinet's button wiring"),
    ("stats.sqlite3", "wins, losses and ratings"),
    ("stats.sqlite3-wal", ""),
    ("stats.sqlite3-shm", ""),
    ("stats.sqlite3-journal", ""),
    ("rulesets", "rulesets you added"),
)
# folders of owner content named by the environment: not read in safe mode
PATH_VARIABLES = ("TACTIBOX_RULESET_PATH", "TACTIBOX_QUEST_IMPORT_PATH")
# the notes the image itself puts in those folders (image-build/boot-files/rulesets/README.txt,
# quest-levels/ABOUT.md): a folder holding only these has nothing of the owner's to name
SHIPPED_NOTES = frozenset({"README.txt", "ABOUT.md"})
FROM_SAFE_MODE = "made-in-safe-mode"


@dataclass
class SafeMode:
    """What a safe-mode start did, for the screen, the log and ``restore()``."""

    root: Path
    failed_starts: int
    folder: Path | None = None
    moved: list[str] = field(default_factory=list)          # names, now in ``folder``
    not_read: list[str] = field(default_factory=list)       # VAR=value of the folders skipped
    dropped_args: list[str] = field(default_factory=list)   # command-line words ignored
    problems: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The safe-mode screen's text: why, what was set aside and where, what was not read."""
        out = [f"Tactibox stopped {self.failed_starts} times in a row while starting, so it started "
               "in safe mode: default settings, nothing added by the owner is read."]
        if self.moved:
            out.append(f"Set aside in {self.folder}:")
            what = dict(SUSPECTS)
            out += [f"- {name}" + (f"/ ({what[name]})" if name == "rulesets" else
                                   f" ({what[name]})" if what.get(name) else "") for name in self.moved]
        else:
            out.append("Nothing in the data folder needed setting aside.")
        for entry in self.not_read:
            out.append(f"Not read this time: {entry} (fix or remove a broken file there from a PC)")
        if self.dropped_args:
            out.append(f"Ignored this time: TACTIBOX_ARGS={' '.join(self.dropped_args)} (tactibox.env)")
        out += self.problems
        if self.moved:
            out.append("Next: keep the defaults, or put everything back and start again.")
        return out

    def restore(self) -> list[str]:
        """Put every set-aside file back. What safe mode made meanwhile under the same names goes
        into ``folder/made-in-safe-mode``. Returns one line per problem (empty: all back)."""
        problems: list[str] = []
        if self.folder is None:
            return problems
        for name in self.moved:
            src, dst = self.folder / name, self.root / name
            try:
                if dst.exists() or dst.is_symlink():
                    keep = self.folder / FROM_SAFE_MODE
                    keep.mkdir(exist_ok=True)
                    os.replace(dst, keep / name)
                os.replace(src, dst)
            except OSError as exc:
                problems.append(f"{src}: cannot put it back ({exc.strerror or exc})")
        fsync_dir(self.root)
        if not problems:
            self.moved = []
        return problems


def _free_folder(root: Path) -> Path | None:
    for n in range(1, MAX_FOLDERS + 1):
        candidate = root / f"{FOLDER_PREFIX}{n}"
        if not candidate.exists() and not candidate.is_symlink():
            return candidate
    return None


def _present(path: Path) -> bool:
    if path.is_symlink():
        return True
    if path.is_dir():
        try:
            return any(os.scandir(path))
        except OSError:
            return True
    return path.exists()


def _owner_content(folder: Path) -> bool:
    """Anything in ``folder`` but the image's own notes (what a safe-mode start names)."""
    if not folder.is_dir() or folder.is_symlink():
        return _present(folder)
    try:
        with os.scandir(folder) as entries:
            return any(entry.name not in SHIPPED_NOTES for entry in entries)
    except OSError:
        return True


def set_aside_suspects(root: Path, failed_starts: int, env: MutableMapping[str, str] | None = None,
                       dropped_args: list[str] | tuple[str, ...] = ()) -> SafeMode:
    """Move the suspects out of ``root`` and drop PATH_VARIABLES from ``env`` (os.environ).
    ``dropped_args``: the command-line words the caller ignores this time (named on screen)."""
    root = Path(root)
    env = os.environ if env is None else env
    mode = SafeMode(root, failed_starts, dropped_args=list(dropped_args))
    for var in PATH_VARIABLES:
        value = env.pop(var, "")
        if any(_owner_content(Path(part)) for part in value.split(":") if part.strip()):
            mode.not_read.append(f"{var}={value}")          # only folders the owner put something in
    present = [name for name, _ in SUSPECTS if _present(root / name)]
    if not present:
        return mode
    folder = _free_folder(root)
    try:
        if folder is None:
            raise OSError(f"{FOLDER_PREFIX}1..{MAX_FOLDERS} all exist")
        folder.mkdir()
    except OSError as exc:
        mode.problems.append(f"{root}: cannot make a safe-mode folder ({getattr(exc, 'strerror', None) or exc}); "
                             "the files stay where they are")
        return mode
    mode.folder = folder
    for name in present:
        try:
            os.replace(root / name, folder / name)
            mode.moved.append(name)
        except OSError as exc:
            mode.problems.append(f"{root / name}: cannot set it aside ({exc.strerror or exc})")
    fsync_dir(root)
    readme = "\n".join([
        "Tactibox started in safe mode and put these files here (nothing was deleted).",
        f"They came from {root}; move them back there to use them again,",
        "or choose 'Put them back' on the safe-mode screen.", "", *mode.lines(), ""])
    try:
        atomic_write_text(folder / "README.txt", readme)
    except OSError:
        pass
    for line in mode.lines():
        log.info("safe mode: %s", line)
    return mode
