"""Loading modules: types, add, tables with defaults and lists, areas, units, warnings with file:line."""

import pytest

from game.rules.gdl.loader import load_module
from game.rules.gdl.reader import Dice, GdlError

BASE = """
(game-module "base" (title "Base") (variants ("Extra" extra true (true (table damage (u* u* 9))))))
(unit-type soldier (char "s") (hp-max 3))
(unit-type |big truck| (name "truck") (capacity 2))
(unit-type rock)
(terrain-type plain (char "."))
(terrain-type wood (char "%"))
(define movers (soldier |big truck|))
"""

MAIN = """
(game-module "main" (title "Main") (base-module "base")
  (variants (see-all true) ("Sharp" sharp true (true (add soldier hp-max 4)))))
(add movers acp-per-turn (2 3))
(add u* point-value (1 1 0))
(table hit-chance (u* u* 0) (soldier u* (50 60 70)) ((soldier truck) rock (5 6)))
(table damage (soldier soldier 1d4+1))
(table mp-to-enter-terrain (u* wood 2))
(table mp-to-enter-terrain add (rock t* 99))
(table defend-terrain-effect (soldier (plain wood) (10 20 30)))
(area 4 3)
(area (terrain (by-name "x" plain "y" wood) "4x" "2x2y" "y3x"))
(side 1 (name "Red"))
(side 2 (name "Blue"))
(soldier 1 1 1 (n "Al"))
(truck (@ 2 1) (s 2) (n "Bus"))
(soldier 2 1 2 (in "Bus"))
(unit rock (@ 0 2))
"""


def write(tmp_path, main=MAIN, base=BASE):
    (tmp_path / "base.g").write_text(base)
    p = tmp_path / "main.g"
    p.write_text(main)
    return p


def test_types_add_define_and_name_aliases(tmp_path):
    m = load_module(write(tmp_path))
    assert m.name == "main" and m.title == "Main" and m.files == ["main.g", "base.g"]
    assert m.utypes == ["soldier", "big truck", "rock"]
    assert m.uprops["acp-per-turn"] == [2, 3, 0]
    assert m.uprops["point-value"] == [1, 1, 0]
    assert m.uprops["hp-max"] == [4, 1, 1]          # main module's custom variant default applied
    assert m.uprops["capacity"] == [0, 2, 0]


def test_base_module_variants_are_not_applied(tmp_path):
    m = load_module(write(tmp_path))
    assert m.tables["damage"][1][1] == 0            # base's "Extra" variant would set 9
    assert m.tables["damage"][0][0] == Dice(1, 4, 1)


def test_tables_defaults_lists_wildcards_and_add(tmp_path):
    m = load_module(write(tmp_path))
    assert m.tables["hit-chance"][0] == [50, 60, 5]   # row list, then the later clause overrides
    assert m.tables["hit-chance"][1][2] == 6
    assert m.tables["counterattack"][0][0] == 100     # Xconq default
    assert m.tables["mp-to-enter-terrain"][0] == [1, 2]
    assert m.tables["mp-to-enter-terrain"][2] == [99, 99]   # `add` kept the earlier clause too
    assert m.tables["mp-to-enter-terrain"][1] == [1, 2]


def test_length_mismatch_is_a_warning_with_file_and_line(tmp_path):
    m = load_module(write(tmp_path))
    msgs = [str(w) for w in m.warnings]
    assert any(s.startswith("main.g:10:") and "3 values for 2 types" in s for s in msgs), msgs


def test_area_rows_count_before_character_first_row_on_top(tmp_path):
    m = load_module(write(tmp_path))
    assert (m.width, m.height) == (4, 3)
    top = m.terrain[2 * 4:3 * 4]
    assert top == [0, 0, 0, 0]
    assert m.terrain[1 * 4:2 * 4] == [0, 0, 1, 1]
    assert m.terrain[0:4] == [1, 0, 0, 0]


def test_units_sides_and_transport_resolved_after_reading(tmp_path):
    m = load_module(write(tmp_path))
    assert m.sides[1]["name"] == "Red"
    al, bus, inside, rock = m.units
    assert (al.x, al.y, al.side, al.name) == (1, 1, 1, "Al")
    assert (bus.type, bus.side) == (1, 2)
    assert inside.transport == 1
    assert (rock.x, rock.y, rock.side) == (0, 2, 0)


def test_unknown_things_warn_never_crash(tmp_path):
    text = MAIN + """
(table no-such-table (u* u* 1))
(add soldier no-such-prop 3)
(set no-such-global 1)
(frobnicate 1 2)
(table hit-chance (soldier nobody 5))
(add soldier hp-max "x")
(unit "Nobody" (hp 2))
(area 2)
(scorekeeper (when (at-midnight)) (do last-side-wins))
"""
    m = load_module(write(tmp_path, main=text))
    msgs = " | ".join(str(w) for w in m.warnings)
    for needle in ("table 'no-such-table' is not implemented", "'no-such-prop' of unit types is not implemented",
                   "global 'no-such-global'", "form 'frobnicate'", "'nobody' is not a unit type",
                   "expected a number", "no unit named 'Nobody'", "area 2x2 is outside",
                   "when 'at-midnight' is not implemented"):
        assert needle in msgs
    assert all(w.file == "main.g" and w.line >= 19 for w in m.warnings if "no-such" in w.message)


def test_missing_base_and_bad_names_warn(tmp_path):
    p = tmp_path / "solo.g"
    p.write_text('(game-module "solo" (base-module "absent")) (include "../etc")')
    m = load_module(p)
    msgs = [w.message for w in m.warnings]
    assert any("'absent' not found" in s for s in msgs) and any("not a plain name" in s for s in msgs)


def test_unreadable_files_raise_gdl_error(tmp_path):
    with pytest.raises(GdlError, match="no such module"):
        load_module(tmp_path / "nothing.g")
    b = tmp_path / "bin.g"
    b.write_bytes(b"(a \0 b)")
    with pytest.raises(GdlError, match="binary"):
        load_module(b)


def test_include_cycles_and_self_base_terminate(tmp_path):
    (tmp_path / "a.g").write_text('(game-module "a" (base-module "b")) (include "a")')
    (tmp_path / "b.g").write_text('(game-module "b" (base-module "a"))')
    m = load_module(tmp_path / "a.g")
    assert m.files == ["a.g", "b.g"]


@pytest.mark.parametrize("text", [
    "(unit-type)", "(terrain-type 3)", "(add)", "(table)", "(table damage (a))", "(area 0 0)",
    "(area 100000 100000)", "(side 99)", "(area 2)", "(unit)", "(define)", "(set)", "(game-module 3 4)", "7 \"s\"",
    "(area 2 2 (terrain \"2a\" \"zz\" \"99999999a\"))", "(area (terrain \"a\"))", "((a) b)",
])
def test_malformed_forms_warn(tmp_path, text):
    p = tmp_path / "bad.g"
    p.write_text('(unit-type u) (terrain-type t)\n' + text)
    m = load_module(p)
    assert m.warnings and all(w.line >= 1 for w in m.warnings)
