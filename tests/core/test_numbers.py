"""Issue 21 item 9: absurd numbers in data files — a 5000-digit integer, `0x` and 5000 hex digits
(parses, then cannot be printed), nan (passes every range check), inf, a float written with a
90-digit exponent — give `file:line: key: problem`, never a traceback. One helper
(`game.core.numbers`) serves the TOML reader (`game.core.datafile`), the JSON reader
(`game.core.replayfile.loads_bounded`) and the field checks (`game.core.fields`)."""

from __future__ import annotations

import math

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import numbers
from game.core.datafile import DataFileError, loads_toml
from game.core.fields import Field, ProblemList, check_value
from game.core.replayfile import ReplayError, loads_bounded

BIG = "9" * 5000
HEX = "0x" + "f" * 5000


@pytest.mark.parametrize("text,line,key", [
    (f"volume = {BIG}\n", 1, "volume"),
    (f"# c\n[audio]\nvolume = {HEX}\n", 3, "audio.volume"),
    (f"a = 1\nb = [\n  1,\n  -{BIG},\n]\n", 4, "b"),
    (f"t = {{ x = 1, y = {BIG} }}\n", 1, "y"),
    (f"f = 1e{'9' * 90}\n", 1, "f"),
    (f"[[pieces]]\nhp = 0b{'1' * 70}\n", 2, "pieces.hp"),
])
def test_a_long_number_in_toml_names_the_line_and_the_key(text, line, key):
    with pytest.raises(DataFileError) as err:
        loads_toml(text, "rules/pieces.toml")
    e = err.value
    assert e.line == line and str(e).startswith(f"rules/pieces.toml:{line}: {key}: a number of ")
    assert "at most 64 allowed" in str(e)


def test_long_digit_runs_in_strings_comments_keys_and_dates_are_fine():
    doc = loads_toml(f's = "{BIG}"\n# {BIG}\n"{BIG[:100]}" = 1\nd = 1979-05-27T07:32:00.999999-07:00\n'
                     f"t = 1979-05-27 07:32:00\nm = '''\n{BIG}\n'''\n", "f.toml")
    assert doc["s"] == BIG and doc[BIG[:100]] == 1 and doc["m"].strip() == BIG


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.dictionaries(st.text("abcxyz_", min_size=1, max_size=8),
                       st.one_of(st.integers(min_value=-(1 << 64) + 1, max_value=(1 << 64) - 1),
                                 st.floats(allow_nan=False, allow_infinity=False),
                                 st.lists(st.integers(min_value=-(10 ** 19), max_value=10 ** 19), max_size=4)),
                       max_size=6))
def test_every_ordinary_number_still_reads(doc):
    assert loads_toml(tomli_w.dumps(doc), "f.toml") == doc


def test_number_problem_and_shown():
    assert numbers.number_problem(10 ** 19) is None and numbers.number_problem(True) is None
    assert "digits" in numbers.number_problem(int(HEX, 16))
    assert "not a finite number" in numbers.number_problem(math.nan)
    assert "not a finite number" in numbers.number_problem(-math.inf)
    huge = int(HEX, 16)
    assert numbers.shown(huge) == f"an integer of {numbers.digits(huge)} digits"
    assert numbers.digits(huge) in (6020, 6021)                     # 16^5000 = 10^6020.6
    assert numbers.shown("x" * 1000).endswith("…") and len(numbers.shown("x" * 1000)) == 60
    assert numbers.first_bad_number({"a": [1, {"b": math.nan}], "c": 2}) == ("a[1].b", "nan is not a finite number")
    assert numbers.first_bad_number({"a": [1, 2.5, "x"]}) is None


@pytest.mark.parametrize("value,what", [
    (int(HEX, 16), "digits"), (-(10 ** 30), "digits"), (math.nan, "not a finite number"), (math.inf, "finite"),
], ids=["hex-giant", "minus-1e30", "nan", "inf"])
def test_field_checks_refuse_absurd_numbers_whatever_their_range(value, what):
    for f in (Field("hp", "int", 1, min=1), Field("hp", "number", 1.0), Field("hp", "int", 1, min=1, max=999)):
        problems = ProblemList()
        if isinstance(value, float) and f.kind == "int":
            assert check_value(f, value, "pieces.toml", "pieces.a.hp", problems) is None
            continue
        assert check_value(f, value, "pieces.toml", "pieces.a.hp", problems) is None
        assert what in str(problems[0]) and str(problems[0]).startswith("pieces.toml: pieces.a.hp: ")
    problems = ProblemList()
    assert check_value(Field("hps", "ints", []), [1, value], "f", "k", problems) is None and problems


@pytest.mark.parametrize("text,what", [
    ('{"seed": ' + BIG + "}", "digits"), ('{"x": NaN}', "not a number JSON allows"),
    ('{"x": -Infinity}', "not a number JSON allows"), ('{"x": 1e999}', "beyond the range"),
    ('{"x": ' + "1" * 70 + "}", "at most 64"),
])
def test_the_json_reader_refuses_absurd_numbers(text, what):
    with pytest.raises(ReplayError, match=what):
        loads_bounded(text, "replays/a.replay")
    assert loads_bounded('{"seed": 18446744073709551615, "x": 1.5e300}', "r") == {"seed": (1 << 64) - 1,
                                                                                   "x": 1.5e300}
