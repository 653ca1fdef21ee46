"""Skirmish: the WoS Tactics rules (armies, rest, battle equations, level-ups) and its bots."""
