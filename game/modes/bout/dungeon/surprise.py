"""Who is taken by surprise when a fight breaks out (**choice**, using the bout's surprise table:
a Reflex roll in the first round, failure loses it).

A free fighter who comes into contact with a foe he could not see at the start of the step is
caught without a stance (TN 5) if that foe is now in front of him (angle 0-1), by a cheap shot
from the side (angle 2, TN 7), unsuspecting from behind (angle 3-4, TN 10); the worst counts. A
foe seen coming is no surprise. The combat engine rolls it when he joins (`Melee.surprise`).
"""

from __future__ import annotations

from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon import events as E

TIERS = ("no_stance", "cheap_shot", "unsuspecting")


def mark(g) -> None:
    """Before contact is regrouped: the surprise level of every free fighter meeting an unseen foe."""
    start = g.start_pos
    if not start:
        return
    ids = {s.id: s.index for s in g.rules.surprise}
    sight, lv = g.sight(), g.level
    for x, me in enumerate(g.actors):
        if me.eng or not me.standing or x >= len(start):
            continue
        worst = -1
        for y in C.foes_around(g, x):
            if y >= len(start) or sight.sees(start[x], start[y]):
                continue
            a = C.angle(me.facing, C.direction(lv, me.pos, g.actors[y].pos))
            worst = max(worst, 0 if a <= 1 else 1 if a == 2 else 2)
        if worst >= 0 and TIERS[worst] in ids:
            g.m.surprise[x] = ids[TIERS[worst]]
            g.events.append(E.ev("caught_unawares", x, TIERS[worst]))
