"""The move-initiative ladder: who slides first when several fighters move in one step.

Seed: "a WE-GO approach that has a movement initiative ladder running in the background (it
varies depending on the stat-based rolls), so some enemies can get to move into squares faster
(at times) than your character". The seed gives no formula; ours (**choice**): every fighter who
moves or bumps this step rolls his Reflex in d10s against `ladder_tn` (the bout's dice: a pool
below 1 rolls one die at a raised TN). More successes go first; ties go to the higher Reflex,
then the higher move points, then the lower fighter number. A square taken by someone higher
on the ladder is lost to those below him (seed: "forfeit their movement attempt").
"""

from __future__ import annotations

from game.modes.bout.dice import roll


def rungs(rng, actors, ids, tn: int, zero_step: int = 1) -> dict[int, int]:
    """Successes of each fighter's ladder roll (rolled in fighter order, so replays agree)."""
    out = {}
    for i in sorted(ids):
        s, _b, _f = roll(rng, actors[i].t.reflex, tn, zero_step=zero_step)
        out[i] = s
    return out


def ladder_order(actors, rung: dict[int, int]) -> list[int]:
    """Fighter ids, first mover first."""
    return sorted(rung, key=lambda i: (-rung[i], -actors[i].t.reflex, -actors[i].mp, i))
