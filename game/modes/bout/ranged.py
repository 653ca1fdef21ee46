"""Missile weapons (the seed's "Ranged combat" card; mixed into `Melee`).

`Aim(f, foe)` is a step spent aiming (or drawing/reloading while `ready` > 0); `Shoot(f, foe,
zone)` looses the missile, which lands when the clock next advances [seed: "only resolves in the
next step"]. Aim bonus: 3 steps of aiming give a third of the Aim attribute, 4 two thirds, 5 all
of it (rounded down) [seed]. A shot rolls the missile pool (proficiency + Aim) plus that bonus
at the weapon's TN, +1 per `range_step` squares beyond the first, + `moving_target_tn` at a
target who moved this step; into melee + `melee_shot_tn`, less `crowd_penalty` dice with 2
people around the target and `dense_crowd_penalty` with 3 or more, and its botch number grows by
one per person past the first: a botched shot into melee hits one of them instead [seed].
The target dodges with (Reflex + Perception) / 2 dice (a shield blocks at its missile DTN);
engaged at step 2/1 he can only defend from his pool [seed].
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.dice import faces
from game.modes.bout.events import ev
from game.modes.bout.fighter import damage_level
from game.modes.bout.wounds import DTYPES, wound


def aim_bonus(aim_attr: int, steps: int, first: int = 3) -> int:
    """Dice from aiming: `first` steps give a third of the Aim attribute, each further step a
    third more, up to all of it (seed: 3 -> 1/3, 4 -> 2/3, 5 -> all; rounded down)."""
    thirds = min(3, max(0, steps - first + 1))
    return aim_attr * thirds // 3


class Ranged:
    line_of_fire = None          # the dungeon may set a callable(cell_a, cell_b) -> bool

    def roll_faces(self, n: int) -> list[int]:
        """n die faces from the game's generator (a shot counts its own botch number)."""
        return faces(self.rng, n)

    def distance(self, a: int, b: int) -> int:
        w = self.width
        pa, pb = self.fighters[a].pos, self.fighters[b].pos
        return max(abs(pa % w - pb % w), abs(pa // w - pb // w))

    def check_ranged(self, a) -> None:
        me = self.fighters[a.f]
        if not me.active:
            raise ActionError(f"fighter {a.f} cannot act")
        if me.eng:
            raise ActionError("an engaged fighter fights hand to hand (a toss is a melee maneuver)")
        if me.t.missile < 0:
            raise ActionError(f"fighter {a.f} has no missile weapon")
        if not 0 <= a.foe < len(self.fighters) or a.foe == a.f or not self.fighters[a.foe].active:
            raise ActionError(f"no target {a.foe}")
        w = self.rules.weapons[me.t.missile]
        if self.distance(a.f, a.foe) > w.range:
            raise ActionError(f"{w.name}: fighter {a.foe} is beyond {w.range} squares")
        if self.line_of_fire is not None and not self.line_of_fire(me.pos, self.fighters[a.foe].pos):
            raise ActionError(f"no line of fire to fighter {a.foe}")
        if isinstance(a, A.Shoot):
            if me.ready > 0:
                raise ActionError(f"{w.name} is not ready: {me.ready} more steps")
            if a.zone >= len(self.rules.zones) or self.rules.zones[a.zone].kind != "thrust":
                raise ActionError("a shot aims at a thrust zone")

    def ranged_action(self, a) -> None:
        me = self.fighters[a.f]
        w = self.rules.weapons[me.t.missile]
        if isinstance(a, A.Aim):
            if me.ready > 0:
                me.ready -= 1
                self.events.append(ev("reload", a.f, me.ready))
                return
            me.aim = me.aim + 1 if me.aim_at == a.foe else 1
            me.aim_at = a.foe
            self.events.append(ev("aim", a.f, a.foe, me.aim))
            return
        bonus = aim_bonus(me.t.aim, me.aim if me.aim_at == a.foe else 0, self.R["aim_steps_min"])
        self.shots.append([a.f, a.foe, a.zone, bonus, int(self.fighters[a.foe].moved)])
        me.aim, me.aim_at, me.ready = 0, -1, w.ready_steps
        self.events.append(ev("shoot", a.f, a.foe, bonus))

    def crowd(self, t: int, shooter: int) -> list[int]:
        """People standing around the target (8 neighbours), the shooter left out."""
        return [g for g, f in enumerate(self.fighters)
                if g not in (t, shooter) and f.active and self.adjacent(g, t)]

    def land_shots(self) -> None:
        shots, self.shots = self.shots, []
        for f, t, zone, bonus, moving in shots:
            if self.fighters[f].active and self.fighters[t].active:
                self.shot(f, t, zone, bonus, moving)

    def shot(self, f: int, t: int, zone: int, bonus: int, moving: int) -> dict:
        fs, R, rules = self.fighters, self.R, self.rules
        me, foe = fs[f], fs[t]
        w = rules.weapons[me.t.missile]
        dist = self.distance(f, t)
        n = me.t.prof + me.t.aim + bonus
        tn = w.missile_atn + max(0, dist - 1) // R["range_step"] + (R["moving_target_tn"] if moving else 0)
        around = self.crowd(t, f)
        in_melee = bool(foe.eng)
        botch_face = 1
        if in_melee:
            tn += R["melee_shot_tn"]
            if len(around) >= 3:
                n -= R["dense_crowd_penalty"]
            elif len(around) >= 2:
                n -= R["crowd_penalty"]
            botch_face += max(0, len(around) - 1)
        if n < 1:
            tn += R["zero_pool_tn_step"] * (1 - n)
            n = 1
        fc = self.roll_faces(n)
        s = sum(1 for x in fc if x >= tn) if tn <= 10 else 0
        ones = sum(1 for x in fc if x <= botch_face)
        botch = s == 0 and ones >= (1 if n == 1 else R["botch_min_ones"])
        out = {"s": s, "tn": tn, "n": n, "botch": botch, "victim": t}
        self.events.append(ev("shot", f, t, n, tn, s, int(botch)))
        if botch and in_melee and around:
            v = around[self.rng.below(len(around))]
            out["victim"] = v
            self.events.append(ev("stray", f, v))
            self._missile_wound(f, v, zone, 1, 1)
            return out
        e = self.engagement_of(t)
        passive = (foe.t.reflex + foe.t.per) // 2
        if e is not None and e.step == 2:
            passive = min(passive, max(0, foe.cp))
            foe.cp -= passive
        dtn = R["dodge_missile_tn"]
        if foe.t.shield >= 0 and rules.shields[foe.t.shield].dtn_missile:
            dtn = rules.shields[foe.t.shield].dtn_missile
        sd, _ = self.dice_roll(passive, dtn)
        out["s_d"] = sd
        self.events.append(ev("dodge", t, passive, dtn, sd))
        if s - sd > 0:
            self._missile_wound(f, t, zone, s - sd, s)
        return out

    def _missile_wound(self, f: int, t: int, zone: int, mos: int, s: int) -> None:
        me, foe = self.fighters[f], self.fighters[t]
        w = self.rules.weapons[me.t.missile]
        dr = w.missile_dr + (me.t.st if w.missile == "thrown" else 0)
        level = damage_level(mos, dr, foe.t.to, self.rules.armours[foe.t.armour].av, self.R["wound_cap"])
        if level <= 0:
            self.events.append(ev("glance", f, t))
            return
        loc = self.rules.zone_locs[zone][self.rng.below(6)]
        wound(self, None, t, f, level, DTYPES.index("puncture"), loc, s, False)
