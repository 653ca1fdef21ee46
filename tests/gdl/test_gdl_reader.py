"""The GDL reader: numbers, dice, comments, symbols, quotes, and broken text."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.gdl.reader import MAX_DEPTH, Dice, GdlError, Sym, parse_atom, read_forms


def test_numbers_with_decimal_point_are_hundredths_and_percent_is_dropped():
    assert parse_atom("99.00") == 9900
    assert parse_atom("1.50") == 150
    assert parse_atom("1.5") == 150
    assert parse_atom("65.2%") == 6520
    assert parse_atom("10.00") == 1000
    assert parse_atom("-5") == -5
    assert parse_atom("50%") == 50


def test_dice():
    assert parse_atom("3d6-2") == Dice(3, 6, -2)
    assert parse_atom("1d4") == Dice(1, 4, 0)
    assert parse_atom("2d6+1") == Dice(2, 6, 1)
    d = Dice(2, 6, 1)
    assert (d.lo(), d.hi(), d.mean100()) == (3, 13, 800)


def test_symbols_strings_comments_and_quote():
    forms = read_forms('(a #| x #| nested |# y |# |fire department| "s\\"q" ; tail\n \'(b c) `d nil)')
    assert forms == [["a", "fire department", 's"q', ["quote", ["b", "c"]], ["quote", "d"], "nil"]]
    assert isinstance(forms[0][1], Sym) and not isinstance(forms[0][2], Sym)


def test_lists_remember_their_line():
    forms = read_forms("\n\n(a\n (b))\n(c)")
    assert [f.line for f in forms] == [3, 5]
    assert forms[0][1].line == 4


@pytest.mark.parametrize("text,msg", [
    ("(a (b)", "never closed"),
    ("a) (b)", "unmatched"),
    ('(a "open', "string never closed"),
    ("#| open", "never closed"),
    ("(a |sym", "never closed"),
    ("(a ')", "quote"),
])
def test_broken_text_warns_with_a_line_and_reads_on(text, msg):
    warnings = []
    read_forms(text, "x.g", lambda line, m: warnings.append((line, m)))
    assert any(msg in m and line >= 1 for line, m in warnings), warnings


def test_limits_raise_gdl_error():
    with pytest.raises(GdlError, match="deeper"):
        read_forms("(" * (MAX_DEPTH + 1))
    with pytest.raises(GdlError, match="larger"):
        read_forms(" " * (3 * 1024 * 1024))


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet='()"|;#\' abc12.%d\n\\-', max_size=80))
def test_any_text_reads_or_raises_gdl_error(text):
    try:
        read_forms(text, "fuzz.g", lambda *_: None)
    except GdlError:
        pass
