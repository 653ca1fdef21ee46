"""Hands, equipment and costs of a declared line (mixed into `Melee` through Declarations).

At most one action per hand (the seed's Blade of the Iron Throne limits): a maneuver takes the
main hand, the off hand, both, or none (evasions, kicks). The off hand holds a shield (blocks,
shield bashes), an off-hand weapon (strikes and parries at -`offhand_penalty` dice) or nothing
(a punch); a two-handed weapon leaves it no work.
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.bout.consts import (
    BUY,
    CHANGE,
    CHANGE_BUY,
    FORCE,
    HAND_BOTH,
    HAND_MAIN,
    HAND_NONE,
    HAND_OFF,
    L_HAND,
    QUICK,
    QUICK_DEFEND,
)

_WEAPON_TN = ("weapon_swing", "weapon_thrust", "weapon_dtn")


class Hands:
    # ------------------------------------------------------------------ hands and equipment
    def hand_weapon(self, f: int, hand: int) -> int:
        """The weapon a hand holds (rules.weapons index), -1 for none (a shield or empty)."""
        me = self.fighters[f]
        if hand in (HAND_MAIN, HAND_BOTH):
            return me.weapon
        if hand == HAND_OFF:
            return me.offhand
        return -1

    def _free_hands(self, e, f: int) -> set:
        used = set()
        for ln in e.lines.get(f, ()):
            h = ln[L_HAND]
            if h == HAND_BOTH:
                used.update((HAND_MAIN, HAND_OFF))
            elif h != HAND_NONE:
                used.add(h)
        me = self.fighters[f]
        if me.weapon != self.fist and self.rules.weapons[me.weapon].hands == 2:
            used.add(HAND_OFF)                # a two-handed weapon holds the off hand too
        return {HAND_MAIN, HAND_OFF} - used

    def pick_hand(self, e, f: int, m) -> int:
        """The hand this maneuver would take now; raises ActionError when none fits."""
        me = self.fighters[f]
        free = self._free_hands(e, f)
        want = m.hand
        if want == "none":
            return HAND_NONE
        if want == "both":
            if free != {HAND_MAIN, HAND_OFF}:
                raise ActionError(f"{m.name} needs both hands free")
            if me.t.shield >= 0 and m.needs not in ("shield", "guard"):
                raise ActionError(f"{m.name} needs both hands on the weapon: the shield is in the way")
            return HAND_BOTH
        cands = {"main": [HAND_MAIN], "off": [HAND_OFF], "any": [HAND_MAIN, HAND_OFF]}[want]
        if m.needs == "shield":
            cands = [HAND_OFF]                # the shield is on the off arm
        for h in cands:
            if h not in free:
                continue
            if h == HAND_OFF and m.needs != "shield" and (m.tn_from in _WEAPON_TN or m.damage.startswith("weapon")):
                if me.offhand < 0:
                    continue                  # a weapon maneuver needs an off-hand weapon there
            if h == HAND_OFF and me.t.shield >= 0 and m.needs != "shield":
                continue                      # the shield fills the off hand
            return h
        raise ActionError(f"{m.name}: no free hand for it")

    def _check_equipment(self, f: int, m, hand: int) -> None:
        me = self.fighters[f]
        if me.t.prof < m.min_prof:
            raise ActionError(f"{m.name} needs proficiency {m.min_prof}, fighter has {me.t.prof}")
        need = m.needs
        w = self.hand_weapon(f, hand)
        if need == "shield" and me.t.shield < 0:
            raise ActionError(f"{m.name} needs a shield")
        if need == "weapon" and (w < 0 or w == self.fist):
            raise ActionError(f"{m.name} needs a weapon in hand")
        if need == "no_shield" and me.t.shield >= 0:
            raise ActionError(f"{m.name} needs a free hand")
        if need == "hook" and not self.rules.weapons[me.weapon].hook:
            raise ActionError(f"{m.name} needs a hooked weapon")
        if need == "guard" and me.t.shield < 0 and me.offhand < 0:
            raise ActionError(f"{m.name} needs a shield or an off-hand weapon")
        if m.tn_from in ("weapon_swing", "weapon_thrust") and w >= 0:
            wt = self.rules.weapons[w]
            if (m.tn_from == "weapon_swing" and not wt.atn_swing) or (m.tn_from == "weapon_thrust" and not wt.atn_thrust):
                raise ActionError(f"{m.name} is not possible with a {wt.name}")

    # ------------------------------------------------------------------ costs
    def line_cost(self, f: int, kind: int, m, zone: int, dice: int, extra: int, rbuy: int, terrain: int) -> int:
        R = self.R
        c = dice + m.cost + extra + rbuy + terrain
        if m.kind == "attack":
            c += self.rules.zones[zone].aim_cost
        if kind in (BUY, CHANGE_BUY, FORCE):
            c += self.buy_cost(f)
        if kind in (CHANGE, CHANGE_BUY) and not self.fighters[f].flawless:
            c += R["change_target_cost"]
        if kind == QUICK:
            c += R["quick_attack_cost"]
        if kind == QUICK_DEFEND:
            c += R["quick_defence_cost"]
        return c


    # ------------------------------------------------------------------ the maneuver tree
    def usable(self, e, f: int, m, vs: str = "") -> bool:
        """Could f declare maneuver m now as far as hands, equipment and proficiency go (the
        action type and the foe are checked with the line)?"""
        if m.only_vs and vs and m.only_vs != vs:
            return False
        return self.usable_hand(e, f, m) is not None

    def usable_hand(self, e, f: int, m):
        """The hand f would use for maneuver m in engagement e; None when his hands or his
        equipment do not allow it."""
        try:
            hand = self.pick_hand(e, f, m)
            self._check_equipment(f, m, hand)
        except ActionError:
            return None
        return hand

    def default_maneuver(self, f: int, kind: str, root: str, vs: str = ""):
        """The seed's default of a root: among its root-level entries f can use now, the one of
        lowest cost, then lowest TN (file order breaks ties) -- so a regular defence is a parry or
        a block, a regular attack a swing or a thrust, an evasion a partial evade -- else, when
        none of those is usable (a partial evade beside an attack), the same among all its
        entries (a void). None when the root offers f nothing."""
        from game.modes.bout.blows import attack_tn, defence_tn
        e = self.engagement_of(f)
        entries = [m for m in self.rules.maneuvers if m.kind == kind and m.root == root]

        def tn(m):
            hand = self.pick_hand(e, f, m)
            return attack_tn(self, f, m, hand) if kind == "attack" else defence_tn(self, f, m, hand)
        for group in ([m for m in entries if not m.parent], entries):
            ok = [m for m in group if self.usable(e, f, m, vs)]
            if ok:
                return min(ok, key=lambda m: (m.cost, tn(m), m.index))
        return None
