"""Exact odds of d10 pools for the bots (floats are fine here: bots are not rules, and every bot
decision is a pure function of the state, so replays stay exact). A pool at 0 or below throws
one die at a raised TN, as the rules do; botches are ignored."""

from __future__ import annotations

from functools import lru_cache


def p_die(tn: int) -> float:
    return min(1.0, max(0.0, (11 - tn) / 10))


def effective(n: int, tn: int, step: int = 1) -> tuple[int, int]:
    """(dice, TN) actually thrown for a pool of n at tn (zero-pool rule)."""
    if n < 1:
        return 1, tn + step * (1 - n)
    return n, tn


@lru_cache(maxsize=4096)
def pmf(n: int, tn: int) -> tuple[float, ...]:
    """P(successes = k) for k = 0..n."""
    n, tn = effective(n, tn)
    p = p_die(tn)
    out = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(out) + 1)
        for k, v in enumerate(out):
            nxt[k] += v * (1 - p)
            nxt[k + 1] += v * p
        out = nxt
    return tuple(out)


@lru_cache(maxsize=16384)
def p_land(na: int, tna: int, nd: int, tnd: int) -> float:
    """P(attack successes - defence successes >= 1); nd None-like (-99) = no defence."""
    a = pmf(na, tna)
    if nd <= -99:
        return 1.0 - a[0]
    d = pmf(nd, tnd)
    cum = []
    s = 0.0
    for v in d:
        s += v
        cum.append(s)                      # cum[j] = P(D <= j)
    total = 0.0
    for k, pa in enumerate(a):
        if k == 0:
            continue
        j = min(k - 1, len(cum) - 1)
        total += pa * cum[j]
    return total


@lru_cache(maxsize=16384)
def mean_margin(na: int, tna: int, nd: int, tnd: int) -> float:
    """E[max(0, A - D)]: how deep a landed blow goes on average."""
    a = pmf(na, tna)
    d = pmf(nd, tnd) if nd > -99 else (1.0,)
    out = 0.0
    for i, pa in enumerate(a):
        for j, pd in enumerate(d):
            if i > j:
                out += pa * pd * (i - j)
    return out


def dice_to_hold(na: int, tna: int, tnd: int, risk: float, most: int) -> int:
    """Fewest defence dice (0..most) that keep the attack's chance to land at or below `risk`;
    `most` + 1 when even all of them cannot."""
    for d in range(0, most + 1):
        if p_land(na, tna, d, tnd) <= risk:
            return d
    return most + 1


def dice_to_land(tna: int, nd: int, tnd: int, chance: float, most: int) -> int:
    """Fewest attack dice (1..most) that land with at least `chance`; `most` + 1 when none do."""
    for n in range(1, most + 1):
        if p_land(n, tna, nd, tnd) >= chance:
            return n
    return most + 1
