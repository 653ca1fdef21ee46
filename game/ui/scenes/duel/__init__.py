"""The Wizard duel's screens (War of Wizards): the duel itself, its menus and results.

Importing this package registers the scenes and the main-menu entry (game.ui.registry). It is
imported before the first frame, so the registering modules keep the engine's imports inside
their functions; the duel engine loads when a duel is opened.
"""

from game.ui.scenes.duel import chat_entry, picklist, results, scene, setup_menu  # noqa: F401
