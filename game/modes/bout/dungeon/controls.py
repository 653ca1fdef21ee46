"""Controls that choose the throw (seed: "Player Rollover implications"): what a direction key
means for a fighter, given where he stands and his engagement's clock (the combat engine runs
the Song of Swords flow the seed pivots to: s0 footwork + a secret orientation, s1 the target,
s2 declarations).

- Not engaged: a step (into an empty square), a bump (into someone), or a wait. When the step
  brings him into contact, the key is also his orientation for the new fight: a bump Aggressive,
  a step Cautious, a wait Defensive.
- s0, footwork: the key is also the orientation he throws, when he has to throw one (a new pair,
  or after a lull; later exchanges "fight on"):
  * into a foe: he squares up to him, **Aggressive** (the seed: red; "must bump into an enemy
    square always to confirm it"), and he *presses* that foe;
  * a footwork step that keeps contact: **Cautious** (attack and defence both open);
  * wait, or turning on the spot: **Defensive** (white), facing the wait-bump foe;
  * away from every foe: a **full evasion** (Defensive, and his declaration is the full evasion
    against everyone): if it succeeds, or nobody attacks him, he steps away after the exchange
    and leaves the fight. Where the bout forbids it (right after his own attack) it is a plain
    Defensive throw and he stays. (Contact is made by free fighters walking up to each other; that
    step is the new fight's first footwork, so stepping off before blades cross is simply not
    walking into contact.)
- s1, targets: the key picks his one target: into a foe = that foe; a wait = the wait-bump foe.
  A foe who holds initiative over him can only be defended against this exchange (the bout's
  declaration rules), and stays pressed: the pre-selected declaration attacks him as soon as
  he holds initiative again (seed: "if on defensive initiative at Exchange #1, may only deal
  Defensive maneuver, but if you regained initiative for Exchange #2, may deal offensive ... on
  the relevant targets"). Buying initiative stays in the declaration menu.
- s2, declarations: the menu; the key does nothing.

Wait-bump priority (the seed's "Wait can also be considered bumping" house rule): waiting next
to foes faces, first among the foes synced with him (his engagement), else among foes ahead in
timing (another fight, which contact then joins at its clock): the foe in front, else one at his
sides (nearer the front first; left or right drawn at random when both), else one behind.
"""

from __future__ import annotations

from game.modes.bout.consts import AGGRESSIVE, CAUTIOUS, DEFENSIVE
from game.modes.bout.dungeon.level import DIRS, WAIT

MOVE, BUMP, WAIT_K, FOOTWORK, AWAY, HOLD, BLOCKED = "move", "bump", "wait", "footwork", "away", "hold", "blocked"
# what a direction does now, for the screen's d-pad marks
ATTACK, DEFEND, EVADE, STEP, FOLLOW, TARGET, ENGAGE = "attack", "defend", "evade", "step", "follow", "target", "engage"
ORIENT_OF = {BUMP: AGGRESSIVE, FOOTWORK: CAUTIOUS, WAIT_K: DEFENSIVE, HOLD: DEFENSIVE, AWAY: DEFENSIVE,
             BLOCKED: DEFENSIVE}
CAUTIOUS_MOVE = {MOVE: CAUTIOUS}       # a free fighter who walks into contact: Cautious


def angle(facing: int, d: int) -> int:
    """0 front, 1-2 sides, 3-4 behind (steps of 45 degrees)."""
    a = (d - facing) % 8
    return min(a, 8 - a)


def direction(level, a: int, b: int) -> int:
    """The direction from cell a to the adjacent cell b, or -1."""
    ax, ay = level.xy(a)
    bx, by = level.xy(b)
    try:
        return DIRS.index((bx - ax, by - ay))
    except ValueError:
        return -1


def foes_around(g, f: int) -> list[int]:
    """Adjacent standing foes of fighter f."""
    out = []
    for c in g.level.neighbours()[g.actors[f].pos]:
        if c >= 0:
            o = g.at(c)
            if o >= 0 and g.actors[o].standing and g.m.hostile(f, o):
                out.append(o)
    return out


def contact_after(g, f: int, cell: int, foes) -> bool:
    """Would fighter f, standing on `cell`, still touch one of `foes`?"""
    lv = g.level
    x, y = lv.xy(cell)
    for o in foes:
        ox, oy = lv.xy(g.actors[o].pos)
        if max(abs(ox - x), abs(oy - y)) == 1:
            return True
    return False


def can_full_evade(g, f: int) -> bool:
    return not g.actors[f].attacked_last


def meaning(g, f: int, d: int) -> str:
    """What key d means for fighter f now (MOVE, BUMP, WAIT_K, FOOTWORK, AWAY, HOLD, BLOCKED)."""
    if d == WAIT:
        return WAIT_K
    me = g.actors[f]
    cell = g.level.neighbours()[me.pos][d]
    e = g.m.engagement_of(f)
    if cell < 0:
        return BLOCKED if e is None else HOLD
    other = g.at(cell)
    if e is None:
        return BUMP if other >= 0 else MOVE
    if other >= 0:
        return BUMP
    foes = [o for o in e.members if o != f and g.actors[o].standing and g.m.hostile(f, o)]
    if not contact_after(g, f, cell, foes):
        return AWAY
    return FOOTWORK if e.step == 0 else HOLD


def wait_bump(g, f: int, among=None) -> int:
    """The foe a wait faces (the seed's priority), or -1 with no foe adjacent. `among`: only
    these (the foes he can target)."""
    me = g.actors[f]
    around = [o for o in foes_around(g, f) if among is None or o in among]
    if not around:
        return -1
    mine = g.m.engagement_of(f)
    synced = [o for o in around if mine is not None and g.actors[o].eng == mine.id]
    group = synced or around
    lv = g.level

    def ang(o):
        return angle(me.facing, direction(lv, me.pos, g.actors[o].pos))
    best = min(ang(o) for o in group)
    tier = sorted(o for o in group if ang(o) == best)
    if len(tier) > 1:
        return tier[g.rng.below(len(tier))]
    return tier[0]


def bumped(g, f: int, d: int) -> int:
    """The hostile fighter key d bumps, or -1."""
    if d == WAIT:
        return -1
    c = g.level.neighbours()[g.actors[f].pos][d]
    o = g.at(c) if c >= 0 else -1
    return o if o >= 0 and g.m.hostile(f, o) else -1


def dpad(g, f: int) -> dict[int, str]:
    """For the screen: what each direction (0-7) and wait (8) does for fighter f right now."""
    out = {}
    e = g.m.engagement_of(f)
    for d in range(9):
        k = meaning(g, f, d)
        o = bumped(g, f, d)
        if e is None:
            out[d] = {MOVE: STEP, WAIT_K: WAIT_K, BLOCKED: BLOCKED}.get(k) or (ENGAGE if o >= 0 else FOLLOW)
        elif e.step == 2:
            out[d] = HOLD
        elif k == AWAY:
            out[d] = EVADE if can_full_evade(g, f) else DEFEND
        elif e.step == 1:
            out[d] = TARGET if o >= 0 and o in g.m.foes_of(f) else (DEFEND if k == WAIT_K else HOLD)
        elif o >= 0:
            out[d] = DEFEND if g.m.holds(o, f) and not g.m.contested(o, f) else ATTACK
        elif k == FOOTWORK:
            out[d] = STEP
        elif k == WAIT_K:
            out[d] = DEFEND
        else:
            out[d] = HOLD
    return out
