"""Drawing the Hex quest board screen: title, board, side panel, hint bar (no input, no flow).

Objects are told apart by shape as well as colour (so they read on a small screen and for
colour-blind players): rock a stone block with mortar lines, trap a red cell with spikes, destructable a hatched
green cell, victory blocker a hatched orange one, movable a crate, victory object a gold crate,
boulder a grey ball, gem a blue diamond; an orange disk a ring, a yellow disk a ball with a dark
label bar, a red disk a small ball (lit: with a yellow fuse), a terminal a blue block with a dark
screen, a bug a hatched green cell with a dark beetle; a bug's turns
to its spark and a lit disk's turns to its blast are white pips (a yellow star while a bug
sparks); an NPC's shown cast is a violet line towards its aim (a ring for Lightning).
What A would do in the aim is previewed (preview.py).
"""

from __future__ import annotations

import functools
from types import SimpleNamespace

import pygame

from game.core.grid import HEX
from game.modes.quest import tiles as TL
from game.modes.quest.game import CAST
from game.modes.quest.npcs import speed_next
from game.modes.quest.spells import NAMES
from game.modes.quest.supaplex_objects import board_marks
from game.ui import theme as T
from game.ui.hexdraw import hex_points
from game.ui.modes.quest.board_layer import KEY, BoardLayers
from game.ui.modes.quest.controls import hint_pairs
from game.ui.modes.quest.preview import action_label, preview
from game.ui.modes.quest.side_panel import arrow_vector, draw_arrow, draw_side, side_width
from game.ui.widgets import bottom_rect, goal_line, hint_bar, title_bar

FLOOR = (58, 54, 74)
OBJ_COLOURS = {TL.NONE: FLOOR, TL.ROCK: (120, 110, 100), TL.TRAP: (170, 60, 60), TL.DESTRUCT: (60, 140, 70),
               TL.BLOCKER: (200, 120, 40), TL.MOVABLE: (150, 110, 60), TL.VICTORY_OBJ: (230, 190, 70),
               TL.BOULDER: (150, 150, 160), TL.GEM: (90, 200, 230), TL.VOID: T.BG,
               TL.ORANGE_DISK: (245, 140, 30), TL.YELLOW_DISK: (235, 215, 40), TL.TERMINAL: (70, 160, 200),
               TL.RED_DISK: (215, 40, 45), TL.RED_LIT: (255, 80, 60), TL.BUG: (60, 140, 70)}
DISKS = (TL.ORANGE_DISK, TL.YELLOW_DISK, TL.RED_DISK, TL.RED_LIT)
PIP = (255, 255, 255)          # a bug's turns to its spark, a lit disk's turns to its blast (one pip a turn)
SPARK = (255, 250, 120)        # a bug sparking now
CASTING = (200, 120, 255)      # an NPC's shown cast: a line one cell long in its direction
GOAL = (250, 240, 120)
EXIT = (120, 255, 160)
PLAYER = (255, 255, 255)
FOE = (240, 70, 120)
ALLY = (60, 230, 190)
PREVIEW = (110, 255, 250)      # a cell the action in the aim reaches (a dot in its centre, an outline)
HIT = (255, 90, 60)            # ... where something is hit, destroyed or slowed (a ring round the dot)
FROZEN = (150, 210, 255)       # an NPC that Ice Spray keeps still next turn: a ring, no intent
ILLEGAL = (255, 40, 40)        # the aimed cell when the action cannot be done there (a cross)
LEGIBLE_HEX = 14               # hex cells are never narrower (a bigger map scrolls with the player)
LEGIBLE_SQUARE = 10            # nor square cells smaller


def geometry(g, rect, focus: int = -1):
    """place(cell) -> the pygame.Rect of that cell: grid `g` fitted and centred in `rect`. A map
    too big to fit at a legible size (LEGIBLE_HEX / LEGIBLE_SQUARE) is drawn at that size instead
    and scrolled so the cell `focus` (the player) is as near the middle as the map's edges allow;
    the caller clips to `rect`."""
    if g.kind == HEX:
        # cell width w, height h = 0.8 w, column step 0.75 w
        w = max(LEGIBLE_HEX, min(rect.w * 4 // (3 * g.cols + 1), rect.h * 5 // (4 * g.rows + 2)))
        h, step = w * 4 // 5, w * 3 // 4
        full_w, full_h = step * (g.cols - 1) + w, h * g.rows + h // 2

        def at(c):
            col, row = g.offset_of(c)
            return col * step, row * h + (h // 2 if col & 1 else 0), w, h
    else:
        s = max(LEGIBLE_SQUARE, min(rect.w // g.cols, rect.h // g.rows))
        full_w, full_h = s * g.cols, s * g.rows

        def at(c):
            x, y = g.coords(c)
            return x * s, y * s, s, s
    fx, fy, fw, fh = at(focus) if focus >= 0 else (full_w // 2, full_h // 2, 0, 0)
    ox = _origin(rect.x, rect.w, full_w, fx + fw // 2)
    oy = _origin(rect.y, rect.h, full_h, fy + fh // 2)

    def place(c):
        x, y, cw, ch = at(c)
        return pygame.Rect(ox + x, oy + y, cw, ch)

    col_w, row_h = (step, h) if g.kind == HEX else (s, s)

    def visible(view) -> list[int]:
        """The cells whose rect may meet `view` (a margin of one cell), in cell order."""
        cols = range(max(0, (view.x - ox) // col_w - 1), min(g.cols, (view.right - ox) // col_w + 2))
        rows = range(max(0, (view.y - oy) // row_h - 1), min(g.rows, (view.bottom - oy) // row_h + 2))
        return sorted(c for col in cols for row in rows if (c := g.cell_at_offset(col, row)) >= 0)
    place.visible = visible
    place.origin, place.full = (ox, oy), (full_w, full_h)       # the cells layer (board_layer.py)
    place.cell_size = (col_w, row_h)
    place.at_map = lambda c: pygame.Rect(*at(c))                 # a cell's rect with the map at 0, 0
    return place


def _origin(start: int, room: int, full: int, focus: int) -> int:
    """Where the map's 0 goes on one axis: centred if it fits, else scrolled to the focus."""
    if full <= room:
        return start + (room - full) // 2
    return max(start + room - full, min(start, start + room // 2 - focus))


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


def _preview_of(sc, action):
    """The preview of `action` now, worked out once per game state and action (turning the aim
    back and forth, or a redraw, costs no new throwaway game)."""
    token = sc.session.state_token()
    cache = getattr(sc, "_previews", None)
    if cache is None or cache[0] is not token:
        cache = sc._previews = (token, {})
    key = tuple(action)
    if key not in cache[1]:
        cache[1][key] = preview(sc.game, action)
    return cache[1][key]


def level_goal(g) -> str:
    """What wins this level, in one line (the board's goal line; docs/rules/quest.md rule 8)."""
    prop = g.level.prop
    if any(prop[c] == TL.P_EXIT for c in g.g.cells):
        return f"Reach the exit with {g.quota} gems" if g.quota else "Reach the exit"
    if any(prop[c] == TL.P_VICTORY for c in g.g.cells):
        return "Push the gold crates onto the yellow goals"
    return "Defeat every foe"


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
    pv = _preview_of(sc, action) if g.status == "play" else None
    lh = th.line_height("tiny")
    goal_line(surf, th, pygame.Rect(board.x + 4, board.y + 2, board.w - 8, lh), level_goal(g))
    board = pygame.Rect(board.x, board.y + lh + 2, board.w, board.h - lh - 2)
    place = draw_board(surf, board.inflate(-8, -8), g, sc.aim, pv, layers=_layers(sc))
    act = action_label(g, action) + (f" ({pv.label})" if pv is not None and pv.legal and action[0] == 0
                                     and pv.label != "step" else "")
    why = (pv.error or pv.note) if pv is not None else None
    out = draw_side(surf, th, side, g, act, sc.message, error=why, legal=pv is None or pv.legal,
                    keys=(pairs[1][0], pairs[2][0]), chosen=NAMES[action[1]] if action[0] == CAST else "",
                    can_undo=sc.session.can_undo(), can_redo=sc.session.can_redo())
    out["board"], out["preview"], out["place"] = board.inflate(-8, -8), pv, place
    return out


def _object(surf, grid, r, o) -> None:
    """Cell `r` holding object `o`: floor or block colour, then the object's own shape."""
    hexmap = grid.kind == HEX
    col = OBJ_COLOURS.get(o, (80, 80, 80))
    fill = col if o in (TL.ROCK, TL.TRAP, TL.DESTRUCT, TL.BLOCKER, TL.BUG, TL.TERMINAL) else FLOOR
    if hexmap:
        pts = hex_points(r.x, r.y, r.w, r.h)
        pygame.draw.polygon(surf, fill, pts)
        pygame.draw.polygon(surf, T.shade(fill, 0.7), pts, 1)     # the grid stays readable on big maps
    else:
        pygame.draw.rect(surf, fill, r.inflate(-1, -1))
        pygame.draw.rect(surf, T.shade(fill, 0.7), r.inflate(-1, -1), 1)
    k = min(r.w, r.h)
    inner = pygame.Rect(0, 0, k * 3 // 5, k * 3 // 5)
    inner.center = r.center
    if o == TL.ROCK:                                      # stone courses: mortar lines, no box
        mortar = T.shade(col, 0.65)
        pygame.draw.line(surf, mortar, (inner.x, inner.centery), (inner.right, inner.centery), 1)
        pygame.draw.line(surf, mortar, (inner.x + inner.w // 3, inner.y), (inner.x + inner.w // 3, inner.centery), 1)
        pygame.draw.line(surf, mortar, (inner.x + inner.w * 2 // 3, inner.centery),
                         (inner.x + inner.w * 2 // 3, inner.bottom), 1)
    elif o == TL.TRAP:
        for i in range(3):
            x = inner.x + i * inner.w // 3
            pygame.draw.polygon(surf, (240, 200, 200), [(x, inner.bottom), (x + inner.w // 6, inner.y + inner.h // 3),
                                                        (x + inner.w // 3, inner.bottom)])
    elif o in DISKS:                # a disk: a ring (orange), with a dark label bar (yellow), a small
        big = o in (TL.ORANGE_DISK, TL.YELLOW_DISK)     # full one (red), with a lit fuse (lit red)
        rad = max(2, k * 2 // 5) if big else max(2, k * 3 // 10)
        pygame.draw.circle(surf, col, r.center, rad)
        if o == TL.ORANGE_DISK:
            pygame.draw.circle(surf, FLOOR, r.center, max(1, k // 10))
        elif o == TL.YELLOW_DISK:
            pygame.draw.rect(surf, (60, 50, 10), (r.centerx - rad + 1, r.centery - max(1, k // 12), 2 * rad - 1, max(2, k // 6)))
        elif o == TL.RED_LIT:
            pygame.draw.line(surf, SPARK, r.center, (r.centerx + rad + 1, r.centery - rad - 1), 2)
    elif o == TL.TERMINAL:
        pygame.draw.rect(surf, (20, 40, 60), inner.inflate(-inner.w // 4, -inner.h // 3))
    elif o in (TL.DESTRUCT, TL.BLOCKER, TL.BUG):
        for i in range(0, inner.w + 1, max(3, inner.w // 3)):
            pygame.draw.line(surf, T.shade(col, 0.6), (inner.x + i, inner.bottom), (inner.x, inner.bottom - i), 1)
            pygame.draw.line(surf, T.shade(col, 0.6), (inner.right, inner.y + i), (inner.x + i, inner.y), 1)
        if o == TL.BUG:             # base with a dark beetle on it
            pygame.draw.ellipse(surf, (20, 30, 20), inner.inflate(-inner.w // 3, -inner.h // 5))
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


def _layers(sc) -> BoardLayers | None:
    if sc.session is None:
        return None
    if getattr(sc, "_board_layers", None) is None:
        sc._board_layers = BoardLayers()
    sc._board_layers.token_now = sc.session.state_token()
    return sc._board_layers


def draw_board(surf, rect, g, aim: int, pv=None, layers: BoardLayers | None = None):
    """The cells, objects, properties, NPCs with their intents, the player, the aim arrow and
    the preview `pv` (a preview.Preview) of what A would do in the aim, clipped to `rect`.
    With `layers` (a screen's board_layer.BoardLayers) the cells come from the whole-map layer,
    kept up to date cell by cell; without, every cell in view is drawn now.
    Returns the place(cell) -> Rect it used."""
    grid = g.g
    place = geometry(grid, rect, g.player["cell"])
    clip = surf.get_clip()
    view = rect.clip(clip)
    surf.set_clip(view)
    try:
        if layers is not None and view.w > 0 and view.h > 0:
            layers.cells(surf, place, g, view, layers.token_now, _paint)
        else:
            _cells(surf, place, g, rect)
        _draw_cells(surf, place, g, aim, pv, rect)
    finally:
        surf.set_clip(clip)
    return place




@functools.lru_cache(maxsize=256)
def _cell_picture(o: int, w: int, h: int, kind: str) -> pygame.Surface:
    """A cell holding object `o`, drawn once per object and cell size (then blitted)."""
    pic = pygame.Surface((w, h))
    pic.fill(KEY)
    pic.set_colorkey(KEY)
    _object(pic, SimpleNamespace(kind=kind), pygame.Rect(0, 0, w, h), o)
    return pic


def _cells(surf, place, g, view) -> None:
    """Floor and objects, then the cell properties (goal, exit, grant, pad, port), of the cells
    in `view` (screen coordinates), drawn from scratch."""
    cells = place.visible(view) if hasattr(place, "visible") else g.g.cells
    shown = []
    for c in cells:
        if g.obj[c] == TL.VOID:
            continue
        r = place(c)
        if view.colliderect(r):                          # not scrolled out of sight
            shown.append((c, r))
    _paint(surf, g, shown)


def _paint(surf, g, shown) -> None:
    """The cells `shown` ([(cell, rect)], in cell order): every cell's picture, then the
    properties over them."""
    grid, lv = g.g, g.level
    surf.blits([(_cell_picture(g.obj[c], r.w, r.h, grid.kind), r.topleft) for c, r in shown], doreturn=False)
    for c, r in shown:
        if lv.prop[c] == TL.P_NONE:
            continue
        o = g.obj[c]
        p = lv.prop[c]
        if p == TL.P_VICTORY:
            pygame.draw.rect(surf, GOAL, r.inflate(-r.w * 2 // 3, -r.h * 2 // 3), 0 if o == TL.VICTORY_OBJ else 1)
        elif p == TL.P_EXIT:
            pygame.draw.rect(surf, EXIT if g.gems >= g.quota else (60, 110, 70), r.inflate(-r.w // 3, -r.h // 3), 2)
        elif p in (TL.P_GRANT, TL.P_TELEPORT, TL.P_PORT) and not (p == TL.P_GRANT and c in g.granted):
            colp = {TL.P_GRANT: T.ACCENT, TL.P_TELEPORT: T.PURPLE, TL.P_PORT: (200, 200, 255)}[p]
            pygame.draw.circle(surf, colp, r.center, max(2, r.h // 4), 1)


def _draw_cells(surf, place, g, aim: int, pv, view) -> None:
    """What stands on the cells: timing marks, NPCs and their intents, the player and the aim,
    the preview, wounded NPCs' bars."""
    grid = g.g
    _marks(surf, place, g)
    for n in g.npcs:
        if n["hp"] <= 0:
            continue
        r = place(n["cell"])
        kind, a, b = n["intent"]
        if speed_next(n) == 0:      # slowed to a standstill: it will not carry out its intent
            pygame.draw.circle(surf, FROZEN, r.center, max(3, min(r.w, r.h) // 2), 1)
        elif kind in (1, 2) and grid.is_cell(a):
            pygame.draw.line(surf, FOE if kind == 2 else T.TEXT_DIM, r.center, place(a).center, 2 if kind == 2 else 1)
        elif kind == 3:             # a shown cast (npc_casting.describe_intent says which spell)
            t = grid.step[n["cell"]][a] if b != NAMES.index("lightning") else -1
            if t >= 0:
                pygame.draw.line(surf, CASTING, r.center, place(t).center, 2)
            else:
                pygame.draw.circle(surf, CASTING, r.center, max(3, min(r.w, r.h) // 2), 1)
        colour = ALLY if n["team"] == "player" else FOE
        pygame.draw.polygon(surf, colour, [(r.centerx, r.y + 2), (r.right - 3, r.bottom - 3), (r.x + 3, r.bottom - 3)])
    pl = g.player
    r = place(pl["cell"])
    pygame.draw.circle(surf, PLAYER, r.center, max(2, min(r.w, r.h) // 3))
    t = grid.step[pl["cell"]][aim]
    if t >= 0:
        pygame.draw.line(surf, T.ACCENT, r.center, place(t).center, 2)
    if "jump" in pl["spells"]:                   # the pre-drawn random hex a Jump adds: a purple arrow
        k = max(6, min(r.w, r.h) // 3)
        name = grid.dir_names[g.jump_dir]
        vx, vy = arrow_vector(name, grid.kind == HEX)
        draw_arrow(surf, (r.centerx + round(vx * r.w * 0.42), r.centery + round(vy * r.h * 0.42)), k, name,
                   grid.kind == HEX, T.PURPLE)
    if pv is not None:
        draw_preview(surf, grid, place, pv)
    for n in g.npcs:                                      # a wounded NPC shows how much is left (on top)
        if 0 < n["hp"] < n["max_hp"]:
            r = place(n["cell"])
            bar = pygame.Rect(r.x + r.w // 4, r.bottom - 3, r.w // 2, 2)
            pygame.draw.rect(surf, (40, 30, 40), bar)
            pygame.draw.rect(surf, T.hp_colour(n["hp"] / n["max_hp"]), (bar.x, bar.y, max(1, bar.w * n["hp"] // n["max_hp"]), 2))


def _marks(surf, place, g) -> None:
    """Timings seen in advance: one pip per turn left on bugs and lit disks, a star on a sparking bug."""
    for c, mark in board_marks(g).items():
        r = place(c)
        if mark == "!":
            a = max(2, min(r.w, r.h) // 3)
            for dx, dy in ((a, 0), (0, a), (a, a), (a, -a)):
                pygame.draw.line(surf, SPARK, (r.centerx - dx, r.centery - dy), (r.centerx + dx, r.centery + dy), 2)
            continue
        n = int(mark)
        step = max(2, r.w // 8)
        x0 = r.centerx - (n - 1) * step // 2
        for i in range(n):
            surf.fill(PIP, pygame.Rect(x0 + i * step, r.bottom - step - 1, 1 + step // 3, 1 + step // 3))


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
