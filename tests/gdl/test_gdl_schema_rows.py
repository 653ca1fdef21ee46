"""The text tables the GDL schema areas are written in (game/rules/gdl/schema_types.py)."""

import pytest

from game.rules.gdl.schema_types import DISPLAY, PLAY, SYNTH, Global, Prop, Table, global_rows, prop_rows, table_rows


def test_rows_read_literals_dice_and_continued_meanings():
    props = prop_rows("t.PROPS", """
subtype | t | sym  | "cell" | play    | cell, border,
                                        connection or coating
wrecked | u | type | None   | display | what it becomes
""")
    assert props == (Prop("subtype", "t", "sym", "cell", PLAY, "cell, border, connection or coating"),
                     Prop("wrecked", "u", "type", None, DISPLAY, "what it becomes"))
    tables = table_rows("t.TABLES", """
damage      | uu | -1 (dice) | play      | hp a hit takes
road-chance | uu | 0         | synthesis | % chance of a road | kept as part of the meaning
""")
    assert tables == (Table("damage", "uu", True, -1, PLAY, "hp a hit takes"),
                      Table("road-chance", "uu", False, 0, SYNTH, "% chance of a road | kept as part of the meaning"))
    assert global_rows("t.GLOBALS", '\ngrid-color | "" | display | colour\n') == (Global("grid-color", "", DISPLAY, "colour"),)


def _refused(make, text: str) -> str:
    with pytest.raises(ValueError, match="^t, line") as err:
        make("t", text)
    return str(err.value)


@pytest.mark.parametrize(("text", "problem"), [
    ("a | u | int | 0 | play\n", "t, line 1 of the table: 6 columns split by '|' wanted"),
    ("a | u | int |  | play | doc\n", "6 columns split by '|' wanted"),
    ("a | x | int | 0 | play | doc\n", "property 'a': 'of' 'x' is not one of u, t, m"),
    ("a | u | float | 0 | play | doc\n", "property 'a': kind 'float' is not one of"),
    ("\n\na | u | int | zero | play | doc\n", "t, line 3 of the table: default 'zero' is not a Python literal"),
    ("a | u | int | 0 | played | doc\n", "status 'played' is not one of play, display, ignored, synthesis"),
    ("  stray continuation\n", "a continuation line before any row"),
])
def test_a_malformed_property_row_names_the_table_the_line_and_the_problem(text, problem):
    assert problem in _refused(prop_rows, text)


def test_malformed_table_and_global_rows_name_the_problem():
    assert "table 'a': index 'uz' is not two of u, t, m" in _refused(table_rows, "a | uz | 0 | play | doc\n")
    assert "index 'uuu' is not two of u, t, m" in _refused(table_rows, "a | uuu | 0 | play | doc\n")
    assert "table 'a': default '\"0\"' is not a whole number" in _refused(table_rows, 'a | uu | "0" | play | doc\n')
    assert "default '1 (die)' is not a Python literal" in _refused(table_rows, "a | uu | 1 (die) | play | doc\n")
    assert "4 columns split by '|' wanted" in _refused(global_rows, "a | 0 | doc\n")
