"""The stats table (the WoS Book of Tactics "stats" view): drawn by the Stats screen and by
Skirmish's book in battle."""

from __future__ import annotations

from game.ui import theme as T


def draw_stats_table(surf, th, body, lines) -> None:
    """The WoS stats view: your totals first, then each other player's record against you."""
    cols = (0.0, 0.46, 0.58, 0.7, 0.82)
    heads = ("player", "won", "lost", "%", "rating")
    lh = th.line_height("small") + 1
    for c, h in zip(cols, heads):
        th.text(surf, h, (body.x + int(body.w * c), body.y), T.TEXT_DIM, "tiny")
    y = body.y + th.line_height("tiny") + 2
    for i, line in enumerate(lines):
        name = line.player + (" (you)" if i == 0 else "")
        vals = (th.fit(name, int(body.w * 0.45), "small"), str(line.wins), str(line.losses), f"{line.win_percent}",
                f"{line.rating}" + ("" if line.rated else "*"))
        for c, v in zip(cols, vals):
            th.text(surf, v, (body.x + int(body.w * c), y), T.ACCENT if i == 0 else T.TEXT, "small")
        y += lh
        if y > body.bottom - lh:
            break
    if any(not line.rated for line in lines):
        th.text(surf, "* bots only appear to have a rating", (body.x, body.bottom - th.line_height("tiny")),
                T.TEXT_DIM, "tiny")
