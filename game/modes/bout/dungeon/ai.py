"""What the dungeon's own fighters do each step: foes of every faction and the companion.

Their keys go through the same controls as the hero's (controls.py): a direction, a bump or a
wait, read against their engagement's clock. In a fight their orientation, target and
declarations are the bout bots' (foes "normal", the companion "hard"; world.choice).

- Foes: a foe who sees a fighter of another side (party or faction, the nearest first) goes for
  him and bumps him; one who sees nobody stands guard, and now and then (1 step in 8) sets off
  for a random room, so factions meet and fight each other (seed: 3- and 4-way fights). A foe
  who is beaten (health 2 or less, or so much pain that his pool is all but gone) flees: in a
  fight he moves away (a full evasion, the seed's "Flee"), out of one he keeps his distance from
  whoever he sees.
- The companion (seed: "broad/generic movement orders"): *follow* keeps within two squares of
  the hero and comes to his help when he is in a fight; *hold* stays put; *attack my target*
  goes for the foe the hero is after (the one he presses or fights, else the nearest foe he sees)
  and bumps him. In a fight he holds his ground.
"""

from __future__ import annotations

from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon.actor import ATTACK_TARGET, COMPANION, FOE, FOLLOW, HOLD
from game.modes.bout.dungeon.level import WAIT

WANDER_ONE_IN = 8


def chebyshev(level, a: int, b: int) -> int:
    ax, ay = level.xy(a)
    bx, by = level.xy(b)
    return max(abs(ax - bx), abs(ay - by))


def greedy(g, i: int, goal: int, *, allow_bump: int = -1) -> int:
    """The direction that brings fighter i nearest to `goal` (free squares, or `allow_bump`'s)."""
    lv, me = g.level, g.actors[i]
    if me.pos == goal:
        return WAIT
    gx, gy = lv.xy(goal)
    here = chebyshev(lv, me.pos, goal)
    best, key = WAIT, None
    for d, c in enumerate(lv.neighbours()[me.pos]):
        if c < 0:
            continue
        o = g.at(c)
        if o >= 0 and o != allow_bump:
            continue
        x, y = lv.xy(c)
        k = (max(abs(x - gx), abs(y - gy)), (x - gx) ** 2 + (y - gy) ** 2, d)
        if key is None or k < key:
            best, key = d, k
    if key is None or key[0] > here:
        return WAIT
    return best


def toward(g, i: int, goal: int, *, allow_bump: int = -1, moving: bool = False) -> int:
    """A step along the level's distances to `goal` (rooms and corridors, round corners);
    greedy within two squares; WAIT when every step that gets nearer is taken. A goal that
    moves (`moving`: someone to follow) gets a bounded search instead of a whole-level map."""
    lv, me = g.level, g.actors[i]
    near = chebyshev(lv, me.pos, goal)
    if near <= 2:
        return greedy(g, i, goal, allow_bump=allow_bump)
    if moving:
        dist = lv.near_distances(goal, 2 * near + 8)
        here = dist.get(me.pos, -1)
        if here < 0:
            dist = dict(enumerate(lv.distances(goal)))
            here = dist[me.pos]
    else:
        full = lv.distances(goal)
        here = full[me.pos]
        dist = None
    best, key = WAIT, None
    for d, c in enumerate(lv.neighbours()[me.pos]):
        if c < 0:
            continue
        dc = full[c] if dist is None else dist.get(c, -1)
        if dc < 0:
            continue
        o = g.at(c)
        if o >= 0 and o != allow_bump:
            continue
        k = (dc, d)
        if key is None or k < key:
            best, key = d, k
    if key is None or (here >= 0 and key[0] >= here):
        return WAIT
    return best


def seen_foes(g, i: int) -> list[int]:
    me = g.actors[i]
    view = g.sight().view(me.pos)
    return [j for j, a in enumerate(g.actors)
            if a.standing and g.m.hostile(i, j) and view >> a.pos & 1]


def nearest(g, i: int, ids) -> int:
    lv, me = g.level, g.actors[i]
    return min(ids, key=lambda j: (chebyshev(lv, me.pos, g.actors[j].pos), j), default=-1)


def key(g, i: int) -> int:
    """Direction 0-8 for fighter i this step."""
    a = g.actors[i]
    if a.eng:
        return engaged_key(g, i, g.m.engagement_of(i))
    if a.role == COMPANION:
        return companion_key(g, i)
    return foe_key(g, i)


def beaten(a) -> bool:
    """Too hurt to go on fighting (a foe then flees)."""
    return a.health <= 2 or a.pain_total() >= a.t.prof + a.t.reflex - 2


def away_from(g, i: int, threats) -> int:
    """The free square that keeps fighter i farthest from `threats` (WAIT if none is better)."""
    lv, me = g.level, g.actors[i]
    spots = [g.actors[t].pos for t in threats]
    if not spots:
        return WAIT

    def gap(c):
        return min(chebyshev(lv, c, s) for s in spots)
    best, key_ = WAIT, (gap(me.pos), 0)
    for d, c in enumerate(lv.neighbours()[me.pos]):
        if c >= 0 and g.at(c) < 0:
            k = (gap(c), -d)
            if k > key_:
                best, key_ = d, k
    return best


def engaged_key(g, i: int, e) -> int:
    """In a fight the dungeon's fighters hold their ground (the bots orient, target and declare);
    a beaten foe moves away at the footwork step (a flight: a full evasion)."""
    me = g.actors[i]
    if me.role == FOE and e.step == 0 and beaten(me) and C.can_full_evade(g, i):
        d = away_from(g, i, [o for o in e.members if g.m.hostile(i, o) and g.actors[o].standing])
        if d != WAIT and C.meaning(g, i, d) == C.AWAY:
            return d
    return WAIT


def foe_key(g, i: int) -> int:
    me = g.actors[i]
    if beaten(me):
        seen = seen_foes(g, i)
        me.chase = -1
        return away_from(g, i, seen) if seen else WAIT
    if me.chase >= 0:
        t = g.actors[me.chase]
        if not t.standing or not g.m.hostile(i, me.chase) or not (g.sight().view(me.pos) >> t.pos & 1):
            me.chase = -1
    if me.chase < 0:
        seen = seen_foes(g, i)
        if seen:
            me.chase = nearest(g, i, seen)
            me.goal = -1
    if me.chase >= 0:
        return greedy(g, i, g.actors[me.chase].pos, allow_bump=me.chase)
    if me.goal >= 0:
        if me.pos == me.goal or g.rng.below(40) == 0:
            me.goal = -1
        else:
            return toward(g, i, me.goal)
    if g.rng.below(WANDER_ONE_IN) == 0:
        lv = g.level
        x, y, w, h = lv.rooms[g.rng.below(len(lv.rooms))]
        me.goal = lv.cell(x + w // 2, y + h // 2)
    return WAIT


def hero_target(g) -> int:
    h = g.hero
    if h.press >= 0 and g.actors[h.press].standing:
        return h.press
    if h.target >= 0 and g.actors[h.target].standing:
        return h.target
    e = g.m.engagement_of(0)
    if e is not None:
        foes = [o for o in e.members if g.m.hostile(0, o) and g.actors[o].standing]
        if foes:
            return min(foes)
    seen = seen_foes(g, 0)
    return nearest(g, 0, seen) if seen else -1


def companion_key(g, i: int) -> int:
    me, h = g.actors[i], g.hero
    if me.order == HOLD:
        return WAIT
    if me.order == ATTACK_TARGET or (me.order == FOLLOW and h.eng):
        t = hero_target(g)
        if t >= 0:
            me.chase = t
            return toward(g, i, g.actors[t].pos, allow_bump=t, moving=True)
    if me.order in (FOLLOW, ATTACK_TARGET) and not h.dead:
        if chebyshev(g.level, me.pos, h.pos) > 2:
            return toward(g, i, h.pos, moving=True)
    return WAIT
