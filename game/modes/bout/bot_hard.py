"""The hard bot's declarations: exact odds (odds.py) instead of rules of thumb.

- each attack already declared at it is met with the fewest dice that keep its chance to land
  at or below `RISK` (less in the last exchange of the round, when the pool comes back anyway);
- its own attack is sized to land with `WANT` against the defence the foe can still raise,
  after a reserve for exchange 2 and for foes who have not declared yet (a pre-emptive defence);
- outnumbered and unable to hold every attack, it flees (one roll against all) when it may;
- it steals initiative from a target whose pool is nearly spent, and answers a target who
  holds initiative but did not attack with a quick attack when the odds are good.
"""

from __future__ import annotations

from game.modes.bout import actions as A
from game.modes.bout.blows import attack_tn, facing_penalty
from game.modes.bout.bot_duel import NO_DEFENCE, table
from game.modes.bout.consts import (
    AGGRESSIVE,
    ATTACK,
    BUY,
    DEFEND,
    DEFENSIVE,
    FORCE,
    L_DICE,
    L_HAND,
    L_MAN,
    L_ZONE,
    NO_INIT,
    PREEMPT,
    QUICK,
    QUICK_DEFEND,
)
from game.modes.bout.odds import dice_to_hold, p_land

RISK = (0.22, 0.30)        # exchange 1, exchange 2
WANT = 0.55



def attackers_of(m, e, f: int) -> list:
    """(g, line) for each foe g attacking f in engagement e: his first attack line on f, in the
    order the attacks were declared."""
    seen, attackers = set(), []
    for g, ln in m.attacks_on(e, f):
        if g not in seen:
            seen.add(g)
            attackers.append((g, ln))
    return attackers

class HardPlanner:
    def _threat(self, m, g: int, ln, f: int) -> tuple[int, int]:
        """(effective dice, TN) of g's declared attack line at f."""
        man = m.rules.maneuvers[ln[L_MAN]]
        foe = m.fighters[g]
        n = ln[L_DICE] + foe.bonus_dice - m.length_penalty(g, f)
        st = foe.stance
        if 0 <= st < len(m.rules.stances):
            n += m.rules.stances[st].attack_mod
        return n, attack_tn(m, g, man, ln[L_HAND])

    def _guard(self, m, e, f: int, g: int, zone_kind: str):
        opts = self.defences(m, e, f, g, zone_kind)
        if not opts:
            return None
        return min(opts, key=lambda o: (o[1] + (o[0] - 5) * 0.9, o[2].index))

    def _def_mods(self, m, f: int, g: int) -> int:
        me = m.fighters[f]
        mod = m.length_penalty(f, g) + facing_penalty(m, f, g)
        st = me.stance
        if 0 <= st < len(m.rules.stances):
            mod -= m.rules.stances[st].defence_mod
        return mod

    def plan_hard(self, m, e, f: int) -> list:
        fs = m.fighters
        me = fs[f]
        t = me.target
        cp = me.cp
        last = e.exchange == 2
        risk = RISK[1] if last else RISK[0]
        attackers = attackers_of(m, e, f)
        seen = {g for g, _ in attackers}
        holds = t >= 0 and m.holds(f, t)
        pending = [g for g in m.foes_of(f) if g not in e.declared and g not in seen
                   and (m.holds(g, f) or fs[g].target == f) and not (g == t and holds)]
        t_attacks = any(g == t for g, _ in attackers)
        plan: list = []
        duel = self._one_on_one(m, e, f, t, holds, attackers, pending)
        if duel is not None:
            return duel + [A.Done(f)]
        # --- what holding every declared attack would cost: [g, maneuver, cost, dice or None, threat]
        needs = []
        for g, ln in attackers:
            n_a, tn_a = self._threat(m, g, ln, f)
            if self.danger(m, g, f) + max(1, n_a) * (11 - tn_a) // 10 <= 0:
                continue                     # a blow that glances off the armour is not worth a die
            guard = self._guard(m, e, f, g, m.rules.zones[ln[L_ZONE]].kind)
            if guard is None:
                continue
            tn_d, cost, dm, _hand = guard
            mod = self._def_mods(m, f, g)
            d = dice_to_hold(n_a, tn_a, tn_d, risk, 30) + mod
            needs.append((g, dm, cost, d if d + cost <= cp else None, (n_a, tn_a, tn_d, mod)))
        flee = self._flee(m, e, f, attackers, pending, needs)
        if flee is not None:
            return [flee, A.Done(f)]
        kind = self._attack_kind(m, e, f, t, holds, t_attacks, attackers)
        budget = cp
        for g, dm, cost, d, _threat in needs:
            if kind is not None and g == t and (m.contested(f, t) or kind == BUY):
                continue                     # we strike at each other: the contest decides, no defence
            if budget - cost < 0:
                continue
            d = budget - cost if d is None else min(d, budget - cost)
            if d < 1 and budget - cost > 0:
                d = 1
            plan.append(A.Line(f, DEFEND, g, dm.index, 0, max(0, d)))
            budget -= max(0, d) + cost
        if kind is not None:
            line = self._hard_attack(m, e, f, t, kind, budget, pending, last)
            if line is not None:
                plan.append(line)
                budget -= self.cost_of(m, line)
        if pending and budget >= 2 and me.orientation != AGGRESSIVE:
            g0 = max(pending, key=lambda g: fs[g].cp)
            guard = self._guard(m, e, f, g0, "swing")
            if guard is not None:
                tn_d, cost, dm, _hand = guard
                foe = fs[g0]
                w = m.rules.weapons[foe.weapon]
                n_a = max(1, (foe.cp * 3) // 5)
                d = dice_to_hold(n_a, min(w.atn_swing or 10, w.atn_thrust or 10), tn_d, risk + 0.1, 30)
                d = min(d + self._def_mods(m, f, g0), budget - cost)
                if d >= 1:
                    plan.append(A.Line(f, PREEMPT, -1, dm.index, 0, d))
        plan.append(A.Done(f))
        return plan

    def _one_on_one(self, m, e, f, t, holds, attackers, pending):
        """Alone against one foe who is not contesting: the round solved exactly (bot_duel)."""
        fs = m.fighters
        if t < 0 or m.foes_of(f) != [t] or pending or m.contested(f, t) or fs[f].late or fs[t].late:
            return None
        if any(g != t for g, _ in attackers) or fs[t].target != f:
            return None
        me, foe = fs[f], fs[t]
        got = self.strike(m, e, f, t)
        mine = self._guard(m, e, f, t, "swing")
        if got is None or mine is None:
            return None
        mm, zone, tn_a, _hand = got
        w = m.rules.weapons[foe.weapon]
        his_tn = min(x for x in (w.atn_swing, w.atn_thrust) if x) if (w.atn_swing or w.atn_thrust) else 10
        tab = table((tn_a, mine[0], his_tn, self.foe_defence_tn(m, t)),
                    (m.length_penalty(f, t), m.length_penalty(t, f)), max(0, me.cp), max(0, foe.cp))
        cost_a = m.line_cost(f, ATTACK, mm, zone, 0, 0, 0, 0)
        if holds and me.orientation != DEFENSIVE:
            room = max(0, me.cp - cost_a)
            a = tab.best_attack(e.exchange, room, max(0, foe.cp))
            if a <= 0:
                return [] if me.orientation != AGGRESSIVE else None
            a = max(a, min(room, m.length_penalty(f, t) + 1))   # not dice the reach penalty eats
            return [A.Line(f, ATTACK, t, mm.index, zone, a)]
        if not attackers:
            return None
        ln = attackers[0][1]
        n_a, _tn = self._threat(m, t, ln, f)
        d = tab.best_defence(e.exchange, max(0, me.cp - mine[1]), max(0, foe.cp), n_a + m.length_penalty(t, f))
        if d == NO_DEFENCE:
            return []
        return [A.Line(f, DEFEND, t, mine[2].index, 0, max(0, min(d, me.cp - mine[1])))]

    def _flee(self, m, e, f, attackers, pending, needs):
        """Flee (full evasion: one roll against every attacker) when outnumbered and the needed
        defences do not fit in the pool."""
        me = m.fighters[f]
        if not attackers or me.attacked_last or me.orientation not in (DEFENSIVE, 3):
            return None
        flee = next((mm for mm in m.rules.maneuvers if mm.effect == "full_evasion"), None)
        if flee is None:
            return None
        total = sum((n[3] if n[3] is not None else 99) + n[2] for n in needs)
        if len(attackers) + len(pending) >= 2 and total > me.cp or (me.orientation == DEFENSIVE and total > me.cp):
            return A.Line(f, DEFEND, -1, flee.index, 0, max(0, me.cp))
        return None

    def _attack_kind(self, m, e, f, t, holds, t_attacks, attackers):
        fs = m.fighters
        me = fs[f]
        if t < 0:
            return None
        foe = fs[t]
        if me.late or me.orientation == DEFENSIVE:
            if not attackers and me.cp >= m.buy_cost(f) + 5 and foe.cp <= 3:
                return FORCE
            return None
        if holds:
            return ATTACK
        if t_attacks:
            ln = next(ln for g, ln in attackers if g == t)
            others = [g for g, _ in attackers if g != t]
            if not others and me.cp >= m.buy_cost(f) + ln[L_DICE] + 4 and foe.cp <= 2:
                return BUY
            n_a, tn_a = self._threat(m, t, ln, f)
            if self.danger(m, t, f) + max(1, n_a) * (11 - tn_a) // 10 <= 0 and me.cp >= 2:
                return NO_INIT                # his blow cannot hurt: strike back after it, for free
            return None
        if t in e.declared and m.holds(t, f) and me.cp >= 5 and foe.cp <= me.cp - 3:
            return QUICK
        return None

    def _hard_attack(self, m, e, f, t, kind, budget, pending, last):
        fs = m.fighters
        me, foe = fs[f], fs[t]
        got = self.strike(m, e, f, t)
        if got is None:
            return None
        mm, zone, tn, hand = got
        terrain = 2 if kind == FORCE else 0
        room = budget - m.line_cost(f, kind, mm, zone, 0, 0, 0, terrain)
        if room < 1:
            if room == 0 and me.orientation == AGGRESSIVE:
                return A.Line(f, kind, t, mm.index, zone, 0, 0, 0, terrain)
            return None
        lp = m.length_penalty(f, t) + (m.R["offhand_penalty"] if hand == 2 else 0)
        st = me.stance
        bonus = me.bonus_dice + (m.rules.stances[st].attack_mod if 0 <= st < len(m.rules.stances) else 0)
        reserve = 0
        if not last:
            threats = [g for g in m.foes_of(f) if fs[g].target == f]
            reserve = min(room // 2, 1 + (me.cp * len(threats)) // 5)
        reserve += 2 * len(pending)
        mutual = m.contested(f, t) or kind == BUY
        if mutual:
            # a contest: no defence on either side, the first blow drains the other's attack, and
            # the margin is the damage: strike with all but what exchange 2 needs
            keep = 0 if last else room // 3
            return A.Line(f, kind, t, mm.index, zone, max(1, room - keep), 0, 0, terrain)
        foe_tn = self.foe_defence_tn(m, t)
        foe_avail = max(0, foe.cp)
        pick, best = None, (0, -1.0)
        for n in range(1, room + 1):
            eff = n + bonus - lp
            if mutual or not foe_avail:
                p = p_land(eff, tn, -99, 0)
            else:
                d = min(foe_avail, dice_to_hold(eff, tn, foe_tn, RISK[0], foe_avail))
                p = p_land(eff, tn, d, foe_tn)
            if p > best[1]:
                best = (n, p)
            if p >= WANT and n <= max(1, room - reserve):
                pick = n
                break
        if pick is None:
            n, p = best
            if p < 0.3 and not (me.orientation == AGGRESSIVE or last):
                return None
            pick = n if last else min(n, max(1, room - reserve))
        if last and not pending:
            pick = room                       # the pool comes back next round
        pick = max(pick, min(room, lp - bonus + 1))   # never a die that the reach penalty eats
        return A.Line(f, kind, t, mm.index, zone, max(1, min(pick, room)), 0, 0, terrain)

    def respond_hard(self, m, e, f: int) -> list:
        me = m.fighters[f]
        plan = []
        budget = me.cp
        cost = m.R["quick_defence_cost"]
        risk = RISK[1] if e.exchange == 2 else RISK[0]
        for g in m.unanswered_late(e, f):
            ln = next(ln for h, ln in m.attacks_on(e, f) if h == g)
            guard = self._guard(m, e, f, g, m.rules.zones[ln[L_ZONE]].kind)
            if guard is None or budget < cost + guard[1]:
                continue
            tn_d, c, dm, _hand = guard
            n_a, tn_a = self._threat(m, g, ln, f)
            mod = self._def_mods(m, f, g)
            left = budget - cost - c
            d = min(left, dice_to_hold(n_a, tn_a, tn_d, risk, left + mod) + mod)
            if d < 1 and left > 0:
                d = 1
            if p_land(n_a, tn_a, -99, 0) < 0.25:
                continue                      # a weak blow: not worth the extra CP
            plan.append(A.Line(f, QUICK_DEFEND, g, dm.index, 0, max(0, d)))
            budget -= max(0, d) + cost + c
        plan.append(A.Done(f))
        return plan


