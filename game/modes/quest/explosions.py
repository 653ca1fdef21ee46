"""Explosions (Supaplex disks, exploding enemies), resolved as a queue so chains are deterministic.

An explosion at cell c covers c and the cells around it: the 3x3 square on square maps, the hex and
its 6 neighbours on hex maps. In every covered cell:
- a creature dies (armour does not help); a hostile NPC still pays XP and coins (decision 23);
- an explosive object (orange, yellow, red or lit red disk) is removed and explodes in turn, and an
  NPC with a `blast` explodes where it died: both are queued, so a chain resolves in the same turn
  in first-in, first-out order;
- any other object except rock and void is destroyed (gems and boulders too);
- cell properties (exit, ports, pads) stay.
An explosion of gems (a Supaplex electron) then fills every covered cell that is now empty with a gem.

`game.blasts` holds queued explosions `[cell, gems]`; `resolve(game, events)` runs them.
"""

from __future__ import annotations

from game.core.grid import HEX
from game.modes.quest import events as E
from game.modes.quest import tiles as T


def blast_cells(game, c: int) -> list[int]:
    """c and the cells around it (3x3 on squares, 7 hexes on hex maps), in cell order."""
    g = game.g
    if g.kind == HEX:
        return sorted((c, *g.neighbours[c]))
    x, y = g.coords(c)
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if 0 <= x + dx < g.cols and 0 <= y + dy < g.rows:
                n = g.cell_at(x + dx, y + dy)
                if n >= 0:
                    out.append(n)
    return out


def queue(game, c: int, gems: bool = False) -> None:
    game.blasts.append([c, gems])


def kill(game, cr: dict, why: str, events: list) -> None:
    """A death that no armour stops (explosions, sparks)."""
    if cr["hp"] <= 0:
        return
    events.append(E.Slain(cr["name"], cr["hp"], why))
    cr["hp"] = 0
    game.on_death(cr, events)


def resolve(game, events: list) -> None:
    while game.blasts:
        c, gems = game.blasts.pop(0)
        _explode(game, c, gems, events)


def _explode(game, c: int, gems: bool, events: list) -> None:
    cells = blast_cells(game, c)
    events.append(E.Explosion(c, tuple(cells), bool(gems)))
    obj = game.obj
    for n in cells:
        cr = game.occ.get(n)
        if cr is not None:
            kill(game, cr, "blast", events)
        o = obj[n]
        if o == T.NONE or o in T.BLAST_PROOF:
            continue
        if o in T.EXPLOSIVE:
            obj[n] = T.NONE
            queue(game, n)
        else:
            game.destroy(n, events)
        game.falling.discard(n)
        game.fuses.pop(n, None)
        game.bugs.pop(n, None)
    if gems:
        for n in cells:
            if obj[n] == T.NONE and n not in game.occ and game.level.prop[n] not in (T.P_PORT, T.P_EXIT):
                obj[n] = T.GEM
