"""A Steel bout between two linked units: START's bytes (`tactibox link --mode bout`). The link
hook is hooks.py `BoutLink`; the bout itself is a Match like any other (`game.link` plays it).

Option bytes in START: scenario index, then one fighter-template index per fighter; a linked
bout runs in secret mode (throws as commit + reveal).
"""

from __future__ import annotations

from game.modes.bout.scenarios import SCENARIOS, BoutOptions


def encode_bout_setup(rules, options: BoutOptions) -> bytes:
    return bytes([SCENARIOS.index(options.scenario)] + [rules.index("fighters", k) for k in options.fighters])


def decode_bout_setup(rules, data: bytes) -> BoutOptions:
    if not data or data[0] >= len(SCENARIOS):
        raise ValueError("bout setup: unknown scenario")
    if SCENARIOS[data[0]] == "brawl":
        raise ValueError("bout setup: a linked bout has two sides (the brawl has three)")
    if any(i >= len(rules.fighters) for i in data[1:]):
        raise ValueError("bout setup: unknown fighter template")
    return BoutOptions(scenario=SCENARIOS[data[0]], fighters=[rules.fighters[i].id for i in data[1:]], secret=True)
