"""The duel's turn code on the cable (`turn_code`): a golden turn worked out by hand, every legal
turn round-trips, and any byte string is either exactly a legal turn's code or a clean error
naming the frame."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.modes.base import ActionError
from game.modes.duel.actions import DRINK_CODE, Action, cast, drink, end_turn, step
from game.modes.duel.game import DuelGame
from game.modes.duel.options import DuelOptions
from game.modes.duel.state import MAX_STEPS
from game.modes.duel.turn_code import MAX_TURN_BYTES, decode, encode, legal_finals, legal_steps

N, E, S, W, NE, SE, SW, NW = range(8)


def golden_game() -> DuelGame:
    return DuelGame.new(6, DuelOptions(level_size=13))


def test_golden_turn_worked_out_by_hand():
    g = golden_game()
    st0 = g.state
    # the position: wizard 2 to move, spells dealt, two potions in the inventory, none underfoot
    assert st0.current == 1 and len(st0.dealt) == 3 and len(st0.wizards[1].inventory) == 2
    assert st0.wizards[1].pos not in st0.ground
    assert legal_steps(g) == [step(d) for d in (N, E, S, W, NE, NW)]               # 6 open: radix 7
    turn = (step(N), step(NW), drink(1))
    trial = DuelGame(st0.clone())
    trial.apply(step(N))
    assert legal_steps(trial) == [step(d) for d in range(8)]                        # 8 open: radix 9
    trial.apply(step(NW))
    assert legal_steps(trial) == [step(d) for d in range(8)]                        # stop digit: radix 9
    assert legal_finals(trial) == [cast(0), cast(1), cast(2), end_turn(), drink(0), drink(1)]
    # digits, least significant first: N = 1 of 7, NW = 8 of 9, stop = 0 of 9, drink 2 = 5 of 6
    value = 1 + 7 * (8 + 9 * (0 + 9 * 5))
    assert value == 2892 == 0x0B4C
    assert encode(st0, turn) == b"\x4c\x0b"
    assert decode(st0, b"\x4c\x0b") == turn
    # no steps: stop = 0 of 7, then the final action; "cast spell 1" is the number 0: no bytes
    assert encode(st0, (cast(0),)) == b""
    assert encode(st0, (end_turn(),)) == bytes([3 * 7])
    assert decode(st0, b"") == (cast(0),)
    assert g.state is st0 and g.state.steps == 0                                    # nothing changed


def test_the_legal_choices_are_the_rules_legal_actions():
    for seed in range(6):
        g = DuelGame.new(seed, DuelOptions(level_size=15))
        for _ in range(40):
            if g.is_over():
                break
            assert sorted(legal_steps(g) + legal_finals(g)) == sorted(g.legal_actions())
            options = g.legal_actions()
            g.apply(options[(seed * 7 + g.turn * 3 + g.state.steps) % len(options)])


def test_bad_frames_are_refused_with_the_frame_named():
    st0 = golden_game().state
    cases = {
        b"\x01\x02\x03\x04": "at most 3",
        b"\x05\x00": "zero byte",
        b"\xff\xff\xff": "does not name a legal turn",
    }
    for data, words in cases.items():
        with pytest.raises(ActionError, match=f"duel turn frame: .*{words}"):
            decode(st0, data)
    for bad in ("ab", None, [1]):
        with pytest.raises(ActionError, match="duel turn frame"):
            decode(st0, bad)
    over = golden_game()
    over.end_as_draw("turn limit")
    with pytest.raises(ActionError, match="over"):
        decode(over.state, b"")
    rock = next(d for d in range(8) if step(d) not in legal_steps(golden_game()))      # SE or SW
    for turn in ((), (step(N),), (end_turn(), end_turn()), (step(N), end_turn(), step(S)),
                 (step(rock), end_turn()), (Action(DRINK_CODE + 5),), "x", None):
        with pytest.raises(ActionError, match="duel turn frame: "):
            encode(st0, turn)
    with pytest.raises(ActionError, match="not legal at step 6"):
        encode(st0, (step(N), step(S)) * 3 + (end_turn(),))            # back and forth: 6 steps


@st.composite
def positions(draw):
    """A duel some random legal turns in: (state, a random legal turn from it)."""
    size = draw(st.sampled_from((13, 17, 25)))
    g = DuelGame.new(draw(st.integers(0, 2**32 - 1)), DuelOptions(level_size=size,
                                                                   potions=draw(st.booleans())))
    for _ in range(draw(st.integers(0, 12))):
        if g.is_over():
            break
        options = g.legal_actions()
        g.apply(options[draw(st.integers(0, len(options) - 1))])
    if g.is_over():
        return g.state, None
    trial = DuelGame(g.state.clone())
    turn = []
    while True:
        options = trial.legal_actions()
        a = options[draw(st.integers(0, len(options) - 1))]
        trial.apply(a)
        turn.append(a)
        if not a.is_step:
            return g.state, tuple(turn)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_legal_turn_round_trips(pos):
    state, turn = pos
    if turn is None:
        return
    before = DuelGame(state).state_hash()
    data = encode(state, turn)
    assert len(data) <= MAX_TURN_BYTES
    assert decode(state, data) == turn
    assert DuelGame(state).state_hash() == before


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.binary(max_size=5))
def test_any_bytes_are_a_legal_turn_exactly_or_a_clean_error(pos, data):
    state, _ = pos
    before = DuelGame(state).state_hash()
    try:
        turn = decode(state, data)
    except ActionError as exc:
        assert str(exc).startswith("duel turn frame:")
    else:
        assert encode(state, turn) == data                  # a bijection: one code per legal turn
        assert len(turn) <= MAX_STEPS + 1 and not turn[-1].is_step
        trial = DuelGame(state.clone())
        for a in turn:
            trial.apply(a)                                  # legal all the way
    assert DuelGame(state).state_hash() == before
