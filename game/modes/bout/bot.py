"""Bout bots at three levels. They reason about the pool, not about hidden rolls.

- easy: throws red or white at random, attacks with everything it has, parries with half.
- normal: throws red when its pool is not smaller, keeps a little for exchange 2, defends to beat
  the attack's expected successes.
- hard: sizes every declaration from success odds (per die (11-TN)/10), keeps a reserve in
  exchange 1 against the foes who can strike it, takes the aggressive stance against a shaken
  (low-pool) foe and presses him, picks the zone with the most shock, counters weak attacks,
  fully evades when outmatched and buys initiative when it can afford it.

A bot only reads the public state (pools, declarations made so far, wounds) and its own PCG32
stream, so a bot's choice is reproducible from the seed.
"""

from __future__ import annotations

from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.commit import seal
from game.modes.bout.resolve import DTYPES, attack_tn, defence_tn

LEVELS = ("easy", "normal", "hard")
_SHOCK: dict = {}


def p_die(tn: int) -> float:
    return min(1.0, max(0.0, (11 - tn) / 10))


def _ceil(x: float) -> int:
    i = int(x)
    return i if i >= x else i + 1


class BoutBot:
    def __init__(self, level: str = "hard", seed: int = 0, stream: int = 0, salt_source=None) -> None:
        if level not in LEVELS:
            raise ValueError(f"bot level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.rng = Pcg32(seed, 0x5EED + stream)
        self._opts: dict = {}
        self._reveals: dict = {}
        # secret throws need unpredictable salts on the link (os.urandom); headless runs use the
        # bot's own stream so that they replay
        self.salt_source = salt_source or (lambda: bytes(self.rng.below(256) for _ in range(A.SECRET_BYTES)))

    def choose(self, g) -> tuple:
        f = g.to_act()
        ph = g.phase
        try:
            if ph == "move":
                act = self._move(g, f)
            elif ph == "footing":
                act = (A.FOOTING, f, max(1, min(g.fighters[f].cp, {"easy": 1, "normal": 2, "hard": 3}[self.level])))
            elif ph == "orient":
                act = self._orient(g, f)
            elif ph == "commit":
                act, self._reveals[f] = seal(self._orient(g, f), self.salt_source())
            elif ph == "reveal":
                act = self._reveals.pop(f)
            elif ph == "attack":
                act = self._attack(g, f)
            else:
                act = self._defend(g, f)
            g.check(act)
            return act
        except (ActionError, ValueError, IndexError):
            return (A.PASS, f) if ph in ("attack", "defence") else g.legal_actions()[0]

    # ------------------------------------------------------------------ helpers
    def _zone_shock(self, g):
        """Mean shock at level 3 per (damage type, zone): where a blow hurts the pool most."""
        r = g.rules
        got = _SHOCK.get(id(r))
        if got is None or got[0] is not r:
            table = {}
            for z in r.zones:
                for t in range(3):
                    table[(t, z.index)] = sum(r.wounds[(t, li)]["shock"][2] for li in r.zone_locs[z.index]) / 6
            got = _SHOCK[id(r)] = (r, table)
        return got[1]

    def _strike_options(self, g, f):
        me = g.fighters[f]
        key = (f, me.weapon)
        if key in self._opts:
            return self._opts[key]
        w = g.rules.weapons[me.weapon]
        out = self._opts[key] = []
        for m in g.rules.maneuvers:
            if m.kind != "attack" or m.effect != "strike" or me.t.prof < m.min_prof:
                continue
            if m.needs == "weapon" and me.weapon == g.fist:
                continue
            if m.tn_from == "weapon_swing" and not w.atn_swing or m.tn_from == "weapon_thrust" and not w.atn_thrust:
                continue
            if m.damage == "weapon_thrust":
                dr, dt = w.thrust_dr, w.thrust_type
            elif m.damage == "bludgeon":
                dr, dt = w.swing_dr, "bludgeon"
            else:
                dr, dt = w.swing_dr, w.swing_type
            out.append((attack_tn(g, f, m), -(dr + m.damage_bonus), m, DTYPES.index(dt)))
        out.sort(key=lambda o: (o[0], o[2].cost, o[1], o[2].index))
        return out

    def _best_zone(self, g, m, dt):
        key = ("zone", m.index, dt)
        if key not in self._opts:
            shock = self._zone_shock(g)
            zones = [z for z in g.rules.zones if m.zones in ("any", z.kind)]
            self._opts[key] = max(zones, key=lambda z: (shock[(dt, z.index)] - 2.5 * z.aim_cost, -z.index))
        return self._opts[key]

    def _threats(self, g, f) -> int:
        """Foes who hold initiative over f (they can strike next exchange)."""
        return sum(1 for o in g.foes_of(f) if g.holds(o, f))

    # ------------------------------------------------------------------ phases
    def _move(self, g, f):
        me = g.fighters[f]
        w = g.width
        foes = [x for x in g.fighters if x.active and x.side != me.side]
        if not foes:
            return (A.MOVE, f, 8)
        mx, my = me.pos % w, me.pos // w
        tgt = min(foes, key=lambda x: (max(abs(x.pos % w - mx), abs(x.pos // w - my)), x.pos))
        occupied = {x.pos for x in g.fighters if not x.dead}
        best, bd = 8, None
        for d, (dx, dy) in enumerate(A.DIRS[:8]):
            x, y = mx + dx, my + dy
            c = y * w + x
            if not (0 <= x < w and 0 <= y < g.height) or c in g.walls or c in occupied:
                continue
            dist = max(abs(tgt.pos % w - x), abs(tgt.pos // w - y))
            if bd is None or dist < bd:
                best, bd = d, dist
        return (A.MOVE, f, best)

    def _orient(self, g, f):
        me = g.fighters[f]
        foes = [g.fighters[o] for o in g.foes_of(f)]
        foe_cp = max((x.cp for x in foes), default=0)
        neutral = g.rules.index("stances", "neutral") if any(s.id == "neutral" for s in g.rules.stances) else 0
        if self.level == "easy":
            return (A.ORIENT, f, neutral, self.rng.below(2))
        if self.level == "normal":
            return (A.ORIENT, f, neutral, int(me.cp >= foe_cp))
        stance = neutral
        ids = {s.id: s.index for s in g.rules.stances}
        if me.cp >= foe_cp + 3 and "aggressive" in ids:
            stance = ids["aggressive"]
        elif me.cp + 3 <= foe_cp and "defensive" in ids:
            stance = ids["defensive"]
        red = me.cp >= foe_cp - 1 or any(x.shock_carry or x.pain_total() for x in foes)
        if len(foes) > 1 and me.cp < 2 * foe_cp:
            red = False                       # outnumbered: let them come
        return (A.ORIENT, f, stance, int(red))

    def _attack(self, g, f):
        me = g.fighters[f]
        targets = [o for o in g.foes_of(f) if g.holds(f, o)]
        if not targets or me.cp < 1:
            return (A.PASS, f)
        opts = self._strike_options(g, f)
        if not opts:
            return (A.PASS, f)
        if self.level == "easy":
            t = targets[self.rng.below(len(targets))]
            tn, _dr, m, dt = opts[self.rng.below(len(opts))]
            zones = [z for z in g.rules.zones if m.zones in ("any", z.kind) and z.aim_cost == 0]
            z = zones[self.rng.below(len(zones))]
            return (A.ATTACK, f, t, m.index, z.index, me.cp - z.aim_cost - m.cost, 0)
        t = min(targets, key=lambda o: (g.fighters[o].cp, o))
        foe = g.fighters[t]
        tn, _dr, m, dt = opts[0]
        z = self._best_zone(g, m, dt)
        budget = me.cp - z.aim_cost - m.cost
        if budget < 1:
            return (A.PASS, f)
        if self.level == "normal":
            n = budget if g.exchange == 2 else max(1, (budget * 3) // 5)
            return (A.ATTACK, f, t, m.index, z.index, n, 0)
        # hard: beat his likely defence by a margin, keep a reserve for what can hit back
        fw = g.rules.weapons[foe.weapon]
        dtn = fw.dtn
        if foe.t.shield >= 0:
            dtn = min(dtn, g.rules.shields[foe.t.shield].dtn)
        p_a = max(0.05, p_die(tn))
        foe_def = foe.cp * p_die(dtn)
        need = _ceil((foe_def + 1.6) / p_a)
        reserve = 0
        if g.exchange == 1:
            reserve = budget // 3 + 2 * max(0, self._threats(g, f) - (1 if g.holds(t, f) else 0))
            if foe.cp <= 2:
                reserve //= 2                 # he is shaken: press him
        n = max(1, min(budget - reserve, max(need, budget // 2)))
        if g.exchange == 2:
            n = budget
        extra = 1 if m.extra_max and budget - n >= 1 and g.exchange == 2 else 0
        if extra and n + extra > budget:
            extra = 0
        return (A.ATTACK, f, t, m.index, z.index, n, extra)

    def _defence_options(self, g, f, attacker):
        me = g.fighters[f]
        atk = g.attacks[attacker]
        zkind = g.rules.zones[atk[2]].kind
        out = []
        for m in g.rules.maneuvers:
            if m.kind != "defence" or me.t.prof < m.min_prof:
                continue
            if m.needs == "shield" and me.t.shield < 0 or m.needs == "weapon" and me.weapon == g.fist:
                continue
            if m.only_vs and m.only_vs != zkind:
                continue
            if m.effect == "full_evasion" and (me.attacked_last or f in g.attacks):
                continue
            out.append((defence_tn(g, f, m), m.cost, m))
        return out

    def _defend(self, g, f):
        me = g.fighters[f]
        attacker = g.answering()
        if me.cp < 1:
            return (A.PASS, f)
        atk = g.attacks[attacker]
        am = g.rules.maneuvers[atk[1]]
        opts = self._defence_options(g, f, attacker)
        plain = [o for o in opts if o[2].effect in ("parry", "block")]
        if not plain:
            plain = [o for o in opts if o[1] == 0] or opts
        if not plain:
            return (A.PASS, f)
        plain.sort(key=lambda o: (o[0], o[2].index))
        tn, _c, m = plain[0]
        if self.level == "easy":
            return (A.DEFEND, f, attacker, m.index, max(1, me.cp // 2), 0)
        e_a = (atk[3] + g.fighters[attacker].bonus_dice) * p_die(attack_tn(g, attacker, am))
        if self.level == "normal":
            n = min(me.cp, max(1, _ceil((e_a + 1) / max(0.1, p_die(tn)))))
            return (A.DEFEND, f, attacker, m.index, n, 0)
        # hard
        others = sum(1 for a2, v in g.attacks.items() if v[0] == f and a2 != attacker
                     and (f, a2) not in g.defences)
        budget = me.cp - 2 * others               # keep dice for the other blows coming
        foe = g.fighters[attacker]
        buy = g.buy_cost(f)
        if (not others and f not in g.attacks and g.pair(f, attacker)[0] == attacker
                and me.cp >= buy + atk[3] + 4 and foe.cp <= 2):
            opts_s = self._strike_options(g, f)
            if opts_s:
                _tn, _dr, sm, _dt = opts_s[0]
                zs = [z for z in g.rules.zones if sm.zones in ("any", z.kind) and z.aim_cost == 0]
                n = me.cp - buy - sm.cost
                if zs and n >= 1:
                    return (A.BUY, f, attacker, sm.index, zs[0].index, n, 0)
        p_d = max(0.05, p_die(tn))
        n = _ceil((e_a + 1.2) / p_d)
        byeff = {o[2].effect: o for o in opts}
        if "counter" in byeff and e_a <= 1.0 and me.cp >= n + byeff["counter"][1] + 1:
            _ctn, cc, cm = byeff["counter"]
            return (A.DEFEND, f, attacker, cm.index, min(me.cp - cc, n + 1), 0)
        if n > budget and "full_evasion" in byeff and not others:
            ftn, _fc, fm = byeff["full_evasion"]
            return (A.DEFEND, f, attacker, fm.index, max(1, min(me.cp, _ceil((e_a + 1) / p_die(ftn)))), 0)
        n = max(1, min(me.cp, n if g.exchange == 1 else max(n, me.cp - 2 * others)))
        return (A.DEFEND, f, attacker, m.index, n, 0)
