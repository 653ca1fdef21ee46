"""The plan's number-pad keys."""

from game.modes.duel.actions import cast, drink, drink_ground, end_turn, pick_up, step
from game.modes.duel.keys import BINDINGS, KeypadReader


def test_numpad_keys_as_in_the_plan():
    assert BINDINGS["/"] == cast(0) and BINDINGS["*"] == cast(1) and BINDINGS["-"] == cast(2)
    assert BINDINGS["5"] == drink_ground() and BINDINGS["0"] == pick_up()
    assert BINDINGS["."] == end_turn() == BINDINGS["Delete"]
    # 8 N, 6 E, 2 S, 4 W, 9 NE, 3 SE, 1 SW, 7 NW
    assert [BINDINGS[k] for k in "86249317"] == [step(d) for d in range(8)]


def test_plus_then_digit_drinks_from_the_inventory():
    r = KeypadReader()
    assert r.feed("+") is None and r.feed("3") == drink(2)
    assert r.feed("+") is None and r.feed("x") is None and r.feed("3") == step(5)
    assert r.feed("Enter") == "chat"
    assert r.feed("F1") is None
