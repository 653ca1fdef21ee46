"""Title screen: the logo, a parade of pieces in the four team colours, "press A".

Any of A / Start goes to the main menu. When a game was interrupted (the power went, the battery
ran flat: every game is saved after each move, game/ui/resume.py) the title offers Continue
first: A continues it (several: a list, the most recent first), DOWN + A goes to the menu.
Left alone for ``ATTRACT_AFTER`` seconds (a cabinet in a hall), it starts the attract demo: bots
play a battle; any button comes back here. Only the parade strip and the prompt are repainted
while it waits.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.art.pieces import KINDS
from game.ui.art.shared import shared_art
from game.ui.resume import interrupted
from game.ui.scene import Scene
from hw.input.buttons import Button, EventKind

ATTRACT_AFTER = 30.0


class Title(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.t = 0.0
        self.idle = 0.0
        self._phase = None
        self.demos = 0
        self.games = interrupted(app)       # games to Continue, the most recent first
        self.choice = 0                     # 0: Continue, 1: the menu (when there is a game)

    def enter(self) -> None:
        super().enter()
        self.idle = 0.0
        self.games = interrupted(self.app)
        self.choice = min(self.choice, 1) if self.games else 0
        self._phase = None

    def handle(self, ev) -> None:
        if ev.kind is not EventKind.PRESS:
            return
        self.idle = 0.0
        if self.games and ev.button in (Button.UP, Button.DOWN):
            self.choice = 1 - self.choice
            self._phase = None
            self.app.sound.play("cursor")
        elif ev.button is Button.A and self.games and self.choice == 0:
            self.app.sound.play("select")
            self.continue_game()
        elif ev.button in (Button.A, Button.START):
            self.app.sound.play("select")
            self.app.replace("menu")

    def continue_game(self) -> None:
        """The most recent interrupted game; several: the list of them."""
        if len(self.games) == 1:
            self._open(self.games[0])
            return
        self.app.open("choice", title="Continue which game?",
                      options=[(g.label, lambda g=g: self._open(g)) for g in self.games])

    def _open(self, game) -> None:
        """Under the game: the main menu (leaving the game lands there, as if started from it)."""
        self.app.replace("menu")
        if not game.open(self.app):
            self.games = interrupted(self.app)

    def update(self, dt: float) -> None:
        self.t += dt
        self.idle += dt
        rs = self.app.content.ruleset() if self.app.content.ready else None
        if self.idle >= ATTRACT_AFTER and rs is not None and rs.maps:
            self.idle = 0.0
            self.demos += 1
            self.app.open("demo", number=self.demos)

    # ------------------------------------------------------------------------------------------
    def _strip(self, surf) -> pygame.Rect:
        w, h = surf.get_size()
        u = self.theme.unit * 2
        return pygame.Rect(0, h // 2, w, 24 * u)

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        for i in range(0, h, 4):
            pygame.draw.line(surf, (22, 20, 36), (0, i), (w, i))
        y = h // 5
        word = "TACTIBOX"
        big = th.font("huge")
        total = sum(big.size(ch)[0] for ch in word)
        x = (w - total) // 2
        for i, ch in enumerate(word):
            col = T.team_colour(i % 4)
            th.text(surf, ch, (x + 2, y + 2), (0, 0, 0), "huge")
            th.text(surf, ch, (x, y), col, "huge")
            x += big.size(ch)[0]
        th.text(surf, "turn-based tactics for two to four armies", (w // 2, y + th.line_height("huge")),
                T.TEXT_DIM, "small", align="centre")
        self._draw_strip(surf)
        self._draw_prompt(surf)
        th.text(surf, "START+SELECT held: back to the menu from anywhere", (w // 2, h - th.line_height("tiny") - 2),
                T.TEXT_DIM, "tiny", align="centre")

    def _draw_strip(self, surf) -> pygame.Rect:
        _, art = shared_art()
        r = self._strip(surf)
        surf.fill(T.BG, r)
        u = self.theme.unit * 2
        n = len(KINDS)
        step = min(20 * u, (r.w - 8) // n)
        if step < 16 * u:
            u = self.theme.unit
            step = min(20 * u, (r.w - 8) // n)
        x0 = (r.w - step * n) // 2
        frame = int(self.t * 6)
        for i, kind in enumerate(KINDS):
            hop = 2 * u if (frame + i) % 4 == 0 else 0
            surf.blit(art.get(kind, i % 4, u), (x0 + i * step, r.y + 4 * u - hop))
        return r

    def _prompt_rect(self, surf) -> pygame.Rect:
        w, h = surf.get_size()
        lh = self.theme.line_height("normal")
        lines = 3 if self.games else 1
        return pygame.Rect(0, self._strip(surf).bottom + 4, w, lines * (lh + 2))

    def _draw_prompt(self, surf) -> pygame.Rect:
        r = self._prompt_rect(surf)
        surf.fill(T.BG, r)
        th = self.theme
        if not self.games:
            if int(self.t * 2) % 2 == 0:
                th.text(surf, "press A to start", (r.centerx, r.y), T.ACCENT, "normal", align="centre")
            return r
        lh = th.line_height("normal") + 2
        more = f" (+{len(self.games) - 1} more)" if len(self.games) > 1 else ""
        lines = [("Continue", th.fit(self.games[0].label + more, r.w - 4 * th.pad, "small")), ("Main menu", "")]
        for i, (label, detail) in enumerate(lines):      # Continue, its game, then Main menu
            on = i == self.choice
            th.text(surf, ("> " if on else "  ") + label, (r.centerx, r.y + 2 * i * lh),
                    T.ACCENT if on else T.TEXT_DIM, "normal", align="centre")
            if detail:
                th.text(surf, detail, (r.centerx, r.y + lh), T.TEXT if on else T.TEXT_DIM, "small", align="centre")
        return r

    def draw_update(self, surf):
        phase = (int(self.t * 6), int(self.t * 2) % 2, self.choice)
        if phase == self._phase:
            return []
        self._phase = phase
        return [self._draw_strip(surf), self._draw_prompt(surf)]
