"""Where the battle HUD's parts go on a canvas of any supported size (320x240 .. 640x400)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.scenes.battle.hud import InfoWindow


@dataclass
class BattleLayout:
    top: pygame.Rect
    bottom: pygame.Rect
    view: pygame.Rect
    proxies: pygame.Rect
    info_size: tuple[int, int]
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
        view = pygame.Rect(0, top.bottom, w, bottom.top - top.bottom)
        pw = 16 * th.unit + 12 * th.unit + 6
        proxies = pygame.Rect(th.pad, view.y + th.pad, pw, view.h - 2 * th.pad)
        lh = th.line_height("tiny") + 2
        message = pygame.Rect(proxies.right + th.pad, view.bottom - lh - th.pad, w // 2, lh)
        book = view.inflate(-2 * th.pad - w // 10, -2 * th.pad)
        return cls(top, bottom, view, proxies, InfoWindow.size(th), (view.w // 5, view.h // 4), message, book)

    def info_rect(self, th, cursor_screen_x: int | None) -> pygame.Rect:
        w, h = self.info_size
        h = min(h, self.view.h - 2 * th.pad)
        right = cursor_screen_x is None or cursor_screen_x < self.view.centerx
        x = self.view.right - w - th.pad if right else self.proxies.right + th.pad
        return pygame.Rect(x, self.view.y + th.pad, w, h)
