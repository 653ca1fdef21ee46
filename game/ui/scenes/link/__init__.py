"""The link menus (two units over a cable or the LAN) and the linked Skirmish battle screen.

Named in ``game.ui.registry.SCENE_TABLE``; nothing here loads before a link screen opens."""
