"""One module per scene (or a package per mode); ``game.ui.registry.SCENE_TABLE`` names them."""
