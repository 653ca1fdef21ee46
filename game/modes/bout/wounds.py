"""A wound and what follows it: blood loss, pain (less WP), shock (from the attack pool first,
then the pool, the rest carried), knockdown and knockout rolls, dropped weapons, death; and the
blood-loss check (EN dice against the total BL; no success costs a point of health).

A body part already wounded gives way: each earlier wound on it deepens a new one by
`wound_stacking` levels (ours: the sources keep only the worst pain per part, so a fighter could
otherwise take light blows on one part for ever)."""

from __future__ import annotations

from game.modes.bout.consts import ATTACK_KINDS, DOUBLE, L_DICE, L_FOE, L_KIND, L_SEQ
from game.modes.bout.events import ev
from game.modes.bout.fighter import take_shock

DTYPES = ("cut", "puncture", "bludgeon")


def pending_attack(m, ctx, t: int, hitter: int):
    """The victim's declared attack line not yet rolled that shock drains first: the one at the
    hitter (a double attack's second foe drains the second pool first [seed]), else his first."""
    if ctx is None:
        return None
    lines = [ln for ln in ctx.e.lines.get(t, ()) if ln[L_KIND] in ATTACK_KINDS and (t, ln[L_SEQ]) not in ctx.rolled]
    if not lines:
        return None
    for ln in lines:
        if ln[L_FOE] == hitter and ln[L_KIND] == DOUBLE:
            return ln
    return lines[0]


def _off_pending_attack(m, ctx, t: int, amount: int, hitter: int) -> int:
    """Take up to `amount` dice off t's declared attack not yet rolled (if any); what is left."""
    ln = pending_attack(m, ctx, t, hitter)
    if ln is not None:
        take = min(ln[L_DICE], amount)
        ln[L_DICE] -= take
        amount -= take
    return amount


def drain(m, ctx, t: int, amount: int, why: str, hitter: int = -1) -> None:
    """CP lost by a maneuver's effect: from a declared attack not yet rolled first, then the pool."""
    me = m.fighters[t]
    amount = _off_pending_attack(m, ctx, t, amount, hitter)
    me.cp = max(0, me.cp - amount)
    m.events.append(ev("drain", t, why, me.cp))


def shock(m, ctx, t: int, amount: int, hitter: int = -1) -> int:
    """Shock leaves the attack pool first (TFOB, seed), then the pool; returns what is carried."""
    foe = m.fighters[t]
    amount = _off_pending_attack(m, ctx, t, amount, hitter)
    foe.cp, carry = take_shock(foe.cp, amount)
    foe.shock_carry += carry
    return carry


def wound(m, ctx, t: int, a: int, level: int, dtype: int, loc: int, s_a: int, mass: bool, bl_bonus: int = 0,
          always_kd: bool = False) -> None:
    fs, rules, R = m.fighters, m.rules, m.R
    foe = fs[t]
    part = rules.part_of[loc]
    earlier = sum(1 for w in foe.wounds if w[5] == part)
    if earlier and R["wound_stacking"]:
        level = min(R["wound_cap"], level + R["wound_stacking"] * earlier)   # a wounded part gives way
    row = rules.wounds[(dtype, loc)]
    bl = row["bl"][level - 1] + bl_bonus
    sh, pain, fx = row["shock"][level - 1], row["pain"][level - 1], row["effect"][level - 1]
    if R["pain_minus_wp"]:
        pain = max(0, pain - foe.t.wp)
    if R["shock_minus_wp"]:
        sh = max(0, sh - foe.t.wp)
    for w in foe.wounds:                       # a wound hit again loses its painkiller [seed]
        if w[5] == part:
            w[6] = 0
    foe.wounds.append([loc, level, dtype, bl, pain, part, 0, 0])
    carry = shock(m, ctx, t, sh, a)
    m.events.append(ev("wound", t, a, level, dtype, loc, bl, sh, pain, fx, foe.cp, carry))
    if fx == "death":
        foe.dead = True
        m.events.append(ev("dies", t, "wound"))
        return
    if carry > 0 or fx == "kd" or always_kd:
        knockdown(m, t, (R["kd_tn_per_success_mass"] if mass else R["kd_tn_per_success"]) * max(1, s_a))
    if fx == "ko":
        s, _ = m.attr_roll(foe.t.ko, R["ko_tn"])
        if s == 0:
            foe.out_rounds = 1 + m.rng.below(R["ko_rounds_max"])
            m.events.append(ev("knockout", t, foe.out_rounds))
    if fx == "drop" and m.fist >= 0 and foe.weapon != m.fist:
        foe.weapon = m.fist
        m.events.append(ev("drops", t))
    if foe.health <= 0:
        foe.dead = True


def knockdown(m, t: int, tn: int) -> bool:
    """KD dice against tn; failure: prone, pool halved [E]. True if he fell."""
    foe = m.fighters[t]
    if foe.prone:
        return False
    s, _ = m.attr_roll(foe.t.kd, tn)
    if s == 0:
        foe.prone = True
        foe.cp //= 2
        m.events.append(ev("knockdown", t, foe.cp))
        return True
    m.events.append(ev("keeps_feet", t, tn))
    return False


def blood_check(m, f: int) -> None:
    """The blood-loss check [W][K]: EN dice against TN = total BL; no success costs 1 health;
    health 0 is death."""
    me = m.fighters[f]
    bl = me.bl_total()
    if bl <= 0 or me.dead:
        return
    s, _ = m.attr_roll(me.t.en, bl)
    if s == 0:
        me.health -= 1
        m.events.append(ev("bleed", f, bl, me.health))
        if me.health <= 0:
            me.dead = True
            m.events.append(ev("dies", f, "blood loss"))
    else:
        m.events.append(ev("bleed_ok", f, bl))
