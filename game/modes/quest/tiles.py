"""Hex quest vocabulary: objects (at most one per cell), cell properties (at most one per cell),
the map-text legend, and which objects fall, roll, can be pushed or destroyed.

Objects and properties are small ints stored in per-cell bytearrays.
"""

from __future__ import annotations

# --- objects ------------------------------------------------------------------------------
NONE = 0
ROCK = 1          # impassable
TRAP = 2          # passable, damages whoever enters
DESTRUCT = 3      # destroyed by stepping into it (Supaplex base) or by a spell
BLOCKER = 4       # a destructable; no victory while one stands
MOVABLE = 5       # pushed like a Sokoban crate
VICTORY_OBJ = 6   # a movable with victory magic (the Sokoban box)
BOULDER = 7       # Supaplex zonk: falls and rolls; pushed only across gravity
GEM = 8           # Supaplex infotron: falls and rolls; collected by stepping in
VOID = 9          # outside a square map's walls: impassable, drawn as nothing
# Supaplex objects (explosions.py, supaplex_objects.py)
ORANGE_DISK = 10  # falls like a boulder (never rolls); explodes when it lands on something or is hit
YELLOW_DISK = 11  # pushed in any direction, no gravity; explodes when a terminal is used
TERMINAL = 12     # a wall; stepping into it detonates every yellow disk
RED_DISK = 13     # picked up by stepping in; the player drops one to light it
RED_LIT = 14      # a dropped red disk: explodes when its fuse (turns) runs out
BUG = 15          # base that sparks now and then: a spark kills the creatures next to it

OBJECT_NAMES = ("none", "rock", "trap", "destructable", "victory blocker", "movable",
                "victory object", "boulder", "gem", "void", "orange disk", "yellow disk", "terminal",
                "red disk", "lit red disk", "bug")
PUSHABLE = frozenset({MOVABLE, VICTORY_OBJ, BOULDER, ORANGE_DISK, YELLOW_DISK})
ACROSS_GRAVITY = frozenset({BOULDER, ORANGE_DISK})        # pushed only across gravity
DESTRUCTIBLE = frozenset({DESTRUCT, BLOCKER})
LOOSE = frozenset({MOVABLE, VICTORY_OBJ, BOULDER, GEM, ORANGE_DISK})   # fall under gravity
ROUNDED = frozenset({BOULDER, GEM})                        # things roll off these
SOLID = frozenset({ROCK, VOID, MOVABLE, VICTORY_OBJ, BOULDER, BLOCKER, DESTRUCT, GEM,
                   ORANGE_DISK, YELLOW_DISK, TERMINAL, RED_DISK, RED_LIT, BUG})
EXPLOSIVE = frozenset({ORANGE_DISK, YELLOW_DISK, RED_DISK, RED_LIT})   # chain-detonate in a blast
BLAST_PROOF = frozenset({ROCK, VOID})                     # survive explosions

# --- cell properties ----------------------------------------------------------------------
P_NONE = 0
P_VICTORY = 1     # win when every victory cell holds a victory object
P_GRANT = 2       # first player visit grants the listed gifts
P_TELEPORT = 3    # player or NPC entering is sent to the linked cell
P_EXIT = 4        # Supaplex exit: win by entering it once the gem quota is met
P_PORT = 5        # one-way port: entered only in its allowed directions, crossed in one step

PROPERTY_NAMES = ("none", "victory", "grant", "teleport", "exit", "port")

# --- map text legend: char -> (object, property, player start) -------------------------------
LEGEND: dict[str, tuple[int, int, bool]] = {
    "-": (NONE, P_NONE, False), "_": (NONE, P_NONE, False),
    "#": (ROCK, P_NONE, False),
    "@": (NONE, P_NONE, True), "+": (NONE, P_VICTORY, True),
    "$": (VICTORY_OBJ, P_NONE, False), "*": (VICTORY_OBJ, P_VICTORY, False),
    ".": (NONE, P_VICTORY, False),
    "m": (MOVABLE, P_NONE, False), "M": (MOVABLE, P_VICTORY, False),
    "^": (TRAP, P_NONE, False),
    "%": (DESTRUCT, P_NONE, False), "!": (BLOCKER, P_NONE, False),
    "o": (BOULDER, P_NONE, False), "i": (GEM, P_NONE, False),
    "E": (NONE, P_EXIT, False),
    "O": (ORANGE_DISK, P_NONE, False), "Y": (YELLOW_DISK, P_NONE, False),
    "T": (TERMINAL, P_NONE, False), "R": (RED_DISK, P_NONE, False), "B": (BUG, P_NONE, False),
}
VOID_CHARS = " ~"

# the char that draws a cell back into map text (objects x property)
def cell_char(obj: int, prop: int, player: bool) -> str:
    if obj == VOID:
        return "~"
    for ch, (o, p, pl) in LEGEND.items():
        if o == obj and pl == player and (p == prop or (p == P_NONE and prop not in (P_VICTORY, P_EXIT))):
            if ch == "_":
                continue
            return ch
    return "-"


# --- rarity bands of item charges (the spec's "fifths") ------------------------------------
RARITIES = (("common", "gray"), ("rare", "white"), ("mystic", "green"), ("epic", "blue"),
            ("legendary", "orange"))


def rarity(charges: int) -> str:
    """Band of a charge count 1..100: 1-20 common, 21-40 rare, 41-60 mystic, 61-80 epic, 81-100 legendary."""
    if not 1 <= charges <= 100:
        raise ValueError(f"charges must be 1..100, got {charges}")
    return RARITIES[(charges - 1) // 20][0]
