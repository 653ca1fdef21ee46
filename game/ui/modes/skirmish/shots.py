"""Pictures of a battle without a window (``tactibox --headless --shots DIR``).

The caller chooses SDL's offscreen driver before this opens the display
(``game.cli.attract.OFFSCREEN_VIDEO``)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.modes.skirmish.still import render_still
from hw.display import canvas_size_for


class Shooter:
    """Renders the battle screen on an offscreen canvas and saves numbered PNGs in `folder`."""

    def __init__(self, folder: Path, size: tuple[int, int]) -> None:
        pygame.display.init()
        pygame.font.init()
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.canvas = pygame.display.set_mode(canvas_size_for(size))

    def shoot(self, game, n: int) -> Path:
        path = self.folder / f"turn-{n:05d}.png"
        pygame.image.save(render_still(game, self.canvas), str(path))
        return path
