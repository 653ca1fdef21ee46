"""Bout bots at three levels. They read only public state (pools, targets, orientations once
revealed, declarations made so far, wounds) and their own PCG32 stream, so a bot's choice is
reproducible from the seed.

- easy: orients at random, targets the first foe, attacks with most of its pool and parries
  with what is left, never buys, never reads the reach penalty.
- normal: aggressive when its pool is not smaller, keeps two fifths for exchange 2, defends to
  beat the attack's expected successes.
- hard: sizes every roll from the odds per die ((11-TN)/10) less the reach penalty; picks the
  target that leaves the fewest foes at its side or back, presses a shaken foe, keeps dice for
  the foes who can still strike it (and for exchange 2), prepares a pre-emptive defence against
  undeclared threats, steals initiative from an emptied foe, flees when hopelessly outmatched.

`BoutBot.choose(game)` works on a `BoutGame` (arena) or a bare `Melee` (a dungeon's).
"""

from __future__ import annotations

from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.bot_plan import Planner
from game.modes.bout.commit import seal
from game.modes.bout.consts import AGGRESSIVE, AUTO, CAUTIOUS, COMMIT, DEFENSIVE, ORIENT, REVEAL, TARGET
from game.modes.bout.fighter import NEEDS_ORIENTATION

LEVELS = ("easy", "normal", "hard")


class BoutBot(Planner):
    def __init__(self, level: str = "hard", seed: int = 0, stream: int = 0, salt_source=None) -> None:
        if level not in LEVELS:
            raise ValueError(f"bot level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.rng = Pcg32(seed, 0x5EED + stream)
        self._plans: dict = {}
        self._reveals: dict = {}
        self._cache: dict = {}
        # secret throws need unpredictable salts on the link (os.urandom); headless runs use the
        # bot's own stream so that they replay
        self.salt_source = salt_source or (lambda: bytes(self.rng.below(256) for _ in range(A.SECRET_BYTES)))

    def choose(self, g):
        f = g.fighter_to_act() if hasattr(g, "fighter_to_act") else g.to_act()
        m = getattr(g, "m", g)
        try:
            if getattr(g, "queue", None):
                act = self.step(g, f)
            else:
                st = m.stage_of(f)
                if st == ORIENT:
                    act = self.orient(m, f)
                elif st == COMMIT:
                    act, self._reveals[f] = seal(self.orient(m, f), self.salt_source())
                elif st == REVEAL:
                    act = self._reveals.pop(f)
                elif st == TARGET:
                    act = self.target(m, f)
                else:
                    return self.declare(m, f)    # each planned line is checked as it is handed out
            g.check(act)
            return act
        except (ActionError, ValueError, IndexError, KeyError):
            self._plans.pop(f, None)
            return self.fallback(g, m, f)

    def fallback(self, g, m, f):
        if getattr(g, "queue", None):
            return A.Move(f, A.WAIT)
        acts = g.legal_actions()
        done = [a for a in acts if isinstance(a, A.Done)]
        return done[0] if done else acts[0]

    # ------------------------------------------------------------------ the arena's steps
    def step(self, g, f):
        m = g.m
        me = m.fighters[f]
        foes = [i for i, x in enumerate(m.fighters) if x.active and m.hostile(f, i)]
        if not foes:
            return A.Move(f, A.WAIT)
        w = m.width

        def dist(a, b):
            return max(abs(a % w - b % w), abs(a // w - b // w))
        tgt = min(foes, key=lambda i: (dist(me.pos, m.fighters[i].pos), i))
        taken = {x.pos for x in m.fighters if x.active}
        best, bd = A.WAIT, dist(me.pos, m.fighters[tgt].pos)
        for d in range(8):
            c = m.cell_towards(f, d)
            if c is None or not g.passable(c) or c in taken:
                continue
            dd = dist(c, m.fighters[tgt].pos)
            if dd < bd:
                best, bd = d, dd
        return A.Move(f, best)

    # ------------------------------------------------------------------ step 0/1: orientation
    def orient(self, m, f):
        me = m.fighters[f]
        e = m.engagement_of(f)
        foes = m.foes_of(f)
        foot = self.footing_dice(m, f) if m._needs_footing(e, f) else 0
        if me.orientation != NEEDS_ORIENTATION:
            return A.Orient(f, AUTO, 0, foot)
        neutral = 0
        if self.level == "easy":
            return A.Orient(f, (AGGRESSIVE, CAUTIOUS, CAUTIOUS, DEFENSIVE)[self.rng.below(4)], neutral, foot)
        mine = me.cp - foot
        theirs = [m.fighters[g].cp for g in foes]
        strongest = max(theirs, default=0)
        if self.level == "normal":
            return A.Orient(f, AGGRESSIVE if mine >= strongest else CAUTIOUS, neutral, foot)
        # hard: aggressive when clearly ahead of everyone in reach, cautious otherwise; defensive
        # only when hopelessly behind (it can still flee or force-enter)
        total = sum(theirs)
        if len(foes) == 1 and mine * 5 >= strongest * 3 and self.first_strike(m, f, foes[0]) >= 0.3:
            o = AGGRESSIVE                    # holding the initiative is worth much (bot_duel)
        elif len(foes) > 1 and mine * 2 < total and mine < 4:
            o = DEFENSIVE
        else:
            o = CAUTIOUS
        stance = self.stance_for(m, f, o, mine, strongest)
        return A.Orient(f, o, stance, foot)

    def first_strike(self, m, f, g) -> float:
        """The chance to strike first in a contest with g: Reflex (less the reach penalty)
        against each one's plain attack TN, more successes first (ties: half)."""
        from game.modes.bout.odds import pmf
        fs, w = m.fighters, m.rules.weapons

        def tn(x):
            wx = w[fs[x].weapon]
            return min(v for v in (wx.atn_swing, wx.atn_thrust, 10) if v)
        lp_f = m.length_penalty(f, g) if m.pair(f, g) else self.reach_gap(m, f, g)
        lp_g = m.length_penalty(g, f) if m.pair(f, g) else self.reach_gap(m, g, f)
        a = pmf(fs[f].t.reflex - lp_f, tn(f))
        b = pmf(fs[g].t.reflex - lp_g, tn(g))
        win = tie = 0.0
        for i, pa in enumerate(a):
            for j, pb in enumerate(b):
                if i > j:
                    win += pa * pb
                elif i == j:
                    tie += pa * pb
        return win + tie / 2

    def stance_for(self, m, f, o, mine, strongest) -> int:
        ids = {s.id: s.index for s in m.rules.stances}
        if o == AGGRESSIVE and mine >= strongest - 1 and "aggressive" in ids:
            return ids["aggressive"]
        if o == DEFENSIVE and "defensive" in ids:
            return ids["defensive"]
        return 0

    def footing_dice(self, m, f) -> int:
        me = m.fighters[f]
        if self.level == "easy":
            return min(1, me.cp)
        tn = m.footing_tn(len(m.foes_of(f)))
        p = max(0.1, (11 - tn) / 10)
        want = 2 if self.level == "normal" else max(1, min(3, round(1.2 / p)))
        return max(0, min(me.cp // 3, want))

    # ------------------------------------------------------------------ step 1/1: target
    def target(self, m, f):
        foes = m.foes_of(f)
        if self.level == "easy":
            legal = [g for g in foes if self._ok(m, A.Target(f, g))]
            return A.Target(f, legal[self.rng.below(len(legal))])
        cands = [g for g in foes if self._ok(m, A.Target(f, g))]

        def score(g):
            foe = m.fighters[g]
            s = 0.0
            if foe.target == f:
                s += 3.0                        # answer the one who threatens you (no overwatch)
            s -= foe.cp * 0.5 + foe.health * 0.5
            if foe.prone or foe.shock_carry:
                s += 2.0
            if self.level == "hard":
                s += 1.5 * self.danger(m, g, f) - self.danger(m, f, g) * 0.5
                s -= self.exposure(m, f, g)
                s -= m.length_penalty(f, g) if m.pair(f, g) else self.reach_gap(m, f, g)
            return (s, -g)
        return A.Target(f, max(cands, key=score))

    def danger(self, m, g, f) -> float:
        """How deep g's plain blow goes into f: his best damage less f's Toughness and armour."""
        w = m.rules.weapons[m.fighters[g].weapon]
        foe = m.fighters[f]
        dr = m.fighters[g].t.st + max(w.swing_dr if w.atn_swing else -9, w.thrust_dr if w.atn_thrust else -9)
        return dr - foe.t.to - m.rules.armours[foe.t.armour].av

    def reach_gap(self, m, f, g) -> int:
        w = m.rules.weapons
        d = w[m.fighters[g].weapon].reach - w[m.fighters[f].weapon].reach
        return min(m.R["length_penalty_max"], max(0, d) * m.R["length_penalty_per_step"])

    def exposure(self, m, f, g) -> float:
        """Defence dice lost to the other foes if f turns to face g."""
        face = m.direction_to(f, g)
        lost = 0.0
        for h in m.foes_of(f):
            if h == g:
                continue
            d = (m.direction_to(f, h) - face) % 8
            d = min(d, 8 - d)
            lost += m.R["rear_penalty"] if d >= 3 else (m.R["flank_penalty"] if d == 2 else 0)
        return lost

    def _ok(self, m, a) -> bool:
        try:
            m.check(a)
            return True
        except ActionError:
            return False
