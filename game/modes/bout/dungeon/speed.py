"""Movement speeds: move points per step from stats and load, and the bonus steps they earn.

The seed ("How to account for different character movement speeds", a draft): every step out
of combat a fighter adds his move points to what he has left and pays 6 for a square. With 7:

    7 - 6 = 1;  1 + 7 - 6 = 2;  ...  5 + 7 - 6 = 6   -> one more free bonus square

so after six steps he has earned a seventh square, which he must take on that step or lose.

- Move points = (ST + AG + EN) // 2 (Riddle of Steel's Move; an average fighter, all 4s, has
  the seed's 6), less 1 for every `load_per_mp` points of load carried beyond his Strength, but
  never pushed below `mp_min` by load (**choice**, the seed says "from stats and load" only).
- A step's squares = (kept + MP) // 6, at most 1 + `bonus_moves_max`; the rest is kept. Points
  for squares not walked (a wait, a blocked step) are spent anyway (seed: "or else forfeit it").
- Slower than 6 (the seed has "yet to consider slower cases"): the account starts at 5 instead
  of 0, so a slow fighter's lost step comes last in each cycle and his first key press always
  moves him (**choice**). The account restarts whenever he leaves a fight or a level.
"""

from __future__ import annotations


def base_move(t) -> int:
    return (t.st + t.ag + t.en) // 2


def move_points(t, load: int, movement: dict) -> int:
    """MP per step of a fighter with template `t` carrying `load`."""
    base = base_move(t)
    slowed = base - max(0, load - t.st) // movement["load_per_mp"]
    return max(min(base, movement["mp_min"]), slowed)


def fresh_account(mp: int, movement: dict) -> int:
    per = movement["mp_per_square"]
    return 0 if mp >= per else per - 1


def squares(account: int, mp: int, movement: dict) -> tuple[int, int]:
    """(squares this step, account kept for the next step)."""
    per = movement["mp_per_square"]
    total = account + mp
    n = min(total // per, 1 + movement["bonus_moves_max"])
    return n, min(total - n * per, per - 1)
