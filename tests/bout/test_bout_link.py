"""Linked bouts: two units' Matches driven by hand as the lockstep drives them (the one linked
adapter with the bout's link hook), then two sessions over a noisy cable (like the duel's)."""

import pathlib
import sys

import pytest

from game.link.linked_match import Move
from game.link.modes import bot_game
from game.modes.bout import actions as A
from game.modes.bout.link import decode_bout_setup, encode_bout_setup
from game.modes.bout.scenarios import BoutOptions
from game.rules.bout.loader import load_bout_ruleset

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bridge"))
from linked_bots import bot_sessions
from linkkit import FakeClock, pump


@pytest.fixture(scope="module")
def rules():
    r, _ = load_bout_ruleset()
    return r


def test_two_adapters_play_in_step_and_throws_cross_as_commitments(rules):
    setup = encode_bout_setup(rules, BoutOptions(scenario="one_vs_three"))
    host = bot_game("bout", 5, setup, 0, "hard", rules=rules)
    guest = bot_game("bout", 5, setup, 1, "hard", rules=rules)
    kinds = set()
    while not host.finished():
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        a = mover.next_local_action()
        data = mover.encode_action(a)
        kinds.add(A.KINDS[data[0]])
        got = other.decode_action(data)
        assert other.is_legal(got)
        mover.apply(a)
        other.apply(got)
        assert mover.turn_hash() == other.turn_hash()
    assert A.Commit in kinds and A.Reveal in kinds and A.Orient not in kinds
    assert guest.finished()


def test_a_setup_from_the_peer_is_checked(rules):
    """Bytes from the other unit: an unknown scenario or template, or the three-sided brawl (two
    units play two sides), are refused; a sound one comes back as sent, in secret mode."""
    good = encode_bout_setup(rules, BoutOptions(scenario="one_vs_three"))
    assert decode_bout_setup(rules, good) == BoutOptions(scenario="one_vs_three", secret=True)
    for bad in (b"", bytes([9, 0, 1]), bytes([0, 0, 200]), encode_bout_setup(rules, BoutOptions(scenario="brawl"))):
        with pytest.raises(ValueError):
            decode_bout_setup(rules, bad)


def test_a_cheating_reveal_is_replaced_by_a_forfeit(rules):
    setup = encode_bout_setup(rules, BoutOptions())
    host = bot_game("bout", 2, setup, 0, "hard", rules=rules)
    guest = bot_game("bout", 2, setup, 1, "hard", rules=rules)
    for side in (host, guest):                        # both commit
        a = side.next_local_action()
        host.apply(a)
        guest.apply(a)
    assert host.game.phase == "reveal"
    host.apply(host.next_local_action())
    cheat = Move((A.Reveal(1, 0, 0, 0, bytes(16)),))
    assert not host.is_legal(cheat)
    host.apply(host.replacement_for(cheat))
    assert host.game.m.fighters[1].orientation == 2          # a forfeited throw: defensive
    with pytest.raises(ValueError):
        host.decode_action(b"\x09\x01")
    with pytest.raises(ValueError):
        host.restore(b"{not json")


def _sessions(rules, clock, seed, **faults):
    setup = encode_bout_setup(rules, BoutOptions(scenario="one_vs_three"))
    h, g, wires, _games = bot_sessions(rules, clock, seed, setup, **faults)
    return h, g, wires


def test_noisy_cable_whole_bout_identical_hashes(rules):
    clock = FakeClock()
    h, g, (w1, w2) = _sessions(rules, clock, 11, p_drop=0.05, p_dup=0.05, p_byte=0.01, link_seed=3)
    pump([h, g], clock, 600.0, until=lambda: h.finished and g.finished)
    assert h.finished and g.finished
    assert h.result()["state_hash"] == g.result()["state_hash"]
    assert h.game.game.is_over() and h.game.game.state_hash() == g.game.game.state_hash()
    assert w1.dropped + w2.dropped > 0
    assert h.counters.retransmits + g.counters.retransmits > 0
