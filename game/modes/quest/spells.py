"""The six spells at levels 1 (Novice), 2 (Advanced), 3 (Master).

Each `cast_<name>(game, caster, level, d, events, dry)` returns None when the cast is legal (and,
unless `dry`, performs it) or a string saying why it is not. S below is the caster's spell damage
(map base + Wizard), doubled by a worn Wand once per cast.

- missile: straight in d; L*S to each of the first L creatures or destructables on the path;
  rocks, void and movable objects stop it; traps do not.
- fireball: straight in d until the first creature or object (or the last cell before the edge);
  L*S to every creature within radius L of that cell except the caster, destroys destructables
  there, and sets burning L damage a turn for L turns.
- lightning: the nearest hostile NPC at distance <= L takes L*S, then up to L jumps, each to the
  nearest not-yet-hit hostile creature or destructable within distance L of the last target.
- ice: the L*L cells nearest the cell in front (d), the caster's cell excluded; hostile creatures
  there are slowed by L for L turns.
- jump: L steps against gravity (with no gravity: in d) while cells are free, then one step in the
  pre-drawn random direction shown to the player (`game.jump_dir`), if that cell is free.
- teleport: to the cell exactly L+1 steps away in d, through anything; it must be free.
A Missile stopped by an explosive object (a disk) and a Fireball whose radius holds one detonate it
(explosions.py; the blast resolves once the cast is over).
"""

from __future__ import annotations

from game.modes.quest import events as E
from game.modes.quest import explosions as X
from game.modes.quest import items as I
from game.modes.quest import tiles as T
from game.modes.quest.creatures import hit, hostile, spell_of

NAMES = ("missile", "fireball", "lightning", "ice", "jump", "teleport")


def _power(game, caster, lv, dry) -> int:
    base = lv * spell_of(game.level, caster)
    return base if dry else I.outgoing(caster["items"], base, magic=True)


def _ray(game, start, d):
    c = game.g.step[start][d]
    while c >= 0:
        yield c
        c = game.g.step[c][d]


def _detonate(game, c) -> None:
    game.obj[c] = T.NONE
    game.fuses.pop(c, None)
    X.queue(game, c)


def cast_missile(game, caster, lv, d, events, dry):
    first = game.g.step[caster["cell"]][d]
    if first < 0:
        return "nothing in that direction"
    if dry:
        return None
    dmg, left = _power(game, caster, lv, dry), lv
    events.append(E.Cast("missile", caster["name"], dir=d))
    for c in _ray(game, caster["cell"], d):
        o = game.obj[c]
        cr = game.creature_at(c)
        if cr is not None:
            hit(game, cr, dmg, True, caster, events)
            left -= 1
        elif o in T.DESTRUCTIBLE:
            game.destroy(c, events)
            left -= 1
        elif o not in (T.NONE, T.TRAP):
            if o in T.EXPLOSIVE:
                _detonate(game, c)
            break
        if left == 0:
            break
    return None


def cast_fireball(game, caster, lv, d, events, dry):
    first = game.g.step[caster["cell"]][d]
    if first < 0:
        return "nothing in that direction"
    if dry:
        return None
    impact = first
    for c in _ray(game, caster["cell"], d):
        impact = c
        if game.creature_at(c) is not None or game.obj[c] not in (T.NONE, T.TRAP):
            break
    dmg = _power(game, caster, lv, dry)
    events.append(E.Cast("fireball", caster["name"], at=impact))
    for c in game.g.cells_in_range(impact, 0, lv):
        if game.obj[c] in T.DESTRUCTIBLE:
            game.destroy(c, events)
        elif game.obj[c] in T.EXPLOSIVE:
            _detonate(game, c)
    for cr in game.creatures():
        if cr is not caster and cr["hp"] > 0 and game.g.distance(cr["cell"], impact) <= lv:
            hit(game, cr, dmg, True, caster, events)
            if cr["hp"] > 0:
                cr["burn"] = [max(cr["burn"][0], lv), max(cr["burn"][1], lv)]
    return None


def cast_lightning(game, caster, lv, d, events, dry):
    g = game.g
    foes = [cr for cr in game.creatures() if cr["hp"] > 0 and hostile(caster, cr)
            and g.distance(caster["cell"], cr["cell"]) <= lv]
    if not foes:
        return f"no hostile creature within {lv}"
    if dry:
        return None
    dmg = _power(game, caster, lv, dry)
    target = min(foes, key=lambda cr: (g.distance(caster["cell"], cr["cell"]), cr["cell"]))
    events.append(E.Cast("lightning", caster["name"]))
    done = {target["cell"]}
    last = target["cell"]
    hit(game, target, dmg, True, caster, events)
    for _ in range(lv):
        cands = [c for c in g.cells_in_range(last, 1, lv) if c not in done and c != caster["cell"] and (
            (game.creature_at(c) is not None and hostile(caster, game.creature_at(c)))
            or game.obj[c] in T.DESTRUCTIBLE)]
        if not cands:
            break
        nxt = min(cands, key=lambda c: (g.distance(last, c), c))
        done.add(nxt)
        cr = game.creature_at(nxt)
        if cr is not None:
            hit(game, cr, dmg, True, caster, events)
        else:
            game.destroy(nxt, events)
        last = nxt
    return None


def ice_cells(game, cell, lv, d) -> list[int]:
    g = game.g
    front = g.step[cell][d]
    if front < 0:
        return []
    cands = [c for c in g.cells_in_range(front, 0, lv) if c != cell]
    cands.sort(key=lambda c: (g.distance(front, c), g.distance(cell, c), c))
    return cands[:lv * lv]


def cast_ice(game, caster, lv, d, events, dry):
    cells = ice_cells(game, caster["cell"], lv, d)
    if not cells:
        return "nothing in that direction"
    if dry:
        return None
    events.append(E.Cast("ice", caster["name"], cells=tuple(cells)))
    for c in cells:
        cr = game.creature_at(c)
        if cr is not None and hostile(caster, cr):
            cr["slow"] = [max(cr["slow"][0], lv), max(cr["slow"][1], lv)]
            events.append(E.Slowed(cr["name"], lv))
    return None


def jump_path(game, caster, lv, d) -> list[int]:
    g = game.g
    up = d if game.level.gravity < 0 else game.opposite(game.level.gravity)
    path, c = [], caster["cell"]
    for _ in range(lv):
        n = g.step[c][up]
        if n < 0 or not game.free_for_creature(n, walker=caster):
            break
        path.append(n)
        c = n
    if path:
        n = g.step[c][game.jump_dir]
        if n >= 0 and game.free_for_creature(n, walker=caster):
            path.append(n)
    return path


def cast_jump(game, caster, lv, d, events, dry):
    path = jump_path(game, caster, lv, d)
    if not path:
        return "no room to jump"
    if dry:
        return None
    events.append(E.Cast("jump", caster["name"], path=tuple(path)))
    game.place(caster, path[-1], events)
    game.draw_jump_dir()
    return None


def cast_teleport(game, caster, lv, d, events, dry):
    c = caster["cell"]
    for _ in range(lv + 1):
        c = game.g.step[c][d] if c >= 0 else -1
    if c < 0 or not game.free_for_creature(c, walker=caster):
        return "the landing cell is not free"
    if dry:
        return None
    events.append(E.Cast("teleport", caster["name"], to=c))
    game.place(caster, c, events)
    return None


CASTERS = {"missile": cast_missile, "fireball": cast_fireball, "lightning": cast_lightning,
           "ice": cast_ice, "jump": cast_jump, "teleport": cast_teleport}
