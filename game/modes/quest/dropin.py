"""Drop-in levels: level files players and level designers put in a folder, listed for the
"Imported levels" screen and for `tactibox import`.

    folders = import_folders(data_root)          # <data>/quest/import + $TACTIBOX_QUEST_IMPORT_PATH
    listing = list_dropins(folders)
    for f in listing.files:                      # one entry per file, sorted by name
        f.label, f.errors, f.warnings            # errors read `file: line: problem`
        for lv in f.levels:
            load_level(lv.ref)                   # the ref is what catalog.load_level takes

Formats: Sokoban `.xsb` / `.sok` / `.txt`, Hexoban `.hsb`, native `.quest`, Supaplex `LEVELS.DAT`
(any `.dat`, or a name starting `LEVELS.D`). Sub-folders are read up to MAX_DEPTH deep; links to
files are followed, links to folders are not (no loops); hidden files (`.name`, also the
temporary files of an atomic copy), files of other types and the read-me / licence texts that
come with level packs (README.txt, LICENSE.txt ...) are ignored.

Bounds, checked before anything is read: a folder tree with more than MAX_ENTRIES names is
refused as a whole (one message, no file read); a file over catalog.MAX_FILE bytes is refused
(by its size on disk, it is never opened), and so is every file once MAX_TOTAL bytes have been
read. One broken file never hides the others: its problems are its own entry's `errors`.

Results are cached by (path, size, mtime, ctime, inode): listing again after a change reads only
the changed files.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from game.modes.quest.catalog import MAX_FILE

IMPORT_SUBDIR = ("quest", "import")
PATH_ENV = "TACTIBOX_QUEST_IMPORT_PATH"
TEXT_SUFFIXES = (".xsb", ".sok", ".txt", ".hsb", ".quest")
NOT_LEVELS = re.compile(r"(read[ _-]?me|licen[cs]e|copying|changelog|authors)([ ._-].*)?\.txt$")
MAX_ENTRIES = 2000               # names (files and folders) in one import folder tree
MAX_DEPTH = 3                    # import/pack/sub/ is read; a folder below that is not
MAX_TOTAL = 64 * 1024 * 1024     # bytes of level files read in one listing
MAX_LEVELS = 20_000              # levels in one listing (a file read past it is named, not read)
_CACHE: dict[tuple, DropinFile] = {}
_CACHE_MAX = 4 * MAX_ENTRIES
_CACHE_LEVELS = 100_000          # levels held by the cache (files since deleted or renamed included)
_LOCK = threading.Lock()
_RUNNING: list[Scan] = []        # the background scan in progress, if any (one at a time)


@dataclass(frozen=True)
class DropinLevel:
    ref: str                     # catalog.load_level(ref) plays it
    title: str
    label: str                   # the file's name as shown (relative to its import folder)
    path: str                    # the file
    number: int                  # the N of `FILE#N`: the level's number in its file (every level counts)
    where: str                   # "line 12" (text formats), "" (Supaplex: N is the record)
    kind: str                    # "hex" or "square"
    note: str = ""               # the level's label, e.g. "turn-based adaptation" (Supaplex)
    warnings: tuple[str, ...] = ()   # what the importer could not reproduce for this level
    solution: bool = False       # the file stores a solution for it


@dataclass(frozen=True)
class DropinFile:
    label: str
    path: str
    levels: tuple[DropinLevel, ...] = ()
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()     # about the file, not one level


@dataclass(frozen=True)
class Listing:
    files: tuple[DropinFile, ...] = ()
    errors: tuple[str, ...] = ()       # about a whole folder (too many files, unreadable)
    folders: tuple[str, ...] = field(default=())

    @property
    def levels(self) -> list[DropinLevel]:
        return [lv for f in self.files for lv in f.levels]


def import_folder(data_root: str | os.PathLike) -> Path:
    """The writable drop-in folder inside the data folder (`tactibox import` copies into it)."""
    return Path(data_root).joinpath(*IMPORT_SUBDIR)


def import_folders(data_root: str | os.PathLike, env: Mapping[str, str] | None = None) -> list[Path]:
    """The data folder's drop-in folder, then each folder in $TACTIBOX_QUEST_IMPORT_PATH
    (colon-separated; the SD-card image points it at the boot partition's `tactibox/quest-levels`)."""
    env = os.environ if env is None else env
    out = [import_folder(data_root)]
    for part in env.get(PATH_ENV, "").split(":"):
        p = Path(part.strip()).expanduser() if part.strip() else None
        if p is not None and p not in out:
            out.append(p)
    return out


def is_level_name(name: str) -> bool:
    """A name the drop-in folder reads; the read-me and licence texts of level packs are not."""
    low = name.lower()
    if NOT_LEVELS.match(low):
        return False
    return low.endswith(TEXT_SUFFIXES) or low.endswith(".dat") or name.upper().startswith("LEVELS.D")


def _kind_name(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device")):
        if test(mode):
            return name
    return "not a regular file"


def _scan(folder: Path) -> tuple[list[tuple[str, Path, os.stat_result]], list[tuple[str, str]], list[str]]:
    """(level files as (label, path, stat), (label, problem) for single names, problems about the folder)."""
    found: list[tuple[str, Path, os.stat_result]] = []
    probs: list[tuple[str, str]] = []
    seen = 0
    stack: list[tuple[Path, str, int]] = [(folder, "", 0)]
    while stack:
        d, prefix, depth = stack.pop()
        try:
            with os.scandir(d) as it:
                entries = []
                for e in it:
                    seen += 1
                    if seen > MAX_ENTRIES:
                        return [], [], [f"{folder}: more than {MAX_ENTRIES} files and folders; nothing in it "
                                        f"was read (keep at most {MAX_ENTRIES}, for example fewer level packs)"]
                    entries.append(e)
        except OSError as exc:
            if not prefix:
                return [], [], [f"{folder}: cannot be read ({exc.strerror or exc})"]
            probs.append((prefix.rstrip("/"), f"folder cannot be read ({exc.strerror or exc})"))
            continue
        for e in sorted(entries, key=lambda e: e.name):
            if e.name.startswith("."):
                continue
            label = prefix + e.name
            path = Path(e.path)
            try:
                link = e.is_symlink()
                st = os.stat(path)                  # follows links: a loop raises ELOOP
            except OSError as exc:
                if is_level_name(e.name) or link:
                    what = "a symbolic link loop" if exc.errno == errno.ELOOP else (
                        "a link to nothing" if isinstance(exc, FileNotFoundError) else exc.strerror or str(exc))
                    probs.append((label, f"cannot be read ({what})"))
                continue
            if stat.S_ISDIR(st.st_mode):
                if link:
                    probs.append((label, "a link to a folder; such links are not followed (copy the files in)"))
                elif depth + 1 >= MAX_DEPTH:
                    probs.append((label, f"folder nested more than {MAX_DEPTH - 1} deep; not read"))
                else:
                    stack.append((path, label + "/", depth + 1))
                continue
            if not is_level_name(e.name):
                continue
            if not stat.S_ISREG(st.st_mode):
                probs.append((label, f"is {_kind_name(st.st_mode)}, expected a level file"))
                continue
            found.append((label, path, st))
    return found, probs, []


def _parse(label: str, path: Path) -> DropinFile:
    """Read one level file through the importers; every problem becomes an error of this file."""
    from game.modes.quest.catalog import read_file_guarded
    return summary(label, path, read_file_guarded(path, label))


def summary(label: str, path: Path, got) -> DropinFile:
    """What the list shows of a file read by the importers (`importers.FileLevels`)."""
    quest = path.name.lower().endswith(".quest")
    out = tuple(DropinLevel(ref=str(path) if quest else f"{path}#{lv.number}", title=lv.title or f"Level {lv.number}",
                            label=label, path=str(path), number=lv.number, where=lv.where, kind=lv.kind,
                            note=lv.note or "", warnings=tuple(lv.warnings), solution=bool(lv.solution))
                for lv in got.levels)
    return DropinFile(label=label, path=str(path), levels=out, errors=tuple(got.errors), warnings=tuple(got.warnings))


def read_dropin_file(label: str, path: Path, st: os.stat_result | None = None) -> DropinFile:
    """One file, from the cache when it has not changed since it was last read."""
    if st is None:
        st = os.stat(path)
    key = _key(label, path, st)
    hit = _CACHE.get(key)
    if hit is None:
        hit = _parse(label, path)
        with _LOCK:                               # a background Scan may be filling it too
            for old in [k for k in _CACHE if k[:2] == key[:2]]:      # an older version of this file
                del _CACHE[old]
            if len(_CACHE) >= _CACHE_MAX or sum(len(f.levels) for f in _CACHE.values()) > _CACHE_LEVELS:
                _CACHE.clear()
            _CACHE[key] = hit
    return hit


@dataclass
class Plan:
    """What a listing will read: the files known without reading them (refused by a bound, or
    unchanged since they were read: from the cache) and the files still to read."""
    files: list[DropinFile]
    jobs: list[tuple[str, Path, os.stat_result]]
    errors: list[str]
    folders: list[str]

    def pending_bytes(self) -> int:
        return sum(st.st_size for _, _, st in self.jobs)


def _key(label: str, path: Path, st: os.stat_result) -> tuple:
    return (str(path), label, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def plan_dropins(folders: Iterable[str | os.PathLike]) -> Plan:
    """Walk the drop-in folders (names and sizes only; a missing folder is simply empty)."""
    plan = Plan([], [], [], [])
    total = 0
    for i, folder in enumerate(Path(f) for f in folders):
        plan.folders.append(str(folder))
        if not folder.exists() and not folder.is_symlink():
            continue
        if not folder.is_dir():
            plan.errors.append(f"{folder}: not a folder")
            continue
        tag = "" if i == 0 else f"{folder.name}/"
        found, probs, errs = _scan(folder)
        plan.errors += errs
        plan.files += [DropinFile(label=tag + lab, path=str(folder / lab), errors=(f"{tag}{lab}: {msg}",))
                       for lab, msg in probs]
        for label, path, st in found:
            label = tag + label
            if st.st_size > MAX_FILE:
                plan.files.append(DropinFile(label, str(path), errors=(
                    f"{label}: file is {st.st_size} bytes, at most {MAX_FILE} allowed; not read",)))
            elif total + st.st_size > MAX_TOTAL:
                plan.files.append(DropinFile(label, str(path), errors=(
                    f"{label}: the import folders hold more than {MAX_TOTAL} bytes of level files; not read",)))
            else:
                total += st.st_size
                hit = _CACHE.get(_key(label, path, st))
                if hit is not None:
                    plan.files.append(hit)
                else:
                    plan.jobs.append((label, path, st))
    return plan


def finish(plan: Plan, progress: Callable[[int, int], None] | None = None) -> Listing:
    """Read the files a plan still has to read (progress(done, of) after each) and sort the list.
    At most MAX_LEVELS levels are listed: a file read after that is named, not read."""
    files = list(plan.files)
    count = sum(len(f.levels) for f in files)
    for k, (label, path, st) in enumerate(plan.jobs):
        if count >= MAX_LEVELS:
            files.append(DropinFile(label, str(path), errors=(
                f"{label}: the list already holds {count} levels, at most {MAX_LEVELS}; not read",)))
        else:
            got = read_dropin_file(label, path, st)
            count += len(got.levels)
            files.append(got)
        if progress is not None:
            progress(k + 1, len(plan.jobs))
    files.sort(key=lambda f: (f.label.lower(), f.label))
    return Listing(files=tuple(files), errors=tuple(plan.errors), folders=tuple(plan.folders))


def list_dropins(folders: Iterable[str | os.PathLike]) -> Listing:
    """Every level in the drop-in folders (a missing folder is simply empty)."""
    return finish(plan_dropins(folders))


class Scan:
    """A listing read in a background thread, so a screen keeps drawing (and shows `done` of
    `total` files) while large files are read; `listing` is set when it is over."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.done, self.total = 0, len(plan.jobs)
        self.bytes = plan.pending_bytes()
        self.listing: Listing | None = None
        self._thread = threading.Thread(target=self._run, name="quest-dropin-scan", daemon=True)
        with _LOCK:
            _RUNNING[:] = [self]
        self._thread.start()

    @staticmethod
    def running() -> Scan | None:
        """The scan still reading (started by an earlier visit of the screen), if any."""
        with _LOCK:
            return next((s for s in _RUNNING if not s.over), None)

    def _run(self) -> None:
        def step(done: int, total: int) -> None:
            self.done = done
        try:
            self.listing = finish(self.plan, step)
        except Exception as exc:  # noqa: BLE001 - a reader bug must not leave the screen waiting forever
            self.listing = Listing(files=tuple(self.plan.files), errors=(
                f"reading the level files failed ({type(exc).__name__}: {str(exc)[:200]})",),
                folders=tuple(self.plan.folders))

    @property
    def over(self) -> bool:
        return self.listing is not None

    def wait(self, timeout: float | None = None) -> Listing | None:
        self._thread.join(timeout)
        return self.listing
