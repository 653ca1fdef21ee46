"""The Wizard duel's screens (War of Wizards): the duel itself, its menus and results.

Importing this package registers the scenes and the main-menu entry (game.ui.registry)."""

from game.ui.scenes.duel import menus_in_duel, picklist, results, scene, setup_menu  # noqa: F401
