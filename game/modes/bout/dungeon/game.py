"""The dungeon run: levels walked step by step, fights on their own clocks, a score.

    g = DungeonGame(bout_rules, dungeon_data, seed)
    while not g.is_over():
        g.apply(choice)            # the hero's action: see actions.py; g.legal_actions()

State: the PCG32 generator (stream 0xD1: everything random in the run draws from it, the fights
too), the depth (the level itself is rebuilt from seed and depth), the fighters (`Actor`: the
party first, then this level's foes), the combat engine (`Melee`, sharing those fighters and the
generator), the items on the floor, what the party has seen, and the run's counters. `apply` is
the only way it changes.

Phases: "step" (the hero's key for this step), "declare" (his declaration in his fight: a Line
or Done of the combat engine), "pursue" (the foe he bumped stepped away: follow or not), "over".
A turn is one dungeon step; one `apply` may run several steps when the hero has nothing to
choose (see world.prepare). The step itself is `world.run_step`; this file keeps the state.
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.bout.bot import BoutBot
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import events as E
from game.modes.bout.dungeon import items as I
from game.modes.bout.dungeon.actor import COMPANION, FOE, HERO, PACK_SIZE, PARTNER, Actor, template_of
from game.modes.bout.dungeon.fov import sight_of
from game.modes.bout.dungeon.generate import generate_level
from game.modes.bout.dungeon.speed import fresh_account, move_points
from game.modes.bout.melee import Melee

STREAM = 0xD1
BOT_LEVELS = {HERO: "hard", COMPANION: "hard", FOE: "normal", PARTNER: "hard"}
RESULTS = ("escaped", "fell", "timeout")
PHASES = ("step", "declare", "pursue", "over")


class DungeonGame:
    mode = "bout"
    coop = False                         # a co-op run (coop.py) has two heroes, seats 0 and 1
    hero_ids = (0,)                      # the fighters people (or the hero's bot) decide for

    def __init__(self, rules, data, seed: int, *, start: bool = True) -> None:
        self.rules, self.data, self.seed = rules, data, seed
        self.rng = Pcg32(seed, STREAM)
        self.depth = 0
        self.level = None
        self.turn = 0
        self.actors: list[Actor] = []
        self.m: Melee | None = None
        self.phase = "step"
        self.floor: list = []            # [cell, item index] lying about on this level
        self.explored = 0                # bitset of cells the party has seen on this level
        self.explored_before = 0         # cells seen on the levels above
        self.met: list = []              # foe ids of this level the party has seen
        self.met_before = 0
        self.kills = 0
        self.exchanges_before = 0
        self.outcome = ""                # "escaped", "fell", "timeout"; "" while the run goes on
        self.evading: dict = {}          # fighter -> direction he breaks away (full evasion)
        self.intents: dict = {}          # fighter -> [orientation, foe] his key chose this step
        self.pursuit: list = []          # [foe, cell] the hero may follow into
        self.pending: dict = {}          # the step's movers/waiters while the hero decides
        self.start_pos: list = []        # where everyone stood when this step began (surprise)
        self.hit_now: set = set()        # fighters a blow landed on in the last resolution
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
            self.exchanges_before += self.m.exchanges
        self.depth = depth
        self.level = lv = generate_level(self.data, self.seed, depth)
        party = self._party()
        self.evading, self.intents, self.pursuit, self.pending = {}, {}, [], {}
        self.floor = [list(x) for x in lv.items]
        self.explored, self.met = 0, []
        self.actors = party
        free = [lv.start] + [n for n in lv.neighbours()[lv.start] if n >= 0]
        for a in party:
            a.pos = free.pop(0) if free else lv.start
            a.eng, a.target, a.orientation = 0, -1, -1
            a.chase = a.goal = a.press = -1
            self.refit(a)
        for cell, k in lv.foes:
            e = self.data.foes[k]
            a = self._actor(template_of(self.rules, e.v), 1 + self.data.find("factions", e.faction).index, FOE, k)
            a.pos = cell
            self.refit(a)
            self.actors.append(a)
        self.m = Melee(self.rules, width=lv.width, rng=self.rng, fighters=self.actors)
        for a in self.actors:
            self.m.add_fighter(a)
        self._bots = {}
        self._reindex()
        self.see()

    def _party(self) -> list:
        """Who goes down to the next level: the party, those not dead."""
        return [a for a in self.actors if a.role != FOE and not a.dead]

    # ---------------------------------------------------------------- queries
    @property
    def hero(self) -> Actor:
        return self.actors[0]

    @property
    def winner(self):
        """The winning seat: 0 (the hero) when he found the way out; None otherwise."""
        return 0 if self.outcome == "escaped" else None

    @property
    def exchanges(self) -> int:
        return self.exchanges_before + (self.m.exchanges if self.m else 0)

    def party_fallen(self) -> bool:
        """The run is lost: the hero has fallen (co-op: every hero)."""
        return self.hero.dead

    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self):
        return None if self.phase == "over" else 0

    def _reindex(self) -> None:
        self._occ = {a.pos: i for i, a in enumerate(self.actors) if not a.dead}

    def at(self, cell: int) -> int:
        return self._occ.get(cell, -1)

    def engagement_of(self, i: int):
        return self.m.engagement_of(i)

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

    def melee_events(self, events) -> None:
        """The combat engine's events join the step's; a wound marks who felled whom, a blow that
        lands marks the one it hit (a full evasion then fails)."""
        for ev in events:
            k = ev.kind
            if k == "wound":
                self.actors[ev.f].fell_by = self.actors[ev.by].side
            elif k == "blow" and ev.successes - ev.guard_successes > 0:
                self.hit_now.add(ev.t)
            self.events.append(ev)

    def bot(self, role: int) -> BoutBot:
        """The bout bot that decides for a fighter of `role` (plans are made and used within one
        decision, so a restored game decides the same)."""
        b = self._bots.get(role)
        if b is None:
            b = self._bots[role] = BoutBot(BOT_LEVELS[role], self.seed, role)
        return b

    def score(self) -> int:
        s, h = self.data.score, self.hero
        out = s["per_depth"] * (self.depth - 1) + s["per_foe"] * self.kills
        out += s["per_explored"] * (self.explored_cells() // 10)
        if self.outcome == "escaped":
            out += s["escape"]
        if not h.dead:
            out += s["per_health"] * max(0, h.health)
        return out

    # ---------------------------------------------------------------- the hero's choices
    def legal_actions(self) -> list:
        if self.phase == "over":
            return []
        if self.phase == "pursue":
            return [A.Pursue(1), A.Pursue(0)]
        if self.phase == "declare":
            return [A.Declare(a) for a in self.m.legal_actions()]
        out = [A.Step(d) for d in range(9)] + [A.Turn(d) for d in range(8)]
        for a in (A.Descend(), *[k(s) for k in (A.Use, A.Equip, A.Drop) for s in range(len(self.hero.items))],
                  *[A.Order(o) for o in range(3)]):
            try:
                self.check(a)
            except ActionError:
                continue
            out.append(a)
        return out

    def check(self, action) -> None:
        if self.phase == "over":
            raise ActionError("the run is over")
        if isinstance(action, A.Order):
            if len(self.actors) < 2 or self.actors[1].role != COMPANION or self.actors[1].dead:
                raise ActionError("no companion to give orders to")
            if not 0 <= action.order <= 2:
                raise ActionError(f"order {action.order}: expected 0 follow, 1 hold, 2 attack my target")
            return
        if self.phase == "pursue":
            if not isinstance(action, A.Pursue) or action.follow not in (0, 1):
                raise ActionError("the foe you bumped stepped away: pursue (1) or stay (0)")
            return
        if self.phase == "declare":
            if not isinstance(action, A.Declare):
                raise ActionError("a declaration is awaited in your fight")
            if action.action.f != 0:
                raise ActionError("you declare for yourself only")
            self.m.check(action.action)
            return
        if isinstance(action, (A.Pursue, A.Declare)):
            raise ActionError(f"{type(action).__name__.lower()} is not possible now")
        self.check_key(0, action)

    def check_key(self, i: int, action) -> None:
        """ActionError unless `action` is a step key hero `i` may give now."""
        h = self.actors[i]
        if isinstance(action, (A.Step, A.Turn)):
            top = 8 if isinstance(action, A.Step) else 7
            if not 0 <= action.dir <= top:
                raise ActionError(f"direction {action.dir}: expected 0-{top}")
            return
        engaged = bool(h.eng)
        if isinstance(action, A.Descend):
            if h.pos != self.level.stairs:
                raise ActionError("you are not on the stairs")
            if engaged:
                raise ActionError("you cannot leave in the middle of a fight")
            return
        if not isinstance(action, (A.Use, A.Equip, A.Drop)):
            raise ActionError(f"not a dungeon action: {action!r}"[:200])
        slot = action.slot
        if not 0 <= slot < len(h.items):
            raise ActionError(f"slot {slot}: your pack holds {len(h.items)} items")
        it = self.data.items[h.items[slot]]
        if isinstance(action, A.Drop):
            return
        if engaged:
            raise ActionError(f"not in the middle of a fight ({it.name})")
        if isinstance(action, A.Use) and it.kind != "painkiller":
            raise ActionError(f"{it.name}: only painkillers are taken from the pack (a bandage serves first aid: "
                              "wait out of a fight)")
        if isinstance(action, A.Equip) and it.kind not in ("weapon", "shield", "armour"):
            raise ActionError(f"{it.name} is not a weapon, shield or armour")

    # ---------------------------------------------------------------- apply
    def apply(self, action) -> list:
        from game.modes.bout.dungeon import world
        action = A.decode(action)
        self.check(action)
        self.events = []
        if isinstance(action, A.Order):
            self.actors[1].order = action.order
            self.events.append(E.ev("order", action.order))
            return self.events
        if isinstance(action, A.Declare):
            world.declare(self, action.action)
        elif isinstance(action, A.Pursue):
            world.finish_pursuit(self, bool(action.follow))
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
            "melee": self.m.snapshot(fighters=False, rng=False),
            "floor": [list(x) for x in self.floor], "explored": format(self.explored, "x"),
            "explored_before": self.explored_before, "met": list(self.met), "met_before": self.met_before,
            "kills": self.kills, "exchanges_before": self.exchanges_before, "result": self.outcome,
            "evading": sorted([k, v] for k, v in self.evading.items()),
            "intents": sorted([k, *v] for k, v in self.intents.items()),
            "pursuit": list(self.pursuit),
            "pending": {k: list(v) for k, v in sorted(self.pending.items())},
            "ruleset": self.rules.content_hash, "dungeon": self.data.content_hash,
        }

    @classmethod
    def restore(cls, rules, snap: dict, data=None) -> DungeonGame:
        """A game equal to the one `snapshot` was taken of (`data`: the dungeon; the shipped one
        when it is not given, and its hash must match)."""
        if data is None:
            from game.rules.bout.dungeon_loader import load_shipped
            data = load_shipped(rules)
        if snap.get("dungeon") != data.content_hash or snap.get("ruleset") != rules.content_hash:
            raise ValueError("the snapshot was taken with other rules or another dungeon")
        g = cls(rules, data, int(snap["seed"]), start=False)
        g.rng = Pcg32.from_state(tuple(snap["rng"]))
        g.depth = int(snap["depth"])
        g.level = generate_level(data, g.seed, g.depth)
        g.turn, g.phase = int(snap["turn"]), str(snap["phase"])
        g.actors = [Actor.restore(v) for v in snap["actors"]]
        g.m = Melee.restore(rules, snap["melee"], fighters=g.actors, rng=g.rng)
        g.floor = [[int(c), int(k)] for c, k in snap["floor"]]
        g.explored = int(snap["explored"], 16)
        g.explored_before, g.met_before = int(snap["explored_before"]), int(snap["met_before"])
        g.met = [int(x) for x in snap["met"]]
        g.kills, g.exchanges_before = int(snap["kills"]), int(snap["exchanges_before"])
        g.outcome = str(snap["result"])
        g.evading = {int(k): int(v) for k, v in snap["evading"]}
        g.intents = {int(v[0]): [int(v[1]), int(v[2])] for v in snap["intents"]}
        g.pursuit = [int(x) for x in snap["pursuit"]]
        g.pending = {str(k): [int(x) for x in v] for k, v in snap["pending"].items()}
        g._validate()
        g._reindex()
        return g

    ROLES = (HERO, COMPANION, FOE)

    def _validate(self) -> None:
        """A restored state must be one the rules can play on: ValueError naming what is not."""
        def need(ok: bool, what: str) -> None:
            if not ok:
                raise ValueError(what)
        lv, R, D = self.level, self.rules, self.data
        n = len(self.actors)
        need(1 <= self.depth <= D.dungeon["levels"], f"depth {self.depth}")
        need(self.phase in PHASES, f"phase {self.phase!r}")
        need(n >= 1 and self.actors[0].role == HERO, "actors[0]: the hero")
        for i, a in enumerate(self.actors):
            need(0 <= a.pos < lv.size and lv.tiles[a.pos] != 0, f"actors[{i}].pos {a.pos}")
            need(a.role in self.ROLES and (a.role == HERO) == (i == 0), f"actors[{i}].role")
            need(0 <= a.weapon < len(R.weapons) and 0 <= a.t.weapon < len(R.weapons), f"actors[{i}] weapon")
            need(0 <= a.t.armour < len(R.armours) and -1 <= a.t.shield < len(R.shields), f"actors[{i}] armour/shield")
            need(0 <= a.facing < 8 and len(a.items) <= PACK_SIZE and all(0 <= k < len(D.items) for k in a.items),
                 f"actors[{i}] facing/items")
            need(a.eng == 0 or a.eng in self.m.engs, f"actors[{i}].eng")
        for e in self.m.engs.values():
            need(len(e.members) >= 2 and all(0 <= i < n for i in e.members), f"engagement {e.id}: fighters")
            need(0 <= e.step <= 2 and e.exchange in (1, 2) and all(0 <= i < n for i in e.queue),
                 f"engagement {e.id}: clock/queue")
        need(all(0 <= a < b < n for a, b in self.m.pairs), "pairs")
        need(all(0 <= c < lv.size and 0 <= k < len(D.items) for c, k in self.floor), "floor")
        need(all(0 <= i < n and 0 <= d < 8 for i, d in self.evading.items()), "evading")
        need(self.pursuit == [] or (len(self.pursuit) == 2 and 0 <= self.pursuit[0] < n), "pursuit")
        need((self.phase == "pursue") == bool(self.pursuit), "pursuit/phase")
        f = self.m.to_act() if self.phase == "declare" else None
        need(f is None or (f in self.hero_ids and self.m.stage_of(f) in ("declare", "respond")), "declare/phase")

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    def encode_action(self, action) -> list[int]:
        return A.encode(action)

    def decode_action(self, data):
        return A.decode(data)

    def result(self) -> dict:
        """What a person reads: the winner ("hero" when he found the way out) and the run's figures."""
        return self.summary()

    def summary(self) -> dict:
        h = self.hero
        return {"winner": {"escaped": "hero", "fell": "dungeon"}.get(self.outcome), "result": self.outcome or "running",
                "depth": self.depth, "explored_cells": self.explored_cells(), "foes_met": self.foes_met(),
                "exchanges": self.exchanges, "kills": self.kills, "score": self.score(), "steps": self.turn,
                "health": max(0, h.health), "wounds": len(h.wounds)}
