"""Broken-data tests' tools: copy a shipped or fixture folder, then break one file of it by text."""

from __future__ import annotations

import shutil
from pathlib import Path


def copy_folder(src: Path, dst: Path) -> Path:
    """A copy of the folder `src` at `dst` (for the test to edit)."""
    shutil.copytree(src, dst)
    return dst


def edit(folder: Path, name: str, old: str, new: str) -> str:
    """Replace the first `old` in `folder/name` by `new`; the text before the edit."""
    p = folder / name
    text = p.read_text()
    assert old in text, f"{old!r} not in {name}"
    p.write_text(text.replace(old, new, 1))
    return text


def line_with(text: str, needle: str) -> int:
    """The 1-based line of `text` on which `needle` first starts."""
    return text[:text.index(needle)].count("\n") + 1
