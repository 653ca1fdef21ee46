"""Wizard duel (War of Wizards): two wizards, a random maze dungeon, spells and potions.

    from game.modes.duel import DuelGame, DuelOptions, DuelBot, play_duel
    g = DuelGame.new(seed, DuelOptions(fov=True, level_size=25, potions=True))
    g.legal_actions(); g.apply(action) -> events; g.view(player); g.state_hash()

Rules and every choice made where the plan is vague: docs/rules/duel.md.
"""

from .actions import Action
from .bot import DuelBot
from .game import DuelGame
from .match import DuelResult, ReplayError, play_duel, replay
from .options import DuelOptions, HostOptions

__all__ = ["Action", "DuelBot", "DuelGame", "DuelOptions", "DuelResult", "HostOptions",
           "ReplayError", "play_duel", "replay"]
