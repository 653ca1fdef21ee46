"""d10 pools: successes at or above the TN, botches, and the faces that decide them.

`count(faces, tn)` works on given faces (golden tests use it); `roll(rng, n, tn, ...)` draws the
faces from the game's PCG32 with PCG's unbiased bounded draw, inlined for speed (a bout bench
rolls hundreds of thousands of dice). Faces are 1..10 (the die's 0 reads as 10 [W]).
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
MULT = 6364136223846793005
_THRESHOLD = ((1 << 32) - 10) % 10     # reject draws below this: no modulo bias


def faces(rng, n: int) -> list[int]:
    """n die faces (1..10) from the generator; exactly `rng.below(10) + 1` per die."""
    state, inc = rng.state, rng.inc
    out = []
    for _ in range(n):
        while True:
            old = state
            state = (old * MULT + inc) & MASK64
            x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((x >> rot) | (x << ((-rot) & 31))) & 0xFFFFFFFF
            if r >= _THRESHOLD:
                break
        out.append(r % 10 + 1)
    rng.state = state
    return out


def count(fs: list[int], tn: int, *, botch_ones: int = 2, reroll: list[int] | None = None) -> tuple[int, bool]:
    """(successes, botch) for faces `fs` at `tn`.

    A botch is no success and at least `botch_ones` ones (one 1 when a single die is rolled) [W][K].
    With TN above 10 a face of 10 succeeds only if its reroll (next value of `reroll`) meets TN-10;
    with `reroll` None a TN above 10 cannot be met.
    """
    if tn <= 10:
        s = 0
        for f in fs:
            if f >= tn:
                s += 1
    else:
        s = 0
        it = iter(reroll or ())
        for f in fs:
            if f == 10 and reroll is not None and next(it, 0) >= tn - 10:
                s += 1
    if s:
        return s, False
    ones = sum(1 for f in fs if f == 1)
    need = 1 if len(fs) == 1 else botch_ones
    return 0, ones >= need and len(fs) > 0


def roll(rng, n: int, tn: int, *, botch_ones: int = 2, tn_over_10_reroll: bool = False,
         zero_step: int = 1) -> tuple[int, bool, list[int]]:
    """Roll an n-die pool at tn; (successes, botch, faces). A pool below 1 rolls one die at a TN
    raised by `zero_step` per die below 1 (the seed's rule, step size ours)."""
    if n < 1:
        tn += zero_step * (1 - n)
        n = 1
    fs = faces(rng, n)
    re = None
    if tn > 10 and tn_over_10_reroll:
        re = faces(rng, sum(1 for f in fs if f == 10))
    s, b = count(fs, tn, botch_ones=botch_ones, reroll=re)
    return s, b, fs
