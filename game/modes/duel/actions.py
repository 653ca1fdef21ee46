"""Duel actions: one small code each.

A turn is up to five steps followed by exactly one final action:

    code 0..7    step N, E, S, W, NE, SE, SW, NW (grid direction order)
    code 8       end turn (do nothing)
    code 9..11   cast spell 1, 2, 3 of the three dealt this turn
    code 12      drink the potion on the ground under the wizard
    code 13      pick up the potion under the wizard
    code 14..22  drink inventory slot 1..9

Stored, an action is one byte (`encode_action` -> [code]; replays keep these codes);
`game.modes.duel.wire` packs a whole turn (its steps and its final action) into 1..3 bytes, and
the link sends a whole turn as legal-choice digits (`game.modes.duel.turn_code`, 0..3 bytes).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.base import Action as BaseAction
from game.modes.base import ActionError

from .state import DIR_NAMES, INVENTORY_SIZE, SPELLS_DEALT

STEP, END, CAST, DRINK_GROUND, PICK_UP, DRINK = "step", "end", "cast", "drink_ground", "pick_up", "drink"
END_CODE, CAST_CODE, DRINK_GROUND_CODE, PICK_UP_CODE, DRINK_CODE = 8, 9, 12, 13, 14
CODE_COUNT = DRINK_CODE + INVENTORY_SIZE          # 23 codes: 0..22


@dataclass(frozen=True, order=True)
class Action(BaseAction):
    code: int

    def __post_init__(self):
        if not isinstance(self.code, int) or isinstance(self.code, bool) or not 0 <= self.code < CODE_COUNT:
            raise ActionError(f"action code must be 0..{CODE_COUNT - 1}, got {self.code!r}")

    @property
    def kind(self) -> str:
        c = self.code
        if c < END_CODE:
            return STEP
        if c == END_CODE:
            return END
        if c < DRINK_GROUND_CODE:
            return CAST
        if c == DRINK_GROUND_CODE:
            return DRINK_GROUND
        if c == PICK_UP_CODE:
            return PICK_UP
        return DRINK

    @property
    def arg(self) -> int:
        """Step direction, spell slot (0..2) or inventory slot (0..8); 0 otherwise."""
        c = self.code
        if c < END_CODE:
            return c
        if CAST_CODE <= c < DRINK_GROUND_CODE:
            return c - CAST_CODE
        if c >= DRINK_CODE:
            return c - DRINK_CODE
        return 0

    @property
    def is_step(self) -> bool:
        return self.code < END_CODE

    def __str__(self) -> str:
        k = self.kind
        if k == STEP:
            return f"step {DIR_NAMES[self.code]}"
        if k == CAST:
            return f"cast spell {self.arg + 1}"
        if k == DRINK:
            return f"drink potion {self.arg + 1}"
        return k.replace("_", " ")


ACTIONS: tuple[Action, ...] = tuple(Action(c) for c in range(CODE_COUNT))


def step(direction: int) -> Action:
    return Action(direction)


def end_turn() -> Action:
    return Action(END_CODE)


def cast(slot: int) -> Action:
    if not 0 <= slot < SPELLS_DEALT:
        raise ActionError(f"spell slot must be 1..{SPELLS_DEALT}")
    return Action(CAST_CODE + slot)


def drink_ground() -> Action:
    return Action(DRINK_GROUND_CODE)


def pick_up() -> Action:
    return Action(PICK_UP_CODE)


def drink(slot: int) -> Action:
    if not 0 <= slot < INVENTORY_SIZE:
        raise ActionError(f"inventory slot must be 1..{INVENTORY_SIZE}")
    return Action(DRINK_CODE + slot)


def encode_action(action: Action) -> list[int]:
    if not isinstance(action, Action):
        raise ActionError(f"not a duel action: {action!r}")
    return [action.code]


def decode_action(data) -> Action:
    if isinstance(data, (bytes, bytearray)):
        data = list(data)
    if not isinstance(data, (list, tuple)) or len(data) != 1:
        raise ActionError(f"a duel action is exactly one code, got {data!r}")
    code = data[0]
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < CODE_COUNT:
        raise ActionError(f"action code must be 0..{CODE_COUNT - 1}, got {code!r}")
    return ACTIONS[code]
