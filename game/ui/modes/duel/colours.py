"""Colours of the duel screen: the base colour of each picture (sprites.py; tests look for these
exact pixels), "you" and the other wizard in the colours every mode uses (theme.side_colour),
the five potion colours and the effects' colours (names as `game.modes.duel.events.Effect`)."""

from game.ui.theme import side_colour

BG = (0, 0, 0)                      # never seen: black
FLOOR = (92, 86, 104)               # flagstones in view
WALL = (150, 122, 98)               # brick rock in view
FLOOR_REMEMBERED = (38, 36, 48)     # out of view, remembered: dimmed
WALL_REMEMBERED = (66, 56, 50)
YOU = side_colour(0, 0)             # the one colour of "you" in every mode
YOU_MARK = (255, 255, 255)          # the ring under your wizard
OPPONENT = side_colour(1, 0)
LAST_SEEN = (140, 40, 40)           # where the opponent was last seen or detected (the text glyph)
CURSOR = (255, 210, 90)
CURSOR_FAR = (255, 96, 80)
PATH = (255, 235, 160)

POTION = {   # appearance id -> colour (game.modes.duel.potions.APPEARANCES order)
    0: (255, 225, 0),     # yellow
    1: (60, 130, 255),    # blue
    2: (235, 30, 70),     # red
    3: (40, 220, 70),     # green
    4: (255, 140, 0),     # orange
}
POTION_REMEMBERED = {a: tuple(c // 2 for c in rgb) for a, rgb in POTION.items()}

EFFECT = {
    "cyan": (0, 230, 255), "red": (255, 60, 40), "yellow": (255, 240, 60), "green": (60, 255, 90),
    "white": (255, 255, 255), "magenta": (255, 60, 255), "orange": (255, 150, 30),
    "brown": (180, 110, 50), "blue": (80, 110, 255), "grey": (170, 170, 170),
}


def effect_colour(name: str):
    return EFFECT.get(name, EFFECT["white"])


CHAT = (120, 220, 255)
CHAT_OWN = (150, 200, 150)
LOG = (230, 230, 236)
LOG_OLD = (150, 150, 165)           # the previous round
HINT_BAD = (255, 110, 90)
