"""The hard bot's one-on-one reasoning across the two exchanges of a round (bots only; floats
are fine here, every choice is a pure function of the public state).

A round is modelled as a small game solved by backward induction on exact odds (odds.py): in
each exchange the fighter holding initiative sets attack dice, the other answers with defence
dice after seeing them; a landed blow is worth +1 to the striker (it usually decides a bout), a
defence that wins takes the initiative, a miss or a tie keeps it; what is not spent carries to
exchange 2; at the round's end the pools come back, and holding the initiative into the next
round is worth `NEXT`. The table gives, for any pools, the attack that maximises the holder's
value and the defence that best answers a given attack.
"""

from __future__ import annotations

from functools import lru_cache

from game.modes.bout.odds import pmf

NEXT = 0.12            # the worth of holding initiative into the next round
QUICK_DEFENCE = 2      # the rules' quick_defence_cost (the table is a model, not the rules)
NO_DEFENCE = -99         # no defence at all (not 0 dice: an empty pool still throws one die)


@lru_cache(maxsize=65536)
def outcome(na: int, tna: int, nd: int, tnd: int) -> tuple[float, float]:
    """(P(attack lands), P(defence wins)) for na attack dice against nd defence dice
    (nd = NO_DEFENCE: no defence at all)."""
    a = pmf(na, tna)
    if nd == NO_DEFENCE:
        return 1.0 - a[0], 0.0
    d = pmf(nd, tnd)
    hit = won = 0.0
    for i, pa in enumerate(a):
        for j, pd in enumerate(d):
            if i > j:
                hit += pa * pd
            elif j > i:
                won += pa * pd
    return hit, won


class DuelTable:
    """Values from the point of view of fighter X against Y. `tn` = (X attack TN, X defence TN,
    Y attack TN, Y defence TN); `pen` = (X's dice penalty, Y's dice penalty) on every roll."""

    def __init__(self, tn: tuple, pen: tuple, x_max: int, y_max: int) -> None:
        self.tn, self.pen = tn, pen
        self.x_max, self.y_max = x_max, y_max
        self.memo: dict = {}

    def value(self, ex: int, x_holds: bool, x: int, y: int) -> float:
        """X's expected value at the start of exchange `ex` (1, 2; 3 = the round is over)."""
        if ex == 3:
            return NEXT if x_holds else -NEXT
        key = (ex, x_holds, x, y)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self._solve(ex, x_holds, x, y)[0]
        return got

    def _results(self, ex, x_holds, x, y, a, d):
        """Value to X when the holder attacks with a and the other defends with d."""
        ta_x, td_x, ta_y, td_y = self.tn
        px, py = self.pen
        if x_holds:
            hit, won = outcome(a - px, ta_x, NO_DEFENCE if d < 0 else d - py, td_y)
            rest_x, rest_y = x - a, y - max(0, d)
            keep = self.value(ex + 1, True, rest_x, rest_y)
            lose = self.value(ex + 1, False, rest_x, rest_y)
            return hit * 1.0 + won * lose + (1 - hit - won) * keep
        hit, won = outcome(a - py, ta_y, NO_DEFENCE if d < 0 else d - px, td_x)
        rest_x, rest_y = x - max(0, d), y - a
        keep = self.value(ex + 1, False, rest_x, rest_y)
        gain = self.value(ex + 1, True, rest_x, rest_y)
        return -hit * 1.0 + won * gain + (1 - hit - won) * keep

    def _answers(self, pool: int) -> list[int]:
        return [NO_DEFENCE] + list(range(1, pool + 1)) if pool > 0 else [NO_DEFENCE, 0]

    def _solve(self, ex, x_holds, x, y):
        """(value, best attack) for the holder; the defender answers each attack at his best."""
        holder_pool = x if x_holds else y
        other_pool = y if x_holds else x
        best_v, best_a = None, 0
        lull = self._lull(ex, x_holds, x, y)
        for a in range(1, holder_pool + 1):
            vals = [self._results(ex, x_holds, x, y, a, d) for d in self._answers(other_pool)]
            v = min(vals) if x_holds else max(vals)
            if best_v is None or (v > best_v if x_holds else v < best_v):
                best_v, best_a = v, a
        if best_v is None or (lull > best_v if x_holds else lull < best_v):
            return lull, 0
        return best_v, best_a

    def _lull(self, ex, x_holds, x, y) -> float:
        """The holder does not attack: the other may quick attack (he resolves without initiative;
        the holder answers with a quick defence at +QUICK_DEFENCE CP); a landed quick attack counts
        as a hit, a failed one leaves the initiative where it was; declining is a lull (0)."""
        ta_x, td_x, ta_y, td_y = self.tn
        px, py = self.pen
        holder_pool, other = (x, y) if x_holds else (y, x)
        sign = -1.0 if x_holds else 1.0           # the quick attacker's gain, seen by X
        best = 0.0
        for q in range(1, other + 1):
            answers = [NO_DEFENCE] + list(range(1, max(0, holder_pool - QUICK_DEFENCE) + 1))
            worst = None
            for d in answers:
                if x_holds:
                    hit, _w = outcome(q - py, ta_y, NO_DEFENCE if d < 0 else d - px, td_x)
                    rest = self.value(ex + 1, True, x - max(0, d) - (QUICK_DEFENCE if d >= 0 else 0), y - q)
                else:
                    hit, _w = outcome(q - px, ta_x, NO_DEFENCE if d < 0 else d - py, td_y)
                    rest = self.value(ex + 1, False, x - q, y - max(0, d) - (QUICK_DEFENCE if d >= 0 else 0))
                v = sign * hit + (1 - hit) * rest
                if worst is None or (v > worst if x_holds else v < worst):
                    worst = v                     # the holder picks the answer best for him
            if (worst < best) if x_holds else (worst > best):
                best = worst                      # the quick attacker picks what hurts the holder most
        return best

    def best_attack(self, ex: int, x: int, y: int) -> int:
        """X holds initiative: the attack dice that serve him best (0 = let it lull)."""
        return self._solve(ex, True, x, y)[1]

    def best_defence(self, ex: int, x: int, y: int, a: int) -> int:
        """Y attacks X with a dice: X's best answer (NO_DEFENCE, or dice)."""
        answers = self._answers(x)
        vals = [(self._results(ex, False, x, y, a, d), -max(0, d)) for d in answers]
        i = max(range(len(answers)), key=lambda k: vals[k])
        return answers[i]


@lru_cache(maxsize=256)
def _table(tn: tuple, pen: tuple) -> DuelTable:
    return DuelTable(tn, pen, 0, 0)


def table(tn: tuple, pen: tuple, x_max: int = 0, y_max: int = 0) -> DuelTable:
    """The solved round for these TNs and penalties; values are memoised per pools, so one table
    serves every pool size (x_max, y_max are only hints)."""
    return _table(tn, pen)
