"""Words of the duel screen: key help, one line per spell, what a player is told about options."""

from __future__ import annotations

KEYPAD_HELP = (
    "Number pad:",
    "  / * -   cast spell 1, 2, 3",
    "  7 8 9 4 6 1 2 3   step (up to 5 a turn)",
    "  5   drink the potion you stand on",
    "  0   pick the potion up",
    "  +  then 1-9   drink that potion from the bag",
    "  Enter   chat    . or Del   end the turn",
)
PAD_HELP = (
    "D-pad and A/B:",
    "  D-pad   the cursor (it jumps to squares you can walk to)",
    "  A   on a square: walk there; on your wizard: the action bar",
    "  Action bar   Left/Right choose, A do it, B back",
    "  B   cancel    Y   chat phrases (linked)",
    "  Select   this page    Start   pause menu",
    "  Start + Select held   back to the main menu",
)

SPELL_HELP = {
    0: "rays in 8 directions through rock; 1 damage",
    1: "fire floods ahead of you 5-10 squares; 1 damage",
    2: "bolts north, west, south, east, 3 lines wide; 1 damage",
    3: "reveals the whole layout",
    4: "a new dungeon; you know it, the opponent does not",
    5: "identifies the potions in your bag",
    6: "shows you some potions in the dungeon",
    7: "shows you where the opponent is",
    8: "heals 1 hit point",
    9: "steals 1 hit point if you can see the opponent",
    10: "mirrors everything; the opponent loses their map",
    11: "a random spell (even a bad one)",
    12: "rock around you may crumble",
    13: "opens passages north, west, south and east",
    14: "1-3 new potions appear",
    15: "teleports you somewhere else",
    16: "teleports both wizards",
    17: "may shatter potions nearby, yours too",
    18: "you forget parts of the dungeon",
    19: "acid on you and around you; 1 damage",
}


def options_line(options) -> str:
    return (f"level {options.level_size}x{options.level_size}, field of view "
            f"{'on' if options.fov else 'off'}, potions {'on' if options.potions else 'off'}")
