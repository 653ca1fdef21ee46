"""The Skirmish game: WoS Tactics turns, rest, moves, attacks, level-ups, placements.

    game = SkirmishGame.new(ruleset, gmap, participants, seed, Options(pieces_per_turn=0))
    while not game.is_over():
        events = game.apply(some_legal_action)

A turn: the seat to play moves pieces one at a time. A piece's move is a walk (or Stay) and then
an attack (or SkipAttack). Under pieces-per-turn N, up to N different pieces move; under
"all rested" (N = 0) every piece with rest >= rules.rest_to_act may move once. The turn ends
with EndTurn, or by itself when no piece can move any more. Rest: +rest_per_turn at the start of
the owner's turn (up to the piece's RST), -rest_per_walk for walking, -rest_per_attack for
attacking (never below 0).
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.core.prng import Pcg32
from game.core.reach import Reach, reachable_cells
from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish import events as E
from game.modes.skirmish.battle import Estimate, apply_xp, hit_xp, runtime_stats
from game.modes.skirmish.pieces import Options, Piece
from game.modes.skirmish.setup import (
    Participant,
    assign_seats,
    bot_army,
    check_army,
    formation_targets,
    nearest_free,
)
from game.modes.skirmish.tables import compiled
from game.rules.skirmish.model import GameMap, Ruleset
from game.rules.skirmish.playability import map_playability_problems
from game.rules.skirmish.schema import SEAT_NAMES

SNAPSHOT_VERSION = 1


class SkirmishGame:
    mode = "skirmish"

    def __init__(self, rs: Ruleset, gmap: GameMap, participants: list[Participant], options: Options,
                 seed: int):
        self.rs, self.gmap, self.grid, self.options, self.seed = rs, gmap, gmap.grid, options, seed
        self.rules = rs.rules
        self.combat, self.moves = compiled(rs)
        self.participants = list(participants)
        self.seat_part = [-1, -1, -1, -1]
        self.pieces: list[Piece] = []
        self.cell_piece: dict[int, int] = {}
        self.occupied = 0
        self.current = 0
        self.turn = 0
        self.phase = "select"      # "select": pick a piece to move; "attack": the active piece may attack
        self.active = -1
        self.used = 0              # bitmask of piece ids that moved this turn
        self.out_order: list[int] = []
        self.passes = 0
        self.quiet = 0             # turns ended since a piece last lost HP (the stalemate rule)
        self.turn_open = False     # a turn has begun and not ended (not hashed: follows from play)
        self.over = False
        self.rng = Pcg32(seed)
        self._reach_cache: dict[tuple[int, int, int], Reach] = {}
        zoc = options.zone_of_control
        self.zoc = self.rules.zone_of_control if zoc is None else zoc

    # --- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, rs: Ruleset, gmap: GameMap, participants: list[Participant], seed: int,
            options: Options | None = None) -> SkirmishGame:
        options = options or Options()
        if options.army_limit > rs.rules.army_limit:
            options = Options(options.pieces_per_turn, rs.rules.army_limit, options.turn_limit, options.zone_of_control)
        g = cls(rs, gmap, participants, options, seed)
        seats = assign_seats(g.participants, gmap, g.rng)
        for seat, pi in seats.items():
            g.seat_part[seat] = pi
        armies = {}
        for seat, pi in seats.items():
            part = g.participants[pi]
            if any(part.army):            # an army with no filled slot means: default / random
                armies[seat] = check_army(rs, part.army, part.is_bot)
            elif part.is_bot:
                armies[seat] = check_army(rs, bot_army(rs, options.army_limit, g.rng), True)
            else:
                armies[seat] = check_army(rs, rs.army_default, False)
        largest = max(min(len([p for p in a if p]), options.army_limit) for a in armies.values())
        unplayable = map_playability_problems(rs, gmap, seats=len(seats), army_limit=largest)
        if unplayable:
            raise ActionError(str(unplayable[0]))
        for seat, army in armies.items():
            g._place_army(seat, army)
        for seat, pi in seats.items():
            part = g.participants[pi]
            if not part.name:             # bots are named for their seat and level, people for their seat
                name = (f"Bot {SEAT_NAMES[seat].title()} ({part.controller.split(':', 1)[1].title()})"
                        if part.is_bot else f"{SEAT_NAMES[seat].title()} player")
                g.participants[pi] = Participant(name, part.controller, part.army)
        g.current = g.rng.choice(sorted(seats))
        g._start_turn([])
        return g

    def _place_army(self, seat: int, army: list[str]) -> None:
        start = self.gmap.starts[SEAT_NAMES[seat]]
        targets = formation_targets(self.gmap, start)
        placed = 0
        for slot, pid in enumerate(army):
            if not pid or placed >= self.options.army_limit:
                continue
            pt = self.rs.piece(pid)
            target = targets[slot] if targets[slot] >= 0 else start
            ok = lambda c, k=pt.index: not (self.occupied >> c) & 1 and self.moves.can_stand(self.gmap, k, c)  # noqa: E731
            cell = target if ok(target) else nearest_free(self.gmap, target, ok)
            if cell < 0:
                raise ActionError(f"no free cell for {pt.name} of {SEAT_NAMES[seat]} on map {self.gmap.name}")
            p = Piece(len(self.pieces), seat, pt.index, cell, pt.hp, pt.mp, pt.rst)
            self.pieces.append(p)
            self.cell_piece[cell] = p.id
            self.occupied |= 1 << cell
            placed += 1

    # --- queries --------------------------------------------------------------------------
    @property
    def turns_played(self) -> int:
        """Turns begun so far: the number in the log's last "-- turn N" header. `turn` counts
        turns ended, one less when the battle ends inside a turn (the last army falls)."""
        return self.turn + (1 if self.turn_open else 0)

    def seats(self) -> list[int]:
        return [s for s in range(4) if self.seat_part[s] >= 0]

    def alive_seats(self) -> list[int]:
        return [s for s in self.seats() if s not in self.out_order]

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def player_name(self, seat: int) -> str:
        return self.participants[self.seat_part[seat]].name

    def controller(self, seat: int) -> str:
        return self.participants[self.seat_part[seat]].controller

    def army(self, seat: int) -> list[Piece]:
        return [p for p in self.pieces if p.seat == seat and p.alive]

    def piece_type(self, piece: Piece):
        return self.rs.pieces[piece.kind]

    def stats(self, piece: Piece):
        return runtime_stats(self.rs.pieces[piece.kind], piece.level)

    def piece_at(self, cell: int) -> Piece | None:
        pid = self.cell_piece.get(cell)
        return None if pid is None else self.pieces[pid]

    def can_act(self, piece: Piece) -> bool:
        """May this piece start a move now (WoS: 'wide' proxy button)?"""
        if self.over or not piece.alive or piece.seat != self.current or (self.used >> piece.id) & 1:
            return False
        n = self.options.pieces_per_turn
        if n:
            return self.used.bit_count() < n
        return piece.rest >= self.rules.rest_to_act

    def movable_pieces(self) -> list[Piece]:
        return [p for p in self.pieces if self.can_act(p)]

    def enemy_zoc(self, seat: int) -> int:
        if not self.zoc:
            return 0
        m = 0
        for p in self.pieces:
            if p.alive and p.seat != seat:
                for n in self.grid.neighbours[p.cell]:
                    m |= 1 << n
        return m

    def reach(self, piece: Piece) -> Reach:
        key = (piece.id, piece.cell, self.occupied)
        r = self._reach_cache.get(key)
        if r is None:
            if len(self._reach_cache) > 256:
                self._reach_cache.clear()
            pt = self.rs.pieces[piece.kind]
            field = self.moves.field(self.gmap, self.moves.movetype_of[piece.kind])
            r = reachable_cells(field, piece.cell, pt.mob, self.occupied & ~(1 << piece.cell), self.enemy_zoc(piece.seat))
            self._reach_cache[key] = r
        return r

    def targets_from(self, piece: Piece, cell: int) -> list[Piece]:
        """Enemy pieces `piece` could attack if it stood on `cell`."""
        pt = self.rs.pieces[piece.kind]
        m = self.grid.range_mask(cell, pt.rng_min, pt.rng_max) & self.occupied
        out = []
        while m:
            low = m & -m
            t = self.pieces[self.cell_piece[low.bit_length() - 1]]
            if t.seat != piece.seat:
                out.append(t)
            m ^= low
        return out

    def estimate(self, attacker: Piece, target: Piece) -> Estimate:
        return self.combat.estimate(attacker.kind, target.kind, attacker.level, target.level,
                                    attacker.rest, target.rest)

    def scores(self) -> dict[int, tuple[int, int]]:
        """WoS 'score info' per seat: (pieces left, total HP left)."""
        return {s: (len(self.army(s)), sum(p.hp for p in self.army(s))) for s in self.seats()}

    def placements(self) -> list[int]:
        """Seats from 1st to last: survivors by (pieces, HP, seat order), then the eliminated, last out first."""
        sc = self.scores()
        alive = sorted(self.alive_seats(), key=lambda s: (-sc[s][0], -sc[s][1], s))
        return alive + list(reversed(self.out_order))

    @property
    def winner(self) -> int | None:
        """The winning seat (first in `placements`) once the battle is over."""
        return self.placements()[0] if self.over else None

    def is_over(self) -> bool:
        return self.over

    def to_act(self) -> int:
        """The seat whose action is next (the seat whose turn it is)."""
        return self.current

    def result(self) -> dict:
        sc = self.scores()
        return {"mode": "skirmish", "map": self.gmap.id, "seed": self.seed, "turns": self.turns_played,
                "winner": self.seat_name(self.winner) if self.over else None,
                "placements": [{"place": i + 1, "seat": self.seat_name(s), "player": self.player_name(s),
                                "controller": self.controller(s), "pieces_left": sc[s][0], "hp_left": sc[s][1]}
                               for i, s in enumerate(self.placements())]}

    # --- legality -------------------------------------------------------------------------
    def legal_actions(self) -> list:
        if self.over:
            return []
        if self.phase == "attack":
            p = self.pieces[self.active]
            return [A.Attack(t.id) for t in self.targets_from(p, p.cell)] + [A.SkipAttack(), A.EndTurn()]
        out: list = []
        for p in self.movable_pieces():
            out.append(A.Stay(p.id))
            out.extend(A.Walk(p.id, c) for c in self.reach(p).cells())
        out.append(A.EndTurn())
        return out

    def check(self, a) -> None:
        """Raise ActionError unless `a` is legal now."""
        if self.over:
            raise ActionError("the battle is over")
        if isinstance(a, A.EndTurn):
            return
        if isinstance(a, (A.Walk, A.Stay)):
            if self.phase != "select":
                raise ActionError("finish the active piece's attack first (attack or skip attack)")
            if not 0 <= a.piece < len(self.pieces):
                raise ActionError(f"no piece {a.piece}")
            p = self.pieces[a.piece]
            if not self.can_act(p):
                raise ActionError(f"piece {a.piece} cannot move now")
            if isinstance(a, A.Walk) and a.cell not in self.reach(p).cells():
                raise ActionError(f"piece {a.piece} cannot walk to cell {a.cell}")
            return
        if isinstance(a, (A.Attack, A.SkipAttack)):
            if self.phase != "attack":
                raise ActionError("no piece is in its attack phase")
            if isinstance(a, A.Attack):
                p = self.pieces[self.active]
                if a.target not in [t.id for t in self.targets_from(p, p.cell)]:
                    raise ActionError(f"piece {a.target} is not an enemy in range")
            return
        raise ActionError(f"not a skirmish action: {a!r}")

    # --- change ---------------------------------------------------------------------------
    def apply(self, a) -> list[E.Event]:
        self.check(a)
        ev: list[E.Event] = []
        if isinstance(a, A.EndTurn):
            self._end_turn(ev)
        elif isinstance(a, A.Walk):
            p = self.pieces[a.piece]
            path = self.reach(p).path_to(a.cell)
            ev.append(E.Walked(p.id, p.cell, a.cell, tuple(path)))
            self._move(p, a.cell)
            p.rest = max(0, p.rest - self.rules.rest_per_walk)
            self._begin_attack(p, ev)
        elif isinstance(a, A.Stay):
            p = self.pieces[a.piece]
            ev.append(E.Stayed(p.id))
            self._begin_attack(p, ev)
        elif isinstance(a, A.Attack):
            self._attack(self.pieces[self.active], self.pieces[a.target], ev)
            self._finish_piece(ev)
        elif isinstance(a, A.SkipAttack):
            ev.append(E.SkippedAttack(self.active))
            self._finish_piece(ev)
        return ev

    def _move(self, p: Piece, cell: int) -> None:
        del self.cell_piece[p.cell]
        self.occupied &= ~(1 << p.cell)
        p.cell = cell
        self.cell_piece[cell] = p.id
        self.occupied |= 1 << cell

    def _begin_attack(self, p: Piece, ev: list) -> None:
        self.active, self.phase = p.id, "attack"
        if not self.targets_from(p, p.cell):
            ev.append(E.NoTarget(p.id))
            self._finish_piece(ev)

    def _attack(self, p: Piece, t: Piece, ev: list) -> None:
        est = self.estimate(p, t)
        p.rest = max(0, p.rest - self.rules.rest_per_attack)
        if self.rng.below(100) < est.miss_pct:
            ev.append(E.Attacked(p.id, t.id, "miss", 0, t.hp))
            return
        crit = self.rng.below(1000) < est.crit_permille
        dmg = est.crit_damage if crit else est.damage
        lost = min(dmg, t.hp)      # HP actually removed: a 9-damage hit on a 2-HP piece removes 2
        if lost > 0:
            self.quiet = 0
        t.hp -= lost
        killed = t.hp == 0
        xp = hit_xp(p.level, t.level, killed, self.rules)
        ev.append(E.Attacked(p.id, t.id, "crit" if crit else "hit", dmg, t.hp, lost, killed, xp))
        if killed:
            del self.cell_piece[t.cell]
            self.occupied &= ~(1 << t.cell)
            if not self.army(t.seat):
                self.out_order.append(t.seat)
                ev.append(E.ArmyOut(t.seat))
        level, p.xp, ups = apply_xp(p.level, p.xp, xp, self.rules)
        if ups:
            p.level = level
            st = runtime_stats(self.rs.pieces[p.kind], level)
            p.hp, p.mp, p.rest = st.hp, st.mp, self.rs.pieces[p.kind].rst
            ev.append(E.LevelUp(p.id, level))
        if len(self.alive_seats()) <= 1:
            self._game_over(ev)

    def _finish_piece(self, ev: list) -> None:
        if self.active >= 0:
            self.used |= 1 << self.active
        self.active, self.phase = -1, "select"
        self.passes = 0
        if not self.over and not self.movable_pieces():
            self._end_turn(ev)

    def _end_turn(self, ev: list) -> None:
        if self.active >= 0:   # EndTurn in the attack phase skips the attack
            self.used |= 1 << self.active
            self.active, self.phase = -1, "select"
        ev.append(E.TurnEnded(self.current, self.turn))
        self.turn_open = False
        self.turn += 1
        if self.options.turn_limit and self.turn >= self.options.turn_limit:
            self._game_over(ev, reason="turn limit")
            return
        self.quiet += 1
        rounds = self.rules.stalemate_rounds
        if rounds and self.quiet >= rounds * len(self.alive_seats()):
            self._game_over(ev, reason="stalemate")   # nobody hurt anybody for `rounds` full rounds
            return
        alive = self.alive_seats()
        later = [s for s in alive if s > self.current]
        self.current = later[0] if later else alive[0]
        self._start_turn(ev)

    def _start_turn(self, ev: list) -> None:
        self.turn_open = True
        self.used = 0
        self.active, self.phase = -1, "select"
        gain = self.rules.rest_per_turn
        for p in self.pieces:
            if p.alive and p.seat == self.current:
                p.rest = min(self.rs.pieces[p.kind].rst, p.rest + gain)
        ev.append(E.TurnBegan(self.current, self.turn))
        if not self.movable_pieces() and not self.over:
            self.passes += 1
            ev.append(E.Passed(self.current))
            if self.passes > 2 * len(self.alive_seats()):
                self._game_over(ev, reason="stalemate")
                return
            self._end_turn(ev)

    def _game_over(self, ev: list, reason: str = "last army standing") -> None:
        self.over, self.active, self.phase = True, -1, "select"
        ev.append(E.BattleOver(reason, tuple(self.placements())))

    # --- snapshots, hashing, encoding -------------------------------------------------------
    def snapshot(self) -> dict:
        return {
            "v": SNAPSHOT_VERSION, "mode": self.mode, "ruleset": self.rs.content_hash, "map": self.gmap.content_hash,
            "seed": self.seed, "options": self.options.to_data(),
            "participants": [[p.name, p.controller] for p in self.participants],
            "seat_part": list(self.seat_part), "current": self.current, "turn": self.turn,
            "phase": self.phase, "active": self.active, "used": self.used, "out": list(self.out_order),
            "passes": self.passes, "quiet": self.quiet, "over": self.over, "rng": list(self.rng.get_state()),
            "pieces": [p.to_row() for p in self.pieces],
        }

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    @classmethod
    def restore(cls, rs: Ruleset, snap: dict, gmap: GameMap | None = None) -> SkirmishGame:
        """The battle `snap` was taken of; its map is the ruleset's map with the snapshot's
        content hash unless `gmap` is given (ActionError, a ValueError, for a broken snapshot)."""
        from game.modes.skirmish.snapshot import restore_game
        return restore_game(cls, rs, gmap, snap)

    encode_action = staticmethod(A.encode_action)
    decode_action = staticmethod(A.decode_action)
