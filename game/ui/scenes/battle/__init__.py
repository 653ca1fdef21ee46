"""The battle screen: board view, HUD (top line, info window, proxies, buttons, minimap, book),
the human cursor control, bot/replay drivers and animations."""
