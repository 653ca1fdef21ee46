"""Helpers for the duel tests: hand-made levels written as text."""

from __future__ import annotations

from game.modes.duel.layout import Layout


def parse_level(text: str, marks: str = "@&*"):
    """A Layout from text plus the cells of marker characters (markers stand on floor).
    Returns (layout, {mark: [cells in reading order]})."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    found: dict[str, list[int]] = {}
    clean = []
    n = len(lines)
    for y, ln in enumerate(lines):
        row = []
        for x, ch in enumerate(ln):
            if ch in marks or ch.isalpha() and ch not in "#":
                found.setdefault(ch, []).append(y * n + x)
                row.append(".")
            else:
                row.append(ch)
        clean.append("".join(row))
    return Layout.from_ascii("\n".join(clean)), found
