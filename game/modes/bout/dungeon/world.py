"""One dungeon step: the seed's "Finalised roguelike enterframe process", WE-GO.

    run_step(g, action)      the hero's key (or item action) commits the step
    prepare(g)               declarations that need no hero (bots), then wait for him

A step (`g.turn` += 1):
 1. keys: the hero's from his action, everyone else's from ai.py; each read against the
    fighter's clock (controls.py): out of a fight a step, bump or wait with the squares his move
    points give (speed.py); in a fight footwork at s0, the throw at s1, nothing at s2 (his
    declarations were made before the step, in `prepare`);
 2. movers slide in move-initiative-ladder order (ladder.py); a square taken earlier in the
    step is lost (seed: "forfeit their movement attempt"); bonus squares of fast fighters
    follow in a second pass, in the same direction;
 3. bumpers (seed: "bump-following"): a bumped fighter still there: the bump stands (he faces
    him, and at s1 it is the throw); the bumped one stepped away: the bumper may pursue into the
    freed square - the dungeon's fighters decide at once (they chase their target, follow a
    friend), the hero is asked ("pursue" phase) when it was a foe;
 4. fights: separation, joining, merging, new engagements (contact.py); then every engagement
    that existed before the step moves its clock on: s0 -> footing queued, s1 -> the throws,
    s2 -> the next exchange;
 5. out of a fight: blood loss, first aid, healing (upkeep.py); the hero picks up what he
    stands on; the party's sight (explored squares, foes met);
 6. the fallen: their arms drop (loot), a foe felled by the party counts; a knocked-out
    fighter left beside a foe out of a fight is slain; the run ends when the hero falls.
"""

from __future__ import annotations

from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import ai, contact, ladder, speed, upkeep
from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon import items as I
from game.modes.bout.dungeon.actor import COMPANION, FOE, HERO
from game.modes.bout.dungeon.level import WAIT

STEPS_PER_ROUND = 6


def _neutral(g) -> int:
    for s in g.rules.stances:
        if s.id == "neutral":
            return s.index
    return 0


def run_step(g, action: tuple) -> None:
    kind = action[0]
    h = g.hero
    if kind == A.DESCEND:
        descend(g)
        return
    if kind in (A.USE, A.EQUIP, A.DROP):
        {A.USE: _use, A.EQUIP: I.equip, A.DROP: I.drop}[kind](g, 0, action[1])
        hero_key = WAIT
    elif kind == A.TURN:
        h.facing = action[1]
        hero_key = WAIT
    else:
        hero_key = action[1]
    g.turn += 1
    g.start_pos = [a.pos for a in g.actors]
    keys = {}
    for i, a in enumerate(g.actors):
        if not a.standing:
            continue
        keys[i] = (hero_key, _neutral(g)) if i == 0 else ai.key(g, i)
    interpret(g, keys)


def _use(g, i: int, slot: int) -> None:
    a = g.actors[i]
    k = a.items.pop(slot)
    upkeep.painkiller(g, i, g.data.items[k].power)
    g.refit_mp(a)


def interpret(g, keys: dict) -> None:
    """Stage 1: what each key means now; then movement."""
    mv = g.data.movement
    moves, bumps, throws, waited = {}, {}, {}, []
    for i, (d, stance) in keys.items():
        a = g.actors[i]
        e = g.engagement_of(i)
        if e is None:
            n, a.account = speed.squares(a.account, a.mp, mv)
            if d == WAIT:
                waited.append(i)
                continue
            a.facing = d
            k = C.meaning(g, i, d)
            if n <= 0:
                continue
            if k == C.MOVE:
                moves[i] = [d, n]
            elif k == C.BUMP:
                bumps[i] = [d, g.at(g.level.neighbours()[a.pos][d])]
            continue
        if e.step == 0:
            k = C.meaning(g, i, d)
            if k == C.FOOTWORK:
                moves[i] = [d, 1]
            elif k == C.BUMP:
                o = g.at(g.level.neighbours()[a.pos][d])
                a.facing = d
                if g.actors[o].side != a.side:
                    a.press = o
                    bumps[i] = [d, o]                   # if he steps away, pursuit
            elif k == C.AWAY and C.free_to_leave(e):
                moves[i] = [d, 1]                       # no blade crossed yet: he steps away
            elif k == C.AWAY:
                if C.can_full_evade(g, i):
                    g.evading[i] = d
                    g.events.append(("evade_intent", i, d))
            elif k == C.WAIT_K:
                _face(g, i, C.wait_bump(g, i))
            else:
                a.facing = d if d != WAIT else a.facing
        elif e.step == 1:
            what, o = C.throw_for(g, i, d)
            if what == C.EVADE and C.can_full_evade(g, i):
                g.evading[i] = d
                throws[i] = (stance, 0)
                g.events.append(("evade_intent", i, d))
                continue
            g.evading.pop(i, None)
            _face(g, i, o)
            if what == C.ATTACK:
                throws[i] = (stance, 1)
                a.press = o
            else:
                throws[i] = (stance, 0)
                if o >= 0 and C.meaning(g, i, d) == C.BUMP:
                    a.press = o
    bumped = move(g, moves, bumps)
    if g.pursuit:
        g.pending = {"moved": sorted(moves), "waited": sorted(waited), "bumped": sorted(bumped),
                     "throws": sorted([k, *v] for k, v in throws.items()), "start": list(g.start_pos)}
        g.phase = "pursue"
        return
    finish(g, set(moves), set(waited), throws, bumped)


def _face(g, i: int, o: int) -> None:
    if o >= 0:
        d = C.direction(g.level, g.actors[i].pos, g.actors[o].pos)
        if d >= 0:
            g.actors[i].facing = d


def _slide(g, i: int, cell: int) -> None:
    a = g.actors[i]
    del g._occ[a.pos]
    a.pos = cell
    g._occ[cell] = i
    g.events.append(("move", i, cell))


def move(g, moves: dict, bumps: dict) -> set:
    """Stages 2 and 3: slides in ladder order, bonus squares, bumps and pursuit. Returns the
    fighters whose bump into a foe stands (a red throw if they join a fight at its s1)."""
    both = list(moves) + list(bumps)
    if len(both) > 1:
        rung = ladder.rungs(g.rng, g.actors, both, g.data.movement["ladder_tn"],
                            g.rules.rules["zero_pool_tn_step"])
        order = ladder.ladder_order(g.actors, rung)
    else:
        order = both
    nb = g.level.neighbours()
    moved, bumped = set(), set()
    for i in order:
        if i not in moves:
            continue
        d, _n = moves[i]
        cell = nb[g.actors[i].pos][d]
        if g.at(cell) >= 0:
            g.events.append(("square_lost", i, cell))
            moves[i][1] = 0
            continue
        _slide(g, i, cell)
        moved.add(i)
        moves[i][1] -= 1
    for i in order:                                   # bonus squares (fast fighters)
        if i in moves and moves[i][1] > 0 and i in moved and g.engagement_of(i) is None:
            d = moves[i][0]
            cell = nb[g.actors[i].pos][d]
            if cell >= 0 and g.at(cell) < 0 and C.meaning(g, i, d) == C.MOVE:
                _slide(g, i, cell)
                g.events.append(("bonus_square", i))
    for i in order:
        if i not in bumps:
            continue
        d, o = bumps[i]
        a = g.actors[i]
        cell = nb[a.pos][d]
        now = g.at(cell)
        if now == o:
            a.facing = d
            if i == 0 and g.actors[o].role == COMPANION and g.actors[o].standing and \
                    g.engagement_of(0) is None and g.engagement_of(o) is None and o not in moves:
                _swap(g, 0, o)
                continue
            if g.actors[o].side != a.side:
                a.press = o
                bumped.add(i)
                g.events.append(("bump", i, o))
            continue
        if now >= 0:
            continue
        foe = g.actors[o].side != a.side
        if i == 0 and foe:
            g.pursuit = [o, cell]
            continue
        if (foe and a.target == o) or (not foe and a.role != HERO) or (not foe and i == 0):
            _slide(g, i, cell)
            g.events.append(("pursues", i, o))
            moves.setdefault(i, [d, 0])
    return bumped


def _swap(g, i: int, j: int) -> None:
    """The hero bumps his companion, out of a fight: they change places (**choice**)."""
    a, b = g.actors[i], g.actors[j]
    a.pos, b.pos = b.pos, a.pos
    g._occ[a.pos], g._occ[b.pos] = i, j
    g.events.append(("swap", i, j))


def finish_pursuit(g, follow: bool) -> None:
    o, cell = g.pursuit
    g.pursuit = []
    g.phase = "step"
    p, g.pending = g.pending, {}
    moved, waited, throws = set(p["moved"]), p["waited"], p["throws"]
    g.start_pos = p["start"]
    if follow and g.at(cell) < 0:
        _slide(g, 0, cell)
        g.events.append(("pursues", 0, o))
        moved.add(0)
    finish(g, moved, set(waited), {t[0]: (t[1], t[2]) for t in throws}, set(p["bumped"]))


def finish(g, moved: set, waited: set, throws: dict, bumped: set) -> None:
    """Stages 4 to 6."""
    existing = list(g.engagements)
    before = {e.eid: (e.step, e.exchange) for e in existing}
    contact.separate(g)
    created = contact.join_and_form(g)
    for e in list(g.engagements):
        if e in created or e.eid not in before:
            continue
        step = e.step
        if step == 0:
            g.melee(e, e.end_footwork())
        elif step == 1:
            t = {}
            for i in e.ids:
                t[i] = throws.get(i) or (_neutral(g), int(i in bumped))
            turn = e.turn
            g.melee(e, e.end_throws(t))
            if e.turn != turn:
                after_resolution(g, e)
        else:
            e.end_declarations()
    view = g.visible_cells()
    engaged = {i for e in g.engagements for i in e.ids}
    for i, a in enumerate(g.actors):
        if a.dead:
            continue
        if not a.standing and i not in engaged:
            _wake(g, i)
            continue
        if not a.standing or i in engaged:
            if i in engaged:
                a.waits = 0
            continue
        upkeep.new_wounds(g, i)
        upkeep.step(g, i, i in moved, i in waited, lambda i=i: _foe_in_view(g, i, view))
    if 0 in moved and g.hero.standing:
        I.pick_up(g, 0)                       # walking onto items picks them up
    fallen(g)
    g.see()
    end_checks(g)
    g.start_pos = []


def _foe_in_view(g, i: int, party_view: int) -> bool:
    me = g.actors[i]
    view = party_view if me.side == 0 else g.sight().view(me.pos)
    return any(a.standing and a.side != me.side and view >> a.pos & 1 for a in g.actors)


def _wake(g, i: int) -> None:
    """A knocked-out fighter out of a fight: slain if a foe stands beside him, else he comes to
    after his rounds are up (a round = 6 steps)."""
    a = g.actors[i]
    if contact.touching_any(g, i):
        a.dead = True
        g.events.append(("slain", i))
        if a.fell_by < 0:
            a.fell_by = _side_beside(g, i)
        return
    if g.turn % STEPS_PER_ROUND == 0:
        a.out_rounds = max(0, a.out_rounds - 1)
        if a.out_rounds == 0:
            g.events.append(("comes_to", i))


def _side_beside(g, i: int) -> int:
    me = g.actors[i]
    for c in g.level.neighbours()[me.pos]:
        o = g.at(c) if c >= 0 else -1
        if o >= 0 and g.actors[o].standing and g.actors[o].side != me.side:
            return g.actors[o].side
    return -1


def fallen(g) -> None:
    for i, a in enumerate(g.actors):
        if a.dead and g._occ.get(a.pos) == i:
            del g._occ[a.pos]
            I.loot(g, i)
            if a.role == FOE and a.fell_by == 0:
                g.kills += 1
            g.events.append(("falls", i))
            g.evading.pop(i, None)


def end_checks(g) -> None:
    if g.hero.dead:
        g.result, g.phase = "fell", "over"
        g.events.append(("run_over", "fell"))
    elif g.turn >= g.data.dungeon["max_steps"]:
        g.result, g.phase = "timeout", "over"
        g.events.append(("run_over", "timeout"))


def descend(g) -> None:
    g.turn += 1
    if g.level.last:
        g.result, g.phase = "escaped", "over"
        g.events.append(("run_over", "escaped"))
        return
    for i, a in enumerate(g.actors):
        if a.role == COMPANION and not a.dead and (g.engagement_of(i) is not None or not a.standing):
            a.dead = True                            # left behind in a fight or out cold: lost to the run
            g.events.append(("left_behind", a.t.name))
    g.enter_level(g.depth + 1)
    g.events.append(("descends", g.depth))


# ---------------------------------------------------------------- declarations
def after_resolution(g, e) -> None:
    """An exchange of `e` resolved: count it; evaders who were not hit step away."""
    g.exchanges += 1
    for i in list(e.ids):
        d = g.evading.get(i)
        if d is None:
            continue
        g.evading.pop(i)
        a = g.actors[i]
        attackers = [x for x, t in e.last_attacks.items() if t == i]
        evaded = all(e.last_defences.get((i, x)) == "full_evasion" for x in attackers)
        if i in e.last_hits or not a.standing or not evaded:
            g.events.append(("evade_fails", i))
            continue
        cell = g.level.neighbours()[a.pos][d]
        if cell < 0 or g.at(cell) >= 0:
            g.events.append(("evade_blocked", i))
            continue
        _slide(g, i, cell)
        g.events.append(("disengages", i, len(attackers)))
        a.bleed += g.data.bleeding["waits_per_step"]     # seed: a successful full evasion is a step


def declare(g, e, action: tuple) -> None:
    turn = e.turn
    g.melee(e, e.apply(action))
    if e.turn != turn:
        after_resolution(g, e)


def prepare(g) -> None:
    """Bots declare; stop when the hero must choose; run steps he has no part in."""
    for _ in range(g.data.dungeon["max_steps"] + 1):
        if g.phase in ("over", "pursue"):
            return
        waiting = False
        for e in list(g.engagements):
            while e in g.engagements and e.queue and e.phase not in ("over", "idle"):
                f = e.to_act()
                if e.gid(f) == 0:
                    waiting = True
                    break
                declare(g, e, ai.declare(g, e))
            if waiting:
                break
        fallen(g)
        end_checks(g)
        if g.phase == "over":
            return
        if waiting:
            g.phase = "declare"
            return
        g.phase = "step"
        h = g.hero
        e = g.engagement_of(0)
        if h.standing and not (e is not None and e.step == 2):
            return
        run_step(g, (A.STEP, WAIT))          # nothing for the hero to decide this step
        if g.phase == "pursue":
            return

