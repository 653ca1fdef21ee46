"""Wizard duel (War of Wizards): two wizards, a random maze dungeon, spells and potions.

    from game.modes.duel import DuelGame, DuelOptions, DuelBot, play_duel
    g = DuelGame.new(seed, DuelOptions(fov=True, level_size=25, potions=True))
    g.legal_actions(); g.apply(action) -> events; g.view(player); g.state_hash()

Rules and every choice made where the plan is vague: docs/rules/duel.md. The names below load
when first used, so the mode registry can read `game.modes.duel.mode` without the whole duel.
"""

from importlib import import_module

_LAZY = {"Action": ".actions", "DuelBot": ".bot", "DuelGame": ".game", "DuelResult": ".match",
         "ReplayError": ".match", "play_duel": ".match", "replay": ".match", "DuelOptions": ".options",
         "HostOptions": ".options"}

__all__ = sorted(_LAZY)


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
