"""One engagement: a localized bout between the fighters standing in contact, on its own clock.

Seed: "no Movement Phase ... just various localized Combat rounds occurring between groups of
combatants that run concurrently". Each engagement keeps its own round, exchange and step
(s0 footwork, s1 the throw, s2 declarations); the dungeon advances every engagement one step
per dungeon step, so three dungeon steps make one of its exchanges.

This is the dungeon's adapter over today's bout engine (`BoutGame`): an engagement *is* a
BoutGame over the dungeon's own fighter objects (shared, not copied), whose exchange flow is
driven by the dungeon's clock instead of running on by itself:

    end of s0   pairs from the new positions; footing rolls (exchange 1, 2+ foes) queued
    end of s1   the throws the controls chose are applied (ORIENT), the attack queue opens
    s2          declarations (attack, then defence) -> resolution -> next exchange / round

Local fighter numbers (the BoutGame's) map to dungeon ids through `ids`. It is meant to be
replaced by the combat engine's engagement API when that lands (NOTICES.md).
"""

from __future__ import annotations

from game.modes.bout import actions as BA
from game.modes.bout.game import BoutGame

NONE, BOTH = -1, -2


class Engagement(BoutGame):
    def __init__(self, dg, eid: int, members: list[int]) -> None:
        self.dg, self.eid = dg, eid
        self.ids = sorted(members)
        fs = [dg.actors[i] for i in self.ids]
        BoutGame.__init__(self, dg.rules, [f.t for f in fs], [f.side for f in fs], 0,
                          width=dg.level.width, height=dg.level.height, positions=[f.pos for f in fs],
                          start=False)
        self.fighters = fs
        self.rng = dg.rng
        self.step = 0
        self.resolved = False
        self.last_attacks: dict = {}
        self.last_defences: dict = {}
        self.last_hits: list = []

    # ---------------------------------------------------------------- ids
    def local(self, i: int) -> int:
        return self.ids.index(i)

    def gid(self, f: int) -> int:
        return self.ids[f]

    def busy(self) -> bool:
        """Seed: opponents are "busy-rolling-in-exchange" from e1s2 through the whole of e2."""
        return self.exchange == 2 or self.step == 2

    def clock(self) -> tuple[int, int, int]:
        return self.round, self.exchange, self.step

    # ---------------------------------------------------------------- flow
    def _begin_exchange(self) -> None:
        if self.phase == "over":
            return
        self.orients, self.stance, self.attacks, self.defences = {}, {}, {}, {}
        self.phase, self.queue = "idle", []
        self.resolved = True

    def _to_orient(self) -> None:
        if self.step < 2:                  # the throws come from the controls at the end of s1
            self.phase, self.queue = "idle", []
            return
        BoutGame._to_orient(self)

    def _after_moves(self) -> None:
        self._update_pairs()
        if self.exchange == 1:
            q = [i for i, f in enumerate(self.fighters)
                 if f.active and not f.lost_round and f.footing < 0 and len(self.foes_of(i)) >= 2 and f.cp > 0]
            if q:
                self.phase, self.queue = "footing", q
                return
        self.phase, self.queue = "idle", []

    def start(self, surprise: dict | None = None) -> list:
        """A new engagement: round 1 (everyone's pool refreshed, surprise rolls), at e1s0.
        `surprise` maps dungeon id -> surprise level index (the bout's [surprise] table)."""
        self.events = []
        for i, lvl in (surprise or {}).items():
            self.surprise[self.local(i)] = lvl
        self.round, self.exchange, self.step = 0, 1, 0
        self._start_round()
        self._begin_exchange()
        self.resolved = False
        self._update_pairs()
        return self.events

    def end_footwork(self) -> list:
        """End of s0: contact after footwork; footing rolls queued (declared at s1)."""
        self.events = []
        self._after_moves()
        self.step = 1
        return self.events

    def end_throws(self, throws: dict[int, tuple[int, int]]) -> list:
        """End of s1: `throws` maps dungeon id -> (stance, colour) for whoever must throw."""
        out = []
        self.step = 2
        self.resolved = False
        self._update_pairs()
        self.events = []
        BoutGame._to_orient(self)
        out += self.events
        while self.phase == "orient" and self.queue:
            f = self.queue[0]
            stance, colour = throws.get(self.ids[f], (self._neutral(), 0))
            out += self.apply((BA.ORIENT, f, stance, colour))
        return out

    def end_declarations(self) -> None:
        """End of the s2 step: the next exchange begins at s0."""
        self.step = 0
        self.resolved = False

    def _neutral(self) -> int:
        for s in self.rules.stances:
            if s.id == "neutral":
                return s.index
        return 0

    # ---------------------------------------------------------------- membership
    def global_pairs(self) -> dict:
        """The pairs' state keyed and valued by dungeon ids."""
        out = {}
        for (a, b), p in self.pairs.items():
            q = list(p)
            for k in (0, 2):
                if q[k] >= 0:
                    q[k] = self.ids[q[k]]
            out[(self.ids[a], self.ids[b])] = q
        return out

    def set_members(self, members, pairs: dict) -> None:
        """Now these fighters (dungeon ids) take part; `pairs` (dungeon ids) keeps what is known."""
        new = sorted(set(members))
        ix = {g: k for k, g in enumerate(new)}
        self.pairs = {}
        for (a, b), p in sorted(pairs.items()):
            if a in ix and b in ix:
                q = list(p)
                for k in (0, 2):
                    if q[k] >= 0:
                        q[k] = ix.get(q[k], NONE)
                x, y = ix[a], ix[b]
                self.pairs[(x, y) if x < y else (y, x)] = q
        self.ids = new
        self.fighters = [self.dg.actors[i] for i in new]
        self.surprise = [0] * len(new)
        self._update_pairs()

    def refresh_newcomer(self, i: int) -> None:
        """A fighter who joins mid-round comes with a fresh pool (he was not fighting)."""
        from game.modes.bout.fighter import refresh_value
        f = self.dg.actors[i]
        f.cp = refresh_value(f.t.prof, f.t.reflex, f.shock_carry, f.pain_total(),
                             halved=f.health <= self.R["health_at_half"],
                             armour_penalty=self.rules.armours[f.t.armour].cp_penalty)
        f.shock_carry, f.footing, f.lost_round = 0, -1, False

    def _resolve(self) -> None:
        """Remember who attacked whom and who was hit (a full evasion's step away needs it)."""
        self.last_attacks = {self.ids[a]: self.ids[atk[0]] for a, atk in self.attacks.items()}
        self.last_defences = {(self.ids[t], self.ids[a]): self.rules.maneuvers[d[0]].effect
                              for (t, a), d in self.defences.items()}
        before = len(self.events)
        BoutGame._resolve(self)
        hit = set()
        for ev in self.events[before:]:
            if ev[0] == "blow" and ev[7] - ev[10] > 0:
                hit.add(self.ids[ev[2]])
        self.last_hits = sorted(hit)

    # ---------------------------------------------------------------- snapshot
    def state(self) -> list:
        s = self.snapshot()
        for k in ("fighters", "mode", "seed", "rng", "map", "ruleset", "secret", "commits"):
            s.pop(k, None)
        return [self.eid, list(self.ids), self.step, int(self.resolved), s]

    @classmethod
    def from_state(cls, dg, v: list) -> Engagement:
        e = cls(dg, int(v[0]), [int(i) for i in v[1]])
        e.step, e.resolved = int(v[2]), bool(v[3])
        s = v[4]
        e.round, e.exchange, e.turn, e.phase = s["round"], s["exchange"], s["turn"], s["phase"]
        e.surprise = list(s["surprise"])
        e.queue = [tuple(q) if isinstance(q, list) else q for q in s["queue"]]
        e.pairs = {(p[0], p[1]): list(p[2:]) for p in s["pairs"]}
        e.orients = {o[0]: (o[1], o[2]) for o in s["orients"]}
        e.stance = {k: v2 for k, v2 in s["stance"]}
        e.attacks = {a[0]: list(a[1:]) for a in s["attacks"]}
        e.defences = {(d[0], d[1]): list(d[2:]) for d in s["defences"]}
        e.winner = None if s["winner"] < 0 else s["winner"]
        e.draw = bool(s["draw"])
        return e
