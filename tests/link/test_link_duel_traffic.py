"""Linked duels on the wire: a fixed seeded bot duel over the real stack (transport, framing,
reliable link, session, lockstep) stays within DESIGN.md's 8 framed bytes a turn, counted the
way `./dev bench link` counts them (every byte both units write once the game runs: TURN frames,
stand-alone acks, heartbeats, FIN); a guest that sends a turn frame the host cannot decode is
rolled back by a snapshot and the duel still ends with both units agreeing. No timing here:
the clock is fake and the figures are byte counts."""

from __future__ import annotations

from bench.bench_link import linked_game
from game.link.modes import bot_game
from game.modes.duel.link import encode_duel_setup
from game.modes.duel.options import DuelOptions

SETUP = encode_duel_setup(DuelOptions(), 200)


def duel(seat_wrap=None):
    adapters = {}

    def make(seat):
        def factory(seed, options):
            adapter = bot_game("duel", seed, options, seat, "hard")
            adapters[seat] = adapter
            return seat_wrap(seat, adapter) if seat_wrap else adapter
        return factory
    return make, adapters


def test_a_seeded_bot_duel_costs_at_most_8_framed_bytes_a_turn_both_ways():
    make, adapters = duel()
    r = linked_game(seed=3, options=SETUP, make=make)
    turns = adapters[0].game.turn
    assert turns > 40 and adapters[0].game.is_over()
    kinds = r["game_bytes_by_frame_kind"]
    assert sum(kinds.values()) == r["game_bytes"]                   # every byte is in some frame
    assert r["game_bytes"] <= 8 * turns                             # the budget, everything counted
    assert kinds["turn"] <= 7 * turns                               # one TURN frame a turn
    assert r["frames_per_turn"] <= 1.1 and r["heartbeats"] == 0 and r["resyncs"] == 0
    # per step it was ~31 B a turn: one frame for each step and final action
    assert r["game_bytes"] < 31 * turns / 4


class GarbleOnce:
    """The guest's adapter, but its first turn goes out as bytes that are no legal turn."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.garbled = False

    def encode_action(self, turn) -> bytes:
        if not self.garbled:
            self.garbled = True
            return b"\xff\xff\xff"
        return self.inner.encode_action(turn)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_an_undecodable_guest_turn_is_rolled_back_and_the_duel_ends_in_step():
    make, adapters = duel(lambda seat, a: GarbleOnce(a) if seat == 1 else a)
    r = linked_game(seed=3, options=SETUP, make=make)               # asserts equal final hashes
    assert r["resyncs"] >= 2                                        # the host's snapshot, the guest's restore
    assert adapters[0].game.is_over()
