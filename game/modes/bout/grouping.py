"""Who is in contact with whom (mixed into `Melee`): engagements form where hostile fighters
stand on neighbouring cells (8 directions), newcomers sync to the clock of the engagement they
join (late when it is busy: from e1s2 through exchange 2 [seed]), touching engagements merge on
the later clock, a split engagement keeps its clock in both parts, separated fighters leave."""

from __future__ import annotations

from game.modes.bout.consts import AUTO
from game.modes.bout.engagement import Engagement
from game.modes.bout.events import ev
from game.modes.bout.fighter import NEEDS_ORIENTATION

NEIGHBOURS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
REST_STEPS = 6        # steps out of contact before a fighter's pool is whole again (a round)
START = "start"       # stage of an engagement whose step has just begun


class Grouping:
    # ------------------------------------------------------------------ engagements
    def regroup(self) -> list:
        """Recompute who is in contact with whom: new engagements start at e1s0, newcomers sync to
        the clock of the engagement they join (late if it is busy), merged groups take the later
        clock, separated fighters leave. Returns the events (also appended to `events`)."""
        out: list = []
        fs = self.fighters
        self._foes = {}
        layout = (tuple((f.pos, f.active, f.side, f.eng) for f in fs), tuple(sorted(self.friends)))
        if layout == self._contacts:
            for e in self.engs.values():
                self._refill(e)
            return out
        w = self.width
        at = {f.pos: i for i, f in enumerate(fs) if f.active}
        adj: dict[int, list] = {}
        for pos, i in at.items():
            x = pos % w
            for dx, dy in NEIGHBOURS:
                nx = x + dx
                if nx < 0 or nx >= w:
                    continue
                j = at.get(pos + dy * w + dx)
                if j is not None and j > i and self.hostile(i, j):
                    adj.setdefault(i, []).append(j)
                    adj.setdefault(j, []).append(i)
        comps, seen = [], set()
        for i in sorted(adj):
            if i in seen:
                continue
            comp, todo = [], [i]
            seen.add(i)
            while todo:
                k = todo.pop()
                comp.append(k)
                for j in adj[k]:
                    if j not in seen:
                        seen.add(j)
                        todo.append(j)
            comps.append(sorted(comp))
        claimed: set = set()
        keep: dict[int, Engagement] = {}
        for comp in comps:
            olds = sorted({fs[i].eng for i in comp if fs[i].eng in self.engs},
                          key=lambda k: (tuple(-x for x in self.engs[k].clock()), k))
            prim = next((k for k in olds if k not in claimed), None)
            if prim is not None:
                e = self.engs[prim]
                claimed.add(prim)
            else:
                src = self.engs[olds[0]] if olds else None
                e = Engagement(self.next_eng, *(src.clock()[1:] if src else (1, 0)), src.round if src else 1)
                e.stage = START
                self.next_eng += 1
                out.append(ev("engage", e.id, tuple(comp)))
            old_members = set(e.members) if prim is not None else set()
            for i in comp:
                if i not in old_members:
                    self._join(e, i, out)
            for i in e.members:
                if i not in comp:
                    self._leave(e, i, out)
            e.members = list(comp)
            keep[e.id] = e
        for k, e in self.engs.items():
            if k not in keep:
                for i in e.members:
                    if fs[i].eng == k:
                        self._leave(e, i, out)
                out.append(ev("disengage", k))
        self.engs = dict(sorted(keep.items()))
        for f in fs:
            if f.eng and f.eng not in self.engs:
                f.eng = 0
        self.pairs = {k: p for k, p in self.pairs.items()
                      if fs[k[0]].eng and fs[k[0]].eng == fs[k[1]].eng}
        for e in self.engs.values():
            self._tidy(e)
            self._refill(e)
        self._contacts = (tuple((f.pos, f.active, f.side, f.eng) for f in fs), tuple(sorted(self.friends)))
        self.events.extend(out)
        return out

    def _join(self, e: Engagement, i: int, out: list) -> None:
        f = self.fighters[i]
        fresh = f.eng == 0
        if fresh and self.rest.get(i, REST_STEPS) >= REST_STEPS:
            f.cp = self._full_pool(f)
            f.shock_carry = 0
        f.eng = e.id
        f.late = e.busy()
        f.target = -1
        f.footing = -1
        f.orientation = AUTO if f.late else NEEDS_ORIENTATION
        self.rest[i] = 0
        lv = self.surprise.pop(i, 0)
        if lv and fresh:
            tn = self.rules.surprise[lv].tn
            if tn and self.attr_roll(f.t.reflex, tn)[0] == 0:
                f.lost_round = True
                out.append(ev("surprised", i))
        out.append(ev("join", i, e.id, e.exchange, e.step, int(f.late)))

    def _leave(self, e: Engagement, i: int, out: list) -> None:
        f = self.fighters[i]
        for ln in e.lines.pop(i, []):
            f.cp += ln[4]                              # declared dice come back (not the costs)
        e.declared.pop(i, None)
        e.orients.pop(i, None)
        f.eng, f.target, f.late, f.lost_round = 0, -1, False, False
        f.orientation, f.footing, f.stance = NEEDS_ORIENTATION, -1, 0
        f.flawless = False
        out.append(ev("leave", i, e.id))

    def _tidy(self, e: Engagement) -> None:
        """Targets and lines that point at someone no longer in reach are dropped."""
        for i in e.members:
            f = self.fighters[i]
            if f.target >= 0 and f.target not in self.foes_of(i):
                f.target = -1
        reach = {i: set(self.foes_of(i)) for i in e.members}
        for i, ls in list(e.lines.items()):
            kept = [ln for ln in ls if ln[1] < 0 or ln[1] in reach.get(i, ())]
            for ln in ls:
                if ln not in kept:
                    self.fighters[i].cp += ln[4]
            e.lines[i] = kept

