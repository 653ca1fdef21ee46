"""The Hex quest board's side panel: HP and XP bars, coins, counters, the gravity arrow, what A
does in the aim (and why not), the items in their rarity colours, the on-screen Undo / Redo
buttons and the last message. `draw_side` returns where it put things (tests look there)."""

from __future__ import annotations

import pygame

from game.modes.quest import items as I
from game.modes.quest import tiles as TL
from game.modes.quest.creatures import XP_PER_LEVEL, player_level
from game.ui import theme as T
from game.ui.widgets import badge, meter

RARITY_COLOURS = {"common": (150, 150, 150), "rare": (240, 240, 240), "mystic": (90, 220, 110),
                  "epic": (90, 130, 255), "legendary": (255, 150, 30)}
GEM_COLOUR = (90, 200, 230)
ILLEGAL_TEXT = (255, 110, 100)
GRAVITY_ARROW = (255, 200, 80)
XP_COLOUR = (150, 110, 240)
# screen directions of each grid direction name (x right, y down), for the gravity arrow
_VECTORS = {"N": (0.0, -1.0), "S": (0.0, 1.0), "E": (1.0, 0.0), "W": (-1.0, 0.0)}
_HEX_VECTORS = {"NE": (0.866, -0.5), "SE": (0.866, 0.5), "SW": (-0.866, 0.5), "NW": (-0.866, -0.5)}
_SQUARE_DIAGONALS = {"NE": (0.707, -0.707), "SE": (0.707, 0.707), "SW": (-0.707, 0.707), "NW": (-0.707, -0.707)}


def gravity_of(g) -> int:
    """The gravity direction now (a game may change it as it goes), -1 for none."""
    now = getattr(g, "gravity", None)
    return now if isinstance(now, int) else g.level.gravity


def item_band(it) -> str:
    return TL.rarity(max(c for n, c in it[1] if I.SLOT_OF[n])) if I.slot_of(it) else "common"


def arrow_vector(name: str, hexmap: bool) -> tuple[float, float]:
    """The screen direction (x right, y down, length 1) of the grid direction called `name`."""
    return _VECTORS.get(name) or (_HEX_VECTORS if hexmap else _SQUARE_DIAGONALS)[name]


def draw_arrow(surf, centre, size: int, name: str, hexmap: bool, colour) -> pygame.Rect:
    """A filled arrow about `size` pixels long pointing in the direction named `name`."""
    vx, vy = arrow_vector(name, hexmap)
    cx, cy = centre
    half = size / 2
    tip = (cx + vx * half, cy + vy * half)
    tail = (cx - vx * half, cy - vy * half)
    px, py = -vy, vx
    head = size * 0.45
    base = (tip[0] - vx * head, tip[1] - vy * head)
    pts = [tip, (base[0] + px * head * 0.6, base[1] + py * head * 0.6), (base[0] - px * head * 0.6, base[1] - py * head * 0.6)]
    pygame.draw.line(surf, colour, tail, base, max(2, size // 6))
    pygame.draw.polygon(surf, colour, pts)
    return pygame.Rect(round(cx - half), round(cy - half), size + 1, size + 1)


def draw_side(surf, th, rect, g, act: str, message: str, *, error: str | None = None, legal: bool = True,
              keys=("B", "X"), chosen: str = "",
              can_undo: bool = False, can_redo: bool = False) -> dict:
    """Draw the panel in `rect`; returns {"hp_bar", "xp_bar", "gravity", "undo", "redo": Rect,
    "spells": {name: Rect}} (those drawn) and "dropped": how many item lines found no room.
    `chosen` is the spell A casts ("" for a step): its chip in the spell bar is lit."""
    pl = g.player
    lh = th.line_height("tiny") + 1
    x, w = rect.x + 4, rect.w - 8
    bar_h = max(3, lh // 4)
    out: dict = {"dropped": 0}
    # bottom up: the message (up to two lines), then the Undo / Redo buttons
    msg = wrap(th, message, w, 2)
    msg_y = rect.bottom - lh * max(1, len(msg)) - 2
    btn_y = msg_y - lh - 2
    for k, text in enumerate(msg):
        th.text(surf, text, (x, msg_y + k * lh), T.TEXT_DIM, "tiny")
    bx = x
    for key, word, on, name in ((keys[0], "undo", can_undo, "undo"), (keys[1], "redo", can_redo, "redo")):
        r = badge(surf, th, key, (bx, btn_y), dim=not on)
        t = th.text(surf, word, (r.right + 2, btn_y), T.TEXT if on else T.TEXT_DIM, "tiny")
        out[name] = r.union(t)
        bx = t.right + th.pad * 2
    limit = btn_y - 2
    y = rect.y + 4

    def room(h: int) -> bool:
        return y + h <= limit

    def line(text: str, colour) -> bool:
        nonlocal y
        if not room(lh):
            return False
        th.text(surf, th.fit(text, w, "tiny"), (x, y), colour, "tiny")
        y += lh
        return True

    def bar(frac: float, colour, name: str) -> None:
        nonlocal y
        if room(bar_h + 2):
            r = pygame.Rect(x, y, w, bar_h)
            meter(surf, r, frac, colour)
            out[name] = r
            y += bar_h + 2

    hp = max(0, pl["hp"])
    line(f"HP {hp}/{pl['max_hp']}", T.hp_colour(hp / pl["max_hp"]))
    bar(hp / pl["max_hp"], None, "hp_bar")
    line(f"XP {pl['xp']}  Lv {player_level(pl['xp'])}", T.TEXT)
    bar((pl["xp"] % XP_PER_LEVEL) / XP_PER_LEVEL, XP_COLOUR, "xp_bar")
    line(f"coins {pl['coins']}  pts {pl['points']}", T.TEXT)
    line(f"moves {g.moves} push {g.pushes}", T.TEXT_DIM)
    if g.quota:
        line(f"gems {g.gems}/{g.quota}", GEM_COLOUR)
    if g.red:
        line(f"red disks {g.red}", (215, 40, 45))
    if g.fz or g.fe:
        line("frozen: " + "+".join(w for w, on in (("zonks", g.fz), ("enemies", g.fe)) if on), T.TEXT_DIM)
    grav = gravity_of(g)
    if grav < 0:
        line("no gravity", T.TEXT_DIM)
    elif room(lh):
        name = g.g.dir_names[grav]
        t = th.text(surf, th.fit(f"gravity {name}", w - lh, "tiny"), (x, y), T.TEXT, "tiny")
        out["gravity"] = draw_arrow(surf, (t.right + 2 + lh // 2, y + lh // 2), lh - 2, name, len(g.g.dirs) == 6,
                                    GRAVITY_ARROW)
        y += lh
    line(f"A: {act}", T.ACCENT)
    if error:
        line(f"can't: {error}" if not legal else error, ILLEGAL_TEXT if not legal else T.TEXT_DIM)
    known = [(n, lv) for n, lv in pl["spells"].items() if lv > 0]
    if known:
        y = spell_bar(surf, th, x, y, w, limit, known, chosen, out)
    items = pl["items"]
    for k, it in enumerate(items):
        left = len(items) - k
        if not room(lh) or (left > 1 and not room(2 * lh)):
            out["dropped"] = left                  # no room for them all: say how many are not shown
            line(f"+{left} more items", T.TEXT_DIM)
            break
        band = item_band(it)
        sw = max(4, lh // 2)
        pygame.draw.rect(surf, RARITY_COLOURS[band], (x, y + (lh - sw) // 2, sw, sw))
        th.text(surf, th.fit(I.item_name(it), w - sw - 3, "tiny"), (x + sw + 3, y), RARITY_COLOURS[band], "tiny")
        y += lh
    if g.level.label:
        line(g.level.label, T.TEXT_DIM)
    return out


SPELL_ORDER = ("missile", "fireball", "lightning", "ice", "jump", "teleport")


def spell_bar(surf, th, x: int, y: int, w: int, limit: int, known, chosen: str, out: dict) -> int:
    """One chip per known spell ("Fi2": fireball at level 2), wrapping; the chosen one lit.
    Returns the y below the bar."""
    lh = th.line_height("tiny") + 1
    cx, chips = x, {}
    for name, lv in sorted(known, key=lambda k: SPELL_ORDER.index(k[0]) if k[0] in SPELL_ORDER else 99):
        label = f"{name[:2].capitalize()}{lv}"
        cw = th.text_width(label, "tiny") + 4
        if cx > x and cx + cw > x + w:
            cx, y = x, y + lh + 1
        if y + lh > limit:
            break
        r = pygame.Rect(cx, y, cw, lh)
        lit = name == chosen
        pygame.draw.rect(surf, T.ACCENT if lit else T.PANEL_EDGE, r, 0 if lit else 1, border_radius=2)
        th.text(surf, label, (r.x + 2, r.y), T.BG if lit else T.TEXT, "tiny")
        chips[name] = r
        cx = r.right + 2
    out["spells"] = chips
    return y + lh + 2


def wrap(th, text: str, width: int, most: int) -> list[str]:
    """`text` in at most `most` lines of `width` pixels (tiny font), words kept whole; the last
    line is shortened with an ellipsis if it still does not fit."""
    lines: list[str] = []
    for word in text.split():
        if lines and th.text_width(lines[-1] + " " + word, "tiny") <= width:
            lines[-1] += " " + word
        elif len(lines) < most:
            lines.append(word)
        else:
            lines[-1] += " " + word
    return [th.fit(t, width, "tiny") for t in lines]


def side_width(surf_w: int) -> int:
    return max(110, surf_w // 3)



