"""The Steel dungeon's screen (scene `bout_dungeon`): the run played through the Match with the
d-pad and A/B (keys.py reads the eight directions), the map with what the party sees (board.py),
the hero's bars, pack and fights (hud.py), and the run's start, Continue and results (session.py).
"""
