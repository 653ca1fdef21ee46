"""The plan's number-pad keys, as the duel screen must implement them.

    /  *  -     cast spell 1, 2, 3            5     drink the potion on the ground
    7 8 9       step NW N NE                  0     pick up the potion
    4   6       step W     E                  +     inventory, then 1..9 drinks that potion
    1 2 3       step SW S SE                  Enter chat prompt / send the chat message
    . or Del    end turn / close the chat prompt

`KeypadReader` turns key names into actions (the `+` prefix needs a second key).
"""

from __future__ import annotations

from .actions import Action, cast, drink, drink_ground, end_turn, pick_up, step

# numpad digit -> grid direction (N E S W NE SE SW NW = 0..7)
DIGIT_DIRECTIONS = {"8": 0, "6": 1, "2": 2, "4": 3, "9": 4, "3": 5, "1": 6, "7": 7}

BINDINGS: dict[str, Action] = {d: step(v) for d, v in DIGIT_DIRECTIONS.items()}
BINDINGS.update({
    "/": cast(0), "*": cast(1), "-": cast(2),
    "5": drink_ground(), "0": pick_up(),
    ".": end_turn(), "Delete": end_turn(),
})
INVENTORY_KEY = "+"
CHAT_KEY = "Enter"
CLOSE_CHAT_KEYS = (".", "Delete")


class KeypadReader:
    """Feed key names; get an Action, "chat" (open the chat prompt), or None (need more / ignored)."""

    def __init__(self):
        self.pending_inventory = False

    def feed(self, key: str):
        if self.pending_inventory:
            self.pending_inventory = False
            if len(key) == 1 and "1" <= key <= "9":
                return drink(int(key) - 1)
            return None                      # any other key cancels the inventory prompt
        if key == INVENTORY_KEY:
            self.pending_inventory = True
            return None
        if key == CHAT_KEY:
            return "chat"
        return BINDINGS.get(key)
