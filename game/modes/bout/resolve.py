"""Resolving an engagement's declarations (the seed's SoS algorithm), then initiative.

Two queues: attacks by fighters holding initiative over their target (bought and force-entering
ones included), then the rest; each from the highest raw Reflex down (a force-entering attack
counts half its Reflex, plus what was bought back). Before a fighter's attack executes, these
resolve first, as a stack: his target's attack on him when the target holds initiative over him
or won their contest, and every overwatcher attacking him (someone holding initiative over him),
unless he bought initiative as an attacker; an attack without initiative also waits for his
target's. A defence resolves with the attack it meets. Two fighters contesting initiative
(aggressor against aggressor, or bought) roll Reflex against their own attack's TN: more
successes strikes first; a tie goes to the higher raw Reflex, a thrust counting +1; a further
tie is rolled once more, and only then are the blows simultaneous, rolled before either is
hurt [WT][B] (the second roll is ours).

Initiative afterwards (the seed's table): between two attackers, the first to hit takes it
(`!`, `-`), both missing leaves it with the first resolver (`~`), a miss then a hit goes to the
later hitter only when contested (`*`); simultaneous: the only hitter takes it (`!!`), two hits
or two misses are a draw, a pause (`--`, `~~`). One attack alone: a hit or a tie keeps it with
the attacker, a won defence passes it (partial evasion only for +2 CP, never a void), a full
evasion pauses the pair. An attack without initiative never wins it; a quick attack that lands
only brings a new orientation. Two fighters facing each other who did nothing: a lull (pause).
"""

from __future__ import annotations

from game.modes.bout.blows import blow
from game.modes.bout.consts import (
    ATTACK_KINDS,
    BUY,
    CHANGE,
    CHANGE_BUY,
    CONTEST,
    DEFENCE_KINDS,
    DOUBLE,
    FORCE,
    L_DICE,
    L_EXTRA,
    L_FOE,
    L_KIND,
    L_MAN,
    L_RBUY,
    L_SEQ,
    L_TERRAIN,
    L_ZONE,
    NO_INIT,
    NOBODY,
    QUICK,
)
from game.modes.bout.events import ev

CONTEST_ROLLS = 2      # a contest tied on successes, Reflex and thrust is rolled once more (ours)


class Ctx:
    __slots__ = ("e", "rolled", "guards", "used", "wasted", "outcomes", "hit_on", "done", "onstack",
                 "contests", "simul", "noinit", "bought")

    def __init__(self, e) -> None:
        self.e = e
        self.rolled: set = set()        # (fighter, line seq) attack lines already rolled
        self.guards: dict = {}          # cached defence rolls
        self.used: set = set()          # (fighter, line seq) defence lines that met a blow
        self.wasted: set = set()        # defence lines lost to a stop-short
        self.outcomes: list = []
        self.hit_on: set = set()
        self.done: set = set()
        self.onstack: set = set()
        self.contests: dict = {}        # pair -> first striker, or NOBODY for simultaneous
        self.simul: set = set()
        self.noinit: set = set()        # fighters whose attack is without initiative
        self.bought: set = set()        # fighters who bought initiative as attackers


class Resolution:
    def length_penalty(self, f: int, foe: int) -> int:
        p = self.pair(f, foe)
        if p is None or p[2] != f or self.fighters[f].ignore_length:
            return 0
        return p[3]

    def close_in(self, a: int, b: int) -> None:
        """a closed the distance (landed a blow, countered, wove in): the reach penalty, if a
        carried it, passes to b [E][seed]."""
        p = self.pair(a, b)
        if p is not None and p[2] == a:
            p[2] = b
            self.events.append(ev("closes", a, b))

    def speed(self, f: int, ln) -> int:
        r = self.fighters[f].t.reflex
        if ln is not None and ln[L_KIND] == FORCE:
            return r // 2 + ln[L_RBUY]
        return r

    # ------------------------------------------------------------------ the queues
    def resolve(self, e) -> None:
        fs = self.fighters
        ctx = Ctx(e)
        first, rest = [], []
        for f in sorted(e.lines):
            prim = self.primary(e, f)
            if prim is None:
                continue
            t, k = prim[L_FOE], prim[L_KIND]
            late = k in (QUICK, NO_INIT) or (k == CHANGE and fs[t].target == f and not self.holds(f, t))
            if late:
                ctx.noinit.add(f)
            if k == BUY and self.holds(f, t) and not (fs[t].target == f and self.contested(f, t)):
                ctx.bought.add(f)
            (rest if late or (k not in (FORCE, BUY, CHANGE_BUY) and not self.holds(f, t)) else first).append(f)
        def key(f):
            return (-self.speed(f, self.primary(e, f)), f)
        for f in sorted(first, key=key) + sorted(rest, key=key):
            self._run(ctx, f)
        for f in sorted(e.lines):                 # double attacks with no primary left (never)
            if f not in ctx.done:
                self._run(ctx, f)
        self._refunds(ctx)
        self._initiative(ctx)

    def _first_of(self, ctx, a: int, b: int):
        """For two fighters attacking each other with contested initiative: who strikes first
        (NOBODY = simultaneous). Rolled once per pair."""
        key = (a, b) if a < b else (b, a)
        if key not in ctx.contests:
            ctx.contests[key] = self.contest_order(ctx.e, a, b)
            if ctx.contests[key] == NOBODY:
                ctx.simul.add(key)
        return ctx.contests[key]

    def contest_order(self, e, a: int, b: int) -> int:
        """Reflex dice (less reach penalty) against each one's own attack TN [WT][B]."""
        from game.modes.bout.blows import attack_tn
        rules = self.rules
        for _ in range(CONTEST_ROLLS):
            sc = []
            for x, y in ((a, b), (b, a)):
                ln = self.primary(e, x)
                m = rules.maneuvers[ln[L_MAN]]
                n = self.speed(x, ln) - self.length_penalty(x, y)
                s, _ = self.attr_roll(n, attack_tn(self, x, m, ln[8]))
                thrust = 1 if rules.zones[ln[L_ZONE]].kind == "thrust" else 0
                sc.append((s, self.speed(x, ln) + thrust))
            self.events.append(ev("contest", a, b, sc[0][0], sc[1][0]))
            if sc[0] != sc[1]:
                return a if sc[0] > sc[1] else b
        return NOBODY

    def _mutual(self, ctx, f: int, t: int) -> bool:
        """f and t attack each other with contested initiative (both hold it, or one bought)."""
        pf, pt = self.primary(ctx.e, f), self.primary(ctx.e, t)
        if pf is None or pt is None or pf[L_FOE] != t or pt[L_FOE] != f:
            return False
        if f in ctx.noinit or t in ctx.noinit:
            return False
        return self.contested(f, t) or BUY in (pf[L_KIND], pt[L_KIND]) or CHANGE_BUY in (pf[L_KIND], pt[L_KIND])

    def _deps(self, ctx, f: int) -> list[int]:
        e = ctx.e
        prim = self.primary(e, f)
        t = prim[L_FOE] if prim is not None else -1
        out = []
        for g in sorted({g for g, _ in self.attacks_on(e, f)}):
            if g in ctx.done or g == f:
                continue
            if g == t and self._mutual(ctx, f, t):
                if self._first_of(ctx, f, t) == t:
                    out.append(g)
                continue
            if self.holds(g, f) and not (f in ctx.bought and g != t):
                out.append(g)
            elif f in ctx.noinit and g == t:
                out.append(g)
        return sorted(out, key=lambda g: (-self.speed(g, self.primary(e, g)), g))

    def _run(self, ctx, f: int) -> None:
        if f in ctx.done or f in ctx.onstack:
            return
        ctx.onstack.add(f)
        for g in self._deps(ctx, f):
            self._run(ctx, g)
        e = ctx.e
        prim = self.primary(e, f)
        t = prim[L_FOE] if prim is not None else -1
        if prim is not None and self._mutual(ctx, f, t) and self._first_of(ctx, f, t) == NOBODY and t not in ctx.done:
            ctx.onstack.add(t)
            for g in self._deps(ctx, t):
                if g != f:
                    self._run(ctx, g)
            self._simultaneous(ctx, f, t)
            ctx.done.update((f, t))
            ctx.onstack.discard(t)
        else:
            self._execute(ctx, f)
            ctx.done.add(f)
        ctx.onstack.discard(f)

    def _execute(self, ctx, f: int) -> None:
        for ln in sorted(ctx.e.lines.get(f, ()), key=lambda x: x[L_SEQ]):
            if ln[L_KIND] in ATTACK_KINDS and (f, ln[L_SEQ]) not in ctx.rolled:
                self._strike(ctx, f, ln)

    def _strike(self, ctx, f: int, ln) -> None:
        fs = self.fighters
        t = ln[L_FOE]
        if not fs[f].active or not fs[t].active:
            ctx.rolled.add((f, ln[L_SEQ]))
            self.events.append(ev("lost", f, t))
            return
        if ln[L_KIND] == FORCE:
            s, _ = self.dice_roll(ln[L_TERRAIN], self.R["force_enter_tn"])
            self.events.append(ev("force_enter", f, t, ln[L_TERRAIN], self.R["force_enter_tn"], s))
            if s == 0:
                ctx.rolled.add((f, ln[L_SEQ]))
                ctx.outcomes.append({"a": f, "t": t, "kind": FORCE, "hit": False, "mos": 0, "s_a": 0, "s_d": 0,
                                     "def": None, "dl": None, "stop": False, "n": len(ctx.outcomes),
                                     "failed": True})
                return
        man = self.rules.maneuvers[ln[L_MAN]]
        blow(self, ctx, f, ln)
        if man.effect == "double" and ln[L_EXTRA] > 0 and fs[f].active and fs[t].active:
            blow(self, ctx, f, ln, off_portion=True)

    def _simultaneous(self, ctx, a: int, b: int) -> None:
        """Both blows are rolled before either is hurt (their attack dice are already out)."""
        self.events.append(ev("simultaneous", a, b))
        la, lb = self.primary(ctx.e, a), self.primary(ctx.e, b)
        ctx.rolled.update(((a, la[L_SEQ]), (b, lb[L_SEQ])))
        alive = (self.fighters[a].active, self.fighters[b].active)
        for f, ln, ok in ((a, la, alive[0]), (b, lb, alive[1])):
            if ok:
                self._strike_forced(ctx, f, ln)
        for f in (a, b):
            for ln in ctx.e.lines.get(f, ()):
                if ln[L_KIND] == DOUBLE and (f, ln[L_SEQ]) not in ctx.rolled:
                    self._strike(ctx, f, ln)

    def _strike_forced(self, ctx, f: int, ln) -> None:
        """A simultaneous blow: struck even if the other's blow has just felled him."""
        fs = self.fighters
        was = (fs[f].dead, fs[f].out_rounds)
        fs[f].dead, fs[f].out_rounds = False, 0
        try:
            man = self.rules.maneuvers[ln[L_MAN]]
            blow(self, ctx, f, ln)
            if man.effect == "double" and ln[L_EXTRA] > 0:
                blow(self, ctx, f, ln, off_portion=True)
        finally:
            dead_now = fs[f].dead
            fs[f].dead = was[0] or dead_now
            fs[f].out_rounds = max(was[1], fs[f].out_rounds)

    # ------------------------------------------------------------------ afterwards
    def _refunds(self, ctx) -> None:
        """Defence dice that met no blow come back (the activation costs do not) [seed]."""
        fs, man = self.fighters, self.rules.maneuvers
        for f, ls in ctx.e.lines.items():
            for ln in ls:
                if ln[L_KIND] not in DEFENCE_KINDS or (f, ln[L_SEQ]) in ctx.used:
                    continue
                if not fs[f].active:
                    continue
                back = ln[L_DICE] + (ln[L_EXTRA] if man[ln[L_MAN]].effect == "partial_evasion" else 0)
                if back:
                    fs[f].cp += back
                    self.events.append(ev("refund", f, back))

    def _initiative(self, ctx) -> None:
        fs, e = self.fighters, ctx.e
        by_pair: dict = {}
        for o in ctx.outcomes:
            by_pair.setdefault((min(o["a"], o["t"]), max(o["a"], o["t"])), []).append(o)
        attacked, missed, won_def = set(), set(), set()
        for o in ctx.outcomes:
            attacked.add(o["a"])
            if not o["hit"] and not o["stop"]:
                missed.add(o["a"])
            if o["s_d"] > o["s_a"] and o["def"]:
                won_def.add(o["t"])
        for key, outs in sorted(by_pair.items()):
            a, b = key
            p = self._pair(a, b)
            old = p[0]
            dirs = []
            for o in outs:
                if (o["a"], o["t"]) not in dirs:
                    dirs.append((o["a"], o["t"]))
            if len(dirs) == 2:
                holder = self._two_way(ctx, key, outs, dirs, old)
            else:
                holder = self._one_way(ctx, outs, old)
            p[0] = holder
            p[1] = 1 if holder == NOBODY else 0
            self.events.append(ev("initiative", a, b, holder))
        for f in e.members:                           # a lull: facing each other, nobody attacked
            g = fs[f].target
            if f < g and fs[g].target == f:
                key = (f, g)
                if key not in by_pair:
                    p = self._pair(f, g)
                    if p[0] != NOBODY:
                        p[0], p[1] = NOBODY, 1
                        self.events.append(ev("lull", f, g))
        for f in e.members:
            me = fs[f]
            me.attacked_last = f in attacked
            me.flawless = (f in attacked or f in won_def) and f not in ctx.hit_on and f not in missed

    def _two_way(self, ctx, key, outs, dirs, old) -> int:
        first = dirs[0][0]
        second = dirs[1][0]
        hit = {d[0]: any(o["hit"] for o in outs if (o["a"], o["t"]) == d) for d in dirs}
        contested = any(self._line_kind(ctx, x) in (BUY, CHANGE_BUY, FORCE) for x in key) or old == CONTEST
        if key in ctx.simul:
            if hit[first] != hit[second]:
                holder = first if hit[first] else second
            else:
                return NOBODY                         # a draw: battle pause, new orientation
        elif hit[first]:
            holder = first
        elif hit[second]:
            holder = second if contested else first
        else:
            holder = first
        if holder in ctx.noinit:                      # without initiative you never win it
            holder = second if holder == first else first
        return holder

    def _one_way(self, ctx, outs, old) -> int:
        o = outs[0]
        a, t = o["a"], o["t"]
        hit = any(x["hit"] for x in outs)
        if o.get("failed"):
            return old
        if o["stop"]:
            return a
        eff = o["def"]
        if eff == "full_evasion" and not hit and o["s_d"] > 0:
            return NOBODY                             # evaded: a pause, new orientation [W][K]
        if not hit and eff and o["s_d"] > o["s_a"]:
            if eff == "partial_evasion":
                dl = o["dl"]
                return t if dl is not None and dl[L_EXTRA] >= self.R["partial_evasion_initiative_cost"] else a
            if eff == "void":
                return a if a not in ctx.noinit else old
            return t
        if o["kind"] == QUICK:
            return NOBODY if hit else t
        if a in ctx.noinit:
            return old
        return a

    def _line_kind(self, ctx, f: int) -> int:
        p = self.primary(ctx.e, f)
        return p[L_KIND] if p is not None else -1

