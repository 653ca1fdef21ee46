"""Maps that validate but cannot be played (issue 9 item 12): caught by validate, refused cleanly."""

import io
import shutil

import pytest

from game.cli import main as cli_main
from game.modes.base import ActionError
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import SLOTS, formation_targets, parse_seats
from game.rules.skirmish.loader import load_ruleset
from game.rules.skirmish.playability import map_playability_problems, playability_problems
from tests.loaded import clean

TINY_HEX = '''[map]
name = "Tiny"
grid = "hex"
tiles = \'\'\'
R..
..G
\'\'\'
'''

# 5x6 = 30 hex cells: room for two armies of 9, but the corner start has only 7 cells within
# 2 steps (the formation used to index past the end of that list: IndexError)
CORNER_HEX = '''[map]
name = "Corner"
grid = "hex"
tiles = \'\'\'
R....
.....
.....
.....
.....
....G
\'\'\'
'''


@pytest.fixture
def rs_with(tmp_path):
    from game.rules.skirmish.catalog import find_ruleset
    default, _ = find_ruleset("default")

    def make(**maps):
        dst = tmp_path / "rs"
        if dst.exists():
            shutil.rmtree(dst)
        shutil.copytree(default.path, dst)
        for extra in (dst / "maps").iterdir():
            if extra.stem not in ("01_meadow",):
                extra.unlink()
        for mid, text in maps.items():
            (dst / "maps" / f"{mid}.toml").write_text(text)
        return clean(load_ruleset(dst))
    return make


def test_a_tiny_hex_map_is_reported_by_validate_and_refused_at_start(rs_with, capsys):
    rs = rs_with(tiny=TINY_HEX)
    tiny = rs.map("tiny")
    problems = playability_problems(rs)
    assert [p.file for p in problems] == ["rs/maps/tiny.toml"]
    assert "6 cell(s) where pieces can stand, 2 armies of up to 9 pieces need 18" in str(problems[0])
    assert cli_main(["validate", str(rs.path)]) == 1
    assert "rs/maps/tiny.toml: map.tiles: 6 cell(s)" in capsys.readouterr().out
    with pytest.raises(ActionError, match="6 cell"):
        SkirmishGame.new(rs, tiny, parse_seats("bot:hard,bot:hard"), 1, Options())
    assert cli_main(["simulate", "--ruleset", str(rs.path), "--map", "tiny", "--quiet"]) == 2
    assert "6 cell(s)" in capsys.readouterr().err
    # armies that do fit are fine: 2 x 3 pieces on 6 cells
    game = SkirmishGame.new(rs, tiny, parse_seats("bot:hard,bot:hard"), 1, Options(army_limit=3))
    assert len(game.pieces) == 6 and len(set(p.cell for p in game.pieces)) == 6


def test_a_start_in_a_hex_corner_places_every_piece_and_plays(rs_with):
    rs = rs_with(corner=CORNER_HEX)
    gmap = rs.map("corner")
    assert not map_playability_problems(rs, gmap)
    targets = formation_targets(gmap, gmap.starts["red"])
    assert len(targets) == SLOTS and targets.count(-1) == SLOTS - 7
    assert cli_main(["simulate", "--ruleset", str(rs.path), "--map", "corner", "--quiet", "--turn-limit", "6"]) == 0
    game = SkirmishGame.new(rs, gmap, parse_seats("bot:hard,bot:hard"), 3, Options())
    assert len(game.pieces) == 18 and len({p.cell for p in game.pieces}) == 18


def test_headless_skips_a_map_bots_cannot_start_on(rs_with):
    from game.cli.attract import run_headless
    from game.modes.skirmish.attract import attract_setup
    rs = rs_with(tiny=TINY_HEX.replace('name = "Tiny"', 'name = "Tiny"\norder = 0'))  # battle 1's map
    assert rs.maps[0].id == "tiny"
    assert attract_setup(rs, 1, 1)[0].id == "01_meadow"
    out = io.StringIO()
    assert run_headless(turns=2, ruleset=str(rs.path), out=out) == 0
    assert "== attract battle 1: Meadow" in out.getvalue()


def test_a_ruleset_whose_only_map_cannot_hold_the_armies(rs_with, capsys):
    from game.cli.attract import run_headless
    rs = rs_with(tiny=TINY_HEX)
    (rs.path / "maps" / "01_meadow.toml").unlink()
    assert run_headless(turns=2, ruleset=str(rs.path), out=io.StringIO()) == 2
    assert "no map a bot battle can start on" in capsys.readouterr().err
