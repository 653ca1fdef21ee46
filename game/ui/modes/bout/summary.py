"""The bout's wounds summary: who is winning at a glance, in words (the arena screen's top line,
its results)."""

from __future__ import annotations


def wounds_summary(g, you=None) -> str:
    """Who is winning at a glance: each side's fighters still up, wounds and health left, in
    words ("You: 1 up, 2 wounds, health 3/5 · Foes: ...")."""
    parts = []
    for side in sorted({f.side for f in g.fighters}):
        fs = [f for f in g.fighters if f.side == side]
        up = sum(1 for f in fs if not f.dead and not f.out_rounds)
        wounds = sum(len(f.wounds) for f in fs)
        hp, full = sum(max(0, f.health) for f in fs), sum(f.t.health for f in fs)
        who = "You" if you is not None and side == you else (f"Side {side + 1}" if you is None else
                                                             ("Foes" if len(fs) > 1 else "Foe"))
        if len(fs) > 1:
            parts.append(f"{who}: {up} standing, {wounds} wounds, health {hp} of {full}")
        else:
            f = fs[0]
            state = "fell" if f.dead else ("out of the fight" if f.out_rounds else f"health {hp} of {full}")
            parts.append(f"{who}: {wounds} wounds, {state}")
    return " · ".join(parts)
