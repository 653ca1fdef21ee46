"""Gravity: every loose object moves one cell a turn, the most 'downward' first; rounded objects
roll off rounded ones; a fallen object crushes the creature it lands on; orange disks explode when
they land (supaplex_objects.py); then the player falls one cell when player gravity is on."""

from __future__ import annotations

from game.core.grid import HEX
from game.modes.quest import events as E
from game.modes.quest import explosions as X
from game.modes.quest import tiles as T


def order(game) -> list[int]:
    """Cells, the most 'downward' first, so a column of objects falls together."""
    gd = game.level.gravity
    if gd < 0:
        return []
    g = game.g
    dx, dy = g.dirs[gd]
    if g.kind == HEX:   # cube dot product of the cell with the direction
        def down(c):
            q, r = g.xs[c], g.ys[c]
            return q * dx + r * dy + (q + r) * (dx + dy)
    else:
        def down(c):
            return g.xs[c] * dx + g.ys[c] * dy
    return sorted(g.cells, key=lambda c: (-down(c), c))


def roll_target(game, c: int, gd: int) -> int:
    """Where a rounded object on a rounded object rolls: first the side clockwise of
    gravity (left as seen on screen with gravity S), then the other; -1 if neither."""
    g = game.g
    nd = len(g.dirs)
    for turn in (1, -1):
        s = g.step[c][(gd + turn) % nd]
        if g.kind == HEX:   # the two hexes diagonally below are direct neighbours
            if game._empty(s):
                return s
        elif game._empty(s) and game._empty(g.step[s][gd]):
            return s
    return -1

def fall(game, events: list) -> None:
    g, obj, gd = game.g, game.obj, game.level.gravity
    falling, moved = set(), set()
    for c in game._order:
        o = obj[c]
        if o not in T.LOOSE or c in moved or (o == T.BOULDER and game.fz):
            continue
        below = g.step[c][gd]
        landed = c in game.falling
        if below < 0:
            if landed and o == T.ORANGE_DISK:
                obj[c] = T.NONE
                X.queue(game, c)
            continue
        cr = game.occ.get(below)
        if obj[below] == T.NONE and cr is None and game._empty(below):
            obj[below], obj[c] = o, T.NONE
            falling.add(below)
            moved.add(below)
            continue
        if landed and o == T.ORANGE_DISK:
            obj[c] = T.NONE
            X.queue(game, c)
        elif landed and obj[below] == T.ORANGE_DISK:
            obj[below] = T.NONE
            X.queue(game, below)
        if cr is not None and obj[below] == T.NONE:
            if landed and o != T.ORANGE_DISK:
                X.kill(game, cr, "crush", events)      # no armour stops a landing object
        elif o in T.ROUNDED and obj[below] in T.ROUNDED:
            s = roll_target(game, c, gd)
            if s >= 0:
                obj[s], obj[c] = o, T.NONE
                falling.add(s)
                moved.add(s)
                events.append(E.Rolled(c, s))
    game.falling = falling
    X.resolve(game, events)
    pl = game.player
    if game.pgrav and pl["hp"] > 0:
        below = g.step[pl["cell"]][gd]
        if game._empty(below) or (below >= 0 and game.obj[below] == T.TRAP and below not in game.occ):
            events.append(E.Fell("you"))
            game.place(pl, below, events)
