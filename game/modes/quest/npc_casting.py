"""How NPCs use the spells they carry. Spell rules stay in spells.py: legality is always asked of
the cast functions themselves (`dry=True`) and the cast is carried out by them.

A cast intent is `[CAST, d, s]`: spell index s (spells.NAMES) towards direction d; s = -1 is Missile
(the form older levels store). Planned at the end of a turn like every intent, so the board shows
it a turn ahead; carried out next turn if the spell is still legal then, else it fizzles.

Attack spells (missile, fireball, lightning, ice) are scored by (expected damage, hostiles hit):
damage = hits x L x S (S = the NPC's spell damage), Fireball adds its burn L x L per hostile,
Ice deals none (it counts hostiles not yet slowed in its cells). Missile: hostiles among the first
L creatures on a line of 8 cells that objects (not traps) end; Fireball: hostiles within L of its
impact (within 8 cells); Lightning: 1 when a hostile is within L. A Missile or Fireball that would
set off a disk also counts the hostiles in that disk's blast. A spell that would hit an ally, or
set off a disk whose blast reaches the NPC or an ally, scores 0 and is not chosen. Ties: fireball, lightning, missile, ice, then the lowest direction.
Movement spells (jump, teleport), for the models that move on purpose (chase, caster):
- escape: with HP at most a third of max and a hostile adjacent, jump or teleport to the landing
  cell farthest from the nearest hostile (it must end at distance >= 2);
- approach: with no attack, the landing cell nearest the nearest hostile, taken only if it is at
  least 2 cells nearer than the NPC stands now (ties: jump first, then the lowest direction).
Nothing here draws from the PRNG: Jump's random last cell is the game's pre-drawn `jump_dir`,
shown on the board before the cast.
"""

from __future__ import annotations

from game.modes.quest import events as E
from game.modes.quest import tiles as T
from game.modes.quest.creatures import hostile
from game.modes.quest.explosions import blast_cells
from game.modes.quest.spells import CASTERS, NAMES, ice_cells, jump_path

CAST = 3
LINE_RANGE = 8
ATTACKS = ("fireball", "lightning", "missile", "ice")      # tie-break order
MOVERS = ("jump", "teleport")


def spell_index(name: str) -> int:
    return -1 if name == "missile" else NAMES.index(name)


def spell_name(s: int) -> str:
    return "missile" if s < 0 else NAMES[s]


def _legal(game, npc, name, d) -> bool:
    return CASTERS[name](game, npc, npc["spells"][name], d, [], True) is None


def _with_blasts(game, npc, hit: set, disks: list) -> int:
    """Hostiles hit (their cells) plus those the blasts of the disks the cast sets off reach
    (first blasts only, not chains); 0 when a blast would reach the NPC or an ally."""
    if disks:
        cells = set()
        for k in disks:
            cells.update(blast_cells(game, k))
        for cr in game.creatures():
            if cr["hp"] > 0 and cr["cell"] in cells:
                if cr is npc or not hostile(npc, cr):
                    return 0
                hit.add(cr["cell"])
    return len(hit)


def _missile(game, npc, lv, d) -> int:
    """Hostiles among the first lv creatures on the line in d (0 if one of them is not hostile);
    objects other than traps end the line, as for the Missile-only NPCs of older levels; a disk
    that ends it explodes (see _with_blasts)."""
    g, c, hit, disks = game.g, npc["cell"], set(), []
    for _ in range(LINE_RANGE):
        c = g.step[c][d]
        if c < 0:
            break
        cr = game.creature_at(c)
        if cr is not None:
            if not hostile(npc, cr):
                return 0
            hit.add(c)
            if len(hit) == lv:
                break
        elif game.obj[c] not in (T.NONE, T.TRAP):
            if game.obj[c] in T.EXPLOSIVE:
                disks.append(c)
            break
    return _with_blasts(game, npc, hit, disks)


def _fireball(game, npc, lv, d) -> int:
    g, c, impact = game.g, npc["cell"], -1
    for _ in range(LINE_RANGE):
        c = g.step[c][d]
        if c < 0:
            break
        impact = c
        if game.creature_at(c) is not None or game.obj[c] not in (T.NONE, T.TRAP):
            break
    if impact < 0:
        return 0
    hit = set()
    for cr in game.creatures():
        if cr is npc or g.distance(cr["cell"], impact) > lv:
            continue
        if not hostile(npc, cr):
            return 0
        hit.add(cr["cell"])
    disks = [k for k in g.cells_in_range(impact, 0, lv) if game.obj[k] in T.EXPLOSIVE]
    return _with_blasts(game, npc, hit, disks)


def _lightning(game, npc, lv) -> int:
    g = game.g
    near = [cr for cr in game.creatures() if hostile(npc, cr) and g.distance(npc["cell"], cr["cell"]) <= lv]
    return 1 if near else 0


def _ice(game, npc, lv, d) -> int:
    n = 0
    for c in ice_cells(game, npc["cell"], lv, d):
        cr = game.creature_at(c)
        if cr is not None and hostile(npc, cr) and cr["slow"][1] == 0:
            n += 1
    return n


def best_attack(game, npc) -> list[int] | None:
    """The cast intent that deals the most expected damage now, or None."""
    best = None
    s = npc["spell"]
    for rank, name in enumerate(ATTACKS):
        lv = npc["spells"].get(name)
        if not lv:
            continue
        for d in range(1 if name == "lightning" else len(game.g.dirs)):
            if name == "missile":
                hits = _missile(game, npc, lv, d)
            elif name == "fireball":
                hits = _fireball(game, npc, lv, d)
            elif name == "lightning":
                hits = _lightning(game, npc, lv)
            else:
                hits = _ice(game, npc, lv, d)
            if hits <= 0:
                continue
            dmg = 0 if name == "ice" else hits * lv * s + (hits * lv * lv if name == "fireball" else 0)
            key = (dmg, hits, -rank, -d)
            if (best is None or key > best[0]) and _legal(game, npc, name, d):
                best = (key, [CAST, d, spell_index(name)])
    return None if best is None else best[1]


def _landing(game, npc, name, d) -> int:
    lv = npc["spells"][name]
    if name == "jump":
        path = jump_path(game, npc, lv, d)
        return path[-1] if path else -1
    c = npc["cell"]
    for _ in range(lv + 1):
        c = game.g.step[c][d] if c >= 0 else -1
    return c


def _nearest(game, cell, foes) -> int:
    return min(game.g.distance(cell, f["cell"]) for f in foes)


def movement(game, npc, foes, escape: bool) -> list[int] | None:
    """A jump or teleport intent that escapes (escape=True) or closes in, or None."""
    if not foes or not any(m in npc["spells"] for m in MOVERS):
        return None
    g = game.g
    here = _nearest(game, npc["cell"], foes)
    best = None
    for name in MOVERS:
        if name not in npc["spells"]:
            continue
        for d in range(len(g.dirs)):
            land = _landing(game, npc, name, d)
            if land < 0 or not _legal(game, npc, name, d):
                continue
            dist = _nearest(game, land, foes)
            if escape:
                ok, key = dist >= 2 and dist > here, (dist, -MOVERS.index(name), -d)
            else:
                ok, key = 1 <= dist <= here - 2, (-dist, -MOVERS.index(name), -d)
            if ok and (best is None or key > best[0]):
                best = (key, [CAST, d, spell_index(name)])
    return None if best is None else best[1]


def carry_out(game, npc, intent, events) -> None:
    _, d, s = intent
    name = spell_name(s)
    lv = npc["spells"].get(name, 1)
    why = CASTERS[name](game, npc, lv, d, [], True)
    if why is not None:
        events.append(E.Fizzled(npc["name"], name, why))
        return
    CASTERS[name](game, npc, lv, d, events, False)


def describe_intent(game, npc) -> str:
    """What the board says an NPC will do next turn, e.g. 'casts fireball SW'."""
    kind, a, b = npc["intent"]
    if npc["hp"] <= 0:
        return "dead"
    if kind == CAST:
        name = spell_name(b)
        return f"casts {name}" + ("" if name == "lightning" else f" {game.g.dir_names[a]}")
    if kind in (1, 2):
        return f"{'moves to' if kind == 1 else 'strikes'} {game.level.pos_text(a)}"
    return "waits"
