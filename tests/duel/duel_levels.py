"""Helpers for the duel tests: hand-made levels written as text, and a scripted generator."""

from __future__ import annotations

from game.modes.duel.layout import Layout
from game.modes.duel.setup import custom_state
from game.modes.duel.spells import BY_KEY, cast_spell
from game.modes.duel.spells.context import Cast

POTION_LETTERS = "ybrgo"      # yellow blue red green orange = appearances 0..4


def lines_of(text: str) -> list[str]:
    return [ln.strip() for ln in text.strip().splitlines() if ln.strip()]


def parse_level(text: str, marks: str = "@&*"):
    """A Layout from text plus the cells of marker characters (markers stand on floor).
    Returns (layout, {mark: [cells in reading order]})."""
    lines = lines_of(text)
    found: dict[str, list[int]] = {}
    clean = []
    n = len(lines)
    for y, ln in enumerate(lines):
        row = []
        for x, ch in enumerate(ln):
            if ch in marks or ch.isalpha():
                found.setdefault(ch, []).append(y * n + x)
                row.append(".")
            else:
                row.append(ch)
        clean.append("".join(row))
    return Layout.from_ascii("\n".join(clean)), found


def cells(text: str, ch: str = "*") -> set[int]:
    """Cells holding `ch` in an overlay drawing of a level."""
    lines = lines_of(text)
    n = len(lines)
    return {y * n + x for y, ln in enumerate(lines) for x, c in enumerate(ln) if c == ch}


def duel(text: str, **kw):
    """A DuelState from a drawing: '@' player 0, '&' player 1, y b r g o potions on the ground."""
    layout, found = parse_level(text)
    ground = {}
    for i, letter in enumerate(POTION_LETTERS):
        for c in found.get(letter, []):
            ground[c] = i
    kw.setdefault("dealt", (0, 1, 2))
    return custom_state(layout, (found["@"][0], found["&"][0]), ground=ground, **kw)


def cast(state, key: str, caster: int = 0, rng=None, via: str = "dealt") -> list:
    if rng is not None:
        state.rng = rng
    events: list = []
    cast_spell(Cast(state, caster, events, via), BY_KEY[key].id)
    if rng is not None:
        assert rng.values == [], f"unused scripted values: {rng.values}"
    return events


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


class ScriptedRng:
    """Stands in for Pcg32 in golden tests: returns the values it is given, in order, and
    checks each one is a possible outcome of the call."""

    def __init__(self, *values):
        self.values = list(values)

    def _next(self):
        assert self.values, "the spell drew more random numbers than scripted"
        return self.values.pop(0)

    def below(self, n):
        v = self._next()
        assert 0 <= v < n, (v, n)
        return v

    def between(self, lo, hi):
        v = self._next()
        assert lo <= v <= hi, (v, lo, hi)
        return v

    def chance(self, num, den):
        v = self._next()
        assert isinstance(v, bool)
        return v

    def choice(self, seq):
        v = self._next()
        assert v in seq, (v, seq)
        return v

    def sample(self, seq, k):
        v = self._next()
        assert len(v) == k and all(x in seq for x in v), (v, k)
        return list(v)
