"""Map images (issue 9 item 14): BMP maps, elevation_image next to its TOML, default_tile for
unknown palette indices, tile ids 253-255 (WoS reserves only 0 and 249-252)."""

import shutil
from pathlib import Path

import pytest
from PIL import Image

from game.rules.skirmish.loader import load_ruleset

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "mini"


@pytest.fixture
def mini_rs(tmp_path):
    dst = tmp_path / "mini"
    shutil.copytree(MINI, dst)
    return dst


def save_indexed(path: Path, side: int, pixels: list[int], palette: list[int] | None = None) -> None:
    im = Image.new("P", (side, side), 0)
    im.putpalette(palette or [0] * 768)
    im.putdata(pixels)
    im.save(path)  # format from the suffix: .bmp is an 8-bit palette BMP


def ids(rs, gmap):
    return [rs.tiles[t].id for t in gmap.tiles]


def test_a_bmp_map_alone_is_a_map(mini_rs):
    save_indexed(mini_rs / "maps" / "plain.bmp", 3, [249, 1, 2, 3, 0, 1, 1, 2, 250])
    rs, problems = load_ruleset(mini_rs)
    assert not problems, [str(p) for p in problems]
    m = rs.map("plain")
    assert ids(rs, m) == ["grass", "grass", "mud", "water", "void", "grass", "grass", "mud", "grass"]
    assert m.starts == {"red": 0, "green": 8}


def test_a_toml_map_with_tile_and_elevation_images(mini_rs):
    # the WoS elevation image: palette indices whose colour's RED component is the height 0-255
    palette = [0] * 768
    palette[3 * 7] = 255        # index 7: red 255 -> height 9
    palette[3 * 8] = 128        # index 8: red 128 -> height 5
    save_indexed(mini_rs / "maps" / "arena_tiles.bmp", 3, [249, 1, 1, 1, 1, 1, 1, 1, 250])
    save_indexed(mini_rs / "maps" / "arena_height.png", 3, [0, 7, 8, 0, 0, 0, 0, 0, 7], palette)
    (mini_rs / "maps" / "arena.toml").write_text(
        '[map]\nname = "Arena"\nimage = "arena_tiles.bmp"\nelevation_image = "arena_height.png"\n')
    rs, problems = load_ruleset(mini_rs)
    assert not problems, [str(p) for p in problems]     # the elevation image is no map of its own
    assert sorted(m.id for m in rs.maps) == ["arena", "duel", "ring"]   # nor the tile image
    assert rs.map("arena").elevation == (0, 9, 5, 0, 0, 0, 0, 0, 9)


def test_elevation_image_problems_name_the_toml_and_key(mini_rs):
    save_indexed(mini_rs / "maps" / "t.png", 3, [249, 1, 1, 1, 1, 1, 1, 1, 250])
    save_indexed(mini_rs / "maps" / "h.png", 4, [0] * 16)
    cases = {
        "h.png": "mini/maps/a.toml: map.elevation_image: h.png is 4x4, expected 3x3",
        "nope.png": "mini/maps/a.toml: map.elevation_image: nope.png does not exist",
        "../h.png": "mini/maps/a.toml: map.elevation_image: '../h.png' is not a file name in this maps folder",
        "sub/h.png": "mini/maps/a.toml: map.elevation_image: 'sub/h.png' is not a file name",
    }
    for name, needle in cases.items():
        (mini_rs / "maps" / "a.toml").write_text(f'[map]\nname = "A"\nimage = "t.png"\nelevation_image = "{name}"\n')
        rs, problems = load_ruleset(mini_rs)
        text = "\n".join(map(str, problems))
        assert needle in text, (name, text)
        assert "a" not in [m.id for m in rs.maps]


def test_unknown_palette_indices_are_the_default_tile(mini_rs):
    # rules.default_tile is documented as the tile of unknown cells of imported maps
    save_indexed(mini_rs / "maps" / "odd.png", 2, [249, 99, 200, 250])
    rs, problems = load_ruleset(mini_rs)
    assert not problems, [str(p) for p in problems]
    assert ids(rs, rs.map("odd")) == ["grass", "grass", "grass", "grass"]


@pytest.mark.parametrize("tid", [253, 254, 255])
def test_tile_ids_253_to_255_are_tiles(mini_rs, tid):
    tiles = mini_rs / "tiles.toml"
    tiles.write_text(tiles.read_text().replace("[tiles.mud]\nid = 2\n", f"[tiles.mud]\nid = {tid}\n"))
    save_indexed(mini_rs / "maps" / "hi.bmp", 2, [249, tid, tid, 250])
    rs, problems = load_ruleset(mini_rs)
    assert not problems, [str(p) for p in problems]
    assert ids(rs, rs.map("hi")) == ["grass", "mud", "mud", "grass"]


@pytest.mark.parametrize("tid", [0, 249, 252, 256])
def test_reserved_and_out_of_range_tile_ids_are_refused(mini_rs, tid):
    tiles = mini_rs / "tiles.toml"
    tiles.write_text(tiles.read_text().replace("[tiles.mud]\nid = 2\n", f"[tiles.mud]\nid = {tid}\n"))
    rs, problems = load_ruleset(mini_rs)
    assert any("tiles.mud.id" in str(p) for p in problems), [str(p) for p in problems]
