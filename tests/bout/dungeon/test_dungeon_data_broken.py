"""Broken dungeon folders: every problem names file:line and key; the loader never raises."""

import pytest

from game.core.toml_lines import key_lines, line_of
from game.rules.bout.dungeon_loader import SHIPPED, load_dungeon
from tests.folder_edit import copy_folder, edit, line_with


@pytest.fixture
def folder(tmp_path):
    return copy_folder(SHIPPED, tmp_path / "mine")


@pytest.mark.parametrize("name, old, new, key, at", [
    ("dungeon.toml", "levels = 4", "levels = 40", "dungeon.levels: 40 is out of range", ""),
    ("dungeon.toml", "fov_radius = 8", 'fov_radius = "far"', "dungeon.fov_radius: got a string", ""),
    ("dungeon.toml", "room_max = 9", "room_max = 2", "dungeon.room_min: 4 is more than room_max = 2", "room_min = 4"),
    ("dungeon.toml", "first_aid_in_view = false", "first_aid_in_veiw = false",
     "care.first_aid_in_veiw: unknown key (did you mean 'first_aid_in_view'?)", ""),
    ("foes.toml", 'faction = "outlaws"', 'faction = "outlaw"', "foes.footpad.faction: 'outlaw' is not defined", ""),
    ("foes.toml", 'weapon = "light_mace"', 'weapon = "mace"', "foes.brigand.weapon: 'mace' is not a weapon", ""),
    ("foes.toml", "pack_max = 2", "pack_max = 0", "foes.footpad.pack_max: 0 is out of range", ""),
    ("foes.toml", "max_depth = 3", "max_depth = 0", "foes.footpad.max_depth: 0 is out of range", ""),
    ("items.toml", 'ref = "mail"', 'ref = "chain"', "items.mail.ref: 'chain' is not a armour", ""),
    ("items.toml", 'kind = "painkiller"', 'kind = "potion"', "items.poppy.kind: 'potion' is not allowed", ""),
    ("party.toml", '"painkiller"]', '"painkillers"]', "hero.items: entry 3 'painkillers' is not in [items]", ""),
    ("party.toml", 'armour = "leather"', 'armour = "robe"', "hero.armour: 'robe' is not a armour", ""),
])
def test_broken_entries_name_file_line_and_key(rules, folder, name, old, new, key, at):
    """`at`: the text on the line the message must name (default: the edited line)."""
    text = edit(folder, name, old, new)
    data, problems = load_dungeon(rules, folder)
    assert data is None
    msgs = [str(p) for p in problems]
    hit = [m for m in msgs if key in m]
    assert hit, msgs
    want = f"mine/{name}:{line_with(text, at or old)}: "
    assert hit[0].startswith(want), (hit[0], want)


def test_syntax_errors_and_missing_files(rules, folder):
    edit(folder, "items.toml", '[items.bandage]\nname = "Bandage"', '[items.bandage]\nname = "Bandage')
    (folder / "party.toml").unlink()
    data, problems = load_dungeon(rules, folder)
    msgs = [str(p) for p in problems]
    assert data is None
    assert any(m.startswith("mine/items.toml:5: TOML syntax error") for m in msgs), msgs
    assert "mine/party.toml: file is missing" in msgs
    data, problems = load_dungeon(rules, folder / "nowhere")
    assert data is None and "not a folder" in str(problems[0])


def test_an_unknown_table_is_named_with_its_line(rules, folder):
    p = folder / "foes.toml"
    p.write_text(p.read_text() + "\n[monsters.orc]\nname = \"Orc\"\n")
    data, problems = load_dungeon(rules, folder)
    n = p.read_text().count("\n") - 1
    assert data is None and any(str(x).startswith(f"mine/foes.toml:{n}: monsters: unknown table") for x in problems)


def test_a_huge_or_deeply_nested_file_is_refused(rules, folder):
    (folder / "items.toml").write_text("a = " + "[" * 5000 + "]" * 5000)
    data, problems = load_dungeon(rules, folder)
    assert data is None and any("mine/items.toml" in str(p) and "nested" in str(p) for p in problems)
    (folder / "items.toml").write_bytes(b"#" * (3 << 20))
    data, problems = load_dungeon(rules, folder)
    assert data is None and any("bytes" in str(p) for p in problems)


def test_key_lines_follow_tables_dotted_keys_and_multiline_values():
    text = '\n'.join([
        "# comment",                  # 1
        "[a]",                        # 2
        "x = 1",                      # 3
        'y = """',                    # 4
        "z = 2",                      # 5 (inside the string)
        '"""',                        # 6
        "list = [",                   # 7
        "  1, 2,",                    # 8
        "]",                          # 9
        "[b.c]",                      # 10
        "d.e = 3",                    # 11
        '"q k" = 4',                  # 12
    ])
    lines = key_lines(text)
    assert lines["a"] == 2 and lines["a.x"] == 3 and lines["a.y"] == 4 and "a.z" not in lines
    assert lines["a.list"] == 7 and lines["b.c"] == 10 and lines["b.c.d.e"] == 11 and lines["b.c.q k"] == 12
    assert line_of(lines, "b.c.missing") == 10 and line_of(lines, "nowhere") is None
