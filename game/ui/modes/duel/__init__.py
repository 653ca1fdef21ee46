"""The Wizard duel's screens (War of Wizards): the duel itself, its menus and results.

Named in ``game.ui.registry.SCENE_TABLE``; nothing here loads before a duel screen opens."""
