"""Where rulesets are found: the shipped `assets/rulesets/`, the owner's data dir, and extra folders.

Search order (a later folder with the same ruleset name wins, so an owner can override):
1. the shipped assets (`assets/rulesets/<name>/`),
2. each folder in `TACTIBOX_RULESET_PATH` (colon-separated; the SD image points it at the boot
   partition so owners can drop rulesets from any PC),
3. `$TACTIBOX_DATA/rulesets/` (the data dir; see game.store.datadir).
"""

from __future__ import annotations

import os
from pathlib import Path

from game.rules.loader import load_ruleset
from game.rules.model import Ruleset
from game.rules.schema import ProblemList

ASSETS = Path(os.environ.get("TACTIBOX_ASSETS") or Path(__file__).resolve().parents[2] / "assets")
DEFAULT_RULESET = "default"


def search_path() -> list[Path]:
    dirs = [ASSETS / "rulesets"]
    for part in os.environ.get("TACTIBOX_RULESET_PATH", "").split(":"):
        if part:
            dirs.append(Path(part))
    data = os.environ.get("TACTIBOX_DATA")
    if data:
        dirs.append(Path(data) / "rulesets")
    else:
        try:
            from game.store.datadir import data_dir
            dirs.append(Path(data_dir()) / "rulesets")
        except Exception:  # noqa: BLE001 - the store is optional here; never fail discovery
            pass
    return dirs


def available() -> dict[str, Path]:
    """Ruleset name -> folder, over the whole search path."""
    found: dict[str, Path] = {}
    for d in search_path():
        try:
            for sub in sorted(d.iterdir()):
                if sub.is_dir() and (sub / "ruleset.toml").exists():
                    found[sub.name] = sub
        except OSError:
            continue
    return found


_cache: dict[Path, tuple[float, Ruleset | None, ProblemList]] = {}


def find_ruleset(name_or_path: str | None = None) -> tuple[Ruleset | None, ProblemList]:
    """Load a ruleset by name (searched) or folder path. Cached by folder and modification time."""
    name_or_path = name_or_path or DEFAULT_RULESET
    p = Path(name_or_path)
    folder = p if (p.is_dir() and (os.sep in name_or_path or name_or_path.startswith("."))) else available().get(name_or_path)
    if folder is None:
        problems = ProblemList()
        names = ", ".join(sorted(available())) or "none"
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
    rs, problems = load_ruleset(folder)
    _cache[folder] = (stamp, rs, problems)
    return rs, problems
