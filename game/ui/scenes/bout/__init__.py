"""The Steel bout's screen: pools as dice, stances, initiative, a one-handed declaration chooser,
body diagrams with wounds and the exchange log in plain words. Importing registers the scene and
the main-menu entries ("Steel bout", "Steel bout: 1 vs 3")."""

from game.ui.scenes.bout import scene  # noqa: F401
