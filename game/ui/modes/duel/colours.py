"""Colours of the duel screen: the plan's white-on-black text dungeon, red for the opponent,
the five potion colours and the effects' colours (names as `game.modes.duel.events.Effect`)."""

BG = (0, 0, 0)
FLOOR = (200, 200, 200)             # "." in view
WALL = (240, 240, 240)              # "#" in view
FLOOR_REMEMBERED = (70, 70, 84)     # out of view, remembered: dimmed
WALL_REMEMBERED = (112, 112, 128)
YOU = (255, 255, 255)
YOU_MARK = (30, 80, 170)            # the square behind your @: tells you from the white walls at tiny cells
OPPONENT = (255, 40, 40)
LAST_SEEN = (140, 40, 40)           # "?" where the opponent was last seen or detected

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
