"""The dungeon screen's panels: the hero (health and wounds as bars, his dice pool, what he
carries), the fight he is in (each foe with his health bar and who holds initiative, in words),
the level and score, a minimap of what the party has explored, and the log (whole lines,
wrapped: the newest at the bottom, never cut).
"""

from __future__ import annotations

import pygame

from game.modes.bout.dungeon import screen as S
from game.modes.bout.dungeon.actor import FOE
from game.modes.bout.dungeon.level import ROCK
from game.ui import theme as T
from game.ui.modes.bout.dungeon.board import STAIRS_COLOUR, actor_colour
from game.ui.widgets import meter, panel, wrap_words

WOUND_COLOURS = {1: (240, 220, 90), 2: (250, 170, 60), 3: (240, 110, 40), 4: (220, 40, 40), 5: (150, 0, 30)}


def relation_words(g, i: int, o: int) -> str:
    """Who holds initiative between the hero (or fighter i) and foe o, in plain words."""
    m = g.m
    if m.contested(i, o):
        return "both attack"
    if m.holds(i, o):
        return "you attack"
    if m.holds(o, i):
        return "he attacks"
    return "face to face"


def label_width(th, w: int) -> int:
    return min(w // 3, th.text_width("Wounds ", "tiny") + 2)


def bar_row(surf, th, x, y, w, label: str, frac: float, colour=None, text: str = "") -> int:
    """A labelled bar; returns the y below it."""
    lh = th.line_height("tiny")
    lw = label_width(th, w)
    th.text(surf, label, (x, y), T.TEXT_DIM, "tiny")
    tw = th.text_width(text, "tiny") + 3 if text else 0
    bar = pygame.Rect(x + lw, y + lh // 4, max(4, w - lw - tw), max(3, lh // 2))
    meter(surf, bar, frac, colour)
    if text:
        th.text(surf, text, (x + w, y), T.TEXT, "tiny", align="right")
    return y + lh


def wound_pips(surf, th, x, y, w, wounds) -> int:
    """One square per wound in its level's colour (the worst first); 'none' when unhurt."""
    lh = th.line_height("tiny")
    th.text(surf, "Wounds", (x, y), T.TEXT_DIM, "tiny")
    px = x + label_width(th, w)
    if not wounds:
        th.text(surf, "none", (px, y), T.GOOD, "tiny")
        return y + lh
    size = max(4, lh - 4)
    for wd in sorted(wounds, key=lambda v: -v[1])[: max(1, (x + w - px) // (size + 2))]:
        pygame.draw.rect(surf, WOUND_COLOURS.get(wd[1], (150, 0, 30)), (px, y + 2, size, size))
        px += size + 2
    return y + lh


def draw_side(surf, th, rect, g, *, player: str = "", me: int = 0) -> None:
    """`me`: the hero shown (co-op: this unit's)."""
    h = g.actors[me]
    inner = panel(surf, rect, title=th.fit(player or h.t.name, rect.w - 8, "small"), th=th)
    x, w = inner.x, inner.w
    lh = th.line_height("tiny")
    y = inner.y
    y = bar_row(surf, th, x, y, w, "Health", h.health / max(1, h.t.health), None, f"{max(0, h.health)}/{h.t.health}")
    y = wound_pips(surf, th, x, y, w, h.wounds)
    full = max(1, h.t.prof + h.t.reflex)
    y = bar_row(surf, th, x, y, w, "Dice", max(0, h.cp) / full, (232, 228, 240), str(max(0, h.cp)))
    levels = g.data.dungeon["levels"]
    th.text(surf, th.fit(f"Level {g.depth} of {levels} · score {g.score()}", w, "tiny"), (x, y), T.ACCENT, "tiny")
    y += lh + 2
    e = g.m.engagement_of(me)
    if e is not None:
        th.text(surf, th.fit(f"Fight: round {e.round}, {S.step_name(e.step)}", w, "tiny"), (x, y), T.TEXT_BAD, "tiny")
        y += lh
        for o in sorted(m for m in e.members if m != me and g.actors[m].role == FOE):
            a = g.actors[o]
            if y + lh > inner.bottom:
                break
            pygame.draw.circle(surf, actor_colour(g, o), (x + lh // 2, y + lh // 2), max(2, lh // 2 - 1))
            name = f"{a.t.name} · {relation_words(g, me, o)}" if a.standing else f"{a.t.name} · down"
            th.text(surf, th.fit(name, w - lh - 2, "tiny"), (x + lh + 2, y), T.TEXT, "tiny")
            y += lh
            meter(surf, (x + lh + 2, y, w - lh - 2, 3), max(0, a.health) / max(1, a.t.health))
            y += 5
    else:
        carried = [g.data.items[k].name for k in h.items]
        lines = wrap_words(th, "Pack: " + (", ".join(carried) if carried else "empty"), w, "tiny")
        room = max(1, (inner.bottom - y) // lh - 3)          # leave the minimap some room
        if len(lines) > room:
            lines = wrap_words(th, f"Pack: {len(carried)} things (B shows them)", w, "tiny")
        for text in lines:
            th.text(surf, text, (x, y), T.TEXT_DIM, "tiny")
            y += lh
    mini = pygame.Rect(x, y + 2, w, inner.bottom - y - 2)
    if mini.h >= 24:
        draw_minimap(surf, mini, g, me)


_MINI: dict = {}


def _minimap_base(g, s: int, known: int, like) -> pygame.Surface:
    """The explored squares, drawn once per (level, what is known, scale)."""
    lv = g.level
    key = (g.seed, g.depth, s, known)
    img = _MINI.get("img") if _MINI.get("key") == key else None
    if img is None:
        img = pygame.Surface((s * lv.width, s * lv.height), 0, like)      # the screen's format: a quick blit
        img.fill((8, 8, 14))
        bits, w = known, lv.width
        while bits:
            low = bits & -bits
            cell = low.bit_length() - 1
            img.fill((96, 88, 112) if lv.tiles[cell] == ROCK else (52, 48, 64), (cell % w * s, cell // w * s, s, s))
            bits ^= low
        _MINI.update(key=key, img=img)
    return img


def draw_minimap(surf, rect, g, me: int = 0) -> None:
    """The level as the party knows it, one block per square; the party and the stairs marked."""
    lv = g.level
    s = max(1, min(rect.w // lv.width, rect.h // lv.height))
    ox = rect.x + (rect.w - s * lv.width) // 2
    oy = rect.y + (rect.h - s * lv.height) // 2
    known = g.explored | g.visible_cells()
    surf.blit(_minimap_base(g, s, known, surf), (ox, oy))
    for c, colour in ((lv.stairs, STAIRS_COLOUR), *[(a.pos, actor_colour(g, i, me)) for i, a in enumerate(g.actors)
                                                      if a.role != FOE and not a.dead]):
        if known >> c & 1:
            x, y = lv.xy(c)
            surf.fill(colour, (ox + x * s - (s < 2), oy + y * s - (s < 2), max(2, s), max(2, s)))


def draw_log(surf, th, rect, lines, title: str = "What happens") -> None:
    inner = panel(surf, rect, title=title, th=th)
    lh = th.line_height("tiny")
    n = max(1, inner.h // lh)
    out: list[str] = []
    for line in reversed(lines):
        part = wrap_words(th, line.strip(), inner.w, "tiny")
        if out and len(out) + len(part) > n:
            break                                   # whole lines only: none starts half-way
        out[:0] = part
    for k, text in enumerate(out[-n:]):
        th.text(surf, text, (inner.x, inner.y + k * lh), T.TEXT, "tiny")
