"""The Steel bout's screens: the set-up menu ("Steel bout" in the main menu: a duel, one against
three or the room; against a bot or hot-seat) and the bout screen (pools as dice, stances,
initiative, a one-handed declaration chooser, body diagrams with wounds, a room map, the exchange
log in plain words). ``game.ui.registry`` names both scenes and the main-menu entry."""
