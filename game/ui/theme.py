"""Colours, team colours, fonts and sizes for one canvas.

Team colours (rose red, aquamarine, yellow, royal blue) are chosen against the tiles: each is at
least CIE76 dE 30 from every tile colour of the shipped ruleset (also lightened by elevation) and
dE 20 from the other teams under a deuteranopia/protanopia simulation (``tests/ui/test_colours.py``
checks both). The first set (Okabe-Ito) lost Blue in water (dE 6), Red on lava (10), Green on
grass (28). Every team also has a shape (circle, triangle, diamond, square) and a letter (R G Y B),
and every piece stands on a team-coloured base with a black and white rim, so no one depends on
colour alone. Fonts are pygame-ce's bundled freesansbold (``Font(None, px)``),
sized from the canvas height; rendered text is cached (menus and the HUD redraw the same
strings every frame).
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game.ui.text_probe import Drawn, TextProbe  # noqa: F401 - the probe's home was here

SEAT_NAMES = ("red", "green", "yellow", "blue")
TEAM_BASE = ((240, 70, 120), (60, 230, 190), (245, 234, 73), (60, 100, 255))
TEAM_LETTER = ("R", "G", "Y", "B")
TEAM_SHAPE = ("circle", "triangle", "diamond", "square")

BG = (18, 16, 28)
PANEL = (34, 30, 52)
PANEL_EDGE = (120, 110, 160)
PANEL_DARK = (24, 22, 38)
TEXT = (236, 232, 244)
TEXT_DIM = (140, 134, 160)
TEXT_BAD = (255, 96, 80)
ACCENT = (255, 210, 90)
GOOD = (110, 220, 120)
PURPLE = (168, 84, 255)
ORANGE = (255, 150, 30)
CURSOR = (255, 255, 255)
HP_COLOURS = ((220, 60, 50), (240, 190, 40), (90, 210, 90))


def team_colour(seat: int) -> tuple[int, int, int]:
    return TEAM_BASE[seat % 4]


# --- one look for "you" and for each side, in every mode ------------------------------------------
# The person at this unit is always aquamarine (the look numbered YOU_LOOK), whatever seat they
# took; the other sides take rose red, yellow and royal blue in seat order. With nobody to call
# "you" (bots only, several people in hot-seat) seat k simply gets look k.
YOU_LOOK = 1
YOU = TEAM_BASE[YOU_LOOK]
FOE = TEAM_BASE[0]                      # the first other side (a duel's, a bout's opponent)


@dataclass(frozen=True)
class SideLook:
    """How one side is drawn: colour, letter, badge shape and colour name ("green")."""
    index: int                          # 0..3 into TEAM_BASE / TEAM_LETTER / TEAM_SHAPE
    colour: tuple[int, int, int]
    letter: str
    shape: str
    name: str
    you: bool = False


def look_index(seat: int, you: int | None = None) -> int:
    """Which of the four looks `seat` wears when the person here plays `you` (None: no one)."""
    if you is None or you < 0:
        return seat % 4
    if seat == you:
        return YOU_LOOK
    others = [i for i in range(4) if i != YOU_LOOK]
    k = seat if seat < you else seat - 1
    return others[k % 3]


def side_look(seat: int, you: int | None = None) -> SideLook:
    i = look_index(seat, you)
    return SideLook(i, TEAM_BASE[i], TEAM_LETTER[i], TEAM_SHAPE[i], SEAT_NAMES[i], you is not None and seat == you)


def side_colour(seat: int, you: int | None = None) -> tuple[int, int, int]:
    """The colour of `seat` in every mode: YOU for the person here, the others in seat order."""
    return TEAM_BASE[look_index(seat, you)]


def shade(rgb, factor: float) -> tuple[int, int, int]:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour (memoised:
    boards shade the same few colours for every cell of every frame)."""
    return _shade(tuple(rgb), factor)


@functools.lru_cache(maxsize=4096)
def _shade(rgb: tuple, factor: float) -> tuple[int, int, int]:
    if factor <= 1:
        return tuple(max(0, int(c * factor)) for c in rgb)
    t = factor - 1
    return tuple(min(255, int(c + (255 - c) * t)) for c in rgb)


def team_ramp(seat: int) -> tuple[tuple[int, int, int], ...]:
    """Four shades (darkest first) of a team colour: the palette range pieces are recoloured with."""
    base = team_colour(seat)
    return (shade(base, 0.42), shade(base, 0.7), base, shade(base, 1.45))


def hp_colour(frac: float) -> tuple[int, int, int]:
    return HP_COLOURS[0] if frac < 0.34 else HP_COLOURS[1] if frac < 0.67 else HP_COLOURS[2]


class Theme:
    """Sizes for one canvas. ``unit`` scales the 16-px pixel art (1 up to 480 px wide, 2 above)."""

    def __init__(self, canvas: tuple[int, int]):
        self.canvas = canvas
        w, h = canvas
        self.unit = 2 if w >= 560 and h >= 330 else 1
        self.tile = 16 * self.unit
        scale = h / 240
        self.px = {"tiny": max(11, round(10.5 * scale)), "small": max(12, round(12 * scale)),
                   "normal": max(14, round(14 * scale)), "big": max(18, round(19 * scale)),
                   "huge": max(30, round(34 * scale))}
        self._fonts: dict[str, pygame.font.Font] = {}
        self._space: dict[str, str] = {}
        self._cache: OrderedDict = OrderedDict()
        self.pad = max(2, round(3 * scale))
        self.probe: TextProbe | None = None      # tests and the contact sheet record every text drawn

    def font(self, size: str = "normal") -> pygame.font.Font:
        f = self._fonts.get(size)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            f = self._fonts[size] = pygame.font.Font(None, self.px[size])
            # the bundled font's space is 2 px at the small sizes: words run together ("perturn")
            self._space[size] = "  " if f.size(" ")[0] < 3 else " "
        return f

    def line_height(self, size: str = "normal") -> int:
        return self.font(size).get_linesize()

    def render(self, text: str, colour=TEXT, size: str = "normal") -> pygame.Surface:
        key = (text, tuple(colour), size)
        surf = self._cache.get(key)
        if surf is None:
            font = self.font(size)
            shown = text.replace(" ", self._space[size]) if self._space[size] != " " else text
            surf = font.render(shown, True, colour)
            self._cache[key] = surf
            if len(self._cache) > 600:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def text(self, surf: pygame.Surface, text: str, pos, colour=TEXT, size: str = "normal",
             align: str = "left", shadow: bool = False) -> pygame.Rect:
        """Draw text; `align` left | centre | right relative to pos's x. Returns its rect."""
        img = self.render(text, colour, size)
        x, y = pos
        if align == "centre":
            x -= img.get_width() // 2
        elif align == "right":
            x -= img.get_width()
        if shadow:
            surf.blit(self.render(text, (0, 0, 0), size), (x + 1, y + 1))
        return self.put(surf, img, (x, y), text, size, colour)

    def put(self, surf: pygame.Surface, img: pygame.Surface, pos, text: str, size: str = "normal",
            colour=TEXT) -> pygame.Rect:
        """Blit the rendered `text` (``render(text, ..)``) at `pos`; the probe, if any, sees it."""
        r = surf.blit(img, pos)
        if self.probe is not None:
            self.probe.text(text, pygame.Rect(pos, img.get_size()), size, colour)
        return r

    def text_width(self, text: str, size: str = "normal") -> int:
        return self.render(text, TEXT, size).get_width()

    def fit(self, text: str, width: int, size: str = "normal") -> str:
        """`text`, cut with an ellipsis to fit `width` pixels."""
        if self.text_width(text, size) <= width:
            return text
        if self.probe is not None:
            self.probe.cut.append(text)
        while text and self.text_width(text + "…", size) > width:
            text = text[:-1]
        return text + "…"
