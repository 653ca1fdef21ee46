"""What may be declared, by whom, in which order (mixed into `Melee`).

Initiative is a relation between a fighter and his one target (Song of Swords, the seed's pivot):
- someone who targets you while you target another holds initiative over you (overwatch);
- two fighters targeting each other: the pair's record says who holds it; a fresh pair takes it
  from their orientations: aggressive over cautious over defensive, aggressive against
  aggressive is contested (decided by who strikes first), cautious against cautious goes to the
  higher raw Reflex (a tie: a Reflex roll-off), defensive against defensive is a lull (nobody);
- a latecomer (joined a busy engagement) or a surprised fighter holds initiative over nobody.

Declarations (step 2/1): fighters with initiative over their target first, then the others,
each group from the lowest Reflex up [seed: SoS order]; one `Line` per maneuver, then `Done`.
After everyone, a fighter attacked by someone who declared after him may answer with a quick
defence (+`quick_defence_cost` CP); pre-emptive defences are first given to unanswered attackers.
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.consts import (
    AGGRESSIVE,
    ATTACK,
    ATTACK_KINDS,
    AUTO,
    BUY,
    CAUTIOUS,
    CHANGE,
    CHANGE_BUY,
    COMMIT,
    CONTEST,
    DECLARE,
    DEFENCE_KINDS,
    DEFEND,
    DEFENSIVE,
    DOUBLE,
    FORCE,
    HAND_NONE,
    L_DICE,
    L_FOE,
    L_HAND,
    L_KIND,
    L_MAN,
    L_SEQ,
    L_ZONE,
    NO_INIT,
    NOBODY,
    ORIENT,
    PREEMPT,
    PRIMARY_KINDS,
    QUICK,
    QUICK_DEFEND,
    RESPOND,
    REVEAL,
    TARGET,
)
from game.modes.bout.events import ev
from game.modes.bout.fighter import NEEDS_ORIENTATION
from game.modes.bout.hands import Hands


class Declarations(Hands):
    # ------------------------------------------------------------------ initiative relations
    def holds(self, a: int, b: int) -> bool:
        """True if a holds initiative over b (or contests it) right now."""
        fs = self.fighters
        fa, fb = fs[a], fs[b]
        if not fa.eng or fa.eng != fb.eng or fa.late or fa.lost_round or fa.target != b:
            return False
        if fb.target != a or fb.late or fb.lost_round:
            return True                       # overwatch: he does not face you
        p = self.pair(a, b)
        return p is not None and (p[0] == a or p[0] == CONTEST)

    def contested(self, a: int, b: int) -> bool:
        p = self.pair(a, b)
        return (p is not None and p[0] == CONTEST and self.fighters[a].target == b
                and self.fighters[b].target == a)

    def settle_initiative(self, e) -> None:
        """Fresh pairs of fighters targeting each other take initiative from their orientations."""
        fs = self.fighters
        for a in e.members:
            b = fs[a].target
            if b < a or fs[b].target != a:
                continue
            p = self._pair(a, b)
            if p[0] != NOBODY:
                continue
            oa, ob = fs[a].orientation, fs[b].orientation
            if AUTO in (oa, ob):
                p[0] = CONTEST                # "a new target who had not targeted you is contested"
            elif oa == ob == AGGRESSIVE:
                p[0] = CONTEST
            elif oa == ob == CAUTIOUS:
                p[0] = self.roll_off(a, b)
            elif oa == ob:
                continue                      # defensive against defensive: a lull
            else:
                p[0] = a if oa < ob else b    # aggressive < cautious < defensive in value
            self.events.append(ev("initiative", a, b, p[0]))

    def roll_off(self, a: int, b: int) -> int:
        """Two cautious fighters: "one must have the initiative" [seed]: the higher raw Reflex,
        else each rolls his Reflex at TN 6 (more successes wins, up to three tries), else the
        lower fighter number."""
        fs = self.fighters
        ra, rb = fs[a].t.reflex, fs[b].t.reflex
        if ra != rb:
            return a if ra > rb else b
        for _ in range(3):
            sa, _ = self.attr_roll(ra, 6)
            sb, _ = self.attr_roll(rb, 6)
            self.events.append(ev("roll_off", a, b, sa, sb))
            if sa != sb:
                return a if sa > sb else b
        return min(a, b)

    def has_live_pair(self, e, f: int) -> bool:
        for g in e.members:
            if g != f and self.hostile(f, g):
                p = self.pair(f, g)
                if p is not None and p[0] != NOBODY:
                    return True
        return False

    def buy_cost(self, f: int) -> int:
        prof, R = self.fighters[f].t.prof, self.R
        if prof >= R["buy_high_from"]:
            return R["buy_cost_high"]
        if prof >= R["buy_mid_from"]:
            return R["buy_cost_mid"]
        return R["buy_cost_low"]

    def declaration_order(self, e) -> list[int]:
        fs = self.fighters
        act = [i for i in self._active(e) if self.foes_of(i)]
        first = [i for i in act if fs[i].target >= 0 and self.holds(i, fs[i].target)]
        rest = [i for i in act if i not in first]
        def key(i):
            return (fs[i].t.reflex, i)
        return sorted(first, key=key) + sorted(rest, key=key)

    # ------------------------------------------------------------------ lines already declared
    def attacks_on(self, e, f: int) -> list[tuple[int, list]]:
        """(attacker, line) for every attack line at f, in declaration order."""
        out = []
        for g, ls in e.lines.items():
            for ln in ls:
                if ln[L_KIND] in ATTACK_KINDS and ln[L_FOE] == f:
                    out.append((g, ln))
        return sorted(out, key=lambda x: x[1][L_SEQ])

    def primary(self, e, f: int):
        return next((ln for ln in e.lines.get(f, ()) if ln[L_KIND] in PRIMARY_KINDS), None)

    def answered(self, e, f: int, attacker: int) -> bool:
        man = self.rules.maneuvers
        for ln in e.lines.get(f, ()):
            if ln[L_KIND] in DEFENCE_KINDS and (ln[L_FOE] == attacker or man[ln[L_MAN]].effect == "full_evasion"):
                return True
        return False

    # ------------------------------------------------------------------ checking
    def check(self, a) -> None:
        """Raise ActionError unless `a` is legal now."""
        if not isinstance(a, A.KINDS):
            raise ActionError(f"not a bout action: {a!r}")
        if not 0 <= a.f < len(self.fighters):
            raise ActionError(f"no fighter {a.f}")
        if isinstance(a, (A.Aim, A.Shoot)):
            self.check_ranged(a)
            return
        if isinstance(a, A.Move):
            raise ActionError("moves belong to the dungeon or the arena, not to the melee")
        want = self.to_act()
        if a.f != want:
            raise ActionError(f"fighter {a.f} is not the one to decide now (waiting for {want})")
        e = self.engagement_of(a.f)
        st = e.stage
        need = {A.Orient: ORIENT, A.Commit: COMMIT, A.Reveal: REVEAL, A.Target: TARGET}.get(type(a))
        if need is not None and need != st:
            raise ActionError(f"{type(a).__name__.lower()} is not possible now (stage {st})")
        if isinstance(a, A.Orient):
            self._check_orient(e, a.f, a.orientation, a.stance, a.footing)
        elif isinstance(a, A.Reveal):
            from game.modes.bout.commit import commitment
            if a.orientation == A.FORFEIT:
                return
            self._check_orient(e, a.f, a.orientation, a.stance, a.footing)
            digest = commitment(A.encode(A.Orient(a.f, a.orientation, a.stance, a.footing)), a.salt)
            if digest[:A.SECRET_BYTES] != e.commits.get(a.f):
                raise ActionError(f"fighter {a.f}'s reveal does not match his commitment")
        elif isinstance(a, A.Target):
            self._check_target(e, a.f, a.foe)
        elif isinstance(a, A.Line):
            if st not in (DECLARE, RESPOND):
                raise ActionError(f"a declaration is not possible now (stage {st})")
            self.check_line(e, a)
        elif isinstance(a, A.Done):
            if st not in (DECLARE, RESPOND):
                raise ActionError(f"done is not possible now (stage {st})")
            me = self.fighters[a.f]
            if (st == DECLARE and me.orientation == AGGRESSIVE and self.primary(e, a.f) is None
                    and me.target >= 0 and self.holds(a.f, me.target)):
                raise ActionError("an aggressive fighter must attack his target")

    def _check_orient(self, e, f, o, stance, footing) -> None:
        me = self.fighters[f]
        if not 0 <= o <= AUTO or (o == AUTO and me.orientation == NEEDS_ORIENTATION):
            raise ActionError(f"orientation {o}: expected aggressive 0, cautious 1 or defensive 2")
        if o != AUTO and me.orientation != NEEDS_ORIENTATION:
            raise ActionError("this fighter fights on (auto); only his footing dice are asked")
        if stance >= len(self.rules.stances):
            raise ActionError(f"stance {stance}: expected 0-{len(self.rules.stances) - 1}")
        if footing and not self._needs_footing(e, f):
            raise ActionError("no footing roll is due: footing dice must be 0")
        if footing > max(0, me.cp):
            raise ActionError(f"footing dice {footing}: he has {me.cp}")

    def _check_target(self, e, f: int, foe: int) -> None:
        foes = self.foes_of(f)
        if foe not in foes:
            raise ActionError(f"fighter {foe} is not a foe in reach of {f}")
        me = self.fighters[f]
        if me.orientation == CAUTIOUS:
            aggressors = [g for g in foes if self.fighters[g].target == f and self.fighters[g].orientation == AGGRESSIVE]
            if aggressors and foe not in aggressors:
                raise ActionError("a cautious fighter must target an aggressor who targets him")

    def check_line(self, e, a) -> None:
        f, kind, foe = a.f, a.kind, a.foe
        me = self.fighters[f]
        rules = self.rules
        if not 0 <= kind <= QUICK_DEFEND:
            raise ActionError(f"line kind {kind}: no such action type")
        if a.man >= len(rules.maneuvers):
            raise ActionError(f"maneuver {a.man}: no such maneuver")
        m = rules.maneuvers[a.man]
        stage = e.stage
        if (kind == QUICK_DEFEND) != (stage == RESPOND):
            raise ActionError("a quick defence answers an attack after the declarations, and only then")
        lines = e.lines.get(f, [])
        attack = kind in ATTACK_KINDS
        if attack != (m.kind == "attack"):
            raise ActionError(f"{m.name} is not {'an attack' if attack else 'a defence'}")
        if any(rules.maneuvers[ln[L_MAN]].effect == "full_evasion" for ln in lines):
            raise ActionError("a full evasion is the only maneuver of its exchange")
        foes = self.foes_of(f)
        if foe >= 0 and foe not in foes:
            raise ActionError(f"fighter {foe} is not a foe in reach")
        if attack:
            self._check_attack_kind(e, f, kind, foe, lines)
        else:
            self._check_defence_kind(e, f, kind, foe, m, lines)
        hand = self.pick_hand(e, f, m)
        self._check_equipment(f, m, hand)
        if attack or m.riposte:
            kinds = {"swing": ("swing",), "thrust": ("thrust",), "any": ("swing", "thrust")}
            allowed = kinds.get(m.zones if attack else ("any" if m.riposte == "margin" else m.riposte), ())
            if a.zone >= len(rules.zones) or rules.zones[a.zone].kind not in allowed:
                raise ActionError(f"{m.name}: zone {a.zone} is not one it can aim at")
        elif a.zone:
            raise ActionError(f"{m.name} aims at no zone")
        p = self.pair(f, foe) if foe >= 0 else None
        if m.effect == "beat" and p is not None and not p[1]:
            raise ActionError("a beat is possible only at the start of a fight or after a pause")
        second = m.effect in ("double", "evasive", "master_attack", "simultaneous")
        if a.extra > (max(0, me.cp) if second else m.extra_max):
            raise ActionError(f"{m.name}: extra {a.extra}: at most {m.extra_max}")
        if kind != FORCE and (a.reflex_buy or a.terrain):
            raise ActionError("reflex and terrain dice belong to a force-entering attack")
        if kind == FORCE:
            if a.reflex_buy > me.t.reflex - me.t.reflex // 2:
                raise ActionError(f"force-entering halves Reflex {me.t.reflex}: at most "
                                  f"{me.t.reflex - me.t.reflex // 2} CP win it back")
        cost = self.line_cost(f, kind, m, a.zone, a.dice, a.extra, a.reflex_buy, a.terrain)
        if cost > me.cp:
            raise ActionError(f"{m.name}: costs {cost} CP, {me.cp} left")
        if a.dice < 1 and cost != me.cp:
            raise ActionError(f"{m.name}: at least 1 die (0 dice only from an empty pool)")

    def _check_attack_kind(self, e, f: int, kind: int, foe: int, lines: list) -> None:
        me = self.fighters[f]
        if foe < 0:
            raise ActionError("an attack needs a foe")
        prim = self.primary(e, f)
        if kind == DOUBLE:
            if prim is None or me.late:
                raise ActionError("a double attack is a second attack beside one at your target")
            if foe == prim[L_FOE] or any(ln[L_KIND] == DOUBLE for ln in lines):
                raise ActionError("the double attack's second blow goes at another foe, once")
            return
        if prim is not None:
            raise ActionError("one attack at your target per exchange (a second one is a double attack)")
        if any(ln[L_KIND] in DEFENCE_KINDS and not self.rules.maneuvers[ln[L_MAN]].with_attack
               and ln[L_HAND] == HAND_NONE for ln in lines):
            raise ActionError("an evasion that is not a void leaves no room for an attack")
        target = me.target
        if kind == FORCE:
            if not (me.late or me.orientation == DEFENSIVE):
                raise ActionError("only a latecomer or a defensive fighter force-enters")
            if self.attacks_on(e, f):
                raise ActionError("you cannot force-enter while someone attacks you")
            if foe != target:
                raise ActionError("force-entering attacks your target")
            return
        if me.late or me.orientation == DEFENSIVE:
            raise ActionError("without initiative over anyone you may only force-enter" if me.late
                              else "a defensive fighter may only defend (or force-enter)")
        holds = self.holds(f, foe) if foe == target else False
        on_me = any(g == foe for g, _ in self.attacks_on(e, f))
        if kind == ATTACK:
            if foe != target or not holds:
                raise ActionError(f"no initiative over {foe}" + ("" if foe == target else " (not your target)"))
        elif kind == QUICK:
            if foe != target or holds or not self.holds(foe, f) or foe not in e.declared or on_me:
                raise ActionError("a quick attack answers a target who holds initiative but did not attack you")
        elif kind == BUY:
            if foe != target:
                raise ActionError("buying initiative attacks your target")
            if holds and not any(self.holds(g, f) for g in self.foes_of(f) if g != foe):
                raise ActionError("nobody else holds initiative over you: there is nothing to buy")
            if not holds and not on_me:
                raise ActionError("you can steal initiative only from a target who attacks you")
        elif kind == NO_INIT:
            if foe != target or holds or not on_me:
                raise ActionError("an attack without initiative answers your target's attack")
        elif kind in (CHANGE, CHANGE_BUY):
            if foe == target:
                raise ActionError("that is your target already")
            if kind == CHANGE_BUY and self.fighters[foe].target != f:
                raise ActionError("buying initiative on a new target is for one who targets you")

    def _check_defence_kind(self, e, f: int, kind: int, foe: int, m, lines: list) -> None:
        me = self.fighters[f]
        prim = self.primary(e, f)
        if m.effect == "full_evasion":
            if kind != DEFEND or foe != -1:
                raise ActionError("a full evasion meets every attacker at once (foe -1)")
            if lines:
                raise ActionError("a full evasion is the only maneuver of its exchange")
            if me.orientation not in (DEFENSIVE, AUTO) or me.attacked_last:
                raise ActionError("flee only when defensive, or fighting on after an exchange without your attack")
            return
        if me.orientation == AGGRESSIVE and prim is None:
            raise ActionError("an aggressive fighter attacks first; a defence may only go with it")
        if prim is not None:
            if not m.with_attack and m.hand == "none":
                raise ActionError(f"{m.name} does not go with an attack (a void does)")
            voids = sum(1 for ln in lines if self.rules.maneuvers[ln[L_MAN]].with_attack)
            if m.with_attack and voids >= 2:
                raise ActionError("at most two voids beside an attack")
        if kind in (DEFEND, QUICK_DEFEND):
            if foe < 0 or not any(g == foe for g, _ in self.attacks_on(e, f)):
                raise ActionError(f"fighter {foe} does not attack you")
            if self.answered(e, f, foe):
                raise ActionError(f"you already defend against {foe}")
            if m.only_vs:
                zk = {self.rules.zones[ln[L_ZONE]].kind for g, ln in self.attacks_on(e, f) if g == foe}
                if m.only_vs not in zk:
                    raise ActionError(f"{m.name} works only against a {m.only_vs}")
        elif kind == PREEMPT:
            if foe >= 0 and foe in e.declared:
                raise ActionError("a pre-emptive defence is for a foe who has not declared yet")

    # ------------------------------------------------------------------ applying a line
    def declare_line(self, e, a) -> None:
        f = a.f
        me = self.fighters[f]
        m = self.rules.maneuvers[a.man]
        hand = self.pick_hand(e, f, m)
        cost = self.line_cost(f, a.kind, m, a.zone, a.dice, a.extra, a.reflex_buy, a.terrain)
        me.cp -= cost
        e.seq += 1
        rec = [a.kind, a.foe, a.man, a.zone, a.dice, a.extra, a.reflex_buy, a.terrain, hand, e.seq]
        e.lines.setdefault(f, []).append(rec)
        if a.kind in (CHANGE, CHANGE_BUY):
            old = me.target
            if old >= 0 and self.fighters[old].target == f:
                self._pair(f, old)[0] = old            # turning away hands him the initiative
            me.target = a.foe
            me.facing = self.direction_to(f, a.foe)
            if self.fighters[a.foe].target == f:
                self._pair(f, a.foe)[0] = CONTEST if a.kind == CHANGE_BUY else a.foe
        if a.kind == BUY and not self.holds(f, a.foe):
            self._pair(f, a.foe)[0] = CONTEST          # stealing: the two contest who strikes first
        if a.kind == FORCE and e.exchange == 2:
            me.no_refresh = True
        shown = a.man
        if a.kind == PREEMPT:
            shown = -1                               # hidden: "a defence against no one in particular"
        self.events.append(ev("declare", f, a.kind, a.foe, shown, a.zone if shown >= 0 else 0,
                            a.dice, a.extra, cost))

    def assign_preemptive(self, e) -> None:
        """Pre-emptive defences go to attackers still unanswered: the preferred foe first, then
        the fastest (highest Reflex) [seed: "may be redirected"]; one left over stays unused."""
        fs = self.fighters
        for f in sorted(e.lines):
            pre = [ln for ln in e.lines[f] if ln[L_KIND] == PREEMPT]
            if not pre:
                continue
            covered = {ln[L_FOE] for ln in e.lines[f] if ln[L_KIND] in (DEFEND, QUICK_DEFEND)}
            attackers = sorted({g for g, _ in self.attacks_on(e, f)}, key=lambda g: (-fs[g].t.reflex, g))
            open_ = [g for g in attackers if g not in covered]
            for ln in pre:
                if not open_:
                    ln[L_FOE] = -1
                    continue
                pick = ln[L_FOE] if ln[L_FOE] in open_ else open_[0]
                ln[L_FOE] = pick
                open_.remove(pick)
                self.events.append(ev("preempt", f, pick, ln[L_MAN]))

    def responders(self, e) -> list[int]:
        """Fighters attacked by someone who declared after them, still unanswered, who can pay a
        quick defence: lowest Reflex first."""
        fs = self.fighters
        out = [f for f in self._active(e)
               if self.unanswered_late(e, f) and fs[f].cp >= self.R["quick_defence_cost"]]
        return sorted(out, key=lambda i: (fs[i].t.reflex, i))

    def unanswered_late(self, e, f: int) -> list[int]:
        """Attackers of f who declared after f was done and whom f does not answer yet."""
        done_at = e.declared.get(f)
        if done_at is None:
            return []
        out = []
        for g, ln in self.attacks_on(e, f):
            if ln[L_SEQ] > done_at and g not in out and not self.answered(e, f, g):
                out.append(g)
        return out

    def dice_left_for(self, e, f: int) -> int:
        return sum(ln[L_DICE] for ln in e.lines.get(f, ()))

    # ------------------------------------------------------------------ enumeration
    def legal_actions(self) -> list:
        """Every legal decision of the fighter to act, one line per action type, foe, maneuver
        and zone with 1 die (any dice count the pool can pay is legal too); secret throws are
        built with commit.seal and are not listed."""
        f = self.to_act()
        if f is None:
            return []
        e = self.engagement_of(f)
        me = self.fighters[f]
        st = e.stage
        out: list = []
        if st == ORIENT:
            foot = range(0, max(0, me.cp) + 1) if self._needs_footing(e, f) else (0,)
            os_ = (AUTO,) if me.orientation != NEEDS_ORIENTATION else (AGGRESSIVE, CAUTIOUS, DEFENSIVE)
            cands = [A.Orient(f, o, s, d) for o in os_ for s in range(len(self.rules.stances)) for d in foot]
        elif st == TARGET:
            cands = [A.Target(f, g) for g in self.foes_of(f)]
        elif st in (DECLARE, RESPOND):
            cands = []
            kinds = (QUICK_DEFEND,) if st == RESPOND else tuple(k for k in range(QUICK_DEFEND))
            foes = self.foes_of(f)
            for k in kinds:
                for g in ([-1] + foes if k in (DEFEND, PREEMPT) else foes):
                    for mm in self.rules.maneuvers:
                        if (mm.kind == "attack") != (k in ATTACK_KINDS):
                            continue
                        zone = self.first_zone(mm)
                        for d in sorted({1, 0 if me.cp <= mm.cost else 1}):
                            cands.append(A.Line(f, k, g, mm.index, zone, d))
            cands.append(A.Done(f))
        else:
            return []
        for c in cands:
            try:
                self.check(c)
            except ActionError:
                continue
            out.append(c)
        return out

    def _needs_footing(self, e, f: int) -> bool:
        me = self.fighters[f]
        return (e.step == 0 and e.exchange == 1 and me.footing < 0 and self.R["footing_rolls"]
                and len(self.foes_of(f)) >= 2)

    def first_zone(self, m) -> int:
        """The first zone a maneuver may aim at (0 for a defence without a riposte)."""
        want = {"swing": ("swing",), "thrust": ("thrust",), "any": ("swing", "thrust")}
        kinds = want.get(m.zones if m.kind == "attack" else ("any" if m.riposte == "margin" else m.riposte), ())
        return next((z.index for z in self.rules.zones if z.kind in kinds), 0)
