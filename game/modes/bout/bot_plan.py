"""The bots' declarations (step 2/1) and answers (quick defences): a plan of lines per fighter,
made once per stage and handed out one action at a time (see bot.py for the levels)."""

from __future__ import annotations

from game.modes.bout import actions as A
from game.modes.bout.blows import attack_tn, defence_tn, facing_penalty
from game.modes.bout.bot_hard import HardPlanner, attackers_of
from game.modes.bout.consts import (
    ATTACK,
    BUY,
    CAUTIOUS,
    DEFEND,
    DEFENSIVE,
    FORCE,
    HAND_MAIN,
    L_DICE,
    L_HAND,
    L_MAN,
    L_ZONE,
    QUICK,
    QUICK_DEFEND,
    RESPOND,
)


def p_die(tn: int) -> float:
    return min(1.0, max(0.0, (11 - tn) / 10))


def ceil_div(x: float, p: float) -> int:
    if p <= 0:
        return 99
    v = x / p
    i = int(v)
    return i if i >= v else i + 1


class Planner(HardPlanner):
    # ------------------------------------------------------------------ plan bookkeeping
    def declare(self, m, f):
        e = m.engagement_of(f)
        key = (f, e.id, e.resolved, e.stage, m.clock)
        plan = self._plans.get(f)
        if plan is None or plan[0] != key:
            if self.level == "hard":
                acts = self.respond_hard(m, e, f) if e.stage == RESPOND else self.plan_hard(m, e, f)
            else:
                acts = self.plan_response(m, e, f) if e.stage == RESPOND else self.plan_lines(m, e, f)
            plan = self._plans[f] = [key, acts]
        acts = plan[1]
        while acts:
            a = acts.pop(0)
            if self._ok(m, a):
                return a
        self._plans.pop(f, None)
        if self._ok(m, A.Done(f)):
            return A.Done(f)
        legal = m.legal_actions()              # e.g. an aggressive fighter who must attack
        lines = [a for a in legal if isinstance(a, A.Line)]
        return lines[0] if lines else legal[0]

    # ------------------------------------------------------------------ what the bot knows
    def expected(self, m, g: int, ln, at: int) -> float:
        """Expected successes of g's declared attack line at `at`."""
        man = m.rules.maneuvers[ln[L_MAN]]
        n = ln[L_DICE] + m.fighters[g].bonus_dice - m.length_penalty(g, at)
        return max(0.5, n) * p_die(attack_tn(m, g, man, ln[L_HAND]))

    def defences(self, m, e, f: int, attacker: int, zone_kind: str):
        """Usable defence maneuvers against this attacker: [(tn, cost, maneuver, hand)], cheapest
        and lowest TN first (the tree's default first)."""
        me = m.fighters[f]
        key = ("def", f, me.weapon, me.offhand, frozenset(m._free_hands(e, f)), zone_kind)
        got = self._cache.get(key)
        if got is not None:
            return list(got)
        out = self._cache[key] = []
        for mm in m.rules.maneuvers:
            if mm.kind != "defence" or mm.effect == "full_evasion" or me.t.prof < mm.min_prof:
                continue
            if mm.only_vs and mm.only_vs != zone_kind:
                continue
            hand = m.usable_hand(e, f, mm)
            if hand is None:
                continue
            out.append((defence_tn(m, f, mm, hand), mm.cost, mm, hand))
        out.sort(key=lambda o: (o[1], o[0], o[2].index))
        return list(out)

    def strike(self, m, e, f: int, foe: int):
        """(maneuver, zone, tn, hand) of the bot's blow at foe: the best expected wound for the
        TN (the hard bot), else the tree's default regular attack."""
        me = m.fighters[f]
        key = ("strike", f, me.weapon, me.offhand, self.level, m.fighters[foe].t.armour, m.fighters[foe].t.to)
        got = self._cache.get(key)
        if got is not None:
            return got
        rules = m.rules
        foe_t = m.fighters[foe].t
        av = rules.armours[foe_t.armour].av
        best = None
        for mm in rules.maneuvers:
            if mm.kind != "attack" or mm.effect != "strike" or me.t.prof < mm.min_prof or mm.extra_max:
                continue
            if mm.root not in ("regular",) and self.level != "hard":
                continue
            hand = m.usable_hand(e, f, mm)
            if hand is None:
                continue
            if hand not in (HAND_MAIN,) and mm.hand != "both":
                continue
            tn = attack_tn(m, f, mm, hand)
            w = rules.weapons[me.weapon]
            dr = me.t.st + mm.damage_bonus + (w.thrust_dr if mm.damage == "weapon_thrust" else w.swing_dr)
            lvl = 2 + dr - foe_t.to - max(0, av - mm.av_ignore)
            score = (lvl * 0.6 - tn - mm.cost * 0.8) if self.level == "hard" else (-tn - mm.cost)
            if best is None or score > best[0]:
                best = (score, mm, hand, tn)
        if best is None:
            return None
        _s, mm, hand, tn = best
        zone = self.zone_for(m, mm)
        got = self._cache[key] = (mm, zone, tn, hand)
        return got

    def zone_for(self, m, mm) -> int:
        key = ("zone", mm.index, self.level)
        if key not in self._cache:
            rules = m.rules
            kinds = ("swing", "thrust") if mm.zones == "any" else (mm.zones,)
            zones = [z for z in rules.zones if z.kind in kinds]
            if self.level == "easy":
                pick = zones[0]
            else:
                def shock(z):
                    return sum(rules.wounds[(t, li)]["shock"][2] for t in range(3) for li in rules.zone_locs[z.index])
                pick = max(zones, key=lambda z: (shock(z) / 6 - 2.5 * 3 * z.aim_cost, -z.index))
            self._cache[key] = pick.index
        return self._cache[key]

    def foe_defence_tn(self, m, g: int) -> int:
        foe = m.fighters[g]
        tn = m.rules.weapons[foe.weapon].dtn
        if foe.t.shield >= 0:
            tn = min(tn, m.rules.shields[foe.t.shield].dtn)
        return tn

    # ------------------------------------------------------------------ the declaration
    def plan_lines(self, m, e, f: int) -> list:
        fs = m.fighters
        me = fs[f]
        t = me.target
        lvl = self.level
        attackers = attackers_of(m, e, f)
        cp = me.cp
        plan: list = []
        spent = 0
        # 1. defences against the attacks already declared at f
        t_attacks_me = any(g == t for g, _ in attackers)
        holds = t >= 0 and m.holds(f, t)
        want_attack = self.wants_attack(m, e, f, t, holds, t_attacks_me, attackers)
        for g, ln in attackers:
            if want_attack and g == t and (holds or want_attack == BUY):
                continue                       # answered by striking (contest or steal)
            zk = m.rules.zones[ln[L_ZONE]].kind
            opts = self.defences(m, e, f, g, zk)
            if not opts:
                continue
            tn, cost, dm, hand = opts[0]
            ea = self.expected(m, g, ln, f)
            pd = p_die(tn)
            pen = m.length_penalty(f, g) + facing_penalty(m, f, g)
            if lvl == "easy":
                n = max(1, (cp - spent) // 2)
            else:
                n = ceil_div(ea + 0.6, pd) + pen
            left = cp - spent - cost
            n = max(0, min(n, left))
            if n <= 0 and left < 0:
                continue
            if n == 0 and left > 0:
                n = 1
            plan.append(A.Line(f, DEFEND, g, dm.index, 0, n))
            spent += n + cost
        # 2. the attack
        if want_attack is not None and t >= 0:
            line = self.attack_line(m, e, f, t, want_attack, cp - spent)
            if line is not None:
                plan.append(line)
        plan.append(A.Done(f))
        return plan

    def cost_of(self, m, a) -> int:
        return m.line_cost(a.f, a.kind, m.rules.maneuvers[a.man], a.zone, a.dice, a.extra, a.reflex_buy, a.terrain)

    def wants_attack(self, m, e, f, t, holds, t_attacks_me, attackers):
        """Which attack line kind the easy or normal bot declares at its target, or None."""
        if t < 0:
            return None
        fs = m.fighters
        me, foe = fs[f], fs[t]
        if me.late or me.orientation == DEFENSIVE:
            return None
        if holds:
            if me.cp <= 0:
                return ATTACK if me.orientation == 0 else None
            return ATTACK
        if t_attacks_me:
            return None
        if t in e.declared and m.holds(t, f):
            if self.level == "easy":
                return QUICK if me.cp >= 3 else None
            if me.cp >= foe.cp + 2:
                return QUICK
        return None

    def attack_line(self, m, e, f, t, kind, budget):
        me = m.fighters[f]
        got = self.strike(m, e, f, t)
        if got is None:
            return None
        mm, zone, tn, hand = got
        extra_cost = mm.cost + m.rules.zones[zone].aim_cost
        terrain = 0
        if kind in (BUY, FORCE):
            extra_cost += m.buy_cost(f)
        if kind == FORCE:
            terrain = 2
            extra_cost += terrain
        if kind == QUICK:
            extra_cost += m.R["quick_attack_cost"]
        room = budget - extra_cost
        lvl = self.level
        if room < 1:
            if room == 0 and budget == extra_cost and me.orientation == 0:
                return A.Line(f, kind, t, mm.index, zone, 0, 0, 0, terrain)
            return None
        if lvl == "easy":
            n = room
        else:
            n = room if e.exchange == 2 else max(1, (room * 3) // 5)
            n = max(n, min(room, m.length_penalty(f, t) + 1))      # reads the reach penalty
        return A.Line(f, kind, t, mm.index, zone, n, 0, 0, terrain)

    # ------------------------------------------------------------------ answers after everyone
    def plan_response(self, m, e, f: int) -> list:
        fs = m.fighters
        me = fs[f]
        plan = []
        spent = 0
        cost = m.R["quick_defence_cost"]
        for g in m.unanswered_late(e, f):
            ln = next(ln for h, ln in m.attacks_on(e, f) if h == g)
            opts = self.defences(m, e, f, g, m.rules.zones[ln[L_ZONE]].kind)
            if not opts or self.level == "easy" and me.cp - spent < cost + 2:
                continue
            tn, c, dm, hand = opts[0]
            ea = self.expected(m, g, ln, f)
            n = ceil_div(ea + 0.8, p_die(tn)) + m.length_penalty(f, g) + facing_penalty(m, f, g)
            left = me.cp - spent - cost - c
            n = min(n, left)
            if n < 1:
                continue
            plan.append(A.Line(f, QUICK_DEFEND, g, dm.index, 0, n))
            spent += n + cost + c
        plan.append(A.Done(f))
        return plan


__all__ = ["Planner", "p_die", "CAUTIOUS"]
