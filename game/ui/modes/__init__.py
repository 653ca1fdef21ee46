"""Every mode's screens, one package per mode (game/ui/modes/<mode>/), each with its UI entry
(`entry.py`) that `game.ui.registry` discovers."""
