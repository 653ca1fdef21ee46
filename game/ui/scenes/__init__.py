"""One module per scene; each registers itself with ``game.ui.scene.register_scene``."""
