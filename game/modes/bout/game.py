"""The arena: the shipped set-ups (duel, one against three, the room, the three-way brawl) as a
game over the combat world (`Melee`), the same engine a dungeon drives.

One arena step: fighters out of contact step (8 directions or wait, highest Reflex first, a step
into a square already taken is lost [seed]); contact forms engagements; every engaged fighter
decides for his engagement's step (orient, target, declare); then the clock advances and
engagements leaving step 2/1 resolve. A turn (one replay hash) is an exchange of the arena's
clock: three steps. Engaged fighters do not step in the arena (the dungeon adds footwork).
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.events import ev
from game.modes.bout.melee import Melee

STEPS_PER_EXCHANGE = 3
MOVE = "move"


class BoutGame:
    mode = "bout"

    def __init__(self, rules, templates, sides, seed: int, *, width: int = 8, height: int = 8,
                 positions=None, walls=frozenset(), surprise=None, secret: bool = False,
                 facings=None, start: bool = True) -> None:
        if len(templates) != len(sides) or not 2 <= len(templates) <= 24:
            raise ValueError("a bout needs 2-24 fighters, each with a side")
        self.rules, self.R = rules, rules.rules
        self.seed = seed
        self.width, self.height = width, height
        self.walls = frozenset(walls)
        self.m = Melee(rules, seed, width=width, secret=secret)
        pos = list(positions or range(len(templates)))
        face = list(facings or [0] * len(templates))
        sur = list(surprise or [0] * len(templates))
        for t, s, p, fc, su in zip(templates, sides, pos, face, sur):
            self.m.add(t, s, p, fc, su)
        self.step = 0
        self.turn = 0
        self.queue: list[int] = []       # fighters still to choose their arena step
        self.moves: dict[int, int] = {}
        self._winner: int | None = None
        self.draw = False
        self.over = False
        self.events: list = []
        if start:
            self.events.extend(self.m.regroup())
            self._begin_step()

    # ------------------------------------------------------------------ the Game contract
    @property
    def fighters(self):
        return self.m.fighters

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.queue:
            return MOVE
        f = self.m.to_act()
        return self.m.stage_of(f) if f is not None else "ready"

    def is_over(self) -> bool:
        return self.over

    def to_act(self) -> int | None:
        """The seat (a side) whose action is next; None once the bout is over."""
        f = self.fighter_to_act()
        return None if f is None else self.m.fighters[f].side

    def fighter_to_act(self) -> int | None:
        """The fighter whose decision is awaited (his side's seat acts for him)."""
        if self.over:
            return None
        if self.queue:
            return self.queue[0]
        return self.m.to_act()

    def result(self) -> dict:
        sides = sorted({f.side for f in self.m.fighters})
        return {"mode": "bout", "winner": None if self._winner is None else f"side {self._winner}",
                "draw": self.draw, "exchanges": self.turn, "steps": self.step,
                "sides": {f"side {s}": [f.t.name for f in self.m.fighters if f.side == s] for s in sides},
                "standing": [i for i, f in enumerate(self.m.fighters) if f.active]}

    def check(self, a) -> None:
        if self.over:
            raise ActionError("the bout is over")
        if isinstance(a, A.Move):
            if not self.queue or a.f != self.queue[0]:
                raise ActionError(f"fighter {a.f} does not step now (waiting for {self.fighter_to_act()})")
            if not 0 <= a.dir <= A.WAIT:
                raise ActionError(f"direction {a.dir}: expected 0-8")
            return
        if self.queue:
            raise ActionError(f"fighters are stepping (waiting for {self.queue[0]})")
        if isinstance(a, (A.Aim, A.Shoot)):
            raise ActionError("the arena has no missile turns; a dungeon shoots between its steps")
        self.m.check(a)

    def apply(self, action) -> list:
        a = A.decode(action)
        if self.over:
            raise ActionError("the bout is over")
        if isinstance(a, A.Move) or self.queue or isinstance(a, (A.Aim, A.Shoot)):
            self.check(a)                     # the melee checks its own decisions in apply
        self.events = []
        if isinstance(a, A.Move):
            self.moves[a.f] = a.dir
            self.queue.pop(0)
            if not self.queue:
                self._do_moves()
        else:
            self.events.extend(self.m.apply(a))
        self._settle()
        return self.events

    def legal_actions(self) -> list:
        f = self.fighter_to_act()
        if f is None:
            return []
        if self.queue:
            return [A.Move(f, d) for d in range(9)]
        return self.m.legal_actions()

    # ------------------------------------------------------------------ the arena's steps
    def _movers(self) -> list[int]:
        fs = self.m.fighters
        return [i for i, f in enumerate(fs) if f.active and not f.eng
                and any(g.active and self.m.hostile(i, j) for j, g in enumerate(fs))]

    def _begin_step(self) -> None:
        """A new arena step (the melee has just regrouped, in advance() or at the start)."""
        self.queue = sorted(self._movers(), key=lambda i: (-self.m.fighters[i].t.reflex, i))
        self.moves = {}

    def passable(self, cell: int) -> bool:
        return 0 <= cell < self.width * self.height and cell not in self.walls

    def _do_moves(self) -> None:
        m = self.m
        fs = m.fighters
        taken = {f.pos for f in fs if f.active}
        for i in sorted(self.moves, key=lambda i: (-fs[i].t.reflex, i)):
            d = self.moves[i]
            moved = False
            if d != A.WAIT:
                cell = m.cell_towards(i, d)
                if cell is not None and self.passable(cell) and cell // self.width < self.height:
                    if cell not in taken:
                        taken.discard(fs[i].pos)
                        taken.add(cell)
                        m.place(i, cell, d)
                        self.events.append(ev("move", i, cell))
                        moved = True
                    else:
                        fs[i].facing = d                    # a lost step still turns him
            self.events.extend(m.out_of_combat_step(i, moved))
        self.moves = {}
        self.events.extend(m.regroup())

    def _settle(self) -> None:
        """Advance the clock whenever nobody has to decide any more."""
        while not self.over and not self.queue and self.m.to_act() is None:
            self.events.extend(self.m.advance())
            self.step += 1
            if self.step % STEPS_PER_EXCHANGE == 0:
                self.turn += 1
            self._check_over()
            if self.over:
                if self.step % STEPS_PER_EXCHANGE:
                    self.turn += 1
                return
            self._begin_step()

    def _check_over(self) -> None:
        fs = self.m.fighters
        sides = {f.side for f in fs if f.active}
        if len(sides) <= 1:
            self._finish(sides.pop() if sides else None)
        elif self.step >= self.R["max_rounds"] * 2 * STEPS_PER_EXCHANGE:
            self._finish(None)

    def _finish(self, side) -> None:
        self.over, self.queue, self._winner = True, [], side
        self.draw = side is None
        self.events.append(ev("over", -1 if side is None else side))

    # ------------------------------------------------------------------ for screens and bots
    @property
    def round(self) -> int:
        return 1 + self.step // (2 * STEPS_PER_EXCHANGE)

    @property
    def exchange(self) -> int:
        return 1 + (self.step // STEPS_PER_EXCHANGE) % 2

    def foes_of(self, f: int) -> list[int]:
        return self.m.foes_of(f)

    def pair(self, a: int, b: int):
        return self.m.pair(a, b)

    # ------------------------------------------------------------------ state
    def snapshot(self) -> dict:
        return {"mode": "bout", "engine": 2, "seed": self.seed, "map": [self.width, self.height, sorted(self.walls)],
                "step": self.step, "turn": self.turn, "queue": list(self.queue),
                "moves": sorted([k, v] for k, v in self.moves.items()),
                "winner": -1 if self._winner is None else self._winner, "draw": int(self.draw),
                "over": int(self.over), "melee": self.m.snapshot()}

    @classmethod
    def restore(cls, rules, snap: dict) -> BoutGame:
        if snap.get("engine") != 2:
            raise ValueError("this snapshot was made by the old bout engine (version 1); it cannot be resumed")
        g = cls.__new__(cls)
        g.rules, g.R = rules, rules.rules
        g.seed = int(snap["seed"])
        g.width, g.height = int(snap["map"][0]), int(snap["map"][1])
        g.walls = frozenset(int(c) for c in snap["map"][2])
        g.m = Melee.restore(rules, snap["melee"])
        g.step, g.turn = int(snap["step"]), int(snap["turn"])
        g.queue = [int(x) for x in snap["queue"]]
        g.moves = {int(k): int(v) for k, v in snap["moves"]}
        g._winner = None if snap["winner"] < 0 else int(snap["winner"])
        g.draw, g.over = bool(snap["draw"]), bool(snap["over"])
        g.events = []
        return g

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    def encode_action(self, action) -> list[int]:
        return A.encode(A.decode(action))

    def decode_action(self, data):
        return A.decode(data)
