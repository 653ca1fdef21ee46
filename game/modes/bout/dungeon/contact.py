"""Who fights whom: engagements form, grow, merge, split and end as fighters move.

Seed ("Flow of exchange"): foes who become adjacent and are not busy are "automatically engaged
in a new Combat Round (starting from e1s0)"; opponents are "busy-rolling-in-exchange" from e1s2
through the whole of exchange 2 and cannot be interrupted; a fighter separated from his foes is
out of the fight; a fighter who bumps into (or waits next to) a fight that is not busy joins it,
both sides synchronised "to the latest" step (the house rule). So, after every step's movement:

1. separation: a fighter no longer touching a standing foe of his engagement leaves it; an
   engagement with one side left (or a bout that ended) dissolves;
2. contact between two foes: both free -> one new engagement for every group of free fighters
   in contact (clock e1s0); one in an engagement that is not busy -> the other joins it at its
   step; two engagements, neither busy -> they merge at the later step. A fight that is busy is
   joined when its round ends (the newcomer waits beside it).
"""

from __future__ import annotations

from game.modes.bout.dungeon.engagement import Engagement


def _adjacent(level, a: int, b: int) -> bool:
    ax, ay = level.xy(a)
    bx, by = level.xy(b)
    return max(abs(ax - bx), abs(ay - by)) == 1


def touching(g, i: int, others) -> bool:
    me = g.actors[i]
    return any(g.actors[o].standing and g.actors[o].side != me.side and _adjacent(g.level, me.pos, g.actors[o].pos)
               for o in others if o != i)


def touching_any(g, i: int) -> bool:
    """Is a standing foe on a square beside fighter i?"""
    me = g.actors[i]
    for c in g.level.neighbours()[me.pos]:
        o = g.at(c) if c >= 0 else -1
        if o >= 0 and g.actors[o].standing and g.actors[o].side != me.side:
            return True
    return False


def contacts(g) -> list[tuple[int, int]]:
    """Pairs (i < j) of standing foes on adjacent squares."""
    out = []
    nb, occ, actors = g.level.neighbours(), g._occ, g.actors
    up = [a.standing for a in actors]
    for i, a in enumerate(actors):
        if not up[i]:
            continue
        for c in nb[a.pos]:
            j = occ.get(c, -1)
            if j > i and up[j] and actors[j].side != a.side:
                out.append((i, j))
    return out


def leave(g, i: int) -> None:
    a = g.actors[i]
    a.press = -1
    g.refit(a)
    g.evading.pop(i, None)
    g.events.append(("leaves_fight", i))


def separate(g) -> None:
    for e in list(g.engagements):
        keep = [i for i in e.ids if g.actors[i].standing and touching(g, i, e.ids)]
        sides = {g.actors[i].side for i in keep}
        if e.phase == "over" or len(sides) < 2:
            g.engagements.remove(e)
            for i in e.ids:
                leave(g, i)
            g.events.append(("fight_ends", e.eid))
        elif len(keep) != len(e.ids):
            for i in e.ids:
                if i not in keep:
                    leave(g, i)
            e.set_members(keep, e.global_pairs())


SURPRISE_TIERS = ("no_stance", "cheap_shot", "unsuspecting")


def surprise_levels(g, members) -> dict:
    """Who is taken by surprise when a fight breaks out (**choice**, using the bout's surprise
    table): a fighter who could not see a foe at the start of the step is caught without a
    stance if that foe is now in front of him (angle 0-1), by a cheap shot from the side (2),
    unsuspecting from behind (3-4); the worst counts. Seen coming: ready, no roll."""
    from game.modes.bout.dungeon.controls import angle, direction
    start = g.start_pos
    if not start:
        return {}
    ids = {s.id: s.index for s in g.rules.surprise}
    sight = g.sight()
    out = {}
    for x in members:
        me, worst = g.actors[x], -1
        for y in members:
            other = g.actors[y]
            if other.side == me.side or x >= len(start) or y >= len(start):
                continue
            if sight.sees(start[x], start[y]):
                continue
            d = direction(g.level, me.pos, other.pos)
            a = angle(me.facing, d) if d >= 0 else 4
            worst = max(worst, 0 if a <= 1 else 1 if a == 2 else 2)
        if worst >= 0 and SURPRISE_TIERS[worst] in ids:
            out[x] = ids[SURPRISE_TIERS[worst]]
            g.events.append(("caught_unawares", x, SURPRISE_TIERS[worst]))
    return out


def later(e1, e2):
    return e1 if (e1.exchange, e1.step) >= (e2.exchange, e2.step) else e2


def join_and_form(g) -> list:
    """Step 2 of the module doc; returns the engagements created now (they start at e1s0)."""
    created = []
    for _ in range(len(g.actors) + 1):             # joins can chain; bounded
        changed = False
        free_groups: dict[int, int] = {}
        for i, j in contacts(g):
            ei, ej = g.engagement_of(i), g.engagement_of(j)
            if ei is not None and ei is ej:
                continue
            if ei is None and ej is None:
                free_groups.setdefault(i, i)
                free_groups.setdefault(j, j)
                _union(free_groups, i, j)
                continue
            if ei is not None and ej is not None:
                if ei.busy() or ej.busy() or ei in created or ej in created:
                    continue
                keep, gone = (ei, ej) if later(ei, ej) is ei else (ej, ei)
                pairs = {**gone.global_pairs(), **keep.global_pairs()}
                keep.set_members(keep.ids + gone.ids, pairs)
                keep.round = max(keep.round, gone.round)
                g.engagements.remove(gone)
                g.events.append(("fights_merge", keep.eid, gone.eid))
                changed = True
                break
            e, newcomer = (ei, j) if ei is not None else (ej, i)
            if e.busy() or e in created:
                continue
            e.set_members(e.ids + [newcomer], e.global_pairs())
            e.refresh_newcomer(newcomer)
            g.actors[newcomer].bleed = g.actors[newcomer].waits = 0
            g.events.append(("joins_fight", newcomer, e.eid))
            changed = True
            break
        if changed:
            continue
        groups: dict[int, list[int]] = {}
        for i in free_groups:
            groups.setdefault(_find(free_groups, i), []).append(i)
        for root in sorted(groups):
            e = Engagement(g, g.next_eid, groups[root])
            g.next_eid += 1
            g.engagements.append(e)
            created.append(e)
            g.events.append(("fight_starts", e.eid, tuple(e.ids)))
            g.melee(e, e.start(surprise_levels(g, e.ids)))
            for i in e.ids:
                g.actors[i].bleed = 0
                g.actors[i].waits = 0
        if not groups:
            break
    return created


def _find(p: dict, i: int) -> int:
    while p[i] != i:
        p[i] = p[p[i]]
        i = p[i]
    return i


def _union(p: dict, a: int, b: int) -> None:
    ra, rb = _find(p, a), _find(p, b)
    if ra != rb:
        p[max(ra, rb)] = min(ra, rb)
