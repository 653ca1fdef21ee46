"""Co-op: two heroes in one dungeon run (issue 18 item 7), seat 0 (the host's hero) and seat 1
(the guest's, role PARTNER), against the dungeon's foes, which both units run alike.

    g = CoopGame(bout_rules, dungeon_data, seed)
    g.to_act()          # the seat whose choice is awaited (a seal, a reveal or a declaration)

WE-GO with sealed keys. A dungeon step waits for both heroes' keys; neither unit may see the
other's key before giving its own (the key is also the hero's orientation - his secret throw -
should the step bring him into a fight), so each key crosses as the bout's commit-reveal
(game/modes/bout/commit.py `commitment`, cut to 16 bytes like the arena's `seal`):

    phase "step":  Seal(0, digest) and Seal(1, digest) (seat 0 first), then Open(0, salt, key)
                   and Open(1, salt, key); the second Open runs the step with both keys.
    phase "declare": the hero whose fight asks declares (seat = his fighter number), as alone.

A hero who has no choice this step (knocked out, dead, or in a fight at a step that needs no
key) seals nothing and waits; when neither has a choice the step runs by itself. An Open that
does not match its Seal is illegal (the link's host then plays the forfeit); `Open(seat,
salt, ())` forfeits: the hero waits this step. Choices (docs/rules/bout.md, "Co-op"):
- both heroes are the dungeon's [hero] fighter with its starting pack; the second goes by the
  [companion]'s name (there is no companion in co-op);
- nobody is asked to pursue: a hero whose bump finds the foe gone stays (his next key may
  follow);
- a hero on the stairs, out of a fight, takes the party down when the other hero is out of a
  fight too (or knocked out: he is carried; or dead); that key is the party's whole step;
- walking onto items: each hero picks up what he walks onto;
- the run is lost when both heroes have fallen; the score counts both heroes' health.
Everything else is the single-player run's (world.py), which is untouched by this file: a
single-player replay plays and hashes as before.
"""

from __future__ import annotations

from dataclasses import replace

from game.modes.base import ActionError
from game.modes.bout.commit import commitment
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import ai, world
from game.modes.bout.dungeon import events as E
from game.modes.bout.dungeon import items as I
from game.modes.bout.dungeon.actor import FOE, HERO, PACK_SIZE, PARTNER, template_of
from game.modes.bout.dungeon.game import DungeonGame
from game.modes.bout.dungeon.level import WAIT

SEATS = (0, 1)
FORFEIT = ()


def seal_of(key, salt: bytes) -> bytes:
    """The 16-byte seal of a step key (an action of A.KEYS) with this salt."""
    return commitment(list(A.encode(key)), bytes(salt))[:A.SECRET_BYTES]


class CoopGame(DungeonGame):
    coop = True
    hero_ids = SEATS
    ROLES = (HERO, PARTNER, FOE)

    def __init__(self, rules, data, seed: int, *, start: bool = True) -> None:
        self.sealed: dict[int, bytes] = {}       # seat -> his seal for this step
        self.opened: dict[int, tuple] = {}       # seat -> his revealed key (ints; () = forfeit)
        super().__init__(rules, data, seed, start=start)

    # ---------------------------------------------------------------- set-up
    def _new_party(self) -> None:
        d = self.data
        self.actors = []
        for seat in SEATS:
            t = template_of(self.rules, d.hero)
            if seat:
                t = replace(t, name=str((d.companion or {}).get("name") or "Partner"))
            a = self._actor(t, 0, HERO if seat == 0 else PARTNER)
            a.items = [d.find("items", k).index for k in d.hero["items"]][:PACK_SIZE]
            self.actors.append(a)
        for a in self.actors:
            self.refit(a)

    def _party(self) -> list:
        return self.actors[:len(SEATS)]              # the fallen keep their seat (index = seat)

    # ---------------------------------------------------------------- queries
    def party_fallen(self) -> bool:
        return all(self.actors[i].dead for i in SEATS)

    def choosers(self) -> list[int]:
        """The seats that give a key this step (the rest wait)."""
        out = []
        for i in SEATS:
            h = self.actors[i]
            if not h.standing:
                continue
            e = self.m.engagement_of(i)
            if e is not None and (e.step == 2 or (e.step == 1 and h.target >= 0)):
                continue
            out.append(i)
        return out

    def to_act(self):
        if self.phase == "over":
            return None
        if self.phase == "declare":
            return self.m.to_act()
        who = self.choosers()
        for s in who:
            if s not in self.sealed:
                return s
        for s in who:
            if s not in self.opened:
                return s
        return None

    @property
    def winner(self):
        return 0 if self.outcome == "escaped" else None

    def score(self) -> int:
        s = self.data.score
        out = super().score()
        for i in SEATS[1:]:
            h = self.actors[i]
            if not h.dead:
                out += s["per_health"] * max(0, h.health)
        return out

    def key_actions(self, seat: int) -> list:
        """The step keys hero `seat` may seal now."""
        h = self.actors[seat]
        out = []
        for a in (*[A.Step(d) for d in range(9)], *[A.Turn(d) for d in range(8)], A.Descend(),
                  *[k(s) for k in (A.Use, A.Equip, A.Drop) for s in range(len(h.items))]):
            try:
                self.check_key(seat, a)
            except ActionError:
                continue
            out.append(a)
        return out

    def legal_actions(self) -> list:
        """In a step the seal and the reveal cannot be listed (they carry secret bytes): the
        forfeit stands for them (a zero seal, then the waiting reveal); see `key_actions`."""
        seat = self.to_act()
        if seat is None:
            return []
        if self.phase == "declare":
            return [A.Declare(a) for a in self.m.legal_actions()]
        if seat not in self.sealed:
            return [A.Seal(seat, bytes(A.SECRET_BYTES))]
        return [A.Open(seat, bytes(A.SECRET_BYTES), FORFEIT)]

    # ---------------------------------------------------------------- checks
    def check(self, action) -> None:
        if self.phase == "over":
            raise ActionError("the run is over")
        seat = self.to_act()
        if self.phase == "declare":
            if not isinstance(action, A.Declare):
                raise ActionError("a declaration is awaited in a hero's fight")
            if action.action.f != seat:
                raise ActionError(f"hero {seat} declares now")
            self.m.check(action.action)
            return
        if seat is None:
            raise ActionError("no hero has a choice now")
        if seat not in self.sealed:
            if not isinstance(action, A.Seal) or action.seat != seat:
                raise ActionError(f"hero {seat} seals his key for this step")
            if len(action.digest) != A.SECRET_BYTES:
                raise ActionError(f"a seal is {A.SECRET_BYTES} bytes")
            return
        if not isinstance(action, A.Open) or action.seat != seat:
            raise ActionError(f"hero {seat} reveals his sealed key")
        if len(action.salt) != A.SECRET_BYTES:
            raise ActionError(f"a salt is {A.SECRET_BYTES} bytes")
        if action.key == FORFEIT:
            return
        key = A.decode(list(action.key))
        if not isinstance(key, A.KEYS):
            raise ActionError("only a step key can be sealed")
        if seal_of(key, action.salt) != self.sealed[seat]:
            raise ActionError("the key does not match its seal")
        self.check_key(seat, key)

    def check_key(self, i: int, action) -> None:
        super().check_key(i, action)
        if isinstance(action, A.Descend):
            other = self.actors[1 - i]
            if not other.dead and other.eng:
                raise ActionError(f"{other.t.name} is in the middle of a fight")

    # ---------------------------------------------------------------- apply
    def apply(self, action) -> list:
        action = A.decode(action)
        self.check(action)
        self.events = []
        if isinstance(action, A.Declare):
            world.declare(self, action.action)
        elif isinstance(action, A.Seal):
            self.sealed[action.seat] = bytes(action.digest)
            self.events.append(E.ev("sealed", action.seat))
        else:
            self.opened[action.seat] = tuple(action.key)
            if all(s in self.opened for s in self.choosers()):
                keys = {s: A.decode(list(k)) for s, k in self.opened.items() if k != FORFEIT}
                self.sealed, self.opened = {}, {}
                coop_step(self, keys)
        self.prepare()
        return self.events

    def prepare(self) -> None:
        """Run the steps neither hero has a choice in, until one has (or the run ends)."""
        for _ in range(self.data.dungeon["max_steps"] + 1):
            if self.phase != "step" or self.choosers():
                return
            coop_step(self, {})

    # ---------------------------------------------------------------- state
    def snapshot(self) -> dict:
        snap = super().snapshot()
        snap["coop"] = 1
        snap["sealed"] = [[s, d.hex()] for s, d in sorted(self.sealed.items())]
        snap["opened"] = [[s, *k] for s, k in sorted(self.opened.items())]
        return snap

    @classmethod
    def restore(cls, rules, snap: dict, data=None) -> CoopGame:
        if snap.get("coop") != 1:
            raise ValueError("not a co-op run")
        g = DungeonGame.restore.__func__(cls, rules, snap, data)
        g.sealed = {int(s): bytes.fromhex(str(d)) for s, d in snap["sealed"]}
        g.opened = {int(v[0]): tuple(int(x) for x in v[1:]) for v in snap["opened"]}
        ok = all(s in SEATS and len(d) == A.SECRET_BYTES for s, d in g.sealed.items()) and \
            all(s in g.sealed and len(k) <= 2 for s, k in g.opened.items()) and \
            len(g.actors) >= 2 and g.actors[1].role == PARTNER
        if not ok:
            raise ValueError("co-op: seals, reveals or heroes")
        return g

    def summary(self) -> dict:
        out = super().summary()
        out["coop"] = True
        out["winner"] = {"escaped": "heroes", "fell": "dungeon"}.get(self.outcome)
        out["heroes"] = [{"name": a.t.name, "health": max(0, a.health), "dead": a.dead, "wounds": len(a.wounds)}
                         for a in self.actors[:len(SEATS)]]
        return out


def coop_step(g: CoopGame, keys: dict) -> None:
    """One dungeon step with each hero's key (`keys`: seat -> a step key; a seat without one
    waits), as world.run_step does for the lone hero."""
    if any(isinstance(k, A.Descend) for k in keys.values()):
        world.descend(g)
        return
    hero_key = {}
    for s in SEATS:
        k, d = keys.get(s), WAIT
        if isinstance(k, A.Use):
            I.use(g, s, k.slot)
        elif isinstance(k, A.Equip):
            I.equip(g, s, k.slot)
        elif isinstance(k, A.Drop):
            I.drop(g, s, k.slot)
        elif isinstance(k, A.Turn):
            g.actors[s].facing = k.dir
        elif isinstance(k, A.Step):
            d = k.dir
        hero_key[s] = d
    g.turn += 1
    g.start_pos = [a.pos for a in g.actors]
    out = {}
    for i, a in enumerate(g.actors):
        if a.standing:
            out[i] = hero_key[i] if i in hero_key else ai.key(g, i)
    world.interpret(g, out)
