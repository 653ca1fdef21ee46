"""(Engine 1, frozen: verifies replays recorded before the engagement rules.) The bout engine: rounds of two exchanges, declarations in order, resolution, initiative.

One `BoutGame` holds every fighter, the map, the pairs of engaged foes with their initiative,
and the PCG32 generator. `apply(action)` is the only way it changes; `to_act()` says whose
declaration is awaited. A turn is one exchange. Blow resolution lives in `resolve.py`.

Phases of an exchange: move (unengaged fighters step, the roguelike wrapper) -> footing
(exchange 1; fighters facing 2+ foes) -> orient (secret stance + red/white throw for pairs
without initiative) -> attack (initiative holders, lowest Reflex first) -> defence (the
attacked, lowest Reflex first) -> resolution.
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.core.prng import Pcg32
from game.modes.bout.dice import roll
from game.modes.bout.legacy import v1_actions as A
from game.modes.bout.legacy.v1_fighter import Fighter, Template, refresh_value
from game.modes.bout.legacy.v1_legality import BoutLegality
from game.modes.bout.legacy.v1_resolve import resolve_exchange

NONE, BOTH = -1, -2
PHASES = ("move", "footing", "orient", "commit", "reveal", "attack", "defence", "over")


class BoutGame(BoutLegality):
    mode = "bout"

    def __init__(self, rules, templates: list[Template], sides: list[int], seed: int, *,
                 width: int = 8, height: int = 8, positions: list[int] | None = None,
                 walls: frozenset = frozenset(), surprise: list[int] | None = None,
                 secret: bool = False, start: bool = True) -> None:
        if len(templates) != len(sides) or not 2 <= len(templates) <= 12:
            raise ValueError("a bout needs 2-12 fighters, each with a side")
        self.rules = rules
        self.R = rules.rules
        self.rng = Pcg32(seed, 0xB0)
        self.seed = seed
        self.secret = bool(secret)      # throws as commit + reveal (linked play)
        self.commits: dict = {}         # f -> 16-byte commitment (secret mode)
        self.width, self.height = width, height
        self.walls = frozenset(walls)
        pos = positions or list(range(len(templates)))
        self.fighters = [Fighter(t, s, p) for t, s, p in zip(templates, sides, pos)]
        self.surprise = list(surprise or [0] * len(templates))
        self.fist = next((w.index for w in rules.weapons if w.id == "fist"), -1)
        self.round = 0
        self.exchange = 1
        self.turn = 0
        self.phase = "move"
        self.queue: list = []            # fighter ids (or (defender, attacker)) still to declare
        self.pairs: dict = {}            # (i, j) i<j -> [holder, fresh, length_holder, length_pen]
        self.orients: dict = {}          # f -> (stance, colour), secret until all are in
        self.stance: dict = {}           # f -> stance index for this exchange
        self.attacks: dict = {}          # f -> [target, man, zone, dice, extra, bought]
        self.defences: dict = {}         # (defender, attacker) -> [man, dice, extra]
        self.winner: int | None = None   # side, or None
        self.draw = False
        self.events: list = []
        if start:
            self._start_round()
            self._begin_exchange()

    # ---------------------------------------------------------------- queries
    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self):
        """The fighter whose declaration is awaited (for defence: the defender), or None."""
        if not self.queue:
            return None
        q = self.queue[0]
        return q[0] if isinstance(q, tuple) else q

    def answering(self) -> int | None:
        """In the defence phase: the attacker the current defender answers."""
        return self.queue[0][1] if self.queue and isinstance(self.queue[0], tuple) else None

    def pair(self, a: int, b: int):
        return self.pairs.get((a, b) if a < b else (b, a))

    def foes_of(self, f: int) -> list[int]:
        return [(j if i == f else i) for (i, j) in self.pairs if f in (i, j)]

    def holds(self, f: int, foe: int) -> bool:
        p = self.pair(f, foe)
        return p is not None and (p[0] == f or p[0] == BOTH)

    def length_penalty(self, f: int, foe: int) -> int:
        p = self.pair(f, foe)
        if p is None or p[2] != f or self.fighters[f].ignore_length:
            return 0
        return p[3]

    def buy_cost(self, f: int) -> int:
        prof, R = self.fighters[f].t.prof, self.R
        if prof >= R["buy_high_from"]:
            return R["buy_cost_high"]
        if prof >= R["buy_mid_from"]:
            return R["buy_cost_mid"]
        return R["buy_cost_low"]

    def footing_tn(self, foes: int, sprinting: bool = False) -> int:
        """TN of the multiple-opponents terrain roll for this many foes (0 = no roll)."""
        for row in self.rules.footing:     # highest min_foes first
            if foes >= row.min_foes:
                return row.tn_sprinting if sprinting else row.tn_hurried
        return 0

    def attr_roll(self, n: int, tn: int) -> tuple[int, bool]:
        s, b, _ = roll(self.rng, n, tn, botch_ones=self.R["botch_min_ones"],
                       tn_over_10_reroll=self.R["tn_over_10_reroll"], zero_step=self.R["zero_pool_tn_step"])
        return s, b

    def dice_roll(self, n: int, tn: int) -> tuple[int, bool]:
        """Combat dice: an empty declaration rolls nothing (no successes, no botch)."""
        if n <= 0:
            return 0, False
        s, b, _ = roll(self.rng, n, tn, botch_ones=self.R["botch_min_ones"],
                       tn_over_10_reroll=self.R["tn_over_10_reroll"])
        return s, b

    # ---------------------------------------------------------------- rounds and exchanges
    def _start_round(self) -> None:
        self.round += 1
        R = self.R
        for i, f in enumerate(self.fighters):
            if f.dead:
                continue
            if self.round > 1:
                if f.out_rounds:
                    f.out_rounds -= 1
                bl = f.bl_total()
                if bl > 0 and f.health > 0:          # blood loss check [W][K]; seed: end of exchange 2
                    s, _ = self.attr_roll(f.t.en, bl)
                    if s == 0:
                        f.health -= 1
                        self.events.append(("bleed", i, bl, f.health))
                        if f.health <= 0:
                            f.dead = True
                            self.events.append(("dies", i, "blood loss"))
                            continue
            pain = f.pain_total()
            cp = refresh_value(f.t.prof, f.t.reflex, f.shock_carry, pain,
                               halved=f.health <= R["health_at_half"],
                               armour_penalty=self.rules.armours[f.t.armour].cp_penalty)
            if f.prone:
                cp = max(0, cp - R["stand_up_cost"])
                f.prone = False
            f.cp, f.shock_carry, f.footing, f.lost_round = cp, 0, -1, False
            if self.round == 1 and self.surprise[i]:
                tn = self.rules.surprise[self.surprise[i]].tn
                if tn and self.attr_roll(f.t.reflex, tn)[0] == 0:
                    f.lost_round = True
                    self.events.append(("surprised", i))
            self.events.append(("refresh", i, f.cp))
        if self.round > self.R["max_rounds"]:
            self._finish(None)

    def _adjacent(self, a: Fighter, b: Fighter) -> bool:
        ax, ay = a.pos % self.width, a.pos // self.width
        bx, by = b.pos % self.width, b.pos // self.width
        return max(abs(ax - bx), abs(ay - by)) == 1

    def _update_pairs(self) -> None:
        fs = self.fighters
        keep = {}
        for i in range(len(fs)):
            for j in range(i + 1, len(fs)):
                a, b = fs[i], fs[j]
                if a.side == b.side or not a.active or not b.active or not self._adjacent(a, b):
                    continue
                p = self.pairs.get((i, j))
                if p is None:
                    ra = self.rules.weapons[a.weapon].reach
                    rb = self.rules.weapons[b.weapon].reach
                    short = i if ra < rb else (j if rb < ra else NONE)
                    p = [NONE, 1, short, abs(ra - rb) * self.R["length_penalty_per_step"]]
                keep[(i, j)] = p
        self.pairs = keep

    def _begin_exchange(self) -> None:
        if self.phase == "over":
            return
        self.orients, self.stance, self.attacks, self.defences = {}, {}, {}, {}
        self._update_pairs()
        engaged = {f for k in self.pairs for f in k}
        movers = [i for i, f in enumerate(self.fighters)
                  if f.active and i not in engaged and not f.lost_round and self._has_foes(i)]
        if movers and len(self.pairs) < self._possible_pairs():
            self.phase, self.queue = "move", movers
            return
        self._after_moves()

    def _has_foes(self, i: int) -> bool:
        me = self.fighters[i]
        return any(f.active and f.side != me.side for f in self.fighters)

    def _possible_pairs(self) -> int:
        act = [f for f in self.fighters if f.active]
        return sum(1 for x in range(len(act)) for y in range(x + 1, len(act)) if act[x].side != act[y].side)

    def _after_moves(self) -> None:
        self._update_pairs()
        if self.exchange == 1:
            q = [i for i, f in enumerate(self.fighters)
                 if f.active and not f.lost_round and f.footing < 0 and len(self.foes_of(i)) >= 2 and f.cp > 0]
            if q:
                self.phase, self.queue = "footing", q
                return
        self._to_orient()

    def _to_orient(self) -> None:
        fs = self.fighters
        need = set()
        for (i, j), p in self.pairs.items():
            if p[0] != NONE:
                continue
            if fs[i].lost_round or fs[j].lost_round:      # surprise: the ready fighter holds initiative
                if not (fs[i].lost_round and fs[j].lost_round):
                    p[0] = j if fs[i].lost_round else i
                continue
            need.update((i, j))
        if need:
            self.phase, self.queue = ("commit" if self.secret else "orient"), sorted(need)
            self.commits = {}
            return
        self._to_attack()

    def _resolve_orients(self) -> None:
        for (i, j), p in self.pairs.items():
            if p[0] != NONE or i not in self.orients or j not in self.orients:
                continue
            ci, cj = self.orients[i][1], self.orients[j][1]
            p[0] = BOTH if ci and cj else (i if ci else (j if cj else NONE))
            self.events.append(("throw", i, j, ci, cj))
        for f, (st, _c) in self.orients.items():
            self.stance[f] = st

    def _reflex_order(self, ids) -> list:
        fs = self.fighters
        return sorted(ids, key=lambda i: (fs[i].t.reflex, i))

    def _to_attack(self) -> None:
        fs = self.fighters
        q = [i for i, f in enumerate(fs) if f.active and not f.lost_round
             and any(self.holds(i, o) for o in self.foes_of(i))]
        if q:
            self.phase, self.queue = "attack", self._reflex_order(q)
            return
        self._to_defence()

    def _to_defence(self) -> None:
        fs = self.fighters
        q = []
        for a, atk in self.attacks.items():
            t = atk[0]
            other = self.attacks.get(t)
            if other is not None and other[0] == a:
                continue                      # both attack each other: no defence
            if fs[t].active and not fs[t].lost_round:
                q.append((t, a))
        if q:
            q.sort(key=lambda d: (fs[d[0]].t.reflex, d[0], d[1]))
            self.phase, self.queue = "defence", q
            return
        self._resolve()

    def _resolve(self) -> None:
        resolve_exchange(self)
        self.turn += 1
        for i, f in enumerate(self.fighters):
            f.attacked_last = i in self.attacks
        self._check_over()
        if self.phase == "over":
            return
        if self.exchange == 2:
            self.exchange = 1
            self._start_round()
        else:
            self.exchange = 2
        self._begin_exchange()

    def _check_over(self) -> None:
        sides = {f.side for f in self.fighters if f.active}
        if len(sides) <= 1:
            self._finish(sides.pop() if sides else None)

    def _finish(self, side) -> None:
        self.phase, self.queue, self.winner = "over", [], side
        self.draw = side is None
        self.events.append(("over", -1 if side is None else side))

    # ---------------------------------------------------------------- actions
    def apply(self, action) -> list:
        action = A.decode(action)
        self.check(action)
        self.events = []
        kind, f = action[0], action[1]
        me = self.fighters[f]
        self.queue.pop(0)
        if kind == A.MOVE:
            self._moves = getattr(self, "_moves", {})
            self._moves[f] = action[2]
            if not self.queue:
                self._do_moves()
        elif kind == A.FOOTING:
            self._footing(f, action[2])
            if not self.queue:
                self._to_orient()
        elif kind == A.ORIENT or kind == A.REVEAL:
            self.orients[f] = (0, 0) if action[2] == A.FORFEIT else (action[2], action[3])
            if not self.queue:
                self._resolve_orients()
                self._to_attack()
        elif kind == A.COMMIT:
            self.commits[f] = bytes(action[2:])
            if not self.queue:
                self.phase, self.queue = "reveal", sorted(self.commits)
        elif kind == A.ATTACK or kind == A.BUY:
            _k, _f, target, man, zone, dice, extra = action
            m = self.rules.maneuvers[man]
            cost = dice + m.cost + self.rules.zones[zone].aim_cost + extra
            if kind == A.BUY:
                cost += self.buy_cost(f)
            me.cp -= cost
            self.attacks[f] = [target, man, zone, dice, extra, int(kind == A.BUY)]
            self.events.append(("declare", f, target, man, zone, dice, extra, int(kind == A.BUY)))
            if kind == A.BUY:
                if not self.queue:
                    self._resolve()
            elif not self.queue:
                self._to_defence()
        elif kind == A.DEFEND:
            _k, _f, attacker, man, dice, extra = action
            m = self.rules.maneuvers[man]
            me.cp -= dice + m.cost + extra
            self.defences[(f, attacker)] = [man, dice, extra]
            self.events.append(("defend", f, attacker, man, dice, extra))
            if not self.queue:
                self._resolve()
        else:  # PASS
            if self.phase == "attack" and not self.queue:
                self._to_defence()
            elif self.phase == "defence" and not self.queue:
                self._resolve()
        return self.events

    def _footing(self, f: int, dice: int) -> None:
        me = self.fighters[f]
        n = len(self.foes_of(f))
        tn = self.footing_tn(n)
        me.cp -= dice
        s, botch = self.dice_roll(dice, tn)
        me.footing = s
        if botch:
            me.cp, me.prone = 0, True
        elif s == 0:
            me.cp //= 2
        self.events.append(("footing", f, n, tn, dice, s, int(botch), me.cp))

    def _do_moves(self) -> None:
        moves, self._moves = getattr(self, "_moves", {}), {}
        occupied = {f.pos for f in self.fighters if not f.dead}
        for i in sorted(moves, key=lambda i: (-self.fighters[i].t.reflex, i)):
            d = moves[i]
            if d == 8:
                continue
            me = self.fighters[i]
            x, y = me.pos % self.width + A.DIRS[d][0], me.pos // self.width + A.DIRS[d][1]
            cell = y * self.width + x
            if 0 <= x < self.width and 0 <= y < self.height and cell not in self.walls and cell not in occupied:
                occupied.discard(me.pos)
                occupied.add(cell)
                me.pos = cell
                self.events.append(("move", i, cell))
        self._after_moves()

    # ---------------------------------------------------------------- legality
    def snapshot(self) -> dict:
        return {
            "mode": "bout", "seed": self.seed, "rng": list(self.rng.get_state()),
            "round": self.round, "exchange": self.exchange, "turn": self.turn, "phase": self.phase,
            "map": [self.width, self.height, sorted(self.walls)],
            "fighters": [f.snapshot() for f in self.fighters], "surprise": list(self.surprise),
            "queue": [list(q) if isinstance(q, tuple) else q for q in self.queue],
            "pairs": [[i, j, *p] for (i, j), p in sorted(self.pairs.items())],
            "orients": [[k, *v] for k, v in sorted(self.orients.items())],
            "secret": int(self.secret), "commits": [[k, v.hex()] for k, v in sorted(self.commits.items())],
            "stance": [[k, v] for k, v in sorted(self.stance.items())],
            "attacks": [[k, *v] for k, v in sorted(self.attacks.items())],
            "defences": [[k[0], k[1], *v] for k, v in sorted(self.defences.items())],
            "moves": [[k, v] for k, v in sorted(getattr(self, "_moves", {}).items())],
            "winner": -1 if self.winner is None else self.winner, "draw": int(self.draw),
            "ruleset": self.rules.content_hash,
        }

    @classmethod
    def restore(cls, rules, snap: dict) -> BoutGame:
        fs = [Fighter.restore(v) for v in snap["fighters"]]
        g = cls(rules, [f.t for f in fs], [f.side for f in fs], snap["seed"], width=snap["map"][0],
                height=snap["map"][1], walls=frozenset(snap["map"][2]), start=False)
        g.fighters = fs
        g.rng = Pcg32.from_state(tuple(snap["rng"]))
        g.round, g.exchange, g.turn, g.phase = snap["round"], snap["exchange"], snap["turn"], snap["phase"]
        g.surprise = list(snap["surprise"])
        g.queue = [tuple(q) if isinstance(q, list) else q for q in snap["queue"]]
        g.pairs = {(p[0], p[1]): list(p[2:]) for p in snap["pairs"]}
        g.orients = {o[0]: (o[1], o[2]) for o in snap["orients"]}
        g.secret = bool(snap.get("secret", 0))
        g.commits = {k: bytes.fromhex(v) for k, v in snap.get("commits", [])}
        g.stance = {k: v for k, v in snap["stance"]}
        g.attacks = {a[0]: list(a[1:]) for a in snap["attacks"]}
        g.defences = {(d[0], d[1]): list(d[2:]) for d in snap["defences"]}
        g._moves = {k: v for k, v in snap["moves"]}
        g.winner = None if snap["winner"] < 0 else snap["winner"]
        g.draw = bool(snap["draw"])
        return g

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    def encode_action(self, action) -> list[int]:
        return A.encode(action)

    def decode_action(self, data) -> tuple:
        return A.decode(data)
