"""Skirmish's screens: the set-up (`setup.py`), the formation (`formation.py`), the battle screen
(`battle.py`: board view, HUD with top line, info window, proxies, buttons, minimap and book; the
human cursor control, bot/replay drivers and animations), the results, the attract demo, replay
watching and seeking, the linked battle and its host set-up, and the play session."""
