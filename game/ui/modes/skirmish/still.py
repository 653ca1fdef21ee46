"""One picture of a battle without a running scene (headless screenshots, benchmarks)."""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.art.shared import shared_art
from game.ui.camera import Camera
from game.ui.minimap import Minimap
from game.ui.modes.skirmish import hud
from game.ui.modes.skirmish.board import BoardView, Marks
from game.ui.modes.skirmish.layout import BattleLayout
from game.ui.theme import Theme

_views: dict = {}


def render_still(game, surf, theme: Theme | None = None):
    """Draw `game` on `surf` (its whole size): board centred on the side to play, HUD lines."""
    th = theme or Theme(surf.get_size())
    tiles, art = shared_art()
    key = (game.gmap.id, th.canvas)
    if key not in _views:
        _views.clear()
        _views[key] = (BoardView(th, game.rs, game.gmap, tiles, art), BattleLayout.for_canvas(th, surf.get_size()))
    board, lay = _views[key]
    mm = Minimap(game.rs, game.gmap, lay.minimap_max)
    cam = Camera(lay.view.size, board.geom.size)
    own = [p for p in game.pieces if p.alive and p.seat == game.current] or [p for p in game.pieces if p.alive]
    if own:
        xs = [board.geom.centre(p.cell) for p in own]
        cam.centre_on((sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs)))
        cam.snap()
    board.draw(surf, lay.view, cam.offset, game, Marks())
    hud.top_line(surf, th, lay.top, game)
    pygame.draw.rect(surf, T.PANEL_DARK, lay.dock)
    hud.proxies(surf, th, lay.proxies, game, own, art)
    ww, wh = board.geom.size
    if ww > lay.view.w or wh > lay.view.h:
        mm.draw_pieces(surf, lay.minimap_rect(th, mm.size).topleft, [p for p in game.pieces if p.alive])
    hud.button_bar(surf, th, lay.bottom, [])
    return surf
