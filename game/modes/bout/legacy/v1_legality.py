"""(Engine 1, frozen: verifies replays recorded before the engagement rules.) Which declarations are legal in a bout: `check` (raise ActionError with the reason) and
`legal_actions` (every legal declaration of the fighter to act, for bots and the UI). Mixed into
`BoutGame` (game.py), which holds the state these read.
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.bout.legacy import v1_actions as A
from game.modes.bout.legacy.v1_fighter import Fighter


class BoutLegality:
    def check(self, a: tuple) -> None:
        """Raise ActionError unless `a` is legal now."""
        if self.phase == "over":
            raise ActionError("the bout is over")
        kind, f = a[0], a[1]
        if f != self.to_act():
            raise ActionError(f"fighter {f} is not the one to declare now (waiting for {self.to_act()})")
        me = self.fighters[f]
        ph = self.phase
        want = {A.MOVE: "move", A.FOOTING: "footing", A.ORIENT: "orient", A.ATTACK: "attack",
                A.DEFEND: "defence", A.BUY: "defence", A.COMMIT: "commit", A.REVEAL: "reveal"}.get(kind)
        if kind == A.PASS:
            if ph not in ("attack", "defence"):
                raise ActionError(f"pass is not possible in the {ph} phase")
            return
        if want != ph:
            raise ActionError(f"{A.NAMES[kind]} is not possible in the {ph} phase")
        if kind == A.MOVE:
            if a[2] > 8:
                raise ActionError(f"direction {a[2]}: expected 0-8")
            return
        if kind == A.FOOTING:
            if not 1 <= a[2] <= me.cp:
                raise ActionError(f"footing dice {a[2]}: expected 1-{me.cp}")
            return
        if kind == A.COMMIT:
            return
        if kind == A.REVEAL:
            from game.modes.bout.commit import commitment
            if a[2] == A.FORFEIT:
                return                  # the host's stand-in for a reveal that failed: white, neutral
            if a[2] >= len(self.rules.stances) or a[3] > 1:
                raise ActionError(f"reveal {a[2]},{a[3]}: expected a stance 0-{len(self.rules.stances) - 1} and colour 0/1")
            want_digest = commitment((A.ORIENT, f, a[2], a[3]), bytes(a[4:]))[:A.SECRET_BYTES]
            if want_digest != self.commits.get(f):
                raise ActionError(f"fighter {f}'s reveal does not match his commitment")
            return
        if kind == A.ORIENT:
            if a[2] >= len(self.rules.stances) or a[3] > 1:
                raise ActionError(f"orient {a[2]},{a[3]}: expected a stance 0-{len(self.rules.stances) - 1} and colour 0/1")
            return
        if kind == A.ATTACK:
            _k, _f, target, man, zone, dice, extra = a
            if target >= len(self.fighters) or not self.holds(f, target):
                raise ActionError(f"fighter {f} has no initiative over {target}")
            self._check_attack(f, target, man, zone, dice, extra, 0)
            return
        attacker = self.answering()
        if a[2] != attacker:
            raise ActionError(f"fighter {f} is answering fighter {attacker}, not {a[2]}")
        atk = self.attacks[attacker]
        if kind == A.BUY:
            if f in self.attacks:
                raise ActionError("you already attack this exchange")
            _k, _f, _t, man, zone, dice, extra = a
            self._check_attack(f, attacker, man, zone, dice, extra, self.buy_cost(f))
            return
        _k, _f, _t, man, dice, extra = a
        if man >= len(self.rules.maneuvers):
            raise ActionError(f"maneuver {man}: no such maneuver")
        m = self.rules.maneuvers[man]
        if m.kind != "defence":
            raise ActionError(f"{m.name} is not a defence")
        self._check_common(me, m)
        if dice < 1 or extra > m.extra_max:
            raise ActionError(f"{m.name}: dice {dice} extra {extra}: expected at least 1 die, extra 0-{m.extra_max}")
        if dice + m.cost + extra > me.cp:
            raise ActionError(f"{m.name}: costs {dice + m.cost + extra} CP, {me.cp} left")
        if m.only_vs and self.rules.zones[atk[2]].kind != m.only_vs:
            raise ActionError(f"{m.name} works only against a {m.only_vs}")
        if m.effect == "full_evasion" and (me.attacked_last or f in self.attacks):
            raise ActionError("no full evasion right after (or together with) your own attack")
        if m.needs == "shield" and me.t.shield < 0:
            raise ActionError(f"{m.name} needs a shield")

    def _check_common(self, me: Fighter, m) -> None:
        if me.t.prof < m.min_prof:
            raise ActionError(f"{m.name} needs proficiency {m.min_prof}, fighter has {me.t.prof}")
        if m.needs == "weapon" and me.weapon == self.fist:
            raise ActionError(f"{m.name} needs a weapon in hand")
        if m.needs == "no_shield" and me.t.shield >= 0:
            raise ActionError(f"{m.name} needs a free hand")

    def _check_attack(self, f, target, man, zone, dice, extra, surcharge) -> None:
        me = self.fighters[f]
        if man >= len(self.rules.maneuvers) or zone >= len(self.rules.zones):
            raise ActionError(f"maneuver {man} / zone {zone}: no such entry")
        m, z = self.rules.maneuvers[man], self.rules.zones[zone]
        if m.kind != "attack":
            raise ActionError(f"{m.name} is not an attack")
        self._check_common(me, m)
        w = self.rules.weapons[me.weapon]
        if (m.tn_from == "weapon_swing" and not w.atn_swing) or (m.tn_from == "weapon_thrust" and not w.atn_thrust):
            raise ActionError(f"{m.name} is not possible with a {w.name}")
        if m.zones != "any" and z.kind != m.zones:
            raise ActionError(f"{m.name} aims at {m.zones} zones, zone {z.numeral} is a {z.kind} zone")
        if m.effect == "beat" and not self.pair(f, target)[1]:
            raise ActionError("a beat is possible only at the start of a bout or after a pause")
        if dice < 1 or extra > m.extra_max:
            raise ActionError(f"{m.name}: dice {dice} extra {extra}: expected at least 1 die, extra 0-{m.extra_max}")
        cost = surcharge + dice + m.cost + z.aim_cost + extra
        if cost > me.cp:
            raise ActionError(f"{m.name} at {z.numeral}: costs {cost} CP, {me.cp} left")

    # ---------------------------------------------------------------- enumeration
    def legal_actions(self) -> list[tuple]:
        f = self.to_act()
        if f is None:
            return []
        me, out = self.fighters[f], []
        ph = self.phase
        if ph == "move":
            return [(A.MOVE, f, d) for d in range(9)]
        if ph == "footing":
            return [(A.FOOTING, f, d) for d in range(1, me.cp + 1)]
        if ph == "orient":
            return [(A.ORIENT, f, s, c) for s in range(len(self.rules.stances)) for c in (0, 1)]
        if ph in ("commit", "reveal"):
            return []      # secret throws: build the pair with commit.seal(orient, salt)
        cands = []
        if ph == "attack":
            for t in self.foes_of(f):
                if self.holds(f, t):
                    cands += self._attack_candidates(A.ATTACK, f, t)
        else:
            att = self.answering()
            for m in self.rules.maneuvers:
                if m.kind == "defence":
                    for d in range(1, me.cp + 1):
                        for e in sorted({0, m.extra_max}):
                            cands.append((A.DEFEND, f, att, m.index, d, e))
            cands += self._attack_candidates(A.BUY, f, att)
        for c in cands:
            try:
                self.check(c)
            except ActionError:
                continue
            out.append(c)
        out.append((A.PASS, f))
        return out

    def _attack_candidates(self, kind, f, t) -> list[tuple]:
        me = self.fighters[f]
        return [(kind, f, t, m.index, z.index, d, e)
                for m in self.rules.maneuvers if m.kind == "attack"
                for z in self.rules.zones
                for d in range(1, me.cp + 1)
                for e in sorted({0, m.extra_max})]

    # ---------------------------------------------------------------- state
