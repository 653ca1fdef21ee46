"""Two linked units' sessions over the test kit's memory cable (tests/bridge/linkkit.py), each
playing a bout (or a dungeon co-op run) with hard bots in its seats: `setup` is the bout's START
bytes (untagged, as the bout's link hook makes them)."""

from __future__ import annotations

import pathlib
import sys

from game.link.modes import bot_game

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bridge"))
from linkkit import session_pair


def bot_sessions(rules, clock, seed, setup: bytes, **faults):
    """(host session, guest session, wires, games): `games` gets "host" and "guest", each unit's
    linked game, once START made them."""
    games = {}

    def host_game(s, o):
        games["host"] = bot_game("bout", s, o, 0, "hard", rules=rules)
        return games["host"]

    def guest_game(s, o):
        games["guest"] = bot_game("bout", s, o, 1, "hard", rules=rules)
        return games["guest"]
    h, g, wires = session_pair(clock, seed=seed, host_kw={"options": setup}, host_game=host_game,
                               guest_game=guest_game, **faults)
    return h, g, wires, games
