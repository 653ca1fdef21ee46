"""Where the battle HUD's parts go on a canvas of any supported size (320x240 .. 640x400).

The board is never covered where the player looks: the piece / terrain panel, the attack
forecast and the side proxies live in a **dock**, a column at the right of the board, not over
it. Over the board there is only the minimap (and only when the map does not fit the view), the
message line (3.5 s after something happened) and short banners. `overlay_share` is the part of
the board those persistent overlays cover; tests keep it under ``MAX_OVERLAY_SHARE`` at every
supported size.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MAX_OVERLAY_SHARE = 0.06      # persistent overlays (the minimap) cover at most 6 % of the board


@dataclass
class BattleLayout:
    top: pygame.Rect
    bottom: pygame.Rect
    view: pygame.Rect
    dock: pygame.Rect          # the column right of the board: piece/terrain panel, forecast, proxies
    proxies: pygame.Rect       # inside the dock, at its bottom
    minimap_max: tuple[int, int]
    message: pygame.Rect
    book: pygame.Rect

    @classmethod
    def for_canvas(cls, th, size) -> BattleLayout:
        w, h = size
        top_h = th.line_height("small") + th.pad
        bot_h = th.line_height("tiny") + th.pad + 2
        top = pygame.Rect(0, 0, w, top_h)
        bottom = pygame.Rect(0, h - bot_h, w, bot_h)
        dock_w = max(th.text_width("STR 10  DEF 10", "tiny") + 3 * th.pad, w * 3 // 10)
        dock = pygame.Rect(w - dock_w, top.bottom, dock_w, bottom.top - top.bottom)
        view = pygame.Rect(0, top.bottom, w - dock_w, bottom.top - top.bottom)
        cell = 16 + 4                              # one proxy: a 16-px piece, a life meter under it
        rows = 3
        proxies = pygame.Rect(dock.x + th.pad, dock.bottom - rows * (cell + 2) - th.pad, dock.w - 2 * th.pad,
                              rows * (cell + 2))
        lh = th.line_height("tiny") + 2
        message = pygame.Rect(view.x + th.pad, view.bottom - lh - th.pad, view.w * 3 // 4, lh)
        book = view.union(dock).inflate(-2 * th.pad - w // 10, -2 * th.pad)
        return cls(top, bottom, view, dock, proxies, (view.w // 6, view.h // 5), message, book)

    def minimap_rect(self, th, size) -> pygame.Rect:
        mw, mh = size
        return pygame.Rect(self.view.right - mw - th.pad, self.view.bottom - mh - th.pad, mw, mh)
