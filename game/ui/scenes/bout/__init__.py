"""The Steel bout's screens: the set-up menu ("Steel bout" in the main menu: a duel, one against
three or the room; against a bot or hot-seat) and the bout screen (pools as dice, stances,
initiative, a one-handed declaration chooser, body diagrams with wounds, a room map, the exchange
log in plain words). Importing registers both scenes and the main-menu entry."""

from game.ui.scenes.bout import menu, scene  # noqa: F401
