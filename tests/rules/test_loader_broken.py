"""A corpus of broken rulesets: each gives a clear `file: key: problem` line, nothing raises."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.skirmish.loader import load_ruleset
from tests.folder_edit import edit

CASES = [
    ("ruleset.toml", "[rules]", "[rules", "mini/ruleset.toml: TOML syntax error"),
    ("pieces.toml", "hp = 12", 'hp = "ten"', "mini/pieces.toml: pieces.brute.hp: got a string 'ten', expected an integer from 1 to 999"),
    ("pieces.toml", "hp = 12", "hp = 1.5", "pieces.brute.hp: got a number with a fraction 1.5"),
    ("pieces.toml", "hp = 12", "hpp = 12", "pieces.brute.hpp: unknown key (did you mean 'hp'?)"),
    ("pieces.toml", 'weapon = "club"', 'weapon = "axe"', "pieces.brute.weapon: 'axe' is not defined"),
    ("pieces.toml", "str = 4\n", "", "pieces.brute.str: missing, expected an integer from 0 to 99"),
    ("pieces.toml", "rng_max = 2", "rng_max = 0", "pieces.pike.rng_min: 1 is above rng_max = 0"),
    ("pieces.toml", "[pieces.brute]", "[pieces.Brute]", "pieces.Brute: not a valid id"),
    ("weapons.toml", 'class = "rock"', 'class = "stone"', "mini/weapons.toml: weapons.club.class: 'stone' is not defined"),
    ("weapons.toml", "damage = 3", "damage = -3", "weapons.club.damage: -3 is out of range, expected an integer from 0 to 99"),
    ("tiles.toml", "id = 1\n", "id = 249\n", "tiles.grass.id: 249 is reserved (0 = void, 249-252 = starts), expected 1-248 or 253-255"),
    ("tiles.toml", "id = 2\n", "id = 1\n", "tiles.mud.id: 1 is already used by tiles.grass"),
    ("tiles.toml", 'glyph = "m"', 'glyph = "."', "tiles.mud.glyph: '.' is already used by tiles.grass"),
    ("tiles.toml", 'colour = "#00aa00"', 'colour = "green"', "tiles.grass.colour: 'green' is not a colour"),
    ("tiles.toml", 'movement = "EA"', 'movement = "EX"', "tiles.grass.movement: 'EX' has unknown letters X"),
    ("ruleset.toml", "[rules]", "[rules]\narmy_limit = 12", "rules.army_limit: 12 is out of range, expected an integer from 1 to 9"),
    ("ruleset.toml", "[rules]", "[rulez]", "mini/ruleset.toml: rulez: unknown table (did you mean 'rules'?)"),
    ("ruleset.toml", '"pike"', '"lancer"', "army.default: 'lancer' is not defined"),
    ("ruleset.toml", 'default_tile = "grass"', 'default_tile = "lava"', "rules.default_tile: 'lava' is not defined"),
]


@pytest.mark.parametrize("name,old,new,needle", CASES)
def test_broken_ruleset_files(mini_copy, name, old, new, needle):
    edit(mini_copy, name, old, new)
    rs, problems = load_ruleset(mini_copy)
    text = "\n".join(str(p) for p in problems)
    assert needle in text
    assert rs is None


def test_missing_and_binary_files(mini_copy):
    (mini_copy / "pieces.toml").unlink()
    (mini_copy / "tiles.toml").write_bytes(b"\xff\xfe[tiles]")
    rs, problems = load_ruleset(mini_copy)
    text = "\n".join(map(str, problems))
    assert rs is None
    assert "mini/pieces.toml: file is missing" in text
    assert "mini/tiles.toml: not UTF-8 text (byte 0)" in text


def test_not_a_folder(tmp_path):
    rs, problems = load_ruleset(tmp_path / "nothing")
    assert rs is None and "not a folder" in str(problems[0])


END = ".........\n'''"   # the end of the map text: a [legend] goes after it
MAP_CASES = [
    ("R.m~^.#.G", "R.Z~^.#.G", "mini/maps/duel.toml: map.tiles line 1 column 3: 'Z' is not in the legend"),
    ("R.m~^.#.G", "R.m~^.#..", "map.tiles: 1 start cell(s), expected at least 2"),
    ('name = "Duel Strip"', 'name = "Duel Strip"\ngrid = "triangle"', "map.grid: 'triangle' is not allowed"),
    ('name = "Duel Strip"', 'name = "Duel Strip"\nelevation = "0!"', "map.elevation line 1 column 2: '!' is not a height"),
    (END, END + '\n[legend]\n"R" = { tile = "wall", start = "red" }',
     "start red: start cell is on impassable tile wall"),
    (END, END + '\n[legend]\n"x" = "lava"', "legend.'x': 'lava' is not a tile"),
    (END, END + '\n[legend]\n"xy" = "grass"', "legend.'xy': key must be exactly one character"),
    ('name = "Duel Strip"', 'name = "Duel Strip"\ngrid = "hexagon"\nrings = 2', "does not fit a 2-ring hexagon"),
    ("R.m~^.#.G", "R.m~^.#GG", "second start for green"),
]


@pytest.mark.parametrize("old,new,needle", MAP_CASES)
def test_broken_maps_are_skipped_with_a_clear_problem(mini_copy, old, new, needle):
    edit(mini_copy, "maps/duel.toml", old, new)
    rs, problems = load_ruleset(mini_copy)
    text = "\n".join(map(str, problems))
    assert needle in text
    assert rs is not None and [m.id for m in rs.maps] == ["ring"]   # the good map still plays


def _png(path, size, pixels, mode="P"):
    from PIL import Image
    im = Image.new(mode, size, 0)
    if mode == "P":
        im.putpalette([0] * 768)
    im.putdata(pixels)
    im.save(path)


IMAGE_CASES = [
    ((3, 2), [1, 1, 1, 249, 1, 250], "P", "image is 3x2, expected a square image"),
    ((2, 2), [(0, 0, 0)] * 4, "RGB", "image mode RGB, expected an indexed-colour"),
    ((2, 2), [249, 249, 1, 250], "P", "second start pixel for red"),
]


@pytest.mark.parametrize("size,pixels,mode,needle", IMAGE_CASES)
def test_broken_map_images(mini_copy, size, pixels, mode, needle):
    _png(mini_copy / "maps" / "img.png", size, pixels, mode)
    rs, problems = load_ruleset(mini_copy)
    assert needle in "\n".join(map(str, problems))
    assert rs is not None and "img" not in [m.id for m in rs.maps]


def test_garbage_image_and_good_image(mini_copy):
    (mini_copy / "maps" / "junk.png").write_bytes(b"\x89PNG\r\n\x1a\nthis is not a png")
    _png(mini_copy / "maps" / "good.png", (3, 3), [249, 1, 1, 2, 0, 3, 1, 1, 250])
    rs, problems = load_ruleset(mini_copy)
    assert "mini/maps/junk.png: not a readable image" in "\n".join(map(str, problems))
    good = rs.map("good")
    g = good.grid
    assert good.starts == {"red": g.cell_at(0, 0), "green": g.cell_at(2, 2)}
    assert [rs.tiles[t].id for t in good.tiles] == ["grass", "grass", "grass", "mud", "void", "water", "grass", "grass", "grass"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["ruleset.toml", "pieces.toml", "tiles.toml", "weapons.toml", "maps/duel.toml"]),
       st.binary(max_size=300) | st.text(max_size=300))
def test_fuzzed_files_never_crash_the_loader(mini_copy, name, content):
    p = mini_copy / name
    original = p.read_bytes()
    try:
        p.write_bytes(content if isinstance(content, bytes) else content.encode())
        rs, problems = load_ruleset(mini_copy)
        assert rs is not None or problems
        for prob in problems:
            assert str(prob).startswith("mini/")
    finally:
        p.write_bytes(original)
