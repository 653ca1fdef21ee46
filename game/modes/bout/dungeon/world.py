"""One dungeon step: the seed's "Finalised roguelike enterframe process", WE-GO, over the combat
engine (`Melee`, game/modes/bout/melee.py), which keeps every engagement's clock.

    run_step(g, action)      the hero's key (or item action) commits the step

A step (`g.turn` += 1):
 1. keys: the hero's from his action, everyone else's from ai.py; each read against the
    fighter's clock (controls.py): out of a fight a step, bump or wait with the squares his move
    points give (speed.py); in a fight footwork and the orientation at s0, the target at s1,
    nothing at s2;
 2. movers slide in move-initiative-ladder order (ladder.py); a square taken earlier in the
    step is lost (seed: "forfeit their movement attempt"); bonus squares of fast fighters follow
    in a second pass, in the same direction;
 3. bumpers (seed: "bump-following"): the bumped one still there: the bump stands; he stepped
    away: the bumper may pursue into the freed square - the dungeon's fighters decide at once,
    the hero is asked ("pursue" phase) when it was a foe;
 4. contact (`Melee.regroup`): engagements form, join, merge and split; a fighter who could not
    see his new foe coming is surprised (surprise.py);
 5. decisions (`Melee.to_act`): orientations and targets come from the keys (the hero's) or the
    bout bots (everyone else's); the hero's declarations are his to make ("declare" phase);
 6. the clock (`Melee.advance`): engagements leaving s2 resolve; a fighter who broke away by full
    evasion and was not hit steps off; out of a fight bleeding, first aid and healing
    (`Melee.out_of_combat_step`); the hero picks up what he walked onto; the fallen drop their
    arms; the party's sight; the run ends when the hero falls.
"""

from __future__ import annotations

from game.modes.bout import actions as BA
from game.modes.bout.consts import AGGRESSIVE, AUTO, DECLARE, DEFEND, DEFENSIVE, ORIENT, RESPOND, TARGET
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import ai, ladder, speed, surprise
from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon import events as E
from game.modes.bout.dungeon import items as I
from game.modes.bout.dungeon.actor import COMPANION, FOE, HERO
from game.modes.bout.dungeon.level import WAIT
from game.modes.bout.fighter import NEEDS_ORIENTATION

STEPS_PER_ROUND = 6


def run_step(g, action) -> None:
    h = g.hero
    if isinstance(action, A.Descend):
        descend(g)
        return
    hero_key = WAIT
    if isinstance(action, A.Use):
        I.use(g, 0, action.slot)
    elif isinstance(action, A.Equip):
        I.equip(g, 0, action.slot)
    elif isinstance(action, A.Drop):
        I.drop(g, 0, action.slot)
    elif isinstance(action, A.Turn):
        h.facing = action.dir
    elif isinstance(action, A.Step):
        hero_key = action.dir
    g.turn += 1
    g.start_pos = [a.pos for a in g.actors]
    keys = {}
    for i, a in enumerate(g.actors):
        if a.standing:
            keys[i] = hero_key if i == 0 else ai.key(g, i)
    interpret(g, keys)


def interpret(g, keys: dict) -> None:
    """Stage 1: what each key means now; then movement."""
    mv, m = g.data.movement, g.m
    moves, bumps, waited, intents = {}, {}, [], {}
    for i, d in keys.items():
        a = g.actors[i]
        e = m.engagement_of(i)
        if e is None:
            n, a.account = speed.squares(a.account, a.mp, mv)
            k = C.meaning(g, i, d)
            o = C.bumped(g, i, d)
            # should this step bring him into contact, his key is also his orientation
            intents[i] = [AGGRESSIVE if o >= 0 else C.CAUTIOUS_MOVE.get(k, DEFENSIVE), o]
            if d == WAIT:
                waited.append(i)
                continue
            a.facing = d
            if n <= 0:
                continue
            if k == C.MOVE:
                moves[i] = [d, n]
            elif k == C.BUMP:
                bumps[i] = [d, g.at(g.level.neighbours()[a.pos][d])]
            continue
        k = C.meaning(g, i, d)
        o = C.bumped(g, i, d)
        if e.step == 0:
            g.evading.pop(i, None)
            if k == C.FOOTWORK:
                moves[i] = [d, 1]
            elif k == C.AWAY:
                if C.can_full_evade(g, i):
                    g.evading[i] = d
                    g.events.append(E.ev("evade_intent", i, d))
            elif o >= 0:
                a.facing = d
                a.press = o
                bumps[i] = [d, o]                       # if he steps away: pursuit
            elif k == C.WAIT_K:
                _face(g, i, C.wait_bump(g, i))
            elif d != WAIT:
                a.facing = d
            intents[i] = [AGGRESSIVE if o >= 0 else C.ORIENT_OF[k], o]
        elif e.step == 1:
            if o < 0 and i in g.evading:
                continue                                # still breaking away (a bump would fight)
            g.evading.pop(i, None)
            reach = m.foes_of(i)
            t = o if o in reach else a.press if a.press in reach else C.wait_bump(g, i, among=reach)
            intents[i] = [-1, t]
            if o >= 0 and m.holds(o, i) and not m.contested(o, i):
                a.press = o
    g.intents = {k: list(v) for k, v in intents.items()}
    bumped = move(g, moves, bumps)
    if g.pursuit:
        g.pending = {"moved": sorted(moves), "waited": sorted(waited), "bumped": sorted(bumped),
                     "start": list(g.start_pos)}
        g.phase = "pursue"
        return
    after_moves(g, set(moves), set(waited))


def _face(g, i: int, o: int) -> None:
    if o >= 0:
        d = C.direction(g.level, g.actors[i].pos, g.actors[o].pos)
        if d >= 0:
            g.actors[i].facing = d


def _slide(g, i: int, cell: int) -> None:
    a = g.actors[i]
    del g._occ[a.pos]
    d = C.direction(g.level, a.pos, cell)
    g.m.place(i, cell, a.facing if d < 0 else d)
    g._occ[cell] = i
    g.events.append(E.ev("move", i, cell))


def move(g, moves: dict, bumps: dict) -> set:
    """Stages 2 and 3: slides in ladder order, bonus squares, bumps and pursuit. Returns the
    fighters whose bump into a foe stands."""
    both = list(moves) + list(bumps)
    if len(both) > 1:
        rung = ladder.rungs(g.rng, g.actors, both, g.data.movement["ladder_tn"],
                            g.rules.rules["zero_pool_tn_step"])
        order = ladder.ladder_order(g.actors, rung)
    else:
        order = both
    nb = g.level.neighbours()
    moved, stood = set(), set()
    for i in order:
        if i not in moves:
            continue
        d, _n = moves[i]
        cell = nb[g.actors[i].pos][d]
        if g.at(cell) >= 0:
            g.actors[i].facing = d
            g.events.append(E.ev("square_lost", i, cell))
            moves[i][1] = 0
            continue
        _slide(g, i, cell)
        moved.add(i)
        moves[i][1] -= 1
    for i in order:                                   # bonus squares (fast fighters)
        if i in moves and moves[i][1] > 0 and i in moved and g.m.engagement_of(i) is None:
            d = moves[i][0]
            cell = nb[g.actors[i].pos][d]
            if cell >= 0 and g.at(cell) < 0 and C.meaning(g, i, d) == C.MOVE:
                _slide(g, i, cell)
                g.events.append(E.ev("bonus_square", i))
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
                    g.m.engagement_of(0) is None and g.m.engagement_of(o) is None and o not in moves:
                _swap(g, 0, o)
                continue
            if g.m.hostile(i, o):
                a.press = o
                stood.add(i)
                if i == 0 or o == 0:
                    g.events.append(E.ev("bump", i, o))
            continue
        if now >= 0:
            continue
        foe = g.m.hostile(i, o)
        if i == 0 and foe and not g.coop:           # co-op: nobody is asked; he stays (coop.py)
            g.pursuit = [o, cell]
            continue
        if (foe and a.chase == o) or (not foe and a.role != HERO) or (not foe and i == 0):
            _slide(g, i, cell)
            g.events.append(E.ev("pursues", i, o))
            moves.setdefault(i, [d, 0])
    return stood


def _swap(g, i: int, j: int) -> None:
    """The hero bumps his companion, out of a fight: they change places (**choice**)."""
    a, b = g.actors[i], g.actors[j]
    pa, pb = a.pos, b.pos
    g.m.place(i, pb)
    g.m.place(j, pa)
    g._occ[pb], g._occ[pa] = i, j
    g.events.append(E.ev("swap", i, j))


def finish_pursuit(g, follow: bool) -> None:
    o, cell = g.pursuit
    g.pursuit = []
    g.phase = "step"
    p, g.pending = g.pending, {}
    moved = set(p["moved"])
    g.start_pos = p["start"]
    if follow and g.at(cell) < 0:
        _slide(g, 0, cell)
        g.events.append(E.ev("pursues", 0, o))
        moved.add(0)
    after_moves(g, moved, set(p["waited"]))


def after_moves(g, moved: set, waited: set) -> None:
    """Stage 4: contact, then the decisions of stage 5."""
    surprise.mark(g)
    g.melee_events(g.m.regroup())
    g.pending = {"moved": sorted(moved), "waited": sorted(waited)}
    decide(g)


# ---------------------------------------------------------------- stage 5: decisions
def decide(g) -> None:
    """Everyone's decisions for this step; stops when the hero must declare."""
    m = g.m
    for _ in range(10_000):
        f = m.to_act()
        if f is None:
            break
        st = m.stage_of(f)
        if f in g.hero_ids and st in (DECLARE, RESPOND):
            g.phase = "declare"
            return
        try:
            events = m.apply(choice(g, f, st))          # the engine checks it first
        except ValueError:
            events = m.apply(fallback(m))
        g.melee_events(events)
    g.phase = "step"
    finish(g)


def fallback(m):
    legal = m.legal_actions()
    done = [a for a in legal if isinstance(a, BA.Done)]
    return done[0] if done else legal[0]


def choice(g, f: int, st: str):
    """The decision of fighter f at stage `st`: the hero's orientation and target from his key,
    everyone else's from the bout bots; an evader declares his full evasion."""
    m, me = g.m, g.actors[f]
    bot = g.bot(me.role)
    intent = g.intents.get(f, [-1, -1])
    if st == ORIENT:
        act = bot.orient(m, f)
        if me.orientation != NEEDS_ORIENTATION:
            return BA.Orient(f, AUTO, 0, act.footing)
        if f in g.evading:
            return BA.Orient(f, DEFENSIVE, act.stance, act.footing)
        if f in g.hero_ids:
            return BA.Orient(f, _orientation(intent[0]), 0, act.footing)
        return act
    if st == TARGET:
        if f in g.hero_ids:
            reach = m.foes_of(f)
            if intent[1] in reach:
                return BA.Target(f, intent[1])
            t = C.wait_bump(g, f, among=reach)
            if t >= 0:
                return BA.Target(f, t)
        return bot.target(m, f)
    return evasion_line(g, f) or bot.choose(m)


def _orientation(o: int) -> int:
    return o if o >= 0 else DEFENSIVE


def evasion_line(g, f: int):
    """A fighter breaking away declares a full evasion against everyone, then nothing more."""
    m = g.m
    if f not in g.evading:
        return None
    e = m.engagement_of(f)
    if e.lines.get(f):
        return BA.Done(f)
    for mm in g.rules.maneuvers:
        if mm.effect == "full_evasion":
            dice = max(1, min(g.actors[f].cp, 6))
            act = BA.Line(f, DEFEND, -1, mm.index, 0, dice)
            try:
                m.check(act)
                return act
            except ValueError:
                break
    return None


# ---------------------------------------------------------------- stage 6: the clock
def finish(g) -> None:
    m = g.m
    p, g.pending = g.pending, {}
    moved = set(p.get("moved", ()))
    leaving = breakaways(g)
    g.hit_now = set()
    g.melee_events(m.advance())
    for i, d in leaving:
        step_off(g, i, d)
    if leaving:
        g.melee_events(m.regroup())
    for i, a in enumerate(g.actors):
        if a.dead or a.eng:
            continue
        if not a.standing:
            _wake(g, i)
            continue
        aid = a.bl_total() > 0 and (g.data.care["first_aid_in_view"] or not _foe_in_view(g, i))
        if a.bl_total() > 0 and not aid:
            a.waited = -1                     # a foe in sight: this step does not count (0 after it)
        band = I.bandage_slot(g, i) >= 0 and aid
        ev = m.out_of_combat_step(i, i in moved, aid=aid, bandage=band)
        if band and any(x.kind == "first_aid" for x in ev):
            I.spend_bandage(g, i)
        g.melee_events(ev)
    for i in g.hero_ids:
        if i in moved and g.actors[i].standing:
            I.pick_up(g, i)                   # walking onto items picks them up
    fallen(g)
    g.see()
    end_checks(g)
    g.start_pos = []


def breakaways(g) -> list[tuple[int, int]]:
    """Evaders whose engagement resolves now and who may step off: nobody attacks them, or they
    answer with a full evasion. Whether a blow lands is seen after the resolution."""
    m = g.m
    out = []
    for i, d in sorted(g.evading.items()):
        e = m.engagement_of(i)
        if e is None or e.step != 2:
            continue
        attacked = bool(m.attacks_on(e, i))
        evades = any(g.rules.maneuvers[ln[2]].effect == "full_evasion" for ln in e.lines.get(i, ()))
        if not attacked or evades:
            out.append((i, d))
        else:
            g.events.append(E.ev("evade_fails", i))
        g.evading.pop(i)
    return out


def step_off(g, i: int, d: int) -> None:
    a = g.actors[i]
    if not a.standing or i in g.hit_now:
        g.events.append(E.ev("evade_fails", i))
        return
    cell = g.level.neighbours()[a.pos][d]
    if cell < 0 or g.at(cell) >= 0:
        g.events.append(E.ev("evade_blocked", i))
        return
    _slide(g, i, cell)
    g.events.append(E.ev("disengages", i))


def _foe_in_view(g, i: int) -> bool:
    me = g.actors[i]
    view = g.sight().view(me.pos)
    return any(a.standing and g.m.hostile(i, j) and view >> a.pos & 1 for j, a in enumerate(g.actors))


def _wake(g, i: int) -> None:
    """A knocked-out fighter out of a fight: slain if a foe stands beside him, else he comes to
    after his rounds are up (a round = 6 steps)."""
    a = g.actors[i]
    if C.foes_around(g, i):
        a.dead = True
        g.events.append(E.ev("slain", i))
        if a.fell_by < 0:
            a.fell_by = g.actors[C.foes_around(g, i)[0]].side
        return
    if g.turn % STEPS_PER_ROUND == 0:
        a.out_rounds = max(0, a.out_rounds - 1)
        if a.out_rounds == 0:
            g.events.append(E.ev("comes_to", i))


def fallen(g) -> None:
    for i, a in enumerate(g.actors):
        if a.dead and g._occ.get(a.pos) == i:
            del g._occ[a.pos]
            I.loot(g, i)
            if a.role == FOE and a.fell_by == 0:
                g.kills += 1
            g.events.append(E.ev("falls", i))
            g.evading.pop(i, None)


def end_checks(g) -> None:
    if g.party_fallen():
        g.outcome, g.phase = "fell", "over"
        g.events.append(E.ev("run_over", "fell"))
    elif g.turn >= g.data.dungeon["max_steps"]:
        g.outcome, g.phase = "timeout", "over"
        g.events.append(E.ev("run_over", "timeout"))


def descend(g) -> None:
    g.turn += 1
    if g.level.last:
        g.outcome, g.phase = "escaped", "over"
        g.events.append(E.ev("run_over", "escaped"))
        return
    for a in g.actors:
        if a.role == COMPANION and not a.dead and (a.eng or not a.standing):
            a.dead = True                            # left behind in a fight or out cold: lost to the run
            g.events.append(E.ev("left_behind", a.t.name))
    g.enter_level(g.depth + 1)
    g.events.append(E.ev("descends", g.depth))


# ---------------------------------------------------------------- the hero's turns
def declare(g, action) -> None:
    g.melee_events(g.m.apply(action))
    decide(g)


def prepare(g) -> None:
    """Run the steps the hero has no part in: his engagement's declaration step is reached by
    itself (its key does nothing), and so is a target step with his target already set, and any
    step while he is knocked out."""
    for _ in range(g.data.dungeon["max_steps"] + 1):
        if g.phase != "step":
            return
        h = g.hero
        e = g.m.engagement_of(0)
        if h.standing and not (e is not None and (e.step == 2 or (e.step == 1 and h.target >= 0))):
            return
        run_step(g, A.Step(WAIT))

