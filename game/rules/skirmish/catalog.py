"""Where rulesets are found: the shipped `assets/rulesets/`, the owner's data dir, and extra folders.

Search order (a later folder with the same ruleset name wins, so an owner can override):
1. the shipped assets (`assets/rulesets/<name>/`),
2. each folder in `TACTIBOX_RULESET_PATH` (colon-separated; the SD image points it at the boot
   partition so owners can drop rulesets from any PC),
3. `<data folder>/rulesets/`. The catalog does not choose the data folder (that is
   `game.store.datadir`, a higher layer): it is passed in, either per call (`data_dir=`) or once
   with `use_data_dir()`, which `open_data_dir()` does for the app.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.datafile import ASSETS
from game.rules.schema import ProblemList

if TYPE_CHECKING:
    from game.rules.skirmish.model import Ruleset

# The loader is imported when a ruleset is loaded: `use_data_dir` runs at start-up (the data
# folder opens before the first frame) and needs none of it.

DEFAULT_RULESET = "default"
_data_dir: Path | None = None


def use_data_dir(root: str | Path | None) -> None:
    """The data folder whose `rulesets/` is searched when a call passes no `data_dir`."""
    global _data_dir
    _data_dir = None if root is None else Path(root)


def search_path(data_dir: str | Path | None = None) -> list[Path]:
    dirs = [ASSETS / "rulesets"]
    for part in os.environ.get("TACTIBOX_RULESET_PATH", "").split(":"):
        if part:
            dirs.append(Path(part))
    root = Path(data_dir) if data_dir is not None else _data_dir
    if root is not None:
        dirs.append(root / "rulesets")
    return dirs


def available(data_dir: str | Path | None = None) -> dict[str, Path]:
    """Ruleset name -> folder, over the whole search path."""
    found: dict[str, Path] = {}
    for d in search_path(data_dir):
        try:
            for sub in sorted(d.iterdir()):
                if sub.is_dir() and (sub / "ruleset.toml").exists():
                    found[sub.name] = sub
        except OSError:
            continue
    return found


_cache: dict[Path, tuple[float, Ruleset | None, ProblemList]] = {}


def find_ruleset(name_or_path: str | None = None, data_dir: str | Path | None = None
                 ) -> tuple[Ruleset | None, ProblemList]:
    """Load a ruleset by name (searched) or folder path. Cached by folder and modification time."""
    name_or_path = name_or_path or DEFAULT_RULESET
    p = Path(name_or_path)
    found = available(data_dir)
    folder = p if (p.is_dir() and (os.sep in name_or_path or name_or_path.startswith("."))) else found.get(name_or_path)
    if folder is None:
        problems = ProblemList()
        names = ", ".join(sorted(found)) or "none"
        problems.add(name_or_path, "", f"no such ruleset, available: {names}")
        return None, problems
    folder = folder.resolve()
    try:
        stamp = max((f.stat().st_mtime_ns for f in folder.rglob("*")), default=0)
    except OSError:
        stamp = -1
    hit = _cache.get(folder)
    if hit and hit[0] == stamp:
        return hit[1], hit[2]
    from game.rules.skirmish.loader import load_ruleset
    rs, problems = load_ruleset(folder)
    _cache[folder] = (stamp, rs, problems)
    return rs, problems
