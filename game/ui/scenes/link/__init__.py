"""The link menus (two units over a cable or the LAN) and the linked Skirmish battle screen.

Importing this package registers the scenes and the main-menu entry (game.ui.registry)."""

from game.ui.scenes.link import battle, setup, skirmish_setup, wait  # noqa: F401
