"""Duel bots: easy, normal, hard.

A bot gets only its player's `View` (what that player sees and remembers: the remembered map,
potions seen, the other wizard when in view or last seen / detected, both HPs, its own spells
and potions), never the game state, so it plays under the same fog as a person. It is
deterministic: the same view gives the same action (its tie-breaking noise is seeded from the
view).

Each call plans the whole turn (where to walk within the steps left, over remembered floor, and
which final action to take there) and returns its first action: a step towards the chosen cell,
or the final action when already there. It plans again after every step, so it reacts to what a
step reveals.

    easy    half its decisions are random (a reachable cell, a spell or nothing), the rest
            with large noise; no danger sense; never drinks unknown potions
    normal  small noise, no danger sense
    hard    avoids cells the other wizard could hit with rays next turn, drinks unknown
            potions when safe to identify them, hunts the last sighting
"""

from __future__ import annotations

from game.core.canon import digest
from game.core.prng import Pcg32

from .actions import ACTIONS, CAST_CODE, DRINK_CODE, DRINK_GROUND_CODE, END_CODE, PICK_UP_CODE, Action
from .botsense import Sense
from .botvalues import pickup_value, potion_value, spell_value
from .state import INVENTORY_SIZE
from .view import View

LEVELS = ("easy", "normal", "hard")
NOISE = {"easy": 6.0, "normal": 0.6, "hard": 0.05}


class DuelBot:
    def __init__(self, level: str = "hard"):
        if level not in LEVELS:
            raise ValueError(f"bot level must be one of {', '.join(LEVELS)}, got {level!r}")
        self.level = level

    def choose(self, view: View) -> Action:
        if not view.my_turn:
            raise ValueError("the bot was asked to move on the other player's turn")
        sense = Sense(view)
        rng = Pcg32(_view_seed(view), 0xB07)
        noise = NOISE[self.level]
        if self.level == "easy" and rng.below(2) == 0:
            return self._careless(sense, rng)
        best = None
        for cell in sense.destinations():
            steps = sense.reach.cost_to(cell)
            base = self._place_value(sense, cell)
            facing = sense.facing_at(cell)
            for code, value in self._finals(sense, cell, facing):
                score = base + value - 0.01 * steps + noise * rng.below(1000) / 1000
                key = (score, -steps, -cell, -code)
                if best is None or key > best[0]:
                    best = (key, cell, code)
        _, cell, code = best
        if cell != view.pos:
            return ACTIONS[sense.first_step(cell)]
        return ACTIONS[code]

    def _careless(self, sense: Sense, rng: Pcg32) -> Action:
        """Half of an easy bot's decisions: a random reachable cell and spell (or nothing)."""
        view = sense.view
        cells = sense.destinations()
        cell = cells[rng.below(len(cells))]
        if cell != view.pos:
            return ACTIONS[sense.first_step(cell)]
        return ACTIONS[END_CODE + rng.below(1 + len(view.dealt))]

    # --- scoring --------------------------------------------------------------------------
    def _place_value(self, sense: Sense, cell: int) -> float:
        v = sense.view
        score = 0.0
        if sense.opp is None:
            if v.last_seen is not None and self.level != "easy":
                score -= 0.15 * sense.distance(cell, v.last_seen[0])
            score -= 0.1 * sense.frontier_distance(cell)
        else:
            d = sense.distance(cell, sense.opp)
            score -= 0.05 * d if v.hp >= v.opp_hp else -0.05 * d
            if self.level == "hard":
                score -= (8.0 if v.hp <= 2 else 4.0) * sense.exposure(cell)
        return score

    def _finals(self, sense: Sense, cell: int, facing: int):
        v = sense.view
        yield END_CODE, 0.0
        for slot, spell in enumerate(v.dealt):
            yield CAST_CODE + slot, spell_value(sense, spell, cell, facing)
        if cell in v.potions and v.potions_on:
            app = v.potions[cell]
            if self.level != "easy" or app in v.known_types:
                yield DRINK_GROUND_CODE, potion_value(sense, app, cell, facing, self.level)
            if len(v.inventory) < INVENTORY_SIZE:
                yield PICK_UP_CODE, pickup_value(sense, app)
        if cell == v.pos:                  # drinking from the bag needs no walking; do it here
            done = set()
            for slot, app in enumerate(v.inventory):
                if app in done:
                    continue
                done.add(app)
                if self.level == "easy" and app not in v.known_types:
                    continue
                yield DRINK_CODE + slot, potion_value(sense, app, cell, facing, self.level)


def _view_seed(view: View) -> int:
    key = f"{view.player}:{view.turn}:{view.pos}:{view.steps_left}:{view.hp}:{view.opp_hp}"
    return int(digest(key.encode(), 8), 16)
