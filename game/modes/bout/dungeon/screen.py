"""What the dungeon screen asks the engine (the screen itself comes in a later wave): the d-pad
marks, what the party sees and has seen, the initiative arcs between fighters, clocks and the
pre-selected declaration.

    dpad_marks(g)          {direction 0-7, 8 wait: "step" | "engage" | "attack" | "defend" |
                            "evade" | "target" | "wait" | "follow" | "hold" | "blocked"} for the
                           hero now (controls.dpad)
    dpad_colours(g)        {direction: the seed's mark colour} from the combat engine
                           (red: he holds initiative over you, yellow: contested, white: you
                           hold it; blue: a defence)
    g.visible_cells()      bitset of squares the party sees now; g.explored: seen on this level
    initiative_arcs(g)     the combat engine's arcs (a, b, colour) the party can see
    clock_of(g, i)         (round, exchange, step 0-2) of fighter i's fight, or None
    step_name(step)        "footwork" | "targets" | "declarations"
    default_declaration(g) the declaration the menu pre-selects (the one-key play)
"""

from __future__ import annotations

from game.modes.bout.consts import STEP_NAMES
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon.level import WAIT


def dpad_marks(g, me: int = 0) -> dict[int, str]:
    """`me`: the hero the marks are for (co-op: this unit's, 0 or 1)."""
    if g.is_over() or not g.actors[me].standing:
        return {d: C.HOLD for d in range(9)}
    return C.dpad(g, me)


def dpad_colours(g, me: int = 0) -> dict[int, str]:
    lv = g.level

    def passable(cell):
        return 0 <= cell < lv.size and lv.tiles[cell] != 0
    return {d: g.m.direction_meaning(me, d, passable).colour for d in range(WAIT + 1)}


def clock_of(g, i: int):
    e = g.m.engagement_of(i)
    return None if e is None else (e.round, e.exchange, e.step)


def step_name(step: int) -> str:
    return STEP_NAMES[step]


def initiative_arcs(g) -> list:
    seen = g.visible_cells()
    return [a for a in g.m.arcs() if seen >> g.actors[a.a].pos & 1 or seen >> g.actors[a.b].pos & 1]


def default_declaration(g):
    """The hero's pre-selected declaration (a dungeon Declare), or None when none is awaited:
    a full evasion when he is breaking away, else the hard bout bot's line (its attacks go at
    his target - the foe he bumped, which is how the seed's exchange-1/exchange-2 rule reaches
    the menu: a foe he pressed while that foe held initiative is attacked once he holds it)."""
    from game.modes.base import ActionError
    from game.modes.bout.dungeon.world import choice, fallback
    if g.phase != "declare":
        return None
    f = g.m.to_act()                      # the hero (co-op: the hero whose fight asks)
    act = choice(g, f, g.m.stage_of(f))
    try:
        g.m.check(act)
    except ActionError:
        act = fallback(g.m)
    return A.Declare(act)
