"""(Engine 1, frozen: verifies replays recorded before the engagement rules.) Resolving one exchange: order of blows, red-vs-red contests, contests of dice, wounds.

Order: every declared attack forms an encounter; two fighters attacking each other (a red/red
throw, or a bought initiative) form one encounter decided by a Reflex contest [WT][B]. Encounters
resolve from the highest Reflex down (the SoS queue of the seed, without its overwatch stack).
"""

from __future__ import annotations

from game.modes.bout.legacy.v1_fighter import damage_level, take_shock

NONE, BOTH = -1, -2
DTYPES = ("cut", "puncture", "bludgeon")


def resolve_exchange(g) -> None:
    fs = g.fighters
    done = set()
    encounters = []
    for a in sorted(g.attacks, key=lambda i: (-fs[i].t.reflex, i)):
        if a in done:
            continue
        t = g.attacks[a][0]
        other = g.attacks.get(t)
        if other is not None and other[0] == a and t not in done:
            encounters.append((a, t))
            done.update((a, t))
        else:
            encounters.append((a,))
            done.add(a)
    g._evasions = {}
    g._struck = set()                      # fighters whose own attack has been rolled
    for enc in encounters:
        if len(enc) == 1:
            a = enc[0]
            t = g.attacks[a][0]
            if not fs[a].active or not fs[t].active:
                _refund(g, a, t)
                continue
            out = blow(g, a, t, g.defences.get((t, a)))
            _initiative_single(g, a, t, out)
        else:
            red_vs_red(g, *enc)
    g._struck = set()


def _refund(g, a: int, t: int) -> None:
    d = g.defences.pop((t, a), None)
    if d is not None and g.fighters[t].active:
        g.fighters[t].cp += d[1]               # only the dice set aside come back [seed]
        g.events.append(("refund", t, d[1]))


def attack_tn(g, f: int, m) -> int:
    w = g.rules.weapons[g.fighters[f].weapon]
    if m.tn_from == "weapon_swing":
        return w.atn_swing + m.tn
    if m.tn_from == "weapon_thrust":
        return w.atn_thrust + m.tn
    return m.tn


def defence_tn(g, f: int, m) -> int:
    me = g.fighters[f]
    if m.tn_from == "weapon_dtn":
        return g.rules.weapons[me.weapon].dtn + m.tn
    if m.tn_from == "shield_dtn":
        return g.rules.shields[me.t.shield].dtn + m.tn
    return m.tn


def _attack_dice(g, a: int, t: int, atk) -> int:
    me = g.fighters[a]
    n = atk[3] + me.bonus_dice - g.length_penalty(a, t)
    st = g.stance.get(a)
    if st is not None:
        n += g.rules.stances[st].attack_mod
    me.bonus_dice = 0
    if me.botch_next:
        n //= 2
        me.botch_next = False
    me.ignore_length = False
    return max(0, n)


def blow(g, a: int, t: int, dfn) -> dict:
    """One attack against one defender (dfn None = no defence). Returns the outcome."""
    fs, rules, R = g.fighters, g.rules, g.R
    atk = g.attacks[a]
    g._struck.add(a)
    m = rules.maneuvers[atk[1]]
    n_a = _attack_dice(g, a, t, atk)
    tn_a = attack_tn(g, a, m)
    s_a, botch_a = g.dice_roll(n_a, tn_a)
    if botch_a and R["attack_botch_halves_next"]:
        fs[a].botch_next = True
    s_d, botch_d, dm = 0, False, None
    if dfn is not None:
        dm = rules.maneuvers[dfn[0]]
        if dm.effect == "full_evasion" and t in g._evasions:
            s_d, botch_d = g._evasions[t]      # one full evasion against every attacker
        else:
            n_d = dfn[1] - g.length_penalty(t, a)
            st = g.stance.get(t)
            if st is not None and dm.effect != "full_evasion":
                n_d += rules.stances[st].defence_mod
            if m.effect == "feint":
                n_d -= m.param * (1 + atk[4])
            s_d, botch_d = g.dice_roll(max(0, n_d), defence_tn(g, t, dm))
            if dm.effect == "full_evasion":
                g._evasions[t] = (s_d, botch_d)
    mos = s_a - s_d
    out = {"a": a, "t": t, "s_a": s_a, "s_d": s_d, "mos": mos, "hit": False, "level": 0,
           "defence": None if dm is None else dm.effect}
    g.events.append(("blow", a, t, atk[1], atk[2], n_a, tn_a, s_a, int(botch_a),
                     -1 if dm is None else dm.index, s_d, int(botch_d)))
    if mos > 0:
        out["hit"] = True
        if m.effect == "beat":
            _drain(g, t, m.param * mos, "beat")
        elif m.effect == "grapple":
            fs[t].prone = True
            fs[t].cp //= 2
            g.events.append(("thrown", t, fs[t].cp))
        else:
            _strike(g, a, t, atk, m, mos, s_a, botch_d, out)
            if m.effect == "bind_strike" and fs[t].active:
                _drain(g, t, m.param * mos, "bind")
    elif dm is not None and s_d > s_a:
        _defence_won(g, a, t, atk, dfn, dm, s_d - s_a)
    return out


def _drain(g, t: int, amount: int, why: str) -> None:
    """CP lost by a maneuver's effect: from a declared, unresolved attack first, then the pool."""
    me = g.fighters[t]
    pend = g.attacks.get(t)
    if pend is not None and not _resolved(g, t):
        take = min(pend[3], amount)
        pend[3] -= take
        amount -= take
    me.cp = max(0, me.cp - amount)
    g.events.append(("drain", t, why, me.cp))


def _resolved(g, f: int) -> bool:
    return f in getattr(g, "_struck", ())


def _strike(g, a, t, atk, m, mos, s_a, botch_d, out) -> None:
    fs, rules, R = g.fighters, g.rules, g.R
    me, foe = fs[a], fs[t]
    w = rules.weapons[me.weapon]
    if m.damage == "weapon_thrust":
        dr, dtype = me.t.st + w.thrust_dr, w.thrust_type
    elif m.damage == "bludgeon":
        dr, dtype = me.t.st + w.swing_dr, "bludgeon"
    else:
        dr, dtype = me.t.st + w.swing_dr, w.swing_type
    dr += m.damage_bonus + (atk[4] * m.param if m.effect == "strike" else 0)
    av = rules.armours[foe.t.armour].av
    level = damage_level(mos + (R["defence_botch_levels"] if botch_d else 0), dr, foe.t.to, av, R["wound_cap"])
    out["level"] = level
    if level <= 0:
        g.events.append(("glance", a, t))
        return
    loc = rules.zone_locs[atk[2]][g.rng.below(6)]
    wound(g, t, a, level, DTYPES.index(dtype), loc, s_a, w.mass)
    p = g.pair(a, t)
    if p is not None and p[2] == a:         # the short weapon landed: the penalty passes [E]
        p[2] = t


def wound(g, t: int, a: int, level: int, dtype: int, loc: int, s_a: int, mass: bool) -> None:
    """Apply a wound: blood loss, pain (less WP), shock (at once, carried past an empty pool),
    knockdown and knockout rolls, dropped weapons and death."""
    fs, rules, R = g.fighters, g.rules, g.R
    foe = fs[t]
    row = rules.wounds[(dtype, loc)]
    bl, shock, pain, fx = row["bl"][level - 1], row["shock"][level - 1], row["pain"][level - 1], row["effect"][level - 1]
    if R["pain_minus_wp"]:
        pain = max(0, pain - foe.t.wp)
    if R["shock_minus_wp"]:
        shock = max(0, shock - foe.t.wp)
    foe.wounds.append([loc, level, dtype, bl, pain, rules.part_of[loc]])
    # shock comes from the attack pool first (TFOB, seed)
    pend = g.attacks.get(t)
    if pend is not None and not _resolved(g, t):
        take = min(pend[3], shock)
        pend[3] -= take
        shock_left = shock - take
    else:
        shock_left = shock
    foe.cp, carry = take_shock(foe.cp, shock_left)
    foe.shock_carry += carry
    g.events.append(("wound", t, a, level, dtype, loc, bl, shock, pain, fx, foe.cp, carry))
    if fx == "death":
        foe.dead = True
        g.events.append(("dies", t, "wound"))
        return
    per = R["kd_tn_per_success_mass"] if mass else R["kd_tn_per_success"]
    if carry > 0 or fx == "kd":
        s, _ = g.attr_roll(foe.t.kd, per * s_a)
        if s == 0:
            foe.prone = True
            foe.cp //= 2
            g.events.append(("knockdown", t, foe.cp))
    if fx == "ko":
        s, _ = g.attr_roll(foe.t.ko, R["ko_tn"])
        if s == 0:
            foe.out_rounds = 1 + g.rng.below(R["ko_rounds_max"])
            g.events.append(("knockout", t, foe.out_rounds))
    if fx == "drop" and g.fist >= 0 and foe.weapon != g.fist:
        foe.weapon = g.fist
        g.events.append(("drops", t))


def _defence_won(g, a, t, atk, dfn, dm, margin) -> None:
    fs = g.fighters
    eff = dm.effect
    if eff == "expulsion":
        _drain(g, a, margin, "expelled")
    elif eff == "counter":
        fs[t].bonus_dice += margin
    elif eff == "disarm" and margin >= dm.param and g.fist >= 0 and fs[a].weapon != g.fist:
        fs[a].weapon = g.fist
        g.events.append(("disarmed", a, t))
    elif eff == "duck_weave":
        fs[t].ignore_length = True
        _drain(g, a, atk[3] // 2, "duck")


def _initiative_single(g, a: int, t: int, out: dict) -> None:
    """A hit or a tie keeps the attacker's initiative; a defence that wins passes it [E][T]."""
    p = g.pair(a, t)
    if p is None:
        return
    p[1] = 0
    eff = out["defence"]
    dfn = g.defences.get((t, a))
    if out["s_d"] > out["s_a"] and eff is not None:
        if eff == "full_evasion":
            p[0], p[1] = NONE, 1                 # a pause: new throw [W][K]
        elif eff == "partial_evasion":
            if dfn[2] >= g.R["partial_evasion_initiative_cost"]:
                p[0] = t
            elif p[0] == BOTH:
                p[0] = a
        else:
            p[0] = t
    elif out["defence"] == "full_evasion" and out["s_d"] > 0 and out["mos"] <= 0:
        p[0], p[1] = NONE, 1
    else:
        p[0] = a
    g.events.append(("initiative", a, t, p[0]))


def red_vs_red(g, a: int, b: int) -> None:
    """Two fighters attacking each other: a Reflex roll against each one's own ATN decides who
    strikes first; then higher raw Reflex (+1 for a thrust); then simultaneous blows [WT][B]."""
    fs = g.fighters
    first = contest_order(g, a, b)
    p = g.pair(a, b)
    if first is None:                           # simultaneous: both roll before either is hurt
        g.events.append(("simultaneous", a, b))
        g._struck.update((a, b))
        oa = blow(g, a, b, None) if fs[a].active else None
        ob = blow(g, b, a, None) if fs[b].active else None
        ha, hb = bool(oa and oa["hit"]), bool(ob and ob["hit"])
        if p is not None:
            if ha != hb:
                p[0] = a if ha else b
            else:
                p[0], p[1] = NONE, 1            # draw: pause, throw again (seed table -- / ~~)
    else:
        second = b if first == a else a
        g.events.append(("red_red", first, second))
        o1 = blow(g, first, second, None)
        o2 = None
        if fs[second].active and fs[first].active:
            o2 = blow(g, second, first, None)
        if p is not None:
            p[1] = 0
            if o1["hit"]:
                p[0] = first
            elif o2 is not None and o2["hit"]:
                p[0] = second
            else:
                p[0] = first


def contest_order(g, a: int, b: int):
    """Who strikes first in a red/red exchange; None = simultaneous blows."""
    fs, rules = g.fighters, g.rules
    sc = []
    for x, y in ((a, b), (b, a)):
        atk = g.attacks[x]
        m = rules.maneuvers[atk[1]]
        n = fs[x].t.reflex - g.length_penalty(x, y)
        s, _ = g.attr_roll(n, attack_tn(g, x, m))
        thrust = 1 if rules.zones[atk[2]].kind == "thrust" else 0
        sc.append((s, fs[x].t.reflex + thrust))
    g.events.append(("contest", a, b, sc[0][0], sc[1][0]))
    if sc[0] != sc[1]:
        return a if sc[0] > sc[1] else b
    return None
