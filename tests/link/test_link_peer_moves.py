"""The other unit's move bytes (a TURN frame's payload) go through the mode's `decode_move` and
`check_move` on this unit's game: whatever the bytes, the only outcomes are a move or a
ValueError (ActionError is one) from decoding, and a yes/no from the legality check - never an
exception that would escape the lockstep and stop the unit. Property test per linked mode, at the
start of a game and a few moves in."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_link_match_modes import REQUESTS, pebbles  # noqa: F401  (the dummy mode, registered per test)

from game.link.linked_match import Move
from game.link.modes import host_spec


@functools.cache
def games(mode: str):
    """The host's linked game at its start, and one a few moves in (both seats played by bots)."""
    out = []
    for moves in (0, 6):
        hs = host_spec(mode, req=REQUESTS[mode], level="easy")
        g = hs.make_game(REQUESTS[mode].seed, hs.options)
        for _ in range(moves):
            if g.match.to_act() is None:
                break
            action = g.match.mode_rules.fallback(g.match.game)
            g.match.apply(action)
        out.append(g)
    return out


def check(mode: str, data: bytes) -> None:
    for g in games(mode):
        before = g.game.state_hash()
        try:
            move = g.decode_action(data)
        except ValueError:
            continue
        assert isinstance(move, Move)
        assert g.is_legal(move) in (True, False)
        assert g.game.state_hash() == before          # looking at a move changes nothing


@pytest.mark.parametrize("mode", sorted(REQUESTS))
@settings(max_examples=250, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(st.binary(max_size=24), st.lists(st.integers(0, 9), max_size=12).map(bytes)))
def test_any_move_bytes_from_the_peer_are_a_move_or_a_value_error(mode, data):
    check(mode, data)

