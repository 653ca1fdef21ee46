"""Bounds of world synthesis: parameter ranges (Xconq's .def ranges) and a work budget.

A module may ask for anything: a 10^6 x 10^6 world, blobs as big as the world, a million
towns per side. Parameters outside Xconq's declared ranges are refused before any work, and
every method spends from one `Budget` (cell visits, units placed), so generation stops with a
clear `file:line: problem` instead of running for hours or filling memory.
"""

from __future__ import annotations

from game.rules.gdl.model import Module
from game.rules.gdl.reader import GdlError

MAX_WORLD_CELLS = 400 * 400     # as the loader's area limit
MIN_SIDE = 3                    # Xconq: areas from 3x3
MAX_STEPS = 12_000_000          # cell visits of one generation (a 60x30 standard world: ~0.1 M)
MAX_UNITS = 20_000              # as the loader's unit limit
PROPHI = 32767                  # Xconq's PROPHI / TABHI / VARHI (16-bit values)


class SynthError(GdlError):
    """A world that cannot be generated: names the file and line of the culprit."""


AREA = [("area",), ("v", "world-size")]       # what to blame when a size follows from the area


def where(m: Module, key) -> str:
    """file:line where a parameter was set; `key` may be a list tried in order (a parameter left
    at its default has no line: the next key is tried, and at last the main module's line 0)."""
    for k in (key if isinstance(key, list) else [key]):
        if k in m.origin:
            f, line = m.origin[k]
            return f"{f}:{line}"
    return f"{m.files[0] if m.files else m.name}:0"


class Budget:
    def __init__(self, m: Module, max_steps: int = MAX_STEPS, max_units: int = MAX_UNITS):
        self.m = m
        self.steps = 0
        self.units = 0
        self.max_steps, self.max_units = max_steps, max_units
        self.blame: tuple | list = ("g", "synthesis-methods")
        self.what = "world synthesis"

    def doing(self, what: str, blame) -> None:
        """Name the step under way and the parameter that governs its size."""
        self.what, self.blame = what, blame

    def spend(self, steps: int, units: int = 0) -> None:
        self.steps += steps
        self.units += units
        if self.steps > self.max_steps:
            raise SynthError(f"{where(self.m, self.blame)}: {self.what}: generating this world takes more than "
                             f"{self.max_steps} steps")
        if self.units > self.max_units:
            raise SynthError(f"{where(self.m, self.blame)}: {self.what}: more than {self.max_units} units")

    def afford(self, steps: int) -> None:
        """Refuse up front a step whose size is known before it starts."""
        if self.steps + steps > self.max_steps:
            raise SynthError(f"{where(self.m, self.blame)}: {self.what}: about {steps} steps, more than the "
                             f"{self.max_steps} a generated world may take")


def check_range(m: Module, key: tuple, value, lo: int, hi: int, what: str) -> int:
    """`value` as an int within lo..hi, or a SynthError naming where it was set."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SynthError(f"{where(m, key)}: {what}: {value!r} is not a number")
    if not lo <= value <= hi:
        raise SynthError(f"{where(m, key)}: {what}: {value} is outside {lo}..{hi}")
    return value


def global_int(m: Module, name: str, default: int, lo: int, hi: int) -> int:
    v = m.globals.get(name, default)
    return check_range(m, ("g", name), v, lo, hi, name)


def tprop(m: Module, name: str, lo: int, hi: int) -> list[int]:
    vals = m.tprops[name]
    for t, v in enumerate(vals):
        check_range(m, ("t", name), v, lo, hi, f"{name} of {m.ttypes[t]}")
    return list(vals)


def uprop(m: Module, name: str, lo: int, hi: int) -> list[int]:
    vals = m.uprops[name]
    for u, v in enumerate(vals):
        check_range(m, ("u", name), v, lo, hi, f"{name} of {m.utypes[u]}")
    return list(vals)


def table(m: Module, name: str, lo: int, hi: int) -> list[list[int]]:
    tab = m.tables[name]
    for row in tab:
        for v in row:
            if not isinstance(v, int) or not lo <= v <= hi:
                raise SynthError(f"{where(m, ('table', name))}: table {name}: {v!r} is outside {lo}..{hi}")
    return tab
