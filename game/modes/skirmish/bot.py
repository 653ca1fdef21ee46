"""Skirmish bots: easy, normal, hard. Deterministic given the game state.

Each decision scores every (movable piece, destination) pair with the compiled combat table:

    score = best attack from there            expected damage (HP), kill chance x target worth,
                                              a focus-fire bonus for hitting wounded targets
          - exposure there next turn          expected damage of the worst enemy that can reach
                                              the cell, plus 35 % of the others'; doubled for
                                              wounded pieces, x1.5 for ranged ones (protect them)
          - distance to the enemy             approach layers over the terrain the piece can
                                              cross, so it advances around rivers and walls

All numbers are integers (HP x 1000). The hard bot weighs exposure at 60 % and focuses fire;
normal weighs exposure at 50 %, does not focus, and picks at random between its two best
options; easy ignores exposure and picks at random among its five best options (the randomness comes from a generator seeded by the game state, never the game's own).
"""

from __future__ import annotations

from game.core.prng import Pcg32
from game.modes.skirmish import actions as A
from game.modes.skirmish.threat import ThreatMap, approach_layers

LEVELS = {
    "easy": {"exposure": 0, "focus": 0, "top": 5},
    "normal": {"exposure": 50, "focus": 0, "top": 2},
    "hard": {"exposure": 60, "focus": 100, "top": 1},
}
STEP_VALUE = 1000         # HP x 1000 per approach step toward the enemy
SHARE = 35                # % of the non-worst attackers' expected damage counted as exposure


class SkirmishBot:
    def __init__(self, level: str = "hard"):
        if level not in LEVELS:
            raise ValueError(f"bot level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.cfg = LEVELS[level]
        self._ctx_key = None
        self._threat: ThreatMap | None = None
        self._approach: dict[int, list[int]] = {}

    # --- per-turn context ---------------------------------------------------------------------
    def _context(self, game) -> None:
        enemies = [p for p in game.pieces if p.alive and p.seat != game.current]
        key = (game.turn, game.current, tuple(e.id for e in enemies))
        if key != self._ctx_key:
            self._ctx_key = key
            self._threat = ThreatMap(game, game.current) if self.cfg["exposure"] else None
            self._approach = {}
            self._enemy_cells = 0
            for e in enemies:
                self._enemy_cells |= 1 << e.cell

    def _layers(self, game, piece) -> list[int]:
        mt = game.moves.movetype_of[piece.kind]
        layers = self._approach.get(mt)
        if layers is None:
            field = game.moves.field(game.gmap, mt)
            layers = approach_layers(field, self._enemy_cells)
            self._approach[mt] = layers
        return layers

    # --- scoring ------------------------------------------------------------------------------
    def attack_value(self, game, p, t) -> int:
        return self.attack_eval(game, p, t)[0]

    def attack_eval(self, game, p, t) -> tuple[int, int]:
        """(value in HP x 1000, kill chance in per-mille) of `p` attacking `t` now."""
        ct = game.combat
        exp = ct.expected_damage(p.kind, t.kind, p.level, t.level, p.rest, t.rest, t.hp) // 100
        miss, dmg, crit_dmg, asum, tsum = ct.row(p.kind, t.kind, p.level, t.level)
        crit = ct.crit(asum + p.rest, tsum + t.rest)
        killp = (100 - miss) * (1000 if dmg >= t.hp else crit if crit_dmg >= t.hp else 0) // 100
        maxhp = game.stats(t).hp
        value = exp + killp * (5 + 2 * t.level)
        value += exp * (maxhp - t.hp) // max(maxhp, 1) * self.cfg["focus"] // 100
        return value, killp

    def exposure(self, game, p, cell: int, killed: int = -1) -> int:
        if self._threat is None:
            return 0
        total = worst = 0
        for eid in self._threat.enemies_at(cell):
            if eid == killed:
                continue
            e = game.pieces[eid]
            if e.alive:
                x = game.combat.expected_damage(e.kind, p.kind, e.level, p.level, e.rest, p.rest, p.hp) // 100
                total += x
                worst = max(worst, x)
        # the worst attacker counts fully, the others partly: they have other targets too
        total = min(worst + (total - worst) * SHARE // 100, p.hp * 1000)
        pt = game.rs.pieces[p.kind]
        if p.hp * 10 < game.stats(p).hp * 4:
            total *= 2
        elif pt.rng_min > 1 or pt.rng_max >= 3:
            total = total * 3 // 2
        return total * self.cfg["exposure"] // 100

    def candidates(self, game) -> list[tuple[int, int, int, int]]:
        """(score, piece id, destination, target id or -1) for every movable piece and destination."""
        self._context(game)
        out = []
        for p in game.movable_pieces():
            pt = game.rs.pieces[p.kind]
            dests = [p.cell] + game.reach(p).cells()
            layers = self._layers(game, p)
            for d in dests:
                best_t, best_v, best_k = -1, 0, 0
                m = game.grid.range_mask(d, pt.rng_min, pt.rng_max) & self._enemy_cells
                while m:
                    low = m & -m
                    t = game.piece_at(low.bit_length() - 1)
                    m ^= low
                    if t is not None and t.alive:
                        v, k = self.attack_eval(game, p, t)
                        if v > best_v:
                            best_t, best_v, best_k = t.id, v, k
                step = _layer_of(layers, d)
                killed = best_t if best_k >= 500 else -1      # a likely kill removes that threat
                score = best_v - self.exposure(game, p, d, killed) - step * STEP_VALUE
                out.append((score, p.id, d, best_t))
        return out

    # --- decisions ------------------------------------------------------------------------------
    def choose(self, game):
        """The bot's next action for the seat to play."""
        if game.is_over():
            raise ValueError("the battle is over")
        if game.phase == "attack":
            p = game.pieces[game.active]
            targets = game.targets_from(p, p.cell)
            if not targets:
                return A.SkipAttack()
            best = max(targets, key=lambda t: (self.attack_value(game, p, t), -t.id))
            return A.Attack(best.id)
        cands = self.candidates(game)
        if not cands:
            return A.EndTurn()
        cands.sort(key=lambda c: (-c[0], c[1], c[2]))
        top = self.cfg["top"]
        if top > 1:
            rng = Pcg32(game.rng.state ^ (game.turn * 0x9E3779B97F4A7C15), 0xB07)
            pick = cands[rng.below(min(top, len(cands)))]
        else:
            pick = cands[0]
        _, pid, dest, _ = pick
        return A.Stay(pid) if dest == game.pieces[pid].cell else A.Walk(pid, dest)


def _layer_of(layers: list[int], cell: int) -> int:
    bit = 1 << cell
    for k, layer in enumerate(layers):
        if layer & bit:
            return k
    return len(layers)
