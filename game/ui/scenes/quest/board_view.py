"""Drawing the Hex quest board and its side panel (no input, no flow: see scene.py)."""

from __future__ import annotations

import pygame

from game.core.grid import HEX
from game.modes.quest import items as I
from game.modes.quest import tiles as TL
from game.modes.quest.creatures import player_level
from game.ui import theme as T
from game.ui.hexdraw import hex_points

OBJ_COLOURS = {TL.NONE: (58, 54, 74), TL.ROCK: (120, 110, 100), TL.TRAP: (170, 60, 60), TL.DESTRUCT: (60, 140, 70),
               TL.BLOCKER: (200, 120, 40), TL.MOVABLE: (150, 110, 60), TL.VICTORY_OBJ: (230, 190, 70),
               TL.BOULDER: (150, 150, 160), TL.GEM: (90, 200, 230), TL.VOID: T.BG}
GOAL = (250, 240, 120)
EXIT = (120, 255, 160)
PLAYER = (255, 255, 255)
FOE = (240, 70, 120)
ALLY = (60, 230, 190)
RARITY_COLOURS = {"common": (150, 150, 150), "rare": (240, 240, 240), "mystic": (90, 220, 110),
                  "epic": (90, 130, 255), "legendary": (255, 150, 30)}
TL_GEM = OBJ_COLOURS[TL.GEM]


def geometry(g, rect):
    """place(cell) -> the pygame.Rect of that cell when grid `g` is fitted and centred in `rect`."""
    if g.kind == HEX:
        # cell width w, height h = 0.8 w, column step 0.75 w
        w = min(rect.w * 4 // (3 * g.cols + 1), rect.h * 5 // (4 * g.rows + 2))
        w = max(6, w)
        h, step = w * 4 // 5, w * 3 // 4
        ox = rect.x + (rect.w - (step * (g.cols - 1) + w)) // 2
        oy = rect.y + (rect.h - (h * g.rows + h // 2)) // 2

        def place(c):
            col, row = g.offset_of(c)
            return pygame.Rect(ox + col * step, oy + row * h + (h // 2 if col & 1 else 0), w, h)
    else:
        s = max(4, min(rect.w // g.cols, rect.h // g.rows))
        ox, oy = rect.x + (rect.w - s * g.cols) // 2, rect.y + (rect.h - s * g.rows) // 2

        def place(c):
            x, y = g.coords(c)
            return pygame.Rect(ox + x * s, oy + y * s, s, s)
    return place


def draw_board(surf, rect, g, aim: int) -> None:
    """The cells, objects, properties, NPCs with their intents, the player and the aim arrow."""
    grid, lv = g.g, g.level
    place = geometry(grid, rect)
    for c in grid.cells:
        o = g.obj[c]
        if o == TL.VOID:
            continue
        r = place(c)
        col = OBJ_COLOURS.get(o, (80, 80, 80))
        if grid.kind == HEX:
            pygame.draw.polygon(surf, col, hex_points(r.x, r.y, r.w, r.h))
        else:
            pygame.draw.rect(surf, col, r.inflate(-1, -1))
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


def draw_side(surf, th, rect, g, act: str, message: str) -> None:
    """HP, XP, coins, counters, what A does (`act`), the items, the level label and the message."""
    pl = g.player
    x, y = rect.x + 4, rect.y + 4
    lh = th.line_height("tiny") + 1
    w = rect.w - 8
    lines = [(f"HP {pl['hp']}/{pl['max_hp']}", T.hp_colour(max(0, pl["hp"]) / pl["max_hp"])),
             (f"XP {pl['xp']}  Lv {player_level(pl['xp'])}", T.TEXT),
             (f"coins {pl['coins']}  pts {pl['points']}", T.TEXT),
             (f"moves {g.moves} push {g.pushes}", T.TEXT_DIM)]
    if g.quota:
        lines.append((f"gems {g.gems}/{g.quota}", TL_GEM))
    lines.append((f"A: {act}", T.ACCENT))
    for it in pl["items"][:6]:
        band = TL.rarity(max(c for n, c in it[1] if I.SLOT_OF[n])) if I.slot_of(it) else "common"
        lines.append((I.item_name(it), RARITY_COLOURS[band]))
    if g.level.label:
        lines.append((g.level.label, T.TEXT_DIM))
    for text, col in lines:
        if y + lh > rect.bottom - lh * 2:
            break
        th.text(surf, th.fit(text, w, "tiny"), (x, y), col, "tiny")
        y += lh
    if message:
        th.text(surf, th.fit(message, w, "tiny"), (x, rect.bottom - lh - 2), T.TEXT_DIM, "tiny")
