"""The Stats screen's pictures: a player's record per mode as bars, and the rating history as a
line plot (each rated game a point; the start rating a dashed line)."""

from __future__ import annotations

import pygame

from game.core.ratings import START_RATING
from game.ui import theme as T
from game.ui.guide import guide_for
from game.ui.widgets import wrap_words

WIN, LOSS, DRAW = T.GOOD, T.TEXT_BAD, T.ACCENT


def draw_records(surf, th, body: pygame.Rect, records) -> None:
    """One row per mode: its name, won/lost/drawn as a bar split in three, and the numbers."""
    if not records:
        for i, line in enumerate(wrap_words(th, "No games yet. Play any mode: every finished game counts here.",
                                            body.w, "small")):
            th.text(surf, line, (body.x, body.y + i * th.line_height("small")), T.TEXT_DIM, "small")
        return
    lh = th.line_height("small")
    row_h = lh + th.line_height("tiny") + th.pad + 2
    name_w = min(body.w * 2 // 5, max(th.text_width(guide_for(r.mode).name, "small") for r in records) + th.pad)
    bar_x = body.x + name_w + th.pad
    bar_w = body.right - bar_x
    y = body.y
    for r in records:
        if y + row_h > body.bottom:
            break
        th.text(surf, th.fit(guide_for(r.mode).name, name_w, "small"), (body.x, y), T.TEXT, "small")
        total = max(1, r.wins + r.losses + r.draws)
        bar = pygame.Rect(bar_x, y + 2, bar_w, max(4, lh - 4))
        pygame.draw.rect(surf, T.PANEL, bar)
        x = bar.x
        for n, colour in ((r.wins, WIN), (r.draws, DRAW), (r.losses, LOSS)):
            w = bar.w * n // total
            if w:
                surf.fill(colour, (x, bar.y, w, bar.h))
                x += w
        pct = r.wins * 100 // total if r.finished else 0
        words = f"{r.finished} played · {r.wins} won · {r.losses} lost"
        if r.draws:
            words += f" · {r.draws} drawn"
        if r.abandoned:
            words += f" · {r.abandoned} left"
        words += f" · {pct}%"
        th.text(surf, th.fit(words, body.right - body.x, "tiny"), (body.x, y + lh), T.TEXT_DIM, "tiny")
        y += row_h


def draw_rating(surf, th, body: pygame.Rect, history, player: str) -> None:
    """The rating after each rated game, as a line; the start rating dashed."""
    lh = th.line_height("tiny")
    if not history:
        text = (f"{player} has no rated games yet. The rating ({START_RATING} to start) moves in games "
                "against other people: hot-seat or two linked units. Games against bots do not change it.")
        for i, line in enumerate(wrap_words(th, text, body.w, "small")):
            th.text(surf, line, (body.x, body.y + i * th.line_height("small")), T.TEXT_DIM, "small")
        return
    values = [START_RATING] + [r for _, r in history]
    lo, hi = min(values), max(values)
    span = max(20, hi - lo)
    lo, hi = lo - span // 10, hi + span // 10
    label_w = th.text_width(str(hi), "tiny") + th.pad
    plot = pygame.Rect(body.x + label_w, body.y + lh, body.w - label_w - th.pad, body.h - 3 * lh)
    pygame.draw.rect(surf, T.PANEL_DARK, plot)

    def at(i: int, v: int) -> tuple[int, int]:
        x = plot.x + (plot.w - 1) * i // max(1, len(values) - 1)
        y = plot.bottom - 1 - (plot.h - 1) * (v - lo) // (hi - lo)
        return x, y

    y0 = at(0, START_RATING)[1]
    for x in range(plot.x, plot.right, 6):
        pygame.draw.line(surf, T.TEXT_DIM, (x, y0), (min(x + 2, plot.right - 1), y0))
    th.text(surf, str(hi), (plot.x - th.pad, plot.y), T.TEXT_DIM, "tiny", align="right")
    th.text(surf, str(lo), (plot.x - th.pad, plot.bottom - lh), T.TEXT_DIM, "tiny", align="right")
    points = [at(i, v) for i, v in enumerate(values)]
    if len(points) > 1:
        pygame.draw.lines(surf, T.ACCENT, False, points, max(1, th.unit))
    dot = max(2, th.unit + 1)
    for (x, y), v in zip(points, values):
        pygame.draw.circle(surf, WIN if v >= START_RATING else LOSS, (x, y), dot)
    now, best = values[-1], max(values)
    words = f"{player}: {now} now · best {best} · {len(history)} rated game{'s' if len(history) != 1 else ''}"
    th.text(surf, th.fit(words, body.w, "tiny"), (body.x, plot.bottom + lh // 2), T.TEXT, "tiny")
    th.text(surf, f"first: {history[0][0][:10]}", (plot.x, body.y), T.TEXT_DIM, "tiny")
    th.text(surf, f"last: {history[-1][0][:10]}", (plot.right, body.y), T.TEXT_DIM, "tiny", align="right")
