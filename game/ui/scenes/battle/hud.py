"""The battle HUD after WoS: top line, info window, side proxies, the three buttons, message line.

Each function draws into a rectangle and returns what it drew, so the scene can lay them out
per canvas size and tests can read back the numbers shown (``InfoWindow.lines``).
"""

from __future__ import annotations

import pygame

from game.modes.skirmish.battle import xp_to_next
from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.widgets import badge, badge_width, meter, panel


def top_line(surf, th, rect, game, *, waiting: int = 0, label: str = "") -> None:
    """Whose turn, walking/attacking phase, turn number, the waiting timer after 10 s."""
    pygame.draw.rect(surf, T.PANEL_DARK, rect)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.bottomleft, (rect.right, rect.bottom), 1)
    seat = game.current
    lh = th.line_height("small")
    cy = rect.centery
    r = max(3, lh // 3)
    shape(surf, T.TEAM_SHAPE[seat], (rect.x + th.pad + r + 1, cy), r, T.team_colour(seat))
    if game.over:
        phase = "battle over"
    elif game.phase == "attack":
        phase = "attacking"
    else:
        phase = "walking"
    who = f"{T.TEAM_LETTER[seat]} {game.player_name(seat)}: {phase}"
    right = f"turn {game.turn + 1}" + (f" · waiting {waiting}s" if waiting >= 10 else "")
    if label:
        right = f"{label} · {right}"
    rw = th.text_width(right, "small")
    x = rect.x + th.pad * 2 + 2 * r + 2
    th.text(surf, th.fit(who, rect.right - x - rw - 3 * th.pad, "small"), (x, cy - lh // 2 + 1),
            T.team_colour(seat) if seat != 3 else (110, 170, 255), "small")
    th.text(surf, right, (rect.right - th.pad, cy - lh // 2 + 1), T.TEXT_DIM, "small", align="right")


class InfoWindow:
    """The popup for the piece under the cursor (stats; XP meter for own pieces; the estimate)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.estimate_lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def size(th) -> tuple[int, int]:
        lh = th.line_height("tiny")
        return th.text_width("RNG 2-4  MOB 6  ", "tiny") * 2 - th.pad * 2, lh * 11 + th.pad * 3

    def build(self, game, piece, chooser, own: bool, estimate=None) -> None:
        pt = game.piece_type(piece)
        st = game.stats(piece)
        rst_max = pt.rst
        self.lines = [
            f"HP {piece.hp}/{st.hp}", f"MP {piece.mp}/{st.mp}",
            f"STR {st.str}", f"DEF {st.def_}",
            f"AGI {st.agi}", f"RST {piece.rest}/{rst_max}",
            f"RNG {pt.rng_min}-{pt.rng_max}" if pt.rng_min != pt.rng_max else f"RNG {pt.rng_max}",
            f"MOB {pt.mob}", f"MOV {pt.mov}", f"LEV {piece.level}",
        ]
        self.rest_low = piece.rest < game.rules.rest_to_act
        self.estimate_lines = []
        if chooser is not None and chooser.seat != piece.seat and piece.alive:
            e = (estimate or game.estimate)(chooser, piece)
            self.estimate_lines = [f"damage {e.damage}", f"miss {e.miss_pct}%", f"crit {e.crit_pct_text}",
                                   f"crit damage {e.crit_damage}"]
        self.piece, self.game, self.own = piece, game, own

    def draw(self, surf, th, rect) -> None:
        self.rect = pygame.Rect(rect)
        g, p = self.game, self.piece
        pt = g.piece_type(p)
        title = f"{T.TEAM_LETTER[p.seat]} {pt.name}"
        inner = panel(surf, rect, th=th, title=title, edge=T.team_colour(p.seat))
        lh = th.line_height("tiny")
        y = inner.y
        if self.own:
            need = xp_to_next(p.level, g.rules)
            mh = max(3, lh // 3)
            bar = pygame.Rect(inner.x, y, inner.w, mh)
            meter(surf, bar.inflate(-2, -2), p.xp / need if need else 1, (120, 160, 255), back=T.PANEL_DARK)
            pygame.draw.rect(surf, (120, 160, 255), bar, 1)
            y += mh + 2
        half = inner.w // 2
        for i, text in enumerate(self.lines):
            colour = T.TEXT_BAD if text.startswith("RST") and self.rest_low else T.TEXT
            th.text(surf, text, (inner.x + (i % 2) * half, y + (i // 2) * lh), colour, "tiny")
        y += 5 * lh + 1
        th.text(surf, th.fit(f"{pt.short_form} {pt.weapon.name}", inner.w, "tiny"), (inner.x, y), T.TEXT_DIM, "tiny")
        y += lh
        if self.estimate_lines:
            pygame.draw.line(surf, T.PANEL_EDGE, (inner.x, y), (inner.right, y))
            y += 2
            e = self.estimate_lines
            th.text(surf, e[0], (inner.x, y), T.ACCENT, "tiny")
            th.text(surf, e[1], (inner.x + half, y), T.ACCENT, "tiny")
            th.text(surf, e[2], (inner.x, y + lh), T.ACCENT, "tiny")
            th.text(surf, th.fit(e[3].replace("crit damage", "crit dmg"), half, "tiny"), (inner.x + half, y + lh),
                    T.ACCENT, "tiny")


def proxies(surf, th, rect, game, pieces, piece_art, *, highlight: int = -1) -> list[tuple[pygame.Rect, int]]:
    """WoS side buttons: one per remaining piece, wide if it may still act, narrow if not, with a
    life meter at the extreme left. Returns (rect, piece id) pairs."""
    out = []
    u = th.unit
    h = 16 * u + 4
    gap = 2
    y = rect.y
    wide, narrow = 16 * u + 12 * u + 6, 16 * u + 6
    for p in pieces:
        if y + h > rect.bottom:
            break
        can = game.can_act(p)
        w = wide if can else narrow
        r = pygame.Rect(rect.x, y, w, h)
        pygame.draw.rect(surf, T.PANEL if can else T.PANEL_DARK, r)
        pygame.draw.rect(surf, T.ACCENT if p.id == highlight else T.team_colour(p.seat) if can else T.PANEL_EDGE, r, 1)
        st = game.stats(p)
        meter(surf, (r.x + 1, r.y + 1, 3, r.h - 2), p.hp / st.hp, vertical=True)
        img = piece_art.get(game.piece_type(p).sprite, p.seat, u, "" if can else "used")
        surf.blit(img, (r.x + 5, r.y + 2))
        if can:
            th.text(surf, str(p.hp), (r.right - 2, r.y + 2), T.TEXT, "tiny", align="right")
        out.append((r, p.id))
        y += h + gap
    return out


def button_bar(surf, th, rect, game, my_turn: bool, hint: str = "") -> None:
    """Skip Move, Skip Attack (dimmed while walking), End Turn; hints on the right."""
    pygame.draw.rect(surf, T.PANEL_DARK, rect)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.topright)
    attack = game.phase == "attack"
    items = [("X", "Skip move", not my_turn or attack), ("X", "Skip attack", not my_turn or not attack),
             ("Y", "End turn", not my_turn)]
    x = rect.x + th.pad
    y = rect.y + (rect.h - th.line_height("tiny")) // 2 + 1
    for button, text, dim in items:
        if dim and button == "X" and my_turn:
            continue    # one X button: show only the skip that applies
        r = badge(surf, th, button, (x, y), dim)
        img = th.render(text, T.TEXT_DIM if dim else T.TEXT, "tiny")
        surf.blit(img, (r.right + 2, y))
        x = r.right + 2 + img.get_width() + th.pad * 2
    right = hint or ""
    if right:
        th.text(surf, th.fit(right, rect.right - x - th.pad, "tiny"), (rect.right - th.pad, y), T.ACCENT, "tiny",
                align="right")
    else:
        w = badge_width(th, "START") + th.text_width("menu", "tiny") + th.pad * 2
        w2 = badge_width(th, "SELECT") + th.text_width("book", "tiny") + 2
        if x + w + w2 < rect.right:
            bx = rect.right - th.pad - w2
            rr = badge(surf, th, "SELECT", (bx, y))
            th.text(surf, "book", (rr.right + 2, y), T.TEXT_DIM, "tiny")
            bx -= w
            rr = badge(surf, th, "START", (bx, y))
            th.text(surf, "menu", (rr.right + 2, y), T.TEXT_DIM, "tiny")


def message_line(surf, th, rect, text: str) -> None:
    img = th.render(th.fit(text, rect.w - 2 * th.pad, "tiny"), T.TEXT, "tiny")
    box = pygame.Rect(rect.x, rect.y, img.get_width() + 2 * th.pad, rect.h)
    s = pygame.Surface(box.size, pygame.SRCALPHA)
    s.fill((10, 8, 20, 190))
    surf.blit(s, box.topleft)
    surf.blit(img, (box.x + th.pad, box.y + (box.h - img.get_height()) // 2))
