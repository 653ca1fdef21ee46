"""The hero played by a bot (`--seats bot:hard`, attract mode, tests): it explores, fights what
it meets, tends its wounds and goes down when a level is done.

It reads only what the hero knows - the squares the party has seen, the foes in sight - plus
the level's floor plan (where floors and walls are, not what is on them), and it sends the same
actions a player would. Levels: *easy* walks straight to the stairs once seen and throws at
random; *normal* explores half of each level; *hard* explores each level fully, takes painkillers
and better armour, waits out its bleeding, rests until its wounds hurt less, and evades a fight
it is losing. `CoopBot` plays one hero of a co-op run (coop.py) with it: its key sealed, then
revealed.
"""

from __future__ import annotations

import hashlib

from game.modes.base import ActionError
from game.modes.bout.consts import AGGRESSIVE, CAUTIOUS, DEFENSIVE
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import ai
from game.modes.bout.dungeon import controls as C
from game.modes.bout.dungeon.actor import COMPANION
from game.modes.bout.dungeon.level import WAIT

LEVELS = ("easy", "normal", "hard")


class DungeonBot:
    def __init__(self, level: str = "hard", seed: int = 0, me: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"bot level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.me = me                    # the hero it plays: 0, or 1 for a co-op run's second hero

    def key(self, g):
        """Its hero's key for this dungeon step (co-op: what it seals)."""
        e = g.m.engagement_of(self.me)
        return self._fight(g, e) if e is not None else self._walk(g)

    def choose(self, g):
        if g.phase == "pursue":
            return A.Pursue(1)
        if g.phase == "declare":
            from game.modes.bout.dungeon.screen import default_declaration
            return default_declaration(g)
        return self.key(g)

    # ---------------------------------------------------------------- in a fight
    def _fight(self, g, e):
        """s0: break away when beaten (hard), else the bout bot's orientation as a key: Aggressive
        = a bump into the weakest foe, Cautious = a footwork step that keeps contact, Defensive =
        a wait. s1: the target as a key (the pressed foe, else the weakest)."""
        me = self.me
        m, h = g.m, g.actors[me]
        foes = m.foes_of(me)
        if self.level == "hard" and e.step == 0 and h.health <= 2 and C.can_full_evade(g, me):
            for d in range(8):
                if C.meaning(g, me, d) == C.AWAY:
                    return A.Step(d)
        if not foes:
            return A.Step(WAIT)
        weakest = min(foes, key=lambda o: (g.actors[o].cp, o))
        if e.step == 1:
            t = h.press if h.press in foes else weakest
            return A.Step(C.direction(g.level, h.pos, g.actors[t].pos))
        if e.step != 0 or h.orientation != -1:
            return A.Step(WAIT)
        o = self._orientation(g)
        if o == AGGRESSIVE:
            return A.Step(C.direction(g.level, h.pos, g.actors[weakest].pos))
        if o == CAUTIOUS:
            for d in range(8):
                if C.meaning(g, me, d) == C.FOOTWORK:
                    return A.Step(d)
        return A.Step(WAIT)

    def _orientation(self, g) -> int:
        """The hard bout bot's rule: aggressive when clearly ahead of the one foe in reach,
        defensive when hopelessly behind several, cautious otherwise (the easy bot: at random)."""
        m, h = g.m, g.actors[self.me]
        foes = m.foes_of(self.me)
        theirs = [g.actors[o].cp for o in foes]
        if self.level == "easy":
            return (AGGRESSIVE, CAUTIOUS, DEFENSIVE)[(g.turn + len(foes)) % 3]
        if self.level == "normal":
            return AGGRESSIVE if h.cp >= max(theirs) else CAUTIOUS
        if len(foes) == 1 and h.cp >= theirs[0] + 2:
            return AGGRESSIVE
        if len(foes) > 1 and h.cp * 2 < sum(theirs) and h.cp < 4:
            return DEFENSIVE
        return CAUTIOUS

    # ---------------------------------------------------------------- exploring
    def _walk(self, g) -> tuple:
        me = self.me
        h, data = g.actors[me], g.data
        if self.level == "hard":
            for slot, k in enumerate(h.items):
                it = data.items[k]
                if it.kind == "painkiller" and h.pain_total() >= 3:
                    return A.Use(slot)
                if it.kind == "armour":
                    mine = g.rules.armours[h.t.armour]
                    new = g.rules.armours[g.rules.index("armours", it.ref)]
                    if new.av > mine.av and new.cp_penalty <= mine.cp_penalty + 1:
                        return A.Equip(slot)
        seen = ai.seen_foes(g, me)
        if seen:
            t = ai.nearest(g, me, seen)
            return A.Step(ai.greedy(g, me, g.actors[t].pos, allow_bump=t))
        if h.bl_total() > 0 and self.level != "easy":
            return A.Step(WAIT)                         # first aid needs quiet waiting
        if self.level == "hard" and h.pain_total() >= 2 and g.turn < g.data.dungeon["max_steps"] // 2:
            return A.Step(WAIT)                         # rest: healing takes the pain off
        lv = g.level
        stairs_known = bool(g.explored >> lv.stairs & 1)
        if h.pos == lv.stairs and (self._done(g) or self.level == "easy"):
            return A.Descend()
        pal = self._companion(g)
        if stairs_known and (self._done(g) or self.level == "easy"):
            return A.Step(ai.toward(g, me, lv.stairs, allow_bump=pal))
        d = self._frontier(g)
        if d is not None:
            return A.Step(d)
        if stairs_known:
            return A.Step(ai.toward(g, me, lv.stairs, allow_bump=pal))
        return A.Step(WAIT)

    @staticmethod
    def _companion(g) -> int:
        """The companion, whom the hero may bump to change places with (out of a fight)."""
        if len(g.actors) > 1 and g.actors[1].role == COMPANION and g.actors[1].standing \
                and not g.actors[1].eng:
            return 1
        return -1

    def _done(self, g) -> bool:
        if self.level == "hard":
            return self._frontier(g) is None
        lv = g.level
        return bin(g.explored).count("1") * 2 >= len(lv.open_cells())

    def _frontier(self, g):
        """First step towards the nearest seen square beside an unseen floor, or None."""
        lv, h = g.level, g.actors[self.me]
        nb, seen, t = lv.neighbours(), g.explored, lv.tiles
        first = {h.pos: -1}
        frontier = [h.pos]
        while frontier:
            nxt = []
            for c in frontier:
                for d, n in enumerate(nb[c]):
                    if n < 0 or n in first:
                        continue
                    if not seen >> n & 1:
                        if t[n]:
                            return first[c] if first[c] >= 0 else d
                        continue
                    if g.at(n) >= 0 and n != h.pos and g.at(n) != self._companion(g):
                        continue
                    first[n] = first[c] if first[c] >= 0 else d
                    nxt.append(n)
            frontier = nxt
        return None


class CoopBot:
    """A bot for one co-op seat: the dungeon hero bot's key, sealed and revealed (headless runs,
    a seat a bot plays on a linked unit). `salts(n)`: n secret bytes (the link: os.urandom);
    without it the salt comes from the seed, the step and the seat (a headless run stays
    reproducible; its replay holds the salts anyway)."""

    def __init__(self, level: str, seed: int, seat: int, salts=None) -> None:
        self.hero = DungeonBot(level, seed, me=seat)
        self.seed, self.seat, self.salts = seed, seat, salts
        self.pending: tuple | None = None        # (key, salt) sealed and not yet revealed

    def _salt(self, g) -> bytes:
        if self.salts is not None:
            return bytes(self.salts(A.SECRET_BYTES))
        raw = f"{self.seed}/{g.turn}/{self.seat}".encode()
        return hashlib.blake2b(raw, digest_size=A.SECRET_BYTES, person=b"tactibox-coop").digest()

    def choose(self, g):
        from game.modes.bout.dungeon.coop import FORFEIT, seal_of
        from game.modes.bout.dungeon.screen import default_declaration
        if g.phase == "declare":
            return default_declaration(g)
        seat = g.to_act()
        if seat not in g.sealed:
            key = self.hero.key(g)
            try:
                g.check_key(seat, key)
            except ActionError:
                key = A.Step(WAIT)
            salt = self._salt(g)
            self.pending = (key, salt)
            return A.Seal(seat, seal_of(key, salt))
        if self.pending is None:
            return A.Open(seat, bytes(A.SECRET_BYTES), FORFEIT)
        key, salt = self.pending
        self.pending = None
        return A.Open(seat, salt, tuple(A.encode(key)))


class ArenaOrDungeonBot:
    """The bout's registry bot: the bout bot in the arena, the hero bot in a dungeon run, the
    seat's hero in a co-op run (coop.py `CoopBot`: its keys sealed and revealed)."""

    def __init__(self, bout_bot, level: str = "hard", seed: int = 0, seat: int = 0, salts=None) -> None:
        self.bout, self.dungeon = bout_bot, DungeonBot(level, seed)
        self.level, self.seed, self.seat, self.salts = level, seed, seat, salts
        self._coop = None

    def choose(self, g):
        from game.modes.bout.dungeon.game import DungeonGame
        if getattr(g, "coop", False):
            if self._coop is None:
                self._coop = CoopBot(self.level, self.seed, self.seat, self.salts)
            return self._coop.choose(g)
        return self.dungeon.choose(g) if isinstance(g, DungeonGame) else self.bout.choose(g)
