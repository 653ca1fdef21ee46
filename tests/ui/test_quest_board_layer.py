"""The Hex quest board's whole-map cells layer (game/ui/modes/quest/board_layer.py): drawn once
per level and cell size, then only the cells that changed are repainted. Whatever happened (steps,
pushes, falls, blasts, undo, the map scrolling with the player), the screen is pixel for pixel
the picture a new layer (the whole map drawn now) makes, and, where the map fits the board, the
picture of every cell drawn straight onto the screen.

Where a scrolled map's cell is cut by the board's edge, drawing straight onto the clipped screen
is not the reference: pygame-ce 2.5 fills part of the inside of a thick rectangle (the exit's
frame) cut by the clip's top edge (`pygame.draw.rect(s, c, Rect(201, 19, 7, 7), 2)` with the
clip starting at y=22 paints (203..205, 22..23)); the layer draws every cell whole, unclipped."""

from __future__ import annotations

import pygame
import pytest

from bench.bench_quest import hexlevel, sqlevel
from game.modes.base import ActionError
from game.modes.quest.game import CAST, MOVE, WAIT
from game.modes.quest.session import Session
from game.modes.quest.spells import NAMES
from game.ui.modes.quest import board_view

CARRY = {"spells": {name: 3 for name in NAMES}, "items": [], "xp": 0, "coins": 0, "points": 0}


def _pictures(sc, surf) -> tuple[bytes, bytes, bytes]:
    """The screen of the state now drawn three ways: through the screen's layer (kept up to date
    cell by cell), through a new layer (the whole map drawn now), and every cell in view drawn
    straight onto the screen (no layer)."""
    sc.draw(surf)
    layered = pygame.image.tobytes(surf, "RGB")
    kept, sc._board_layers = sc._board_layers, None
    sc.draw(surf)
    fresh = pygame.image.tobytes(surf, "RGB")
    sc._board_layers = kept
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(board_view, "_layers", lambda sc: None)
        sc.draw(surf)
    return layered, fresh, pygame.image.tobytes(surf, "RGB")


def _script(n: int):
    """A fixed walk: steps round the compass, now and then a wait, a fireball, an undo."""
    for i in range(n):
        if i % 11 == 10:
            yield "undo"
        elif i % 7 == 6:
            yield [CAST, NAMES.index("fireball"), i % 4]    # (the direction is taken modulo the grid's)
        elif i % 5 == 4:
            yield [WAIT]
        else:
            yield [MOVE, (i // 3) % 4]


@pytest.mark.parametrize("size", [(480, 320), (1280, 720)])
@pytest.mark.parametrize("which", ["hex_r12_30npc", "supaplex_60x24", "hex/14_disks_and_bugs", "square/22_vault"])
def test_the_layer_always_shows_what_a_redraw_from_scratch_shows(make_app, which, size):
    app = make_app(size=size)
    if "/" in which:
        app.open("quest_board", level=which)
        sc = app.top
        sc.session = Session(sc.session.level, CARRY)
    else:
        app.open("quest_board", level="hex/01_first_push")
        sc = app.top
        sc.session = Session(hexlevel() if which.startswith("hex") else sqlevel(), CARRY)
    surf = app.surface
    layered, fresh, scratch = _pictures(sc, surf)
    assert layered == fresh == scratch
    layers = sc._board_layers
    done = repaints = 0
    for action in _script(40):
        if action == "undo" or sc.game.status != "play":     # (a lost game: back one move)
            sc.session.undo()
        else:                                 # the scripted action, else any step, else a wait
            dirs = len(sc.game.g.dir_names)
            for a in [action] + [[MOVE, (action[-1] + k) % dirs] for k in range(dirs)] + [[WAIT]]:
                try:
                    sc.session.act(a)
                    break
                except ActionError:
                    continue
        layered, fresh, scratch = _pictures(sc, surf)
        assert layered == fresh, f"after {action} (move {sc.session.pos})"
        if which.startswith(("hex/", "square/")):      # the map fits the board: no cell cut by its edge
            assert layered == scratch, f"after {action} (move {sc.session.pos})"
        done += 1
        repaints += layers.repainted
    assert layers.full_draws == 1                      # one whole-map draw, then cell by cell
    assert sc._board_layers is layers
    assert done >= 10
    assert repaints < done * len(sc.game.g.cells) // 10   # far fewer cells than redrawing every one


def test_a_new_state_repaints_only_the_cells_that_changed(make_app):
    app = make_app(size=(480, 320))
    app.open("quest_board", level="hex/02_two_crates")
    sc = app.top
    surf = app.surface
    sc.draw(surf)
    layers = sc._board_layers
    assert layers.full_draws == 1
    objs = bytes(sc.game.obj)
    for d in range(len(sc.game.g.dir_names)):       # a push if one is there, else a step
        try:
            sc.session.act([MOVE, d])
            break
        except ActionError:
            continue
    changed = sum(a != b for a, b in zip(objs, sc.game.obj))
    sc.draw(surf)
    assert layers.full_draws == 1 and layers.repainted == changed
    sc.session.undo()                                 # back: the same cells again
    sc.draw(surf)
    assert layers.full_draws == 1 and layers.repainted == changed and bytes(sc.game.obj) == objs


def _open_square_level():
    """A 60x24 square map, walls round it, gems on the row the player walks (taken as it goes),
    crates beside it, an exit in a far corner: at a legible cell size it is wider than any board, so it scrolls."""
    from game.core.grid import Grid
    from game.modes.quest import tiles as TL
    from game.modes.quest.level import Level
    g = Grid.square(60, 24)
    obj, prop = bytearray(g.n), bytearray(g.n)
    for c in g.cells:
        x, y = g.coords(c)
        if x in (0, 59) or y in (0, 23):
            obj[c] = TL.ROCK
        elif y == 12 and x % 3 == 0:
            obj[c] = TL.GEM
        elif y in (9, 15) and x % 4 == 1:
            obj[c] = TL.MOVABLE
    prop[g.cell_at(57, 2)] = TL.P_EXIT               # the way out, far from the walk (never reached)
    return Level(name="open", grid=g, obj=obj, prop=prop, start=g.cell_at(2, 12), hp=100)


@pytest.mark.parametrize("size", [(320, 240), (480, 320), (1280, 720)])
def test_scrolling_across_a_wide_map_shows_what_a_redraw_from_scratch_shows(make_app, size):
    app = make_app(size=size)
    app.open("quest_board", level="hex/01_first_push")
    sc = app.top
    sc.session = Session(_open_square_level(), CARRY)
    surf = app.surface
    board = board_view.board_rect(surf, sc.theme)[1]
    origins = set()
    east, south = sc.game.g.dir_names.index("E"), sc.game.g.dir_names.index("S")
    for d in [east] * 50 + [south] * 5:
        sc.aim = d
        sc.session.act([MOVE, d])
        layered, fresh, _ = _pictures(sc, surf)
        assert layered == fresh, f"at move {sc.session.pos}"
        origins.add(sc.geometry(board).origin)
    assert sc.game.gems > 0                            # gems were taken: cells changed on the way
    assert len(origins) > 10                           # and the map scrolled, many times
    assert sc._board_layers.full_draws == 1
