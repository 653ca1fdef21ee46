"""Attract battles (the title's demo and ``tactibox --headless``): bots play battle after battle.

Battles cycle through the ruleset's maps with 2 to 4 bots of mixed levels; battle k's seed is
derived from the base seed, so the same base seed repeats the same show.
"""

from __future__ import annotations

from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant

LEVELS = ("bot:hard", "bot:normal", "bot:easy", "bot:hard")


def attract_setup(rs, k: int, base_seed: int):
    """(map, participants, seed, options) of attract battle number k (k >= 1)."""
    gmap = rs.maps[(k - 1) % len(rs.maps)]
    n = 2 + (k - 1) % max(1, len(gmap.seats) - 1)
    parts = [Participant("", LEVELS[(k + i) % len(LEVELS)]) for i in range(min(n, len(gmap.seats)))]
    seed = (base_seed * 1_000_003 + k * 7919) % (1 << 32)
    return gmap, parts, seed, Options(pieces_per_turn=(0, 2, 3)[k % 3], army_limit=(6, 9, 5)[k % 3])
