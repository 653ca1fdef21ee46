"""One blow: an attack line rolled against the defence that meets it, and what a landed blow or a
won defence does (the maneuver's `effect`). `resolve.py` decides the order of blows.

Attack dice = declared + counter bonus + stance − reach penalty − off-hand penalty (halved after
an attack botch); TN from the maneuver. Defence dice = declared + stance − reach penalty −
feint − side/rear penalty − off-hand penalty; TN from the maneuver (+ twitching). A pool at 0
or below throws one die at a raised TN (dice.roll). MoS = attack − defence successes; MoS ≥ 1
lands; a tie keeps the attacker's initiative but does no harm [K].
"""

from __future__ import annotations

from game.modes.bout import wounds as W
from game.modes.bout.consts import HAND_NONE, HAND_OFF, L_DICE, L_EXTRA, L_FOE, L_HAND, L_KIND, L_MAN, L_SEQ, L_ZONE
from game.modes.bout.events import ev
from game.modes.bout.fighter import damage_level

PARRY_LIKE = frozenset(("parry", "block", "counter", "riposte", "expulsion", "disarm"))
PORTION = frozenset(("evasive", "master_attack", "simultaneous"))


def facing_penalty(m, x: int, a: int) -> int:
    """Defence dice lost to a blow from the side (2 eighths off the facing) or behind (3-4)."""
    d = (m.direction_to(x, a) - m.fighters[x].facing) % 8
    d = min(d, 8 - d)
    if d >= 3:
        return m.R["rear_penalty"]
    if d == 2:
        return m.R["flank_penalty"]
    return 0


def weapon_of(m, f: int, hand: int):
    w = m.hand_weapon(f, hand)
    return m.rules.weapons[w] if w >= 0 else None


def attack_tn(m, f: int, man, hand: int) -> int:
    w = weapon_of(m, f, hand)
    if man.tn_from == "weapon_swing" and w is not None:
        return w.atn_swing + man.tn
    if man.tn_from == "weapon_thrust" and w is not None:
        return w.atn_thrust + man.tn
    return man.tn


def defence_tn(m, f: int, man, hand: int) -> int:
    me = m.fighters[f]
    if man.tn_from == "weapon_dtn":
        w = weapon_of(m, f, hand)
        return (w.dtn if w is not None else m.rules.weapons[me.weapon].dtn) + man.tn
    if man.tn_from == "shield_dtn":
        return m.rules.shields[me.t.shield].dtn + man.tn
    return man.tn


def _offhand(m, f: int, hand: int) -> int:
    """Off-hand penalty: a weapon in the off hand (not a shield, not a fist)."""
    return m.R["offhand_penalty"] if hand == HAND_OFF and m.fighters[f].offhand >= 0 else 0


def _stance(m, f: int, which: str) -> int:
    st = m.fighters[f].stance
    return getattr(m.rules.stances[st], which) if 0 <= st < len(m.rules.stances) else 0


def attack_dice(m, a: int, t: int, ln, man, hand: int) -> int:
    me = m.fighters[a]
    n = ln[L_DICE] + me.bonus_dice + _stance(m, a, "attack_mod") - _offhand(m, a, hand)
    if not (man.ignores_length or me.ignore_length):
        n -= m.length_penalty(a, t)
    me.bonus_dice = 0
    me.ignore_length = False
    if me.botch_next:
        n = n // 2 if n > 0 else n
        me.botch_next = False
    return n


def find_guard(m, ctx, x: int, a: int):
    """How x meets a's blow: ("line", line) a defence line, ("portion", line) the defence portion
    of x's own attack on a (simultaneous, evasive, master strike), or None."""
    man = m.rules.maneuvers
    full = None
    for ln in ctx.e.lines.get(x, ()):
        eff = man[ln[L_MAN]]
        if eff.kind == "defence":
            if ln[L_FOE] == a:
                return ("line", ln)
            if eff.effect == "full_evasion":
                full = ln
        elif eff.effect in PORTION and ln[L_FOE] == a and ln[L_EXTRA] > 0:
            return ("portion", ln)
    return ("line", full) if full is not None else None


def roll_guard(m, ctx, x: int, a: int, guard, atk_man, atk_ln) -> tuple[int, bool, str | None]:
    """(successes, botch, effect) of x's defence against a's blow; one full evasion roll meets
    every attacker, one defence roll meets both blows of a double attack."""
    if guard is None:
        return 0, False, None
    what, ln = guard
    man = m.rules.maneuvers[ln[L_MAN]]
    key = (x, a, ln[L_SEQ])
    if man.effect == "full_evasion":
        key = (x, -1, ln[L_SEQ])
    if key in ctx.guards:
        s, b, eff = ctx.guards[key]
        return s, b, eff
    me = m.fighters[x]
    if what == "portion":
        n = ln[L_EXTRA] - m.length_penalty(x, a)
        if man.effect == "evasive":
            tn, eff = man.param, "void"
        elif man.effect == "master_attack":
            tn, eff = m.rules.weapons[me.weapon].dtn - man.param, "parry"
        else:
            if me.t.shield >= 0:
                tn, eff = m.rules.shields[me.t.shield].dtn, "block"
            else:
                w = me.offhand if me.offhand >= 0 else me.weapon
                tn, eff = m.rules.weapons[w].dtn, "parry"
                n -= m.R["offhand_penalty"] if me.offhand >= 0 else 0
    else:
        eff = man.effect
        n = ln[L_DICE] - _offhand(m, x, ln[L_HAND])
        if not man.ignores_length:
            n -= m.length_penalty(x, a)
        if eff != "full_evasion":
            n += _stance(m, x, "defence_mod")
        tn = defence_tn(m, x, man, ln[L_HAND])
    if atk_man.effect == "feint":
        n -= atk_man.param * (1 + atk_ln[L_EXTRA])
    if atk_man.effect == "twitch" and eff in PARRY_LIKE:
        tn += atk_man.param
    n -= facing_penalty(m, x, a)
    s, b = m.dice_roll(n, tn)
    ctx.guards[key] = (s, b, eff)
    ctx.used.add((x, ln[L_SEQ]))
    m.events.append(ev("guard", x, a, ln[L_MAN], n, tn, s, int(b)))
    return s, b, eff


def blow(m, ctx, a: int, ln, *, off_portion: bool = False) -> dict:
    """Roll one attack line (or the off-hand portion of a double attack) against its defence."""
    fs, rules, R = m.fighters, m.rules, m.R
    t = ln[L_FOE]
    man = rules.maneuvers[ln[L_MAN]]
    ctx.rolled.add((a, ln[L_SEQ]))
    guard = find_guard(m, ctx, t, a)
    out = {"a": a, "t": t, "kind": ln[L_KIND], "hit": False, "mos": 0, "s_a": 0, "s_d": 0, "def": None,
           "dl": guard[1] if guard else None, "stop": False, "n": len(ctx.outcomes)}
    ctx.outcomes.append(out)
    if man.effect == "stop_short":
        out["stop"] = True
        if guard is not None and guard[0] == "line":
            ctx.used.add((t, guard[1][L_SEQ]))
            ctx.wasted.add((t, guard[1][L_SEQ]))
        m.events.append(ev("stop_short", a, t))
        return out
    hand = ln[L_HAND]
    if off_portion:
        n = ln[L_EXTRA] + _stance(m, a, "attack_mod") - m.length_penalty(a, t)
        me = fs[a]
        if me.offhand >= 0:
            w = rules.weapons[me.offhand]
            n -= R["offhand_penalty"]
            tn, dr, dtype = w.atn_swing or w.atn_thrust, me.t.st + w.swing_dr, w.swing_type
        else:
            tn, dr, dtype = 6, me.t.st - 1, "bludgeon"      # the shield's rim
    else:
        n = attack_dice(m, a, t, ln, man, hand)
        tn = attack_tn(m, a, man, hand)
        dr, dtype = damage_of(m, a, man, hand, ln)
    s_a, botch_a = m.dice_roll(n, tn)
    if botch_a and R["attack_botch_halves_next"]:
        fs[a].botch_next = True
    s_d, botch_d, eff = roll_guard(m, ctx, t, a, guard, man, ln)
    mos = s_a - s_d
    out.update(s_a=s_a, s_d=s_d, mos=mos, hit=mos > 0, **{"def": eff})
    m.events.append(ev("blow", a, t, ln[L_MAN], ln[L_ZONE], n, tn, s_a, int(botch_a),
                     -1 if guard is None else guard[1][L_MAN], s_d, int(botch_d)))
    if mos > 0:
        landed(m, ctx, a, t, ln, man, mos, s_a, botch_d, dr, dtype, out)
    elif guard is not None and s_d > s_a:
        defence_won(m, ctx, t, a, guard, eff, s_d - s_a, ln)
    if man.effect == "toss" and not off_portion:
        if hand == HAND_OFF:
            fs[a].offhand = -1
        elif m.fist >= 0:
            fs[a].weapon = m.fist
        m.events.append(ev("tossed", a))
    return out


def damage_of(m, f: int, man, hand: int, ln) -> tuple[int, str]:
    me = m.fighters[f]
    w = weapon_of(m, f, hand) if hand != HAND_NONE else None
    if man.damage == "weapon_thrust" and w is not None:
        dr, dtype = me.t.st + w.thrust_dr, w.thrust_type
    elif man.damage == "weapon_swing" and w is not None:
        dr, dtype = me.t.st + w.swing_dr, w.swing_type
    else:
        dr, dtype = me.t.st + (w.swing_dr if w is not None else 0), "bludgeon"
    dr += man.damage_bonus
    if man.effect == "strike" and man.extra_max and man.param:
        dr += ln[L_EXTRA] * man.param              # cut/bash: +1 CP for +1 damage [E]
    return dr, dtype


def landed(m, ctx, a, t, ln, man, mos, s_a, botch_d, dr, dtype, out) -> None:
    fs, rules, R = m.fighters, m.rules, m.R
    eff = man.effect
    ctx.hit_on.add(t)
    if eff == "beat":
        W.drain(m, ctx, t, man.param * mos, "beat", a)
        return
    if eff == "hook":
        W.knockdown(m, t, man.param + mos)
        return
    if eff == "disarm_attack":
        if mos >= man.param and m.fist >= 0 and fs[t].weapon != m.fist:
            fs[t].weapon = m.fist
            m.events.append(ev("disarmed", t, a))
        return
    if eff == "grapple":
        fs[t].prone = True
        fs[t].cp //= 2
        m.events.append(ev("thrown", t, fs[t].cp))
        return
    foe = fs[t]
    av = max(0, rules.armours[foe.t.armour].av - man.av_ignore)
    level = damage_level(mos + (R["defence_botch_levels"] if botch_d else 0), dr, foe.t.to, av, R["wound_cap"])
    out["level"] = level
    if level <= 0:
        m.events.append(ev("glance", a, t))
        if man.knockdown and foe.active:
            W.knockdown(m, t, R["kd_tn_per_success"] * max(1, s_a))
        return
    loc = rules.zone_locs[ln[L_ZONE]][m.rng.below(6)]
    w = weapon_of(m, a, ln[L_HAND])
    W.wound(m, ctx, t, a, level, W.DTYPES.index(dtype), loc, s_a, bool(w is not None and w.mass),
            man.bl_bonus, man.knockdown)
    m.close_in(a, t)                              # the short weapon landed: the penalty passes [E]
    if man.self_shock:
        W.shock(m, ctx, a, man.self_shock)
    if eff == "bind_strike" and foe.active:
        W.drain(m, ctx, t, man.param * mos, "bind", a)


def defence_won(m, ctx, x, a, guard, eff, margin, atk_ln) -> None:
    fs = m.fighters
    ln = guard[1]
    man = m.rules.maneuvers[ln[L_MAN]] if guard[0] == "line" else None
    if eff == "expulsion":
        W.drain(m, ctx, a, margin, "expelled", x)
    elif eff == "counter":
        fs[x].bonus_dice += margin
        m.close_in(x, a)
    elif eff == "disarm" and margin >= man.param and m.fist >= 0 and fs[a].weapon != m.fist:
        fs[a].weapon = m.fist
        m.events.append(ev("disarmed", a, x))
    elif eff == "duck_weave":
        fs[x].ignore_length = True
        m.close_in(x, a)
        W.drain(m, ctx, a, atk_ln[L_DICE] // 2, "duck", x)
    elif eff == "closing_void":
        m.close_in(x, a)
    elif eff == "overrun":
        W.knockdown(m, a, man.param + margin)
    elif eff == "riposte" and fs[a].active and fs[x].active:
        riposte(m, ctx, x, a, man, margin, ln[L_ZONE])


def riposte(m, ctx, x: int, a: int, man, margin: int, zone: int) -> None:
    """A won defence that strikes back at once: `margin` lands as the blow's margin, or margin
    dice are rolled at the weapon's swing/thrust ATN, undefended."""
    rules = m.rules
    me = m.fighters[x]
    w = rules.weapons[me.weapon]
    kind = man.riposte
    if kind == "margin":
        mos, s = margin, margin
        dr, dtype = me.t.st + w.swing_dr, w.swing_type
        if rules.zones[zone].kind == "thrust":
            dr, dtype = me.t.st + w.thrust_dr, w.thrust_type
    else:
        tn = w.atn_swing if kind == "swing" else w.atn_thrust
        s, _ = m.dice_roll(margin, tn or 10)
        mos = s
        dr, dtype = ((me.t.st + w.swing_dr, w.swing_type) if kind == "swing" else (me.t.st + w.thrust_dr, w.thrust_type))
    m.events.append(ev("riposte", x, a, man.index, mos))
    if mos <= 0:
        return
    ctx.hit_on.add(a)
    foe = m.fighters[a]
    level = damage_level(mos, dr, foe.t.to, rules.armours[foe.t.armour].av, m.R["wound_cap"])
    if level <= 0:
        m.events.append(ev("glance", x, a))
        return
    loc = rules.zone_locs[zone][m.rng.below(6)]
    W.wound(m, ctx, a, x, level, W.DTYPES.index(dtype), loc, s, w.mass)
