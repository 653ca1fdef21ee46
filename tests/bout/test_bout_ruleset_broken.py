"""Broken bout rulesets: every problem names file and key; the loader never raises."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.bout.loader import load_bout_ruleset
from tests.bout.conftest import TINY
from tests.folder_edit import copy_folder, edit, line_with
from tests.loaded import clean


@pytest.fixture
def tiny_copy(tmp_path):
    return copy_folder(TINY, tmp_path / "tiny")


def line_of(folder, name, old) -> int:
    return line_with((folder / name).read_text(), old)


@pytest.mark.parametrize("name, old, new, needle", [
    ("weapons.toml", "reach = 3", "reach = 9", "weapons.sword.reach: 9 is out of range"),
    ("weapons.toml", "atn_swing = 6", 'atn_swing = "six"', "weapons.sword.atn_swing: got a string"),
    ("weapons.toml", "swing_dr = 1", "swing_drr = 1", "weapons.sword.swing_drr: unknown key (did you mean 'swing_dr'?)"),
    ("maneuvers.toml", 'effect = "parry"', 'effect = "pary"', "maneuvers.parry.effect: 'pary' is not allowed (did you mean 'parry'?)"),
    ("maneuvers.toml", 'effect = "parry"', 'effect = "strike"', "maneuvers.parry.effect: 'strike' does not fit kind 'defence'"),
    ("maneuvers.toml", 'root = "flee"', 'root = "unarmed"', "maneuvers.flee.root: 'unarmed' is not a root for a defence"),
    ("maneuvers.toml", 'parent = "closing_void"', 'parent = "closing_viod"', "maneuvers.duck_weave.parent: 'closing_viod' is not a defence maneuver (did you mean 'closing_void'?)"),
    ("maneuvers.toml", 'hand = "none"\ndoc = "a kick', 'hand = "feet"\ndoc = "a kick', "maneuvers.kick.hand: 'feet' is not allowed"),
    ("body.toml", '"torso", "torso", "torso", "torso", "torso", "torso"]', '"torso"]', "zones.high.locations: 1 entries, expected 6"),
    ("body.toml", '"leg", "leg", "leg", "leg", "leg", "leg"]', '"leg", "leg", "leg", "leg", "leg", "leggg"]',
     "zones.low.locations: 'leggg' is not defined"),
    ("wounds.toml", "shock = [2, 4, 6, 8, 10]", "shock = [2, 4, 6, 8]",
     "wounds.cut_torso.shock: 4 entries, expected a list of 5 integers"),
    ("wounds.toml", "bl = [0, 1, 2, 3, 4]", "bl = [0, 1, 2, 3, -4]", "wounds.cut_torso.bl: entry 5 is -4"),
    ("wounds.toml", 'effect = ["", "", "", "kd", "death"]', 'effect = ["", "", "", "kd", "dead"]',
     "wounds.cut_torso.effect: entry 5 is 'dead' (did you mean 'death'?)"),
    ("wounds.toml", 'location = "torso"', 'location = "leg"',
     "wounds.cut_leg: same type and location as wounds.cut_torso"),
    ("fighters.toml", 'shield = "medium"', 'shield = "huge"', "fighters.c.shield: 'huge' is not defined"),
    ("fighters.toml", 'offhand = "knife"', 'offhand = "sword"', "fighters.f.offhand: 'sword' is not an off-hand weapon id"),
    ("fighters.toml", 'missile = "bow"', 'missile = "knife"', "fighters.g.missile: 'knife' is not a missile weapon id"),
    ("fighters.toml", 'weapon = "knife"\nmissile', 'weapon = "bow"\nmissile', "fighters.g.weapon: 'bow' is a missile weapon"),
    ("weapons.toml", "range = 12", "range = 0", "weapons.bow.range: a missile weapon needs range"),
    ("bout.toml", "[rules]", "[rulez]", "rulez: unknown table (did you mean 'rules'?)"),
    ("bout.toml", "min_foes = 3", "min_foes = 1", "footing.three.min_foes: 1 is out of range"),
])
def test_broken_files_name_file_line_and_key(tiny_copy, name, old, new, needle):
    """Every problem reads `file:line: key: what is wrong, what is allowed`; the line is the one
    the broken key is written on."""
    line = line_of(tiny_copy, name, "[wounds.cut_leg]" if "cut_leg:" in needle else old)
    edit(tiny_copy, name, old, new)
    rules, problems = load_bout_ruleset(tiny_copy)
    assert rules is None
    text = "\n".join(str(p) for p in problems)
    assert f"tiny/{name}:{line}: {needle}" in text, text


def test_a_toml_syntax_error_names_its_line(tiny_copy):
    line = line_of(tiny_copy, "bout.toml", 'name = "tiny"')
    edit(tiny_copy, "bout.toml", 'name = "tiny"', 'name = "tiny')
    rules, problems = load_bout_ruleset(tiny_copy)
    assert rules is None
    assert "tiny/bout.toml: TOML syntax error" in str(problems[0]) and f"(line {line})" in str(problems[0])


def test_missing_wound_row_is_named(tiny_copy):
    text = (tiny_copy / "wounds.toml").read_text()
    cut = text.index("[wounds.bludgeon_leg]")
    (tiny_copy / "wounds.toml").write_text(text[:cut])
    rules, problems = load_bout_ruleset(tiny_copy)
    assert rules is None
    assert "no row for type 'bludgeon' at location 'leg'" in "\n".join(map(str, problems))


def test_missing_file_and_not_a_folder(tiny_copy, tmp_path):
    (tiny_copy / "body.toml").unlink()
    rules, problems = load_bout_ruleset(tiny_copy)
    assert rules is None and any("tiny/body.toml: file is missing" == str(p) for p in problems)
    rules, problems = load_bout_ruleset(tmp_path / "nowhere")
    assert rules is None and "not a folder" in str(problems[0])


def test_oversized_and_binary_files(tiny_copy):
    (tiny_copy / "weapons.toml").write_bytes(b"\xff\xfe" * 10)
    (tiny_copy / "wounds.toml").write_bytes(b"#" * (3 * 1024 * 1024))
    rules, problems = load_bout_ruleset(tiny_copy)
    text = "\n".join(map(str, problems))
    assert rules is None and "tiny/weapons.toml: not UTF-8" in text and "tiny/wounds.toml: file is" in text


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(["bout.toml", "weapons.toml", "maneuvers.toml", "body.toml", "wounds.toml"]),
       cut=st.integers(0, 4000), junk=st.text(max_size=30))
def test_fuzzed_files_never_crash(tmp_path_factory, name, cut, junk):
    dst = copy_folder(TINY, tmp_path_factory.mktemp("fz") / "tiny")
    text = (dst / name).read_text()
    (dst / name).write_text(text[:cut] + junk + text[cut + len(junk):])
    rules, problems = load_bout_ruleset(dst)
    assert rules is not None or problems
    for p in problems:
        assert str(p).startswith("tiny/") or str(p).startswith(str(dst))


def test_shipped_ruleset_loads_and_every_entry_names_a_source():
    rules = clean(load_bout_ruleset())
    for table in ("weapons", "shields", "armours", "maneuvers", "zones", "wounds_rows", "fighters", "stances",
                  "surprise", "footing"):
        rows = [v for v in rules.wounds.values()] if table == "wounds_rows" else [e.v for e in getattr(rules, table)]
        for v in rows:
            assert v["source"], (table, v)
    from game.rules.bout.schema import ATTACK_EFFECTS, DEFENCE_EFFECTS
    effects = {m.effect for m in rules.maneuvers}
    assert set(ATTACK_EFFECTS) | set(DEFENCE_EFFECTS) <= effects        # every rule is used
    assert len(rules.maneuvers) == 42 and len(rules.zones) == 14
