"""Attract battles (the title's demo and ``tactibox --headless``): bots play battle after battle.

Battles cycle through the ruleset's maps with 2 to 4 bots of mixed levels; battle k's seed is
derived from the base seed, so the same base seed repeats the same show. A battle whose map
cannot hold its bots' armies (``game.rules.skirmish.playability``) is passed over for the next one.
"""

from __future__ import annotations

from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.rules.skirmish.playability import map_playability_problems

LEVELS = ("bot:hard", "bot:normal", "bot:easy", "bot:hard")


def attract_setup(rs, k: int, base_seed: int):
    """(map, participants, seed, options) of attract battle number k (k >= 1); the next battle's
    when battle k cannot start (a map too small for its bots). If no battle of a whole cycle can
    start, battle k's set-up is returned (starting it raises a clean ActionError)."""
    for i in range(3 * max(1, len(rs.maps))):
        setup = _setup(rs, k + i, base_seed)
        gmap, parts, _, options = setup
        if not map_playability_problems(rs, gmap, seats=len(parts), army_limit=options.army_limit):
            return setup
    return _setup(rs, k, base_seed)


def _setup(rs, k: int, base_seed: int):
    gmap = rs.maps[(k - 1) % len(rs.maps)]
    n = 2 + (k - 1) % max(1, len(gmap.seats) - 1)
    parts = [Participant("", LEVELS[(k + i) % len(LEVELS)]) for i in range(min(n, len(gmap.seats)))]
    seed = (base_seed * 1_000_003 + k * 7919) % (1 << 32)
    return gmap, parts, seed, Options(pieces_per_turn=(0, 2, 3)[k % 3], army_limit=(6, 9, 5)[k % 3])
