"""Where Xconq modules are kept: the shipped `assets/gdl/`, the owner's `<data folder>/gdl/`, and
what a host sent over the link, `<data folder>/gdl/link-received/`. As with the ruleset catalog,
the data folder is chosen by a higher layer (`game.store.datadir`) and handed in with
`use_data_dir`, or passed per call."""

from __future__ import annotations

from pathlib import Path

from game.core.datafile import ASSETS

_data_dir: Path | None = None


def use_data_dir(root: str | Path | None) -> None:
    """The data folder whose `gdl/` holds the owner's modules (None: the shipped ones only)."""
    global _data_dir
    _data_dir = None if root is None else Path(root)


def module_folders(data_dir: str | Path | None = None) -> list[Path]:
    root = Path(data_dir) if data_dir is not None else _data_dir
    out = [ASSETS / "gdl"]
    if root is not None:
        out += [root / "gdl", root / "gdl" / "link-received"]
    return out
