"""What the dungeon screen asks the engine (the screen itself comes in a later wave): the
d-pad marks, what the party sees and has seen, the initiative arcs between fighters, clocks.

    dpad_marks(g)          {direction 0-7, 8 wait: "step" | "attack" | "defend" | "evade" | "wait"
                            | "follow" | "hold" | "blocked"} for the hero now (controls.dpad)
    g.visible_cells()      bitset of squares the party sees now; g.explored: seen on this level
    initiative_arcs(g)     [(a, b, kind)] for every pair of foes in a fight the party can see:
                           kind "attacking" (a attacks b this exchange, holding initiative: red),
                           "contested" (both attack, red against red), "initiative" (a holds it
                           over b, may or may not attack: yellow), "defending" (a answers b's
                           attack: blue), "open" (nobody holds it: a new pair or after a pause)
    clock_of(g, i)         (round, exchange, step 0-2) of fighter i's fight, or None
    step_name(step)        "footwork" | "throw" | "declare"
    default_declaration(g) the declaration the menu pre-selects (the one-key play)
The seed's arc colours (red, yellow, clear, blue, green) are the screen's to draw from `kind`.
"""

from __future__ import annotations

from game.modes.bout.dungeon import controls as C

NONE, BOTH = -1, -2
STEP_NAMES = ("footwork", "throw", "declare")


def dpad_marks(g) -> dict[int, str]:
    if g.is_over() or not g.hero.standing:
        return {d: C.HOLD for d in range(9)}
    return C.dpad(g, 0)


def clock_of(g, i: int):
    e = g.engagement_of(i)
    return None if e is None else e.clock()


def step_name(step: int) -> str:
    return STEP_NAMES[step]


def initiative_arcs(g) -> list[tuple[int, int, str]]:
    seen = g.visible_cells()
    out = []
    for e in g.engagements:
        for (x, y), p in sorted(e.pairs.items()):
            a, b = e.gid(x), e.gid(y)
            if not (seen >> g.actors[a].pos & 1 or seen >> g.actors[b].pos & 1):
                continue
            holder = p[0]
            atk = {e.gid(k): e.gid(v[0]) for k, v in e.attacks.items()}
            defs = {(e.gid(t), e.gid(s)) for (t, s) in e.defences}
            if holder == BOTH:
                out.append((a, b, "contested"))
            elif holder == NONE:
                out.append((a, b, "open"))
            else:
                h = e.gid(holder)
                o = b if h == a else a
                out.append((h, o, "attacking" if atk.get(h) == o else "initiative"))
                if (o, h) in defs:
                    out.append((o, h, "defending"))
    return out


def default_declaration(g):
    """The declaration pre-selected for the hero (a dungeon DECLARE action), or None when none
    is awaited: the hard bout bot's choice, except that an attack goes to the foe he *presses*
    (the one he bumped while that foe held initiative) once he holds initiative over him - the
    seed's exchange-1/exchange-2 rule ("may deal offensive ... on that followup exchange on the
    relevant targets ... automatically if possible")."""
    from game.modes.base import ActionError
    from game.modes.bout import actions as BA
    from game.modes.bout.dungeon import actions as A
    from game.modes.bout.dungeon import ai
    if g.phase != "declare":
        return None
    e = g.declaring()
    act = ai.declare(g, e)
    p = g.hero.press
    if e.phase == "attack" and p in e.ids and act[0] == BA.ATTACK and e.gid(act[2]) != p \
            and e.holds(e.local(0), e.local(p)):
        turned = (act[0], act[1], e.local(p), *act[3:])
        try:
            e.check(turned)
            act = turned
        except ActionError:
            pass
    return (A.DECLARE, *g._to_global(e, act))
