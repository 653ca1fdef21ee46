"""Drawing the Hex quest board screen: title, board, side panel, hint bar (no input, no flow).

Objects are told apart by shape as well as colour (so they read on a small screen and for
colour-blind players): rock a solid block, trap a red cell with spikes, destructable a hatched
green cell, victory blocker a hatched orange one, movable a crate, victory object a gold crate,
boulder a grey ball, gem a blue diamond. What A would do in the aim is previewed (preview.py).
"""

from __future__ import annotations

import pygame

from game.core.grid import HEX
from game.modes.quest import tiles as TL
from game.ui import theme as T
from game.ui.hexdraw import hex_points
from game.ui.scenes.quest.controls import hint_pairs
from game.ui.scenes.quest.preview import action_label, preview
from game.ui.scenes.quest.side_panel import draw_side, side_width
from game.ui.widgets import bottom_rect, hint_bar, title_bar

FLOOR = (58, 54, 74)
OBJ_COLOURS = {TL.NONE: FLOOR, TL.ROCK: (120, 110, 100), TL.TRAP: (170, 60, 60), TL.DESTRUCT: (60, 140, 70),
               TL.BLOCKER: (200, 120, 40), TL.MOVABLE: (150, 110, 60), TL.VICTORY_OBJ: (230, 190, 70),
               TL.BOULDER: (150, 150, 160), TL.GEM: (90, 200, 230), TL.VOID: T.BG}
GOAL = (250, 240, 120)
EXIT = (120, 255, 160)
PLAYER = (255, 255, 255)
FOE = (240, 70, 120)
ALLY = (60, 230, 190)
PREVIEW = (110, 255, 250)      # a cell the action in the aim reaches (a dot in its centre, an outline)
HIT = (255, 90, 60)            # ... where something is hit, destroyed or slowed (a ring round the dot)
ILLEGAL = (255, 40, 40)        # the aimed cell when the action cannot be done there (a cross)
MIN_CELL = 6                   # never smaller than this (the layout tests ask for more on shipped maps)


def geometry(g, rect):
    """place(cell) -> the pygame.Rect of that cell when grid `g` is fitted and centred in `rect`."""
    if g.kind == HEX:
        # cell width w, height h = 0.8 w, column step 0.75 w
        w = min(rect.w * 4 // (3 * g.cols + 1), rect.h * 5 // (4 * g.rows + 2))
        w = max(MIN_CELL, w)
        h, step = w * 4 // 5, w * 3 // 4
        ox = rect.x + (rect.w - (step * (g.cols - 1) + w)) // 2
        oy = rect.y + (rect.h - (h * g.rows + h // 2)) // 2

        def place(c):
            col, row = g.offset_of(c)
            return pygame.Rect(ox + col * step, oy + row * h + (h // 2 if col & 1 else 0), w, h)
    else:
        s = max(MIN_CELL, min(rect.w // g.cols, rect.h // g.rows))
        ox, oy = rect.x + (rect.w - s * g.cols) // 2, rect.y + (rect.h - s * g.rows) // 2

        def place(c):
            x, y = g.coords(c)
            return pygame.Rect(ox + x * s, oy + y * s, s, s)
    return place


def board_rect(surf, th) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """(title, board, side panel, hint bar) rectangles for a screen."""
    w = surf.get_width()
    top = pygame.Rect(0, 0, w, title_bar_height(th))
    bot = bottom_rect(surf, th)
    side_w = side_width(w)
    board = pygame.Rect(0, top.bottom, w - side_w, bot.y - top.bottom)
    return top, board, pygame.Rect(board.right, top.bottom, side_w, bot.y - top.bottom), bot


def title_bar_height(th) -> int:
    return th.line_height("big") + th.pad      # as widgets.title_bar draws it


def draw_play(surf, th, sc) -> dict:
    """The whole board screen for scene `sc` (its game, aim, chosen action, message, keys).
    Returns the side panel's layout plus "board": the board rect and "preview": the Preview."""
    g = sc.game
    surf.fill(T.BG)
    title_bar(surf, th, th.fit(g.level.title or sc.level_id, surf.get_width() // 2, "big"), f"turn {g.turn}")
    _, board, side, bot = board_rect(surf, th)
    pairs = hint_pairs(sc.keypad)
    dims = ([pairs[1][0]] if not sc.session.can_undo() else []) + ([pairs[2][0]] if not sc.session.can_redo() else [])
    hint_bar(surf, th, bot, pairs, dims=dims)
    action = sc.aimed_action()
    pv = preview(g, action) if g.status == "play" else None
    draw_board(surf, board.inflate(-8, -8), g, sc.aim, pv)
    act = action_label(g, action) + (f" ({pv.label})" if pv is not None and pv.legal and action[0] == 0
                                     and pv.label != "step" else "")
    why = (pv.error or pv.note) if pv is not None else None
    out = draw_side(surf, th, side, g, act, sc.message, error=why, legal=pv is None or pv.legal,
                    keys=(pairs[1][0], pairs[2][0]), can_undo=sc.session.can_undo(), can_redo=sc.session.can_redo())
    out["board"], out["preview"] = board.inflate(-8, -8), pv
    return out


def _object(surf, grid, r, o) -> None:
    """Cell `r` holding object `o`: floor or block colour, then the object's own shape."""
    hexmap = grid.kind == HEX
    col = OBJ_COLOURS.get(o, (80, 80, 80))
    fill = col if o in (TL.ROCK, TL.TRAP, TL.DESTRUCT, TL.BLOCKER) else FLOOR
    if hexmap:
        pygame.draw.polygon(surf, fill, hex_points(r.x, r.y, r.w, r.h))
    else:
        pygame.draw.rect(surf, fill, r.inflate(-1, -1))
    k = min(r.w, r.h)
    inner = pygame.Rect(0, 0, k * 3 // 5, k * 3 // 5)
    inner.center = r.center
    if o == TL.ROCK:
        pygame.draw.rect(surf, T.shade(col, 1.3), inner.inflate(-inner.w // 3, -inner.h // 3))
    elif o == TL.TRAP:
        for i in range(3):
            x = inner.x + i * inner.w // 3
            pygame.draw.polygon(surf, (240, 200, 200), [(x, inner.bottom), (x + inner.w // 6, inner.y + inner.h // 3),
                                                        (x + inner.w // 3, inner.bottom)])
    elif o in (TL.DESTRUCT, TL.BLOCKER):
        for i in range(0, inner.w + 1, max(3, inner.w // 3)):
            pygame.draw.line(surf, T.shade(col, 0.6), (inner.x + i, inner.bottom), (inner.x, inner.bottom - i), 1)
            pygame.draw.line(surf, T.shade(col, 0.6), (inner.right, inner.y + i), (inner.x + i, inner.y), 1)
    elif o in (TL.MOVABLE, TL.VICTORY_OBJ):
        pygame.draw.rect(surf, col, inner)
        pygame.draw.rect(surf, T.shade(col, 0.55), inner, 1)
        pygame.draw.line(surf, T.shade(col, 0.55), inner.topleft, inner.bottomright, 1)
        pygame.draw.line(surf, T.shade(col, 0.55), inner.topright, inner.bottomleft, 1)
    elif o == TL.BOULDER:
        pygame.draw.circle(surf, col, r.center, max(2, k * 2 // 5))
        pygame.draw.circle(surf, T.shade(col, 0.6), r.center, max(2, k * 2 // 5), 1)
    elif o == TL.GEM:
        cx, cy, a = r.centerx, r.centery, max(2, k * 2 // 5)
        pygame.draw.polygon(surf, col, [(cx, cy - a), (cx + a * 3 // 4, cy), (cx, cy + a), (cx - a * 3 // 4, cy)])


def draw_board(surf, rect, g, aim: int, pv=None) -> None:
    """The cells, objects, properties, NPCs with their intents, the player, the aim arrow and
    the preview `pv` (a preview.Preview) of what A would do in the aim."""
    grid, lv = g.g, g.level
    place = geometry(grid, rect)
    for c in grid.cells:
        o = g.obj[c]
        if o == TL.VOID:
            continue
        r = place(c)
        _object(surf, grid, r, o)
        p = lv.prop[c]
        if p == TL.P_VICTORY:
            pygame.draw.rect(surf, GOAL, r.inflate(-r.w * 2 // 3, -r.h * 2 // 3), 0 if o == TL.VICTORY_OBJ else 1)
        elif p == TL.P_EXIT:
            pygame.draw.rect(surf, EXIT if g.gems >= g.quota else (60, 110, 70), r.inflate(-r.w // 3, -r.h // 3), 2)
        elif p in (TL.P_GRANT, TL.P_TELEPORT, TL.P_PORT) and not (p == TL.P_GRANT and c in g.granted):
            colp = {TL.P_GRANT: T.ACCENT, TL.P_TELEPORT: T.PURPLE, TL.P_PORT: (200, 200, 255)}[p]
            pygame.draw.circle(surf, colp, r.center, max(2, r.h // 4), 1)
    for n in g.npcs:
        if n["hp"] <= 0:
            continue
        r = place(n["cell"])
        kind, a, _ = n["intent"]
        if kind in (1, 2) and grid.is_cell(a):
            pygame.draw.line(surf, FOE if kind == 2 else T.TEXT_DIM, r.center, place(a).center, 2 if kind == 2 else 1)
        colour = ALLY if n["team"] == "player" else FOE
        pygame.draw.polygon(surf, colour, [(r.centerx, r.y + 2), (r.right - 3, r.bottom - 3), (r.x + 3, r.bottom - 3)])
    pl = g.player
    r = place(pl["cell"])
    pygame.draw.circle(surf, PLAYER, r.center, max(2, min(r.w, r.h) // 3))
    t = grid.step[pl["cell"]][aim]
    if t >= 0:
        pygame.draw.line(surf, T.ACCENT, r.center, place(t).center, 2)
    j = grid.step[pl["cell"]][g.jump_dir]
    if "jump" in pl["spells"] and j >= 0:
        pygame.draw.circle(surf, T.PURPLE, place(j).center, 2)
    if pv is not None:
        draw_preview(surf, grid, place, pv)


def _outline(surf, grid, r, colour) -> None:
    if grid.kind == HEX:
        pygame.draw.polygon(surf, colour, hex_points(r.x + 1, r.y + 1, r.w - 2, r.h - 2), 1)
    else:
        pygame.draw.rect(surf, colour, r.inflate(-2, -2), 1)


def draw_preview(surf, grid, place, pv) -> None:
    """Outline and centre dot on every reached cell, a ring where something is hit, a cross on
    the aimed cell when the action is illegal there."""
    if not pv.legal:
        if pv.target >= 0:
            r = place(pv.target)
            k = max(2, min(r.w, r.h) // 4)
            cx, cy = r.center
            pygame.draw.line(surf, ILLEGAL, (cx - k, cy - k), (cx + k, cy + k), 2)
            pygame.draw.line(surf, ILLEGAL, (cx - k, cy + k), (cx + k, cy - k), 2)
        return
    for c in pv.area:
        r = place(c)
        _outline(surf, grid, r, HIT if c in pv.hits else PREVIEW)
        dot = max(2, min(r.w, r.h) // 8)
        if c in pv.hits:
            pygame.draw.circle(surf, HIT, r.center, dot + 2, 2)
        pygame.draw.circle(surf, PREVIEW, r.center, dot)
