"""Controls that choose the throw (seed: "Player Rollover implications"): what a direction key
means for a fighter, given where he stands and his engagement's clock.

- Not engaged: a step (into an empty square), a bump (into someone), or a wait.
- Engaged, footwork (s0): a step that keeps him in contact with a foe of his engagement; a step
  that would leave every foe = "moving away" (below); a bump into a foe = he squares up to him
  (faces him and will throw red at him). At the very first footwork step of a new fight (round 1,
  e1s0) no blade has been crossed yet: a step out of reach is a plain step and he is free (seed:
  a bumped enemy "moving out to escape with his single movement point"; the bumper may pursue).
- Engaged, the throw (s1): the key *is* the red/white throw:
  * into a foe he holds initiative over, or with no one holding it: red, attacking him;
  * into a foe who holds initiative over him: only a defensive throw against him this exchange,
    and he *presses* that foe: his first attack once he regains initiative goes to him (seed:
    "if on defensive initiative at Exchange #1, may only deal Defensive maneuver, but if you
    regained initiative for Exchange #2, may deal offensive ... on that followup exchange";
    the same across a round's end). Buying initiative stays in the declaration menu;
  * wait, or turning on the spot: a defensive (white) throw, facing the foe the wait-bump
    priority picks (below);
  * away from every foe: Full Evasion if the bout rules allow it (not right after his own
    attack), taken as his defence against every attacker; if it succeeds, or nobody attacks,
    he steps away at the end of the exchange and leaves the fight (disengage). Where full
    evasion is not allowed it is a plain defensive throw and he stays.
- Declarations (s2): the menu; the key only confirms.

Wait-bump priority (the seed's "Wait can also be considered bumping" house rule): waiting next
to foes faces, first among the foes synced with him (same engagement), else among foes ahead in
timing (another engagement, which he joins at its step): the foe in front, else one at his
sides (nearer the front first; left or right drawn at random when both), else one behind.
"""

from __future__ import annotations

from game.modes.bout.dungeon.level import DIRS, WAIT

MOVE, BUMP, WAIT_K, FOOTWORK, AWAY, HOLD, BLOCKED = "move", "bump", "wait", "footwork", "away", "hold", "blocked"
# what a direction does now, for the screen's d-pad marks
ATTACK, DEFEND, EVADE, STEP, FOLLOW = "attack", "defend", "evade", "step", "follow"


def angle(facing: int, d: int) -> int:
    """0 front, 1-2 sides, 3-4 behind (steps of 45 degrees)."""
    a = (d - facing) % 8
    return min(a, 8 - a)


def direction(level, a: int, b: int) -> int:
    """The direction from cell a to the adjacent cell b, or -1."""
    ax, ay = level.xy(a)
    bx, by = level.xy(b)
    dx, dy = bx - ax, by - ay
    try:
        return DIRS.index((dx, dy))
    except ValueError:
        return -1


def hostile(a, b) -> bool:
    return a.side != b.side


def foes_around(g, f: int) -> list[int]:
    """Adjacent standing foes of fighter f, by direction."""
    me = g.actors[f]
    out = []
    for c in g.level.neighbours()[me.pos]:
        if c >= 0:
            o = g.at(c)
            if o >= 0 and g.actors[o].standing and hostile(me, g.actors[o]):
                out.append(o)
    return out


def contact_after(g, f: int, cell: int, foes: list[int]) -> bool:
    """Would fighter f, standing on `cell`, still touch one of `foes`?"""
    lv = g.level
    x, y = lv.xy(cell)
    for o in foes:
        ox, oy = lv.xy(g.actors[o].pos)
        if max(abs(ox - x), abs(oy - y)) == 1:
            return True
    return False


def meaning(g, f: int, d: int) -> str:
    """What key d means for fighter f now (MOVE, BUMP, WAIT_K, FOOTWORK, AWAY, HOLD, BLOCKED)."""
    me = g.actors[f]
    if d == WAIT:
        return WAIT_K
    cell = g.level.neighbours()[me.pos][d]
    e = g.engagement_of(f)
    if cell < 0:
        return BLOCKED if e is None else HOLD
    other = g.at(cell)
    if e is None:
        return BUMP if other >= 0 else MOVE
    if other >= 0:
        return BUMP
    foes = [o for o in e.ids if g.actors[o].standing and hostile(me, g.actors[o])]
    if not contact_after(g, f, cell, foes):
        return AWAY
    return FOOTWORK if e.step == 0 else HOLD


def wait_bump(g, f: int) -> int:
    """The foe a wait faces (the seed's priority), or -1 with no foe adjacent."""
    me = g.actors[f]
    around = foes_around(g, f)
    if not around:
        return -1
    mine = g.engagement_of(f)
    synced = [o for o in around if mine is not None and g.engagement_of(o) is mine]
    group = synced or around
    best = min(angle(me.facing, direction(g.level, me.pos, g.actors[o].pos)) for o in group)
    tier = [o for o in group if angle(me.facing, direction(g.level, me.pos, g.actors[o].pos)) == best]
    if len(tier) > 1:
        tier.sort()
        return tier[g.rng.below(len(tier))]
    return tier[0]


def throw_for(g, f: int, d: int) -> tuple[str, int]:
    """The throw key d makes at s1: (kind, foe) with kind ATTACK (red at foe), DEFEND (white,
    facing foe; `press` set when foe holds initiative), EVADE (white, full evasion and away)."""
    e = g.engagement_of(f)
    k = meaning(g, f, d)
    if k == BUMP:
        o = g.at(g.level.neighbours()[g.actors[f].pos][d])
        if o >= 0 and e is not None and o in e.ids and hostile(g.actors[f], g.actors[o]):
            lf, lo = e.local(f), e.local(o)
            p = e.pair(lf, lo)
            if p is not None and p[0] not in (lf, NONE_HOLDER, BOTH_HOLDERS):
                return DEFEND, o
            return ATTACK, o
    if k == AWAY:
        return EVADE, -1
    return DEFEND, wait_bump(g, f)


NONE_HOLDER, BOTH_HOLDERS = -1, -2


def free_to_leave(e) -> bool:
    """The first footwork step of a new fight: stepping out of reach needs no evasion."""
    return e.round == 1 and e.exchange == 1 and e.step == 0


def can_full_evade(g, f: int) -> bool:
    me = g.actors[f]
    return not me.attacked_last


def dpad(g, f: int) -> dict[int, str]:
    """For the screen: what each direction (0-7) and wait (8) does for fighter f right now."""
    out = {}
    e = g.engagement_of(f)
    for d in range(9):
        k = meaning(g, f, d)
        if e is None:
            out[d] = {MOVE: STEP, BUMP: _bump_word(g, f, d), WAIT_K: WAIT_K, BLOCKED: BLOCKED}[k]
            continue
        if e.step == 2:
            out[d] = HOLD
            continue
        if k == AWAY:
            out[d] = STEP if free_to_leave(e) else EVADE if can_full_evade(g, f) else DEFEND
        elif k == BUMP and e.step == 1:
            out[d] = throw_for(g, f, d)[0]
        elif k == BUMP:
            out[d] = _bump_word(g, f, d)
        elif k == FOOTWORK:
            out[d] = STEP
        elif k == WAIT_K:
            out[d] = DEFEND
        else:
            out[d] = HOLD if e.step else BLOCKED
    return out


def _bump_word(g, f: int, d: int) -> str:
    o = g.at(g.level.neighbours()[g.actors[f].pos][d])
    if o < 0:
        return STEP
    return ATTACK if hostile(g.actors[f], g.actors[o]) else FOLLOW


def step_toward(level, a: int, b: int) -> int:
    """Direction of the first step on a straight line from a to b (-1 if a == b)."""
    if a == b:
        return -1
    ax, ay = level.xy(a)
    bx, by = level.xy(b)
    sx, sy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    return DIRS.index((sx, sy))
