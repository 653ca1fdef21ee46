"""The lobby's seats (issue 22): a joining unit gets a free seat uniformly at random (800 lobbies,
a chi-square test on a fixed entropy stream, so it cannot fail by chance), START names each
guest's unit, a Skirmish setup carries up to four units, and broken unit marks are refused."""

from __future__ import annotations

import pytest
from linkkit import FakeClock
from lobbykit import skirmish_lobby

from game.core.prng import Pcg32
from game.link.lobby import pick
from game.link.lobby_seats import SPECTATOR, UNIT_MARK, split_catch_up, split_unit, with_unit


def pcg_entropy(seed: int):
    rng = Pcg32(seed)
    return lambda n: b"".join(rng.next_u32().to_bytes(4, "big") for _ in range((n + 3) // 4))[:n]


def chi_square(counts: list[int]) -> float:
    n, k = sum(counts), len(counts)
    e = n / k
    return sum((c - e) ** 2 / e for c in counts)


def test_joiners_get_free_seats_uniformly_over_800_lobbies():
    """Three human seats besides the host's (seats 1, 2, 3). Over 800 lobbies the first joiner's
    seat is counted per seat, and the second joiner's per (first, second) pair: with uniform
    picks, each of the 3 seats is expected 800/3 = 266.7 times and each of the 6 ordered pairs
    133.3 times. The chi-square statistic must stay under the 0.1 % critical values
    (2 d.o.f.: 13.82, 5 d.o.f.: 20.52); the entropy is a fixed PCG32 stream, so the test is
    deterministic. Every lobby also fills exactly seats {1, 2, 3} with units {1, 2, 3}."""
    clock = FakeClock()
    firsts, pairs = [0, 0, 0], {}
    for i in range(800):
        lobby = skirmish_lobby(clock, entropy=pcg_entropy(i))
        a, b, c = lobby.join("a"), lobby.join("b"), lobby.join("c")
        assert sorted((a, b, c)) == [1, 2, 3] and lobby.join("d") is None
        assert sorted(lobby.owner) == [0, 1, 2, 3]
        firsts[a - 1] += 1
        pairs[(a, b)] = pairs.get((a, b), 0) + 1
    assert len(pairs) == 6
    assert chi_square(firsts) < 13.82, firsts
    assert chi_square(list(pairs.values())) < 20.52, pairs
    assert min(firsts) > 200


def test_pick_is_unbiased_and_rejects_the_top_of_the_range():
    """n = 3: 2^32 mod 3 = 1, so the one value 2^32 - 1 is rejected and drawn again."""
    stream = iter([b"\xff\xff\xff\xff", (7).to_bytes(4, "big")])
    assert pick(lambda n: next(stream), 3) == 7 % 3
    with pytest.raises(ValueError):
        pick(lambda n: b"\0\0\0\0", 0)


def test_a_seat_freed_before_the_launch_goes_to_the_next_joiner():
    lobby = skirmish_lobby(FakeClock(), entropy=pcg_entropy(1))
    lobby.join("a")
    lobby.join("b")
    lobby.owner = [None if o == 1 else o for o in lobby.owner]        # unit 1 left the lobby
    seat = lobby.join("c")
    assert lobby.owner[seat] == 1 and lobby.waiting_for() == 1


def test_launch_needs_two_armies_and_add_bot_fills_a_seat():
    lobby = skirmish_lobby(FakeClock(), seats=("human", "human"))
    assert "two armies" in lobby.launch()
    assert lobby.add_bot("hard") == "" and lobby.seats == ["human", "bot:hard"]
    assert lobby.add_bot() == "every seat is taken"
    assert lobby.launch() == "" and lobby.launched


def test_start_names_the_unit_and_refuses_broken_marks():
    assert split_unit(b"\x08skirmish") == (None, b"\x08skirmish")        # a two-unit START: unchanged
    assert split_unit(with_unit(3, b"\x01x")) == (3, b"\x01x")
    assert split_unit(with_unit(SPECTATOR, b"")) == (SPECTATOR, b"")
    # a unit that comes in mid-battle: 0xF1 and the moves it is sent before its seats are its own
    assert split_unit(with_unit(2, b"\x01x", catch_up=300)) == (2, b"\xf1\x01\x2c\x01x")
    assert split_catch_up(b"\xf1\x01\x2c\x01x") == (300, b"\x01x")
    assert split_catch_up(b"\x01x") == (0, b"\x01x")
    for bad in (b"\xf1", b"\xf1\x00", b"\xf1\x00\x00", b"\xf1\x10\x01"):
        with pytest.raises(ValueError):
            split_catch_up(bad)
    with pytest.raises(ValueError):
        with_unit(1, b"", catch_up=4097)
    for bad in (bytes([UNIT_MARK]), bytes([UNIT_MARK, 0]), bytes([UNIT_MARK, 4]), bytes([UNIT_MARK, 200])):
        with pytest.raises(ValueError):
            split_unit(bad)
    with pytest.raises(ValueError):
        with_unit(0, b"")


def test_a_skirmish_setup_carries_four_units():
    from game.modes.link_hook import link_hook
    from game.modes.registry import get_mode
    from game.modes.skirmish.link import decode_setup
    lobby = skirmish_lobby(FakeClock())
    play, rs = lobby.spec.lobby_play()
    from game.link.modes import split_setup
    _, setup = split_setup(lobby.spec.options)
    out = play.with_owners(rs, setup, [0, 3, 1, 2], ctrls=["human", "human", "bot:hard", "human"],
                           names=["Ann", "Bo", "", "Cy" * 20])
    _, _, seats = decode_setup(rs, out)
    assert [s.owner for s in seats] == [0, 3, 1, 2]
    assert [s.participant.name for s in seats][:2] == ["Ann", "Bo"] and len(seats[3].participant.name) == 16
    assert link_hook(get_mode("skirmish")) is not None
    bad = bytearray(out)
    bad[7] = 4 << 4                                                   # owner 4: no such unit
    with pytest.raises(ValueError):
        decode_setup(rs, bytes(bad))
