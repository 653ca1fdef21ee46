"""The dungeon run: levels walked step by step, engagements on their own clocks, a score.

    g = DungeonGame(bout_rules, dungeon_data, seed)
    while not g.is_over():
        g.apply(choice)            # the hero's action: see actions.py; g.legal_actions()

State: the PCG32 generator (stream 0xD1, everything random in the run draws from it, the
engagements too), the depth (the level itself is rebuilt from seed and depth), the fighters
(`Actor`: the party first, then this level's foes), the engagements, the items on the floor,
what the party has seen, and the run's counters. `apply` is the only way it changes.

Phases: "step" (the hero's key for this step), "declare" (the hero's footing roll or bout
declaration in his engagement), "pursue" (the foe he bumped stepped away: follow or not),
"over". A turn is one dungeon step; one `apply` may run several steps when the hero has no
choice to make (his engagement's declaration step, or knocked out). The step itself is
`world.run_step`; this file keeps the state and its queries.
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.bout import actions as BA
from game.modes.bout.bot import BoutBot
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import items as I
from game.modes.bout.dungeon.actor import COMPANION, FOE, HERO, PACK_SIZE, Actor, template_of
from game.modes.bout.dungeon.engagement import Engagement
from game.modes.bout.dungeon.fov import sight_of
from game.modes.bout.dungeon.generate import generate_level
from game.modes.bout.dungeon.speed import fresh_account, move_points

STREAM = 0xD1
BOT_LEVELS = {HERO: "hard", COMPANION: "hard", FOE: "normal"}
RESULTS = ("escaped", "fell", "timeout")


class DungeonGame:
    mode = "bout"

    def __init__(self, rules, data, seed: int, *, start: bool = True) -> None:
        self.rules, self.data, self.seed = rules, data, seed
        self.rng = Pcg32(seed, STREAM)
        self.depth = 0
        self.level = None
        self.turn = 0
        self.actors: list[Actor] = []
        self.engagements: list[Engagement] = []
        self.next_eid = 1
        self.phase = "step"
        self.floor: list = []            # [cell, item index] lying about on this level
        self.explored = 0                # bitset of cells the party has seen on this level
        self.explored_before = 0         # cells seen on the levels above
        self.met: list = []              # foe ids of this level the party has seen
        self.met_before = 0
        self.kills = 0
        self.exchanges = 0
        self.result = ""
        self.evading: dict = {}          # fighter -> direction he steps away after the exchange
        self.pursuit: list = []          # [foe, cell] the hero may follow into
        self.pending: dict = {}          # the step waiting on the hero's pursuit decision
        self.start_pos: list = []        # where everyone stood when this step began (surprise)
        self.events: list = []
        self._occ: dict = {}
        self._bots: dict = {}
        if start:
            self._new_party()
            self.enter_level(1)
            self.prepare()

    # ---------------------------------------------------------------- set-up
    def _new_party(self) -> None:
        d = self.data
        hero = self._actor(template_of(self.rules, d.hero), 0, HERO)
        hero.items = [d.find("items", k).index for k in d.hero["items"]][:PACK_SIZE]
        self.actors = [hero]
        if d.companion:
            self.actors.append(self._actor(template_of(self.rules, d.companion), 0, COMPANION))
        for a in self.actors:
            self.refit(a)

    def _actor(self, t, side: int, role: int, kind: int = -1) -> Actor:
        a = Actor(t, side, 0)
        a.role, a.kind = role, kind
        return a

    def refit_mp(self, a: Actor) -> None:
        """Move points after a change of equipment or pack."""
        a.mp = move_points(a.t, I.load(self, a), self.data.movement)

    def refit(self, a: Actor) -> None:
        """Move points, and a fresh speed account (a new level, a fight left behind)."""
        self.refit_mp(a)
        a.account = fresh_account(a.mp, self.data.movement)

    def enter_level(self, depth: int) -> None:
        """Build level `depth`, bring the party (those standing and out of a fight) and its foes."""
        if self.level is not None:
            self.explored_before += bin(self.explored).count("1")
            self.met_before += len(self.met)
        self.depth = depth
        self.level = lv = generate_level(self.data, self.seed, depth)
        party = [a for a in self.actors if a.role != FOE and not a.dead]
        self.engagements, self.evading, self.pursuit = [], {}, []
        self.floor = [list(x) for x in lv.items]
        self.explored, self.met = 0, []
        self.actors = party
        free = [c for c in [lv.start] + [n for n in lv.neighbours()[lv.start] if n >= 0]]
        for a in party:
            a.pos = free.pop(0) if free else lv.start
            a.account = fresh_account(a.mp, self.data.movement)
            a.target = a.goal = a.press = -1
        for cell, k in lv.foes:
            e = self.data.foes[k]
            a = self._actor(template_of(self.rules, e.v), 1 + self.data.find("factions", e.faction).index, FOE, k)
            a.pos = cell
            self.refit(a)
            self.actors.append(a)
        self._reindex()
        self.see()

    # ---------------------------------------------------------------- queries
    @property
    def hero(self) -> Actor:
        return self.actors[0]

    @property
    def winner(self):
        """The run's result: "escaped", "fell", "timeout", or None while it goes on."""
        return self.result or None

    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self):
        return None if self.phase == "over" else 0

    def _reindex(self) -> None:
        self._occ = {a.pos: i for i, a in enumerate(self.actors) if not a.dead}

    def at(self, cell: int) -> int:
        return self._occ.get(cell, -1)

    def engagement_of(self, i: int):
        for e in self.engagements:
            if i in e.ids:
                return e
        return None

    def sight(self):
        return sight_of(self.level, self.data.dungeon["fov_radius"])

    def visible_cells(self) -> int:
        """What the party sees now (bitset over the level's cells)."""
        s = self.sight()
        vis = 0
        for a in self.actors:
            if a.role != FOE and a.standing:
                vis |= s.view(a.pos)
        return vis

    def explored_cells(self) -> int:
        return self.explored_before + bin(self.explored).count("1")

    def foes_met(self) -> int:
        return self.met_before + len(self.met)

    def see(self) -> None:
        vis = self.visible_cells()
        self.explored |= vis
        for i, a in enumerate(self.actors):
            if a.role == FOE and i not in self.met and not a.dead and vis >> a.pos & 1:
                self.met.append(i)

    def melee(self, e, events) -> None:
        """Events of engagement e, kept with its fighters' dungeon ids (for the log); a wound
        marks who felled whom."""
        ids = tuple(e.ids)
        for ev in events:
            if ev[0] == "wound":
                self.actors[ids[ev[1]]].fell_by = self.actors[ids[ev[2]]].side
            self.events.append(("melee", ids, ev))

    def bot(self, role: int, e) -> BoutBot:
        """The bout bot that declares for a fighter of `role` in engagement e. One per engagement
        and line-up: the bot caches options by the engagement's own fighter numbers, which mean
        other fighters in another engagement (a cache must never change a choice)."""
        key = (role, e.eid, tuple(e.ids))
        b = self._bots.get(key)
        if b is None:
            live = {x.eid for x in self.engagements}
            self._bots = {k: v for k, v in self._bots.items() if k[1] in live}
            b = self._bots[key] = BoutBot(BOT_LEVELS[role], self.seed, role)
        return b

    def score(self) -> int:
        s, h = self.data.score, self.hero
        out = s["per_depth"] * (self.depth - 1) + s["per_foe"] * self.kills
        out += s["per_explored"] * (self.explored_cells() // 10)
        if self.result == "escaped":
            out += s["escape"]
        if not h.dead:
            out += s["per_health"] * max(0, h.health)
        return out

    # ---------------------------------------------------------------- the hero's choices
    def declaring(self):
        """(engagement, local fighter) awaiting the hero's declaration, or None."""
        for e in self.engagements:
            if e.queue and e.gid(e.to_act()) == 0:
                return e
        return None

    def legal_actions(self) -> list[tuple]:
        if self.phase == "over":
            return []
        if self.phase == "pursue":
            return [(A.PURSUE, 1), (A.PURSUE, 0)]
        if self.phase == "declare":
            e = self.declaring()
            return [(A.DECLARE, *self._to_global(e, a)) for a in e.legal_actions()]
        out = [(A.STEP, d) for d in range(9)] + [(A.TURN, d) for d in range(8)]
        for a in ((A.DESCEND,), *[(k, s) for k in (A.USE, A.EQUIP, A.DROP) for s in range(len(self.hero.items))],
                  *[(A.ORDER, o) for o in range(3)]):
            try:
                self.check(a)
            except ActionError:
                continue
            out.append(a)
        return out

    def _to_global(self, e, a: tuple) -> tuple:
        a = list(a)
        a[1] = e.gid(a[1])
        if a[0] in (BA.ATTACK, BA.BUY, BA.DEFEND):
            a[2] = e.gid(a[2])
        return tuple(a)

    def _to_local(self, e, a: tuple) -> tuple:
        a = list(a)
        try:
            a[1] = e.local(a[1])
            if a[0] in (BA.ATTACK, BA.BUY, BA.DEFEND):
                a[2] = e.local(a[2])
        except ValueError:
            raise ActionError(f"fighter {a[2] if len(a) > 2 else a[1]} is not in this fight") from None
        return tuple(a)

    def check(self, action: tuple) -> None:
        if self.phase == "over":
            raise ActionError("the run is over")
        kind = action[0]
        if kind == A.ORDER:
            if len(self.actors) < 2 or self.actors[1].role != COMPANION or self.actors[1].dead:
                raise ActionError("no companion to give orders to")
            if action[1] > 2:
                raise ActionError(f"order {action[1]}: expected 0 follow, 1 hold, 2 attack my target")
            return
        if self.phase == "pursue":
            if kind != A.PURSUE or action[1] > 1:
                raise ActionError("the foe you bumped stepped away: pursue (1) or stay (0)")
            return
        if self.phase == "declare":
            if kind != A.DECLARE:
                raise ActionError("a declaration is awaited in your fight")
            e = self.declaring()
            e.check(self._to_local(e, action[1:]))
            return
        if kind in (A.PURSUE, A.DECLARE):
            raise ActionError(f"{A.NAMES[kind]} is not possible now")
        h = self.hero
        if kind in (A.STEP, A.TURN):
            if action[1] > (8 if kind == A.STEP else 7):
                raise ActionError(f"direction {action[1]}: expected 0-{8 if kind == A.STEP else 7}")
            return
        engaged = self.engagement_of(0) is not None
        if kind == A.DESCEND:
            if h.pos != self.level.stairs:
                raise ActionError("you are not on the stairs")
            if engaged:
                raise ActionError("you cannot leave in the middle of a fight")
            return
        slot = action[1]
        if slot >= len(h.items):
            raise ActionError(f"slot {slot}: your pack holds {len(h.items)} items")
        it = self.data.items[h.items[slot]]
        if kind == A.DROP:
            return
        if engaged:
            raise ActionError(f"not in the middle of a fight ({it.name})")
        if kind == A.USE and it.kind != "painkiller":
            raise ActionError(f"{it.name}: only painkillers are taken from the pack (bandages serve first aid: "
                              "wait out of a fight)")
        if kind == A.EQUIP and it.kind not in ("weapon", "shield", "armour"):
            raise ActionError(f"{it.name} is not a weapon, shield or armour")

    # ---------------------------------------------------------------- apply
    def apply(self, action) -> list:
        from game.modes.bout.dungeon import world
        action = A.decode(action)
        self.check(action)
        self.events = []
        kind = action[0]
        if kind == A.ORDER:
            self.actors[1].order = action[1]
            self.events.append(("order", action[1]))
            return self.events
        if kind == A.DECLARE:
            e = self.declaring()
            world.declare(self, e, self._to_local(e, action[1:]))
        elif kind == A.PURSUE:
            world.finish_pursuit(self, bool(action[1]))
        else:
            world.run_step(self, action)
        self.prepare()
        return self.events

    def prepare(self) -> None:
        """Run whatever needs no choice of the hero until one is needed (or the run ends)."""
        from game.modes.bout.dungeon import world
        world.prepare(self)

    # ---------------------------------------------------------------- state
    def snapshot(self) -> dict:
        return {
            "mode": "bout", "scenario": "dungeon", "seed": self.seed, "rng": list(self.rng.get_state()),
            "depth": self.depth, "turn": self.turn, "phase": self.phase,
            "actors": [a.snapshot() for a in self.actors],
            "engagements": [e.state() for e in self.engagements], "next_eid": self.next_eid,
            "floor": [list(x) for x in self.floor], "explored": format(self.explored, "x"),
            "explored_before": self.explored_before, "met": list(self.met), "met_before": self.met_before,
            "kills": self.kills, "exchanges": self.exchanges, "result": self.result,
            "evading": [[k, v] for k, v in sorted(self.evading.items())], "pursuit": list(self.pursuit),
            "pending": {k: [list(x) if isinstance(x, list) else x for x in v] for k, v in sorted(self.pending.items())},
            "ruleset": self.rules.content_hash, "dungeon": self.data.content_hash,
        }

    @classmethod
    def restore(cls, rules, data, snap: dict) -> DungeonGame:
        g = cls(rules, data, int(snap["seed"]), start=False)
        g.rng = Pcg32.from_state(tuple(snap["rng"]))
        g.depth = int(snap["depth"])
        g.level = generate_level(data, g.seed, g.depth)
        g.turn, g.phase = int(snap["turn"]), str(snap["phase"])
        g.actors = [Actor.restore(v) for v in snap["actors"]]
        g.engagements = [Engagement.from_state(g, v) for v in snap["engagements"]]
        g.next_eid = int(snap["next_eid"])
        g.floor = [[int(c), int(k)] for c, k in snap["floor"]]
        g.explored = int(snap["explored"], 16)
        g.explored_before, g.met_before = int(snap["explored_before"]), int(snap["met_before"])
        g.met = [int(x) for x in snap["met"]]
        g.kills, g.exchanges, g.result = int(snap["kills"]), int(snap["exchanges"]), str(snap["result"])
        g.evading = {int(k): int(v) for k, v in snap["evading"]}
        g.pursuit = [int(x) for x in snap["pursuit"]]
        g.pending = {str(k): [list(map(int, x)) if isinstance(x, list) else int(x) for x in v]
                     for k, v in snap["pending"].items()}
        g._validate()
        g._reindex()
        return g

    def _validate(self) -> None:
        """A restored state must be one the rules can play on: ValueError naming what is not."""
        def need(ok: bool, what: str) -> None:
            if not ok:
                raise ValueError(what)
        lv, R, D = self.level, self.rules, self.data
        n = len(self.actors)
        need(1 <= self.depth <= D.dungeon["levels"], f"depth {self.depth}")
        need(self.phase in ("step", "declare", "pursue", "over"), f"phase {self.phase!r}")
        need(n >= 1 and self.actors[0].role == HERO, "actors[0]: the hero")
        for i, a in enumerate(self.actors):
            need(0 <= a.pos < lv.size and lv.tiles[a.pos] != 0, f"actors[{i}].pos {a.pos}")
            need(a.role in (HERO, COMPANION, FOE) and (a.role == HERO) == (i == 0), f"actors[{i}].role")
            need(0 <= a.weapon < len(R.weapons) and 0 <= a.t.weapon < len(R.weapons), f"actors[{i}] weapon")
            need(0 <= a.t.armour < len(R.armours) and -1 <= a.t.shield < len(R.shields), f"actors[{i}] armour/shield")
            need(0 <= a.facing < 8 and len(a.items) <= PACK_SIZE and all(0 <= k < len(D.items) for k in a.items),
                 f"actors[{i}] facing/items")
            need(all(len(w) == 6 for w in a.wounds) and all(len(d) == 2 for d in a.dulled), f"actors[{i}] wounds")
        for e in self.engagements:
            need(len(e.ids) >= 2 and all(0 <= i < n for i in e.ids) and len(set(e.ids)) == len(e.ids),
                 f"engagement {e.eid}: fighters")
            need(all(0 <= a < b < len(e.ids) for a, b in e.pairs) and 0 <= e.step <= 2 and e.exchange in (1, 2),
                 f"engagement {e.eid}: pairs/clock")
            need(all((q[0] if isinstance(q, tuple) else q) < len(e.ids) for q in e.queue), f"engagement {e.eid}: queue")
        need(all(0 <= c < lv.size and 0 <= k < len(D.items) for c, k in self.floor), "floor")
        need(all(0 <= i < n and 0 <= d < 8 for i, d in self.evading.items()), "evading")
        need(self.pursuit == [] or (len(self.pursuit) == 2 and 0 <= self.pursuit[0] < n), "pursuit")
        need((self.phase == "pursue") == bool(self.pursuit), "pursuit/phase")

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    def encode_action(self, action) -> list[int]:
        return A.encode(action)

    def decode_action(self, data) -> tuple:
        return A.decode(data)

    def summary(self) -> dict:
        h = self.hero
        return {"winner": self.winner, "result": self.result or "running", "depth": self.depth,
                "explored_cells": self.explored_cells(), "foes_met": self.foes_met(), "exchanges": self.exchanges,
                "kills": self.kills, "score": self.score(), "steps": self.turn, "health": max(0, h.health),
                "wounds": len(h.wounds)}
