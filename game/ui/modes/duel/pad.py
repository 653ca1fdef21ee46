"""Duel keys: the plan's number pad, and where the d-pad scheme lives (no pygame here).

Number pad (claimed while the duel screen is up; `game/modes/duel/keys.py` reads it):
    / * -   cast spell 1 2 3      7 8 9 / 4 6 / 1 2 3   step (8 directions)
    5       drink from the ground 0   pick up           + then 1-9   drink from the bag
    Enter   chat                  . / Del   end turn

D-pad + A/B (board_keys.py): the d-pad moves a cursor, A on a square walks there, A on your
wizard (or the end of a walk) opens the action bar; B cancels / goes back. Y chat phrases,
Select log and info, Start the pause menu.
"""

from __future__ import annotations

from hw.input.buttons import Button


def keypad_name(button: Button) -> str | None:
    """The name `KeypadReader` expects for a keypad button ("8", "/", "Enter", ".")."""
    return button.symbol if button.is_numpad else None
