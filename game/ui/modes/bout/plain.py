"""The bout log in a new player's words: the engine's log (game/modes/bout/log.py, also the CLI's)
names the pool "CP" and the target number "TN"; on screen the same lines say "dice" and
"needing N or more" (issue 18: no jargon without the glossary)."""

from __future__ import annotations

import re

_COST = re.compile(r" \((\d+) CP\)")
_WITH = re.compile(r"with (\d+) dice \((\d+) CP\)")
_LEFT = re.compile(r"\((\d+) left\)")
_TN = re.compile(r"\bat TN (\d+)")
_CP = re.compile(r"\b(\d+) CP\b")
_SIDE = re.compile(r"\bside (\d+) wins\.")


def _wins(who: str | None) -> str:
    if not who:
        return ""
    return f"{who} win." if who == "you" or " and " in who else f"{who} wins."


def _with(m) -> str:
    dice, cost = m.group(1), m.group(2)
    return f"with {dice} dice" if dice == cost else f"with {dice} dice ({cost} in all)"


def plain(line: str, sides: dict | None = None) -> str:
    """`sides`: side number -> who that is ("you", "Thug and Footpad"), for "side 1 wins."."""
    line = _WITH.sub(_with, line)
    if sides:
        line = _SIDE.sub(lambda m: _wins(sides.get(int(m.group(1)))) or m.group(0), line)
    line = _COST.sub(lambda m: f" (it costs {m.group(1)})", line)
    line = _TN.sub(lambda m: f"needing {m.group(1)}+", line)
    line = _CP.sub(lambda m: f"{m.group(1)} dice", line)
    return _LEFT.sub(lambda m: f"({m.group(1)} dice left)", line)
