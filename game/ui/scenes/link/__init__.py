"""The link menus (two units over a cable or the LAN): set-up, waiting, the generic linked screen.

Named in ``game.ui.registry.SCENE_TABLE``; nothing here loads before a link screen opens."""
