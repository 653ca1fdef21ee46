"""Supaplex objects in the native level text: glyphs, freeze_zonks, special ports, NPC blasts;
round trip through dump_level and broken input with file: line: problem."""

import pytest

from game.modes.quest import tiles as T
from game.modes.quest.importers.supaplex import encode_record, read_levels_dat
from game.modes.quest.textformat import dump_level, parse_level

TEXT = """title: disks
grid: square
gravity: S
player_gravity: no
freeze_zonks: yes
map:
#########
#@OYTRB-#
#--o-i-E#
#########
end
port 8,2: E
special 8,2: gravity=on freeze_zonks=off freeze_enemies=on
npc 2,3: name=Electron hp=1 model=wall_right blast=gems
"""


def test_glyphs_and_supaplex_keys_parse_and_round_trip():
    lv, probs = parse_level(TEXT, "d.quest")
    assert probs == [], [str(p) for p in probs]
    row = [lv.obj[lv.grid.cell_at(x, 1)] for x in range(2, 7)]
    assert row == [T.ORANGE_DISK, T.YELLOW_DISK, T.TERMINAL, T.RED_DISK, T.BUG]
    assert lv.freeze_zonks and lv.specials == {lv.grid.cell_at(7, 1): [1, 0, 1]} and lv.npcs[0].blast == "gems"
    text = dump_level(lv)
    assert "freeze_zonks: yes" in text and "special 8,2: gravity=on freeze_zonks=off freeze_enemies=on" in text
    again, probs = parse_level(text, "again")
    assert probs == [] and again.content_hash() == lv.content_hash()


def test_imported_supaplex_objects_survive_the_text_round_trip():
    tiles = bytearray(60 * 24)
    for x in range(60):
        tiles[x] = tiles[23 * 60 + x] = 6
    for y in range(24):
        tiles[y * 60] = tiles[y * 60 + 59] = 6
    for x, t in ((2, 3), (3, 8), (4, 18), (5, 19), (6, 20), (7, 25), (8, 13), (10, 7), (12, 24)):
        tiles[2 * 60 + x] = t
    lv = read_levels_dat(encode_record(bytes(tiles), freeze=2, ports=[(8, 2, 1, 0, 1)]), "L.DAT")[0][0].level
    again, probs = parse_level(dump_level(lv), "dump", name=lv.name)
    assert probs == [], [str(p) for p in probs]
    assert again.content_hash() == lv.content_hash()


@pytest.mark.parametrize("extra,msg", [
    ("special 8,2: gravity=on freeze_zonks=off\n", "d.quest: 15: special port: missing freeze_enemies"),
    ("special 8,2: gravity=up freeze_zonks=off freeze_enemies=on\n", "d.quest: 15: special port switch 'gravity=up'"),
    ("special 3,3: gravity=on freeze_zonks=off freeze_enemies=on\n", "special port at 3,3 is not on a port"),
    ("npc 4,3: name=X blast=big\n", "d.quest: 15: npc blast 'big' (allowed: plain, gems)"),
])
def test_broken_supaplex_text(extra, msg):
    lv, probs = parse_level(TEXT + extra, "d.quest")
    assert lv is None and any(msg in str(p) for p in probs), [str(p) for p in probs]


def test_freeze_zonks_must_be_yes_or_no():
    lv, probs = parse_level(TEXT.replace("freeze_zonks: yes", "freeze_zonks: maybe"), "d.quest")
    assert lv is None and str(probs[0]) == "d.quest: 5: freeze_zonks: 'maybe' (allowed: yes, no)"
