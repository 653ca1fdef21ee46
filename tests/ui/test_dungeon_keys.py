"""The eight directions from a four-way d-pad (game/ui/modes/bout/dungeon/keys.py): a lone arrow
counts once its chord time is over, two arrows together are the diagonal between them, L/R held
with up/down the diagonal on that side, the number pad straight."""

from game.ui.modes.bout.dungeon.keys import CHORD, DpadReader
from hw.input.buttons import Button as B


def test_a_lone_arrow_counts_after_the_chord_time():
    r = DpadReader()
    assert r.press(B.UP, 1.0) is None
    assert r.poll(1.0 + CHORD / 2) is None
    assert r.poll(1.0 + CHORD) == 0 and r.poll(5.0) is None        # once


def test_two_arrows_together_are_their_diagonal():
    for a, b, d in ((B.UP, B.RIGHT, 1), (B.RIGHT, B.DOWN, 3), (B.DOWN, B.LEFT, 5), (B.LEFT, B.UP, 7),
                    (B.RIGHT, B.UP, 1), (B.UP, B.LEFT, 7)):
        r = DpadReader()
        assert r.press(a, 0.0) is None
        assert r.press(b, 0.03) == d, (a, b)
        assert r.poll(1.0) is None


def test_an_opposite_or_repeated_arrow_lets_the_first_one_go():
    r = DpadReader()
    r.press(B.UP, 0.0)
    assert r.press(B.DOWN, 0.02) == 0             # up counts alone, down now waits
    assert r.poll(0.02 + CHORD) == 4
    r.press(B.LEFT, 1.0)
    assert r.press(B.LEFT, 1.01) == 6 and r.poll(2.0) == 6


def test_shoulders_make_diagonals_and_the_numpad_is_direct():
    r = DpadReader()
    assert r.press(B.UP, 0.0, {B.L}) == 7 and r.press(B.UP, 0.0, {B.R}) == 1
    assert r.press(B.DOWN, 0.0, {B.L}) == 5 and r.press(B.DOWN, 0.0, {B.R}) == 3
    assert [r.press(k, 0.0) for k in (B.KP8, B.KP9, B.KP6, B.KP3, B.KP2, B.KP1, B.KP4, B.KP7, B.KP5)] == \
        [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert r.press(B.A, 0.0) is None and r.poll(9.0) is None
    r.press(B.RIGHT, 0.0)
    r.cancel()
    assert r.poll(9.0) is None
