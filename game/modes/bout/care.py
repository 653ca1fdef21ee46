"""Out of combat: bleeding per steps walked or waited, first aid, healing, painkillers (the
seed's "Blood Lost", "First Aid" and "Healing" cards; mixed into `Melee`).

The dungeon calls `out_of_combat_step(f, moved, aid=..., bandage=...)` once per step for every
fighter who is not engaged:
- a step walked counts 3 thirds, a step waited 1 third; at `bleed_move_steps` × 3 thirds
  (6 steps walked, or 18 waited) a blood-loss check is made [seed];
- after `first_aid_wait_steps` (6) waited steps in a row while bleeding, a first aid roll is made
  before that step's blood-loss check, when `aid` is asked for (the screen's call to action);
- at blood loss 0, every `heal_steps` steps a healing roll.
"""

from __future__ import annotations

from game.modes.bout.events import ev
from game.modes.bout.fighter import W_BL, W_DOSES, W_PAIN, W_PK
from game.modes.bout.wounds import blood_check


class Care:
    def blood_check(self, f: int) -> None:
        blood_check(self, f)

    def out_of_combat_step(self, f: int, moved: bool, *, aid: bool = False, bandage: bool = False) -> list:
        """One dungeon step of an unengaged fighter; returns the events."""
        self.events = []
        me = self.fighters[f]
        if me.eng or not me.active:
            return self.events
        R = self.R
        me.waited = 0 if moved else me.waited + 1
        if aid and not moved and me.waited >= R["first_aid_wait_steps"] and me.bl_total() > 0:
            self.first_aid(f, bandage)
            me.waited = 0
        me.bleed += 3 if moved else 1
        period = 3 * R["bleed_move_steps"] if moved else R["bleed_wait_steps"]
        if me.bleed >= period and me.bl_total() > 0:
            me.bleed = 0
            blood_check(self, f)
        elif me.bl_total() == 0:
            me.bleed = 0
        if me.active and me.wounds and me.bl_total() == 0:
            me.healed += 1
            if me.healed >= R["heal_steps"]:
                me.healed = 0
                self.heal(f)
        return list(self.events)

    def first_aid(self, f: int, bandage: bool = False) -> int:
        """Wit dice (+ `bandage_dice` with a bandage) at `first_aid_tn`: each success stops one
        point of bleeding, from the worst wound down; a botch opens the worst wound by one.
        Returns the successes."""
        me = self.fighters[f]
        R = self.R
        n = me.t.wt + (R["bandage_dice"] if bandage else 0)
        s, botch = self.attr_roll(n, R["first_aid_tn"])
        bleeding = sorted((w for w in me.wounds if w[W_BL] > 0), key=lambda w: -w[W_BL])
        if botch and bleeding:
            bleeding[0][W_BL] += 1
        left = s
        for w in bleeding:
            take = min(left, w[W_BL])
            w[W_BL] -= take
            left -= take
        self.events.append(ev("first_aid", f, n, s, int(botch), me.bl_total()))
        return s

    def heal(self, f: int) -> int:
        """Toughness dice at `heal_tn`, only at blood loss 0 [seed]: each success takes a point of
        pain off the most painful wound; a wound with no pain and no bleeding is healed and gives
        back a point of health. Returns the successes."""
        me = self.fighters[f]
        if me.bl_total() > 0 or not me.wounds:
            return 0
        s, _ = self.attr_roll(me.t.to, self.R["heal_tn"])
        for _ in range(s):
            worst = max(me.wounds, key=lambda w: w[W_PAIN])
            if worst[W_PAIN] <= 0:
                break
            worst[W_PAIN] -= 1
        healed = [w for w in me.wounds if w[W_PAIN] <= 0 and w[W_BL] <= 0]
        me.wounds = [w for w in me.wounds if w not in healed]
        me.health = min(me.t.health, me.health + len(healed))
        self.events.append(ev("heal", f, s, len(healed), me.health))
        return s

    def painkiller(self, f: int) -> None:
        """Each wound's pain drops by `painkiller_pain` less one per earlier dose on it; a wound
        hit again loses the relief (wounds.wound) [seed]."""
        me = self.fighters[f]
        for w in me.wounds:
            w[W_PK] = max(w[W_PK], max(0, self.R["painkiller_pain"] - w[W_DOSES]))
            w[W_DOSES] += 1
        self.events.append(ev("painkiller", f, me.pain_total()))
