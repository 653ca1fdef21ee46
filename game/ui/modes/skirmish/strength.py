"""Who is winning, at a glance (issue 20, Build item 5): the top of the battle's dock shows the
goal in one line ("Defeat Red: 3 pieces left") and a strength bar under it.

The bar is one strip split between the sides still in the battle, each side's share as wide as
its hit points left (``game.scores()``: pieces and HP per seat, the WoS score info), in the
side's board colour; a white pip per living piece sits in its side's share. A side with no
pieces left has no share. Nothing here is rules: it only reads the game.
"""

from __future__ import annotations

import pygame

from game.ui import onboarding
from game.ui import theme as T
from game.ui.widgets import goal_line

PIP = (240, 240, 240)


def goal_texts(game, you: int) -> list[str]:
    """The live goal for the person playing `you` (-1: nobody here, the guide's goal), longest
    wording first: the dock shows the first that fits its width."""
    if you < 0 or game.over:
        return [onboarding.goal("skirmish"), "Defeat every enemy piece"]
    scores = game.scores()
    foes = [s for s in game.seats() if s != you and scores[s][0] > 0]
    left = sum(scores[s][0] for s in foes)
    who = game.seat_name(foes[0]).title() if len(foes) == 1 else f"{len(foes)} armies"
    return [f"Defeat {who}: {left} piece{'s' if left != 1 else ''} left", f"Defeat {who}: {left} left",
            f"{who}: {left} left"]


def goal_text(game, you: int, th=None, width: int = 0) -> str:
    """The first wording of the goal that fits `width` in the tiny font (the last one if none)."""
    texts = goal_texts(game, you)
    if th is None:
        return texts[0]
    room = width - th.line_height("tiny")            # the goal line's flag
    return next((t for t in texts if th.text_width(t, "tiny") <= room), texts[-1])


def shares(game, width: int) -> list[tuple[int, int, int]]:
    """(seat, x offset, width) of each side still standing, widths in proportion to HP left
    (the last side takes the rounding so the shares fill `width` exactly)."""
    scores = game.scores()
    standing = [(s, hp) for s, (n, hp) in scores.items() if n > 0 and hp > 0]
    total = sum(hp for _, hp in standing)
    out, x = [], 0
    for i, (s, hp) in enumerate(standing):
        w = width - x if i == len(standing) - 1 else width * hp // total
        out.append((s, x, w))
        x += w
    return out


def strength_bar(surf, th, rect, game) -> None:
    """The strip: each side's HP share in its colour, a pip per living piece."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, T.PANEL, rect)
    scores = game.scores()
    for seat, x, w in shares(game, rect.w):
        part = pygame.Rect(rect.x + x, rect.y, w, rect.h)
        pygame.draw.rect(surf, T.team_colour(seat), part)
        n = scores[seat][0]
        pip = max(2, rect.h // 3)
        step = (w - 2) // max(1, n)
        if step >= pip + 1:                      # room for one pip per piece
            for k in range(n):
                pygame.draw.rect(surf, PIP, (part.x + 2 + k * step, part.centery - pip // 2, pip, pip))
        if x:
            pygame.draw.line(surf, T.PANEL_DARK, part.topleft, part.bottomleft)


def height(th) -> int:
    """The status strip's height: the goal line and the bar."""
    return th.line_height("tiny") + bar_height(th) + 2


def bar_height(th) -> int:
    return max(6, th.line_height("tiny") * 2 // 3)


def draw_status(surf, th, rect, game, you: int) -> None:
    """The goal line, then the strength bar, inside `rect` (the dock's top)."""
    lh = th.line_height("tiny")
    goal_line(surf, th, pygame.Rect(rect.x, rect.y, rect.w, lh), goal_text(game, you, th, rect.w))
    strength_bar(surf, th, pygame.Rect(rect.x, rect.y + lh + 1, rect.w, bar_height(th)), game)
