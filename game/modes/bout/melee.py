"""The combat world: every fighter, the engagements they form and the clock that drives them.

A dungeon (or the arena of the shipped set-ups, `game.py`) drives it one step at a time:

    m = Melee(rules, seed, width=W)          # cells are y * W + x, 8-neighbour contact
    a = m.add(template, side=0, pos=cell, facing=2)
    ...                                      # each dungeon step:
    m.place(f, cell, facing)                 #   the dungeon's own movement (footwork at step 0 only)
    m.regroup()                              #   contact -> engagements formed, joined, merged, left
    while (f := m.to_act()) is not None:     #   every engaged fighter's decision for this step
        m.apply(choice_for(f))               #   Orient / Target / Line ... Done (bots: BoutBot.choose)
    events = m.advance()                     #   clocks move; an engagement leaving 2/1 resolves

Rules live in the mixins: `declare.py` (what may be declared, in which order), `resolve.py`
(the resolution queue, initiative afterwards), `blows.py` and `wounds.py` (one blow, one wound),
`care.py` (bleeding out of combat, first aid, healing, painkillers), `ranged.py` (aim and shoot),
`views.py` (what the screen asks: d-pad meanings, arcs). Everything random comes from the PCG32
inside the state; `snapshot()`/`restore()` round-trip it exactly.
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.care import Care
from game.modes.bout.consts import (
    AUTO,
    COMMIT,
    DECLARE,
    DECLARING,
    DEFENSIVE,
    FOOTWORK,
    NOBODY,
    ORIENT,
    READY,
    RESPOND,
    REVEAL,
    TARGET,
)
from game.modes.bout.declare import Declarations
from game.modes.bout.dice import roll
from game.modes.bout.engagement import Engagement
from game.modes.bout.events import ev
from game.modes.bout.fighter import NEEDS_ORIENTATION, Fighter, refresh_value
from game.modes.bout.grouping import REST_STEPS, START, Grouping
from game.modes.bout.ranged import Ranged
from game.modes.bout.resolve import Resolution
from game.modes.bout.views import Views

STEP_STAGES = {0: (ORIENT,), 1: (ORIENT, TARGET), 2: (TARGET, DECLARE, RESPOND)}


class Melee(Grouping, Declarations, Resolution, Care, Ranged, Views):
    def __init__(self, rules, seed: int = 0, *, width: int, secret: bool = False, stream: int = 0xB0,
                 rng: Pcg32 | None = None, fighters: list | None = None) -> None:
        """`rng`: a generator to share (the dungeon's; one generator in the state), else a new
        PCG32(seed, stream). `fighters`: a list to share (the dungeon's actors, Fighter objects or
        subclasses), else a new one; ids are indexes into it."""
        if width < 1:
            raise ValueError("width must be at least 1")
        self.rules, self.R = rules, rules.rules
        self.rng = rng if rng is not None else Pcg32(seed, stream)
        self.width = width
        self.secret = bool(secret)
        self.fighters: list[Fighter] = fighters if fighters is not None else []
        self.engs: dict[int, Engagement] = {}
        self.next_eng = 1
        self.pairs: dict = {}            # (a, b) a<b -> [holder, fresh, short, penalty]
        self.friends: set = set()        # (side, side) pairs that never fight (besides equal sides)
        self.surprise: dict = {}         # fighter -> surprise level index, rolled when he is engaged
        self.rest: dict = {}             # fighter -> steps out of contact (pool recovery)
        self.shots: list = []            # pending shots [shooter, foe, zone]
        self.clock = 0                   # steps advanced
        self.exchanges = 0               # exchanges resolved, all engagements together
        self.events: list = []
        self._foes: dict = {}           # fighter -> foes in reach (cache, cleared by changed())
        self._contacts = None           # the layout the engagements were last worked out for
        self.fist = next((w.index for w in rules.weapons if w.id == "fist"), -1)

    # ------------------------------------------------------------------ fighters and the map
    def add(self, template, side: int, pos: int, facing: int = 0, surprise: int = 0) -> int:
        """A new fighter (not engaged yet); returns his id."""
        return self.add_fighter(Fighter(template, side, pos, facing=facing), surprise)

    def add_fighter(self, f: Fighter, surprise: int = 0) -> int:
        """An existing Fighter object (or a subclass: the dungeon's actors), shared, not copied;
        his pool is made whole. Returns his id (his index in `fighters`)."""
        if f not in self.fighters:
            self.fighters.append(f)
        i = self.fighters.index(f)
        self._foes = {}
        f.cp = self._full_pool(f)
        self.rest[i] = REST_STEPS
        if surprise:
            self.surprise[i] = surprise
        return i

    def place(self, f: int, pos: int, facing: int | None = None) -> None:
        """Move a fighter (the dungeon's movement); call `regroup()` after the step's moves."""
        me = self.fighters[f]
        if pos != me.pos:
            me.moved = True
        me.pos = pos
        self._foes = {}
        if facing is not None:
            me.facing = facing % 8

    def hostile(self, a: int, b: int) -> bool:
        sa, sb = self.fighters[a].side, self.fighters[b].side
        return sa != sb and (min(sa, sb), max(sa, sb)) not in self.friends

    def befriend(self, side_a: int, side_b: int) -> None:
        """Two factions that never fight each other."""
        self.friends.add((min(side_a, side_b), max(side_a, side_b)))

    def adjacent(self, a: int, b: int) -> bool:
        w = self.width
        pa, pb = self.fighters[a].pos, self.fighters[b].pos
        return max(abs(pa % w - pb % w), abs(pa // w - pb // w)) == 1

    def foes_of(self, f: int) -> list[int]:
        """Active hostile fighters in contact with f (his engagement's foes he can reach)."""
        got = self._foes.get(f)
        if got is not None:
            return list(got)
        me = self.fighters[f]
        e = self.engs.get(me.eng) if me.eng else None
        if e is None:
            got = ()
        else:
            got = tuple(g for g in e.members if g != f and self.fighters[g].active and self.hostile(f, g)
                        and self.adjacent(f, g))
        self._foes[f] = got
        return list(got)

    def changed(self) -> None:
        """Forget what was worked out from positions, contact and who is standing (the dungeon
        calls it if it changes fighters by hand; place/regroup/advance call it themselves)."""
        self._foes = {}

    def engagement_of(self, f: int) -> Engagement | None:
        return self.engs.get(self.fighters[f].eng)

    def pair(self, a: int, b: int):
        return self.pairs.get((a, b) if a < b else (b, a))

    def _pair(self, a: int, b: int) -> list:
        key = (a, b) if a < b else (b, a)
        p = self.pairs.get(key)
        if p is None:
            w = self.rules.weapons
            ra, rb = w[self.fighters[a].weapon].reach, w[self.fighters[b].weapon].reach
            short = a if ra < rb else (b if rb < ra else NOBODY)
            pen = min(self.R["length_penalty_max"], abs(ra - rb) * self.R["length_penalty_per_step"])
            p = self.pairs[key] = [NOBODY, 1, short, pen]
        return p

    # ------------------------------------------------------------------ dice
    def attr_roll(self, n: int, tn: int) -> tuple[int, bool]:
        s, b, _ = roll(self.rng, n, tn, botch_ones=self.R["botch_min_ones"],
                       tn_over_10_reroll=self.R["tn_over_10_reroll"], zero_step=self.R["zero_pool_tn_step"])
        return s, b

    def dice_roll(self, n: int, tn: int) -> tuple[int, bool]:
        """Combat dice; a pool at 0 or below still throws 1 die at a raised TN (seed, rule 20)."""
        return self.attr_roll(n, tn)

    def _full_pool(self, f: Fighter) -> int:
        return refresh_value(f.t.prof, f.t.reflex, f.shock_carry, f.pain_total(),
                             halved=f.health <= self.R["health_at_half"],
                             armour_penalty=self.rules.armours[f.t.armour].cp_penalty)

    # ------------------------------------------------------------------ stages inside a step
    def _active(self, e: Engagement) -> list[int]:
        return [i for i in e.members if self.fighters[i].active and not self.fighters[i].lost_round]

    def _needs_orient(self, e: Engagement, i: int) -> bool:
        f = self.fighters[i]
        if f.late or e.step == DECLARING:
            return False
        if f.orientation == NEEDS_ORIENTATION:
            return True
        return (e.step == FOOTWORK and e.exchange == 1 and f.footing < 0 and self.R["footing_rolls"]
                and len(self.foes_of(i)) >= 2)

    def _needs_target(self, i: int) -> bool:
        f = self.fighters[i]
        return f.target < 0 and bool(self.foes_of(i))

    def _refill(self, e: Engagement) -> None:
        """The queue of the current stage, or of the next stage of this step with someone to
        ask: step 0 orient; step 1 orient (newcomers), targets; step 2 targets (newcomers),
        declarations, answers to unseen attacks. READY: nothing more this step."""
        if e.stage == READY:
            e.queue = []
            return
        act = self._active(e)
        seq = STEP_STAGES[e.step]
        # every stage asks only who still has to answer it, so a newcomer is asked what he
        # missed; once the answers to unseen attacks have begun nobody declares any more
        cur = RESPOND if e.stage == RESPOND else seq[0]
        for st in seq[seq.index(cur):]:
            if st == ORIENT:
                if e.stage != REVEAL:
                    need = [i for i in act if self._needs_orient(e, i) and i not in e.orients
                            and i not in e.commits]
                    if need:
                        e.stage, e.queue = (COMMIT if self.secret else ORIENT), need
                        return
                if self.secret and e.commits:
                    q = [i for i in sorted(e.commits) if i not in e.orients and i in act]
                    if q:
                        e.stage, e.queue = REVEAL, q
                        return
                if e.orients:
                    self._reveal_orients(e)
            elif st == TARGET:
                need = [i for i in act if self._needs_target(i)]
                if need:
                    e.stage = TARGET
                    e.queue = sorted(need, key=lambda i: (-self.fighters[i].t.reflex, i))[:1]
                    return
                self.settle_initiative(e)
            elif st == DECLARE:
                order = self.declaration_order(e)
                q = [i for i in order if i not in e.declared]
                if q:
                    e.stage, e.queue = DECLARE, q
                    return
                if e.stage != RESPOND:
                    self.assign_preemptive(e)
            elif st == RESPOND:
                e.stage = RESPOND
                q = self.responders(e)
                if q:
                    e.queue = q
                    return
        e.stage, e.queue = READY, []

    def _reveal_orients(self, e: Engagement) -> None:
        for i, (o, st, foot) in sorted(e.orients.items()):
            f = self.fighters[i]
            if o != AUTO or f.orientation == NEEDS_ORIENTATION:
                f.orientation = o if o != AUTO else DEFENSIVE
            f.stance = st
            self.events.append(ev("orient", i, f.orientation, st))
            if foot >= 0 and f.footing < 0 and len(self.foes_of(i)) >= 2 and self.R["footing_rolls"]:
                self._footing(i, foot)
        e.orients, e.commits = {}, {}

    def _footing(self, i: int, dice: int) -> None:
        """The multiple-opponents terrain roll [K] TABLE 4.3: no success halves what is left of the
        pool for the round, a botch empties it and drops him."""
        me = self.fighters[i]
        n = len(self.foes_of(i))
        tn = self.footing_tn(n)
        me.cp -= dice
        s, botch = self.dice_roll(dice, tn)
        me.footing = s
        if botch:
            me.cp, me.prone = 0, True
        elif s == 0:
            me.cp //= 2
        self.events.append(ev("footing", i, n, tn, dice, s, int(botch), me.cp))

    def footing_tn(self, foes: int, sprinting: bool = False) -> int:
        for row in self.rules.footing:     # highest min_foes first
            if foes >= row.min_foes:
                return row.tn_sprinting if sprinting else row.tn_hurried
        return 0

    # ------------------------------------------------------------------ whose decision
    def to_act(self) -> int | None:
        for e in self.engs.values():
            if e.queue:
                return e.queue[0]
        return None

    def stage_of(self, f: int) -> str | None:
        """The stage the fighter is asked about now (orient, commit, reveal, target, declare,
        respond), or None."""
        e = self.engagement_of(f)
        return e.stage if e is not None and e.queue and e.queue[0] == f else None

    def waiting(self) -> bool:
        return self.to_act() is not None

    # ------------------------------------------------------------------ applying
    def apply(self, action) -> list:
        a = A.decode(action)
        self.check(a)
        self.events = []
        e = self.engagement_of(a.f)
        me = self.fighters[a.f]
        if isinstance(a, A.Orient):
            e.orients[a.f] = (a.orientation, a.stance, a.footing)
            e.queue.pop(0)
        elif isinstance(a, A.Commit):
            e.commits[a.f] = a.digest
            e.queue.pop(0)
            if not e.queue:
                e.stage = REVEAL
        elif isinstance(a, A.Reveal):
            o = DEFENSIVE if a.orientation == A.FORFEIT else a.orientation
            e.orients[a.f] = (o, 0 if a.orientation == A.FORFEIT else a.stance, a.footing)
            e.queue.pop(0)
        elif isinstance(a, A.Target):
            me.target = a.foe
            me.facing = self.direction_to(a.f, a.foe)
            self.events.append(ev("target", a.f, a.foe))
            e.queue.pop(0)
        elif isinstance(a, A.Line):
            self.declare_line(e, a)
        elif isinstance(a, A.Done):
            e.seq += 1
            e.declared[a.f] = e.seq
            e.queue.pop(0)
            if not e.lines.get(a.f) and e.stage == DECLARE:
                self.events.append(ev("nothing", a.f))
        elif isinstance(a, (A.Aim, A.Shoot)):
            self.ranged_action(a)
            return self.events
        if not e.queue:
            self._refill(e)
        return self.events

    # ------------------------------------------------------------------ the clock
    def advance(self) -> list:
        """End this step: engagements at 2/1 resolve and start their next exchange (or round),
        the others move one step on; shots loosed this step land. Refused while a decision is
        awaited (`to_act()` is not None)."""
        if self.to_act() is not None:
            raise ActionError(f"fighter {self.to_act()} has not decided yet")
        self.events = []
        self._foes = {}
        for e in list(self.engs.values()):
            if e.step == DECLARING:
                self.resolve(e)
                e.resolved += 1
                self.exchanges += 1
                self.events.append(ev("resolved", e.id, e.round, e.exchange))
                self._end_exchange(e)
            else:
                e.step += 1
            e.stage = START
        self.land_shots()
        self.clock += 1
        for i, f in enumerate(self.fighters):
            f.moved = False
            if not f.eng:
                self.rest[i] = min(REST_STEPS, self.rest.get(i, 0) + 1)
        self.regroup()
        return self.events

    def _end_exchange(self, e: Engagement) -> None:
        fs = self.fighters
        live = {i for i in e.members if self.has_live_pair(e, i)}
        for i in e.members:
            f = fs[i]
            f.orientation = AUTO if i in live else NEEDS_ORIENTATION
            f.stance = 0
            if i not in live:
                f.target = -1
        e.lines, e.declared, e.seq = {}, {}, 0
        if e.exchange == 1 and live:
            e.exchange, e.step = 2, FOOTWORK
            return
        if not live:
            self.events.append(ev("pause", e.id))
        self._new_round(e)

    def _new_round(self, e: Engagement) -> None:
        """End of exchange 2 (or a battle pause): blood loss checks, then the pools refresh."""
        fs = self.fighters
        for i in e.members:
            f = fs[i]
            if f.dead:
                continue
            if f.out_rounds:
                f.out_rounds -= 1
            self.blood_check(i)
            if f.dead:
                continue
            if f.no_refresh:
                f.no_refresh = False
            else:
                cp = self._full_pool(f)
                if f.prone:
                    cp = max(0, cp - self.R["stand_up_cost"])
                f.cp, f.shock_carry = cp, 0
            f.prone = False
            f.footing, f.late, f.lost_round = -1, False, False
            self.events.append(ev("refresh", i, f.cp))
        e.round += 1
        e.exchange, e.step = 1, FOOTWORK

    # ------------------------------------------------------------------ state
    def snapshot(self, *, fighters: bool = True, rng: bool = True) -> dict:
        """The whole combat state as canonical data; `fighters=False` / `rng=False` leave out what
        the dungeon saves itself (restore them with `restore(..., fighters=, rng=)`)."""
        return {
            "rng": list(self.rng.get_state()) if rng else None, "width": self.width, "secret": int(self.secret),
            "fighters": [f.snapshot() for f in self.fighters] if fighters else None,
            "engagements": [e.snapshot() for e in self.engs.values()], "next": self.next_eng,
            "pairs": [[a, b, *p] for (a, b), p in sorted(self.pairs.items())],
            "friends": sorted(list(x) for x in self.friends),
            "surprise": sorted([k, v] for k, v in self.surprise.items()),
            "rest": sorted([k, v] for k, v in self.rest.items()),
            "shots": [list(s) for s in self.shots], "clock": self.clock, "exchanges": self.exchanges,
            "ruleset": self.rules.content_hash,
        }

    @classmethod
    def restore(cls, rules, snap: dict, *, fighters: list | None = None, rng: Pcg32 | None = None) -> Melee:
        m = cls(rules, 0, width=int(snap["width"]), secret=bool(snap["secret"]))
        m.rng = rng if rng is not None else Pcg32.from_state(tuple(snap["rng"]))
        m.fighters = fighters if fighters is not None else [Fighter.restore(v) for v in snap["fighters"]]
        m.engs = {e.id: e for e in (Engagement.restore(v) for v in snap["engagements"])}
        m.next_eng = int(snap["next"])
        m.pairs = {(int(p[0]), int(p[1])): [int(x) for x in p[2:]] for p in snap["pairs"]}
        m.friends = {(int(a), int(b)) for a, b in snap["friends"]}
        m.surprise = {int(k): int(v) for k, v in snap["surprise"]}
        m._foes, m._contacts = {}, None
        m.rest = {int(k): int(v) for k, v in snap["rest"]}
        m.shots = [[int(x) for x in s] for s in snap["shots"]]
        m.clock, m.exchanges = int(snap["clock"]), int(snap["exchanges"])
        return m

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())
