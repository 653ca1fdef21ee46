"""Wounds out of a fight: blood loss by steps, first aid, healing and painkillers (the seed's
"Blood lost outside combat", "First Aid", "Healing"; in a fight the bout engine checks blood
loss at the end of every exchange 2).

- Blood loss: a bleeding fighter out of a fight adds `waits_per_step` (3) to a counter for every
  step he moves and 1 for every step he waits; at 6 steps' worth (18) a blood-loss check is made
  as in a fight: Endurance dice against TN = total blood loss, no success costs 1 health, 0 is
  death. Entering a fight resets the counter (seed: "without entering it").
- First aid: after `first_aid_waits` (6) uninterrupted waits out of a fight while bleeding, a
  first-aid roll comes before that step's blood-loss check: Wit dice plus a carried bandage's
  `power` dice (the bandage is used up) at `first_aid_tn`; each success stops the bleeding of
  one wound, the worst first. With `first_aid_in_view = false` (the seed's house rule) a foe in
  sight interrupts.
- Healing: only at blood loss 0 (seed); every `heal_steps` steps out of a fight a Toughness roll
  at `heal_tn`: each success takes 1 pain off the most painful wound, and a wound left with no
  pain and no bleeding is healed (gone).
- Painkillers: take `power` pain off the wounds, most painful first, halved for every dose taken
  since the last wound healed (seed: "less effective over time"); a new wound to the same body
  part brings the dulled pain back (seed: "if the wound gets hit again ... lost").
Wound rows are the bout's: [location, level, type, bl, pain, part].
"""

from __future__ import annotations

from game.modes.bout.dice import roll

BL, PAIN, PART = 3, 4, 5


def _roll(g, n: int, tn: int) -> int:
    s, _b, _f = roll(g.rng, n, tn, botch_ones=g.rules.rules["botch_min_ones"],
                     zero_step=g.rules.rules["zero_pool_tn_step"])
    return s


def new_wounds(g, i: int) -> None:
    """After a fight: wounds that came in since the last look undo painkillers on their part."""
    a = g.actors[i]
    if len(a.wounds) <= a.seen_wounds:
        a.seen_wounds = len(a.wounds)
        return
    parts = {w[PART] for w in a.wounds[a.seen_wounds:]}
    keep = []
    for wi, amount in a.dulled:
        if wi < len(a.wounds) and a.wounds[wi][PART] in parts:
            a.wounds[wi][PAIN] += amount
            g.events.append(("pain_back", i, amount))
        else:
            keep.append([wi, amount])
    a.dulled = keep
    a.seen_wounds = len(a.wounds)


def painkiller(g, i: int, power: int) -> int:
    """Dull up to `power` (halved per earlier dose) pain; returns the pain taken off."""
    a = g.actors[i]
    left = power >> min(a.doses, 8)
    a.doses += 1
    taken = 0
    for wi in sorted(range(len(a.wounds)), key=lambda k: (-a.wounds[k][PAIN], k)):
        if left <= 0:
            break
        cut = min(left, a.wounds[wi][PAIN])
        if cut > 0:
            a.wounds[wi][PAIN] -= cut
            a.dulled.append([wi, cut])
            left -= cut
            taken += cut
    g.events.append(("painkiller", i, taken))
    return taken


def _drop_wound(a, wi: int) -> None:
    a.wounds.pop(wi)
    out = []
    for w, amount in a.dulled:
        if w == wi:
            continue
        out.append([w - 1 if w > wi else w, amount])
    if not a.wounds:
        out, a.doses = [], 0
    a.dulled = out
    a.seen_wounds = len(a.wounds)


def step(g, i: int, moved: bool, waited: bool, foe_in_view) -> None:
    """One step out of a fight for fighter i; `foe_in_view()` is asked only when it matters."""
    a = g.actors[i]
    B = g.data.bleeding
    bl = a.bl_total()
    if bl <= 0:
        a.bleed, a.waits = 0, 0
        if not a.wounds:
            a.heal = 0
            return
        a.heal += 1
        if a.heal >= B["heal_steps"]:
            a.heal = 0
            s = _roll(g, a.t.to, B["heal_tn"])
            g.events.append(("heal_roll", i, s))
            while s > 0 and a.wounds:
                wi = max(range(len(a.wounds)), key=lambda k: (a.wounds[k][PAIN], -k))
                if a.wounds[wi][PAIN] > 0:
                    a.wounds[wi][PAIN] -= 1
                    s -= 1
                if a.wounds[wi][PAIN] <= 0 and a.wounds[wi][BL] <= 0:
                    _drop_wound(a, wi)
                    g.events.append(("healed", i))
                elif a.wounds[wi][PAIN] <= 0:
                    break
        return
    a.heal = 0
    a.bleed += B["waits_per_step"] if moved else 1
    if waited and (B["first_aid_in_view"] or not foe_in_view()):
        a.waits += 1
    else:
        a.waits = 0
    if a.waits >= B["first_aid_waits"]:
        a.waits = 0
        first_aid(g, i)
        bl = a.bl_total()
    if bl > 0 and a.bleed >= B["steps_per_check"] * B["waits_per_step"]:
        a.bleed -= B["steps_per_check"] * B["waits_per_step"]
        s = _roll(g, a.t.en, bl)
        if s == 0:
            a.health -= 1
            g.events.append(("bleed", i, bl, a.health))
            if a.health <= 0:
                a.dead = True
                g.events.append(("dies", i, "blood loss"))
    if a.bl_total() <= 0:
        a.bleed = 0


def first_aid(g, i: int) -> None:
    a = g.actors[i]
    dice = a.t.wt
    used = -1
    for slot, k in enumerate(a.items):
        if g.data.items[k].kind == "bandage":
            used = slot
            break
    if used >= 0:
        dice += g.data.items[a.items.pop(used)].power
    s = _roll(g, dice, g.data.bleeding["first_aid_tn"])
    stopped = 0
    for wi in sorted(range(len(a.wounds)), key=lambda k: (-a.wounds[k][BL], k)):
        if s <= 0 or a.wounds[wi][BL] <= 0:
            break
        a.wounds[wi][BL] = 0
        s -= 1
        stopped += 1
    g.events.append(("first_aid", i, dice, int(used >= 0), stopped))
