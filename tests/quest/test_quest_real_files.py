"""Issue 21, items 10 and 14-19: the level files players really have (written here from the
formats' descriptions; no other game's levels are shipped) and the ones an attacker drops in.
Work is counted (grids built, problems kept) and memory measured with tracemalloc against caps;
nothing is timed."""

import tracemalloc

import pytest
from hostile_files import box_collection, box_level, random_records, sp_record, sp_tiles

from game.core.grid import Grid
from game.modes.quest import dropin as D
from game.modes.quest import tiles as T
from game.modes.quest.catalog import load_level
from game.modes.quest.game import QuestGame
from game.modes.quest.importers.base import MAX_ERRORS
from game.modes.quest.importers.hsb import convert_moves, read_hsb
from game.modes.quest.importers.supaplex import read_levels_dat
from game.modes.quest.importers.xsb import read_collection
from game.modes.quest.solution import parse_solution, play_solution

MB = 1 << 20


@pytest.fixture(autouse=True)
def _empty_cache():
    D._CACHE.clear()
    yield
    D._CACHE.clear()


def measured(fn):
    """(result, peak bytes, grids built) of fn()."""
    built = []
    real = Grid.__init__

    def counting(self, *a, **kw):
        built.append(a[0])
        real(self, *a, **kw)
    Grid.__init__ = counting
    tracemalloc.start()
    try:
        out = fn()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        Grid.__init__ = real
    return out, peak, built


# --- item 10: bounded listings ----------------------------------------------------------------
def test_a_levels_dat_of_random_records_costs_a_few_messages(tmp_path):
    """1.5 MB of random records: 1.2 million error strings and 637 MB before; now at most
    MAX_ERRORS messages and one line counting the rest, in a few MB."""
    folder = tmp_path / "import"
    folder.mkdir()
    (folder / "LEVELS.DAT").write_bytes(random_records(1000))
    listing, peak, grids = measured(lambda: D.list_dropins([folder]))
    f = listing.files[0]
    assert f.levels == () and len(f.errors) == MAX_ERRORS + 1
    assert f.errors[0].startswith("LEVELS.DAT: level 1: unknown tile ") and "more (tiles are 0-40)" in f.errors[0]
    assert f.errors[-1].startswith("LEVELS.DAT: ") and "more problems not listed (the first 50 are)" in f.errors[-1]
    assert peak < 16 * MB, peak
    assert grids == []


def test_a_collection_of_950_levels_of_64x64_boxes_stays_small(tmp_path):
    """The 3.9 MB .xsb peaked at 1.35 GB (a grid per level, all kept). The list now checks each
    level on plain arrays and builds no grid at all; playing one builds one."""
    folder = tmp_path / "import"
    folder.mkdir()
    text = box_collection()
    (folder / "boxes.xsb").write_text(text)
    listing, peak, grids = measured(lambda: D.list_dropins([folder]))
    f = listing.files[0]
    assert f.errors == () and len(f.levels) == text.count("#@") > 900
    assert grids == []
    assert peak < 64 * MB, peak
    lv, _, _ = load_level(f.levels[-1].ref)
    assert lv.grid.cols == 64 and sum(1 for o in lv.obj if o == T.VICTORY_OBJ) == box_level().count("$")


def test_imported_levels_of_one_size_share_one_grid():
    got, probs = read_collection((box_level(20) + "\n") * 5, "five.xsb")
    assert probs == [] and len(got) == 5
    (levels, _, grids) = measured(lambda: [g.level for g in got])
    assert len(grids) <= 1 and len({id(lv.grid) for lv in levels}) == 1


def test_a_listing_stops_reading_at_its_level_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(D, "MAX_LEVELS", 3)
    folder = tmp_path / "import"
    folder.mkdir()
    for name in ("a.xsb", "b.xsb", "c.xsb"):
        (folder / name).write_text("#####\n#@$.#\n#####\n\n" * 2)
    files = {f.label: f for f in D.list_dropins([folder]).files}
    assert len(files["a.xsb"].levels) == len(files["b.xsb"].levels) == 2
    assert files["c.xsb"].errors == ("c.xsb: the list already holds 4 levels, at most 3; not read",)


def test_problems_of_one_file_are_capped():
    text = "#####\n#@$. \n#####\n\n" * 400                # 400 open levels
    got, probs = read_collection(text, "open.xsb")
    assert got == [] and len(probs) == MAX_ERRORS + 1
    assert str(probs[-1]) == f"open.xsb: {400 - MAX_ERRORS} more problems not listed (the first {MAX_ERRORS} are)"


def test_a_background_scan_lists_the_same_as_a_direct_one(tmp_path):
    folder = tmp_path / "import"
    folder.mkdir()
    (folder / "boxes.xsb").write_text(box_collection(300_000))
    (folder / "LEVELS.DAT").write_bytes(random_records(20))
    plan = D.plan_dropins([folder])
    assert plan.pending_bytes() > 300_000 and len(plan.jobs) == 2
    scan = D.Scan(plan)
    listing = scan.wait(60)
    assert scan.over and (scan.done, scan.total) == (2, 2)
    D._CACHE.clear()
    assert listing == D.list_dropins([folder])


# --- item 14: Hexoban spaces are floor ------------------------------------------------------------
ISSUE_HSB = """  # # # # #
 # @   $ . #
  # # # # #
"""


def test_the_issues_hexoban_reproduction_loads_and_plays():
    got, probs = read_hsb(ISSUE_HSB, "three.hsb")
    assert probs == [] and len(got) == 1
    g = QuestGame(got[0].level)
    for d, _push in convert_moves("rR"):           # east, then push the box east onto the goal
        g.apply([0, g.g.dir_names.index(d)])
    assert (g.status, g.moves, g.pushes) == ("won", 2, 1)


SKINNER_STYLE = """Title: Spaces
Author: test fixture

    # # # #
   #       #
  #   $ .   #
 # @   $ .   #
  #         #
   # # # # #

Title: Dashes
    # # # #
   # - - - #
  # - $ . - #
 # @ - $ . - #
  # - - - - #
   # # # # #
"""


def test_hexoban_levels_with_floor_written_as_spaces_or_dashes_are_the_same():
    got, probs = read_hsb(SKINNER_STYLE, "set.hsb")
    assert probs == [] and [g.title for g in got] == ["Spaces", "Dashes"]
    a, b = (g.level for g in got)
    assert a.obj == b.obj and a.prop == b.prop and a.start == b.start
    # by hand: walls 4 + 2 + 2 + 2 + 2 + 5 = 17 (rows top to bottom), floor, boxes and goals
    # inside 3 + 4 + 5 + 4 = 16; everything else is void
    inside = sum(1 for c in a.grid.cells if a.obj[c] != T.VOID)
    assert inside == 33 and sum(1 for o in a.obj if o == T.ROCK) == 17


def test_a_hexoban_box_outside_the_walls_is_refused_a_sealed_one_kept():
    good = "  # # # #\n # @ $ . #\n  # # # #\n"
    outside = "  # # # #   $ .\n # @ $ . #\n  # # # #\n"
    got, probs = read_hsb(good + "\n" + outside, "o.hsb")
    assert [g.number for g in got] == [1]
    assert [str(p) for p in probs] == ["o.hsb: 5: level 2 has a box the player cannot reach (outside the walls)"]
    sealed = "  # # # # # #\n # @ $ . # * #\n  # # # # # #\n"
    got, probs = read_hsb(sealed, "s.hsb")
    assert probs == [] and len(got) == 1
    g = QuestGame(got[0].level)
    g.apply([0, g.g.dir_names.index("S")])
    assert g.status == "won"


# --- item 15: the Supaplex quota and what electrons yield ------------------------------------------
def test_the_levels_quota_is_kept_when_electrons_can_make_up_the_infotrons():
    """A level asking for 12 infotrons with 3 on the map and one electron (up to 9 more): the
    quota stays 12 (it used to become 3, a walk to the exit)."""
    tiles = sp_tiles({(2, 2): 3, (4, 2): 4, (5, 2): 4, (6, 2): 4, (20, 10): 24, (30, 2): 7})
    levels, errs, warns = read_levels_dat(sp_record(bytes(tiles), needed=12), "L.DAT")
    assert errs == [] and warns == [] and levels[0].warnings == []
    lv = levels[0].level
    assert lv.quota == 12 and QuestGame(lv).quota == 12
    # more than the map and every electron could give: lowered to that, and said
    levels, _, _ = read_levels_dat(sp_record(bytes(tiles), needed=13), "L.DAT")
    assert levels[0].level.quota == 12
    assert levels[0].warnings == ["byte 1470 asks for 13 infotrons but the map has 3 and its 1 electrons can give "
                                  "at most 9 more; the quota becomes 12"]


def test_a_quota_of_zero_means_every_infotron_on_the_map():
    tiles = sp_tiles({(2, 2): 3, (4, 2): 4, (5, 2): 4, (20, 10): 24, (30, 2): 7})
    lv = read_levels_dat(sp_record(bytes(tiles), needed=0), "L.DAT")[0][0].level
    assert lv.quota == 0 and QuestGame(lv).quota == 2


def test_infotrons_from_an_electron_open_the_exit():
    """Murphy (2,2) needs 4: one on the map, the rest from the electron a zonk crushes."""
    walls = {(9, 3): 6, (11, 3): 6, (9, 4): 6, (11, 4): 6, (10, 5): 6}
    tiles = sp_tiles({(2, 2): 3, (3, 2): 4, (6, 2): 7, (10, 2): 1, (10, 4): 24, **walls})
    g = QuestGame(read_levels_dat(sp_record(bytes(tiles), needed=4), "L.DAT")[0][0].level)
    g.apply([0, 1])                                 # eat the infotron at (3,2)
    for _ in range(2):
        g.apply([2])                                # the zonk falls onto the electron: infotrons
    assert [g.obj[g.g.cell_at(10, y)] for y in (3, 4)] == [T.GEM, T.GEM]
    assert g.gems == 1 and g.quota == 4


# --- item 16: decorative sealed boxes ---------------------------------------------------------------
def test_a_sealed_box_on_a_goal_outside_the_walls_loads():
    got, probs = read_collection("#######\n#@$.#*#\n#######\n", "sealed.xsb")
    assert probs == [] and len(got) == 1
    lv = got[0].level
    sealed = lv.grid.cell_at(5, 1)
    assert (lv.obj[sealed], lv.prop[sealed]) == (T.VICTORY_OBJ, T.P_VICTORY)
    g = QuestGame(lv)
    g.apply([0, 1])
    assert g.status == "won"


def test_a_lone_box_or_goal_out_of_reach_is_still_refused():
    got, probs = read_collection("########\n#@$.#$.#\n########\n", "x.xsb")
    assert got == [] and "level 1 has a box at 6,2 that the player cannot reach (outside the walls)" in str(probs[0])


# --- item 17: the SOK letters ------------------------------------------------------------------------
def test_sok_board_letters():
    text = "Title: sok\n#######\n#p b.B#\n#######\n\n#####\n#Pb-#\n#-b.#\n#####\n"
    got, probs = read_collection(text, "letters.sok")
    assert probs == [] and [g.title for g in got] == ["sok", "Level 2"]
    g = QuestGame(got[0].level)
    play_solution(g, parse_solution("rR", g.g.dir_names))
    assert g.status == "won"
    second = got[1].level
    assert second.prop[second.start] == T.P_VICTORY


# --- item 18: Supaplex community sets ------------------------------------------------------------------
def test_tile_40_is_an_invisible_wall_drawn_as_a_wall():
    tiles = sp_tiles({(2, 2): 3, (3, 2): 40, (5, 5): 7})
    got = read_levels_dat(sp_record(bytes(tiles)), "L.DAT")[0][0]
    assert got.warnings == ["1 x invisible wall (tile 40): drawn as a wall here"]
    g = QuestGame(got.level)
    assert g.obj[g.g.cell_at(3, 2)] == T.ROCK and g.problem([0, 1]) is not None


def test_a_second_murphy_is_left_empty_and_the_first_plays():
    tiles = sp_tiles({(5, 3): 3, (2, 8): 3, (9, 9): 3, (20, 20): 7})
    got = read_levels_dat(sp_record(bytes(tiles)), "L.DAT")[0][0]
    lv = got.level
    assert lv.grid.coords(lv.start) == (5, 3)
    assert lv.obj[lv.grid.cell_at(2, 8)] == T.NONE and lv.obj[lv.grid.cell_at(9, 9)] == T.NONE
    assert got.warnings == ["2 more Murphy tiles left empty (the first, at 6,4, is the player): at 3,9 10,10"]


def test_trailing_bytes_after_whole_records_are_ignored_each_level_read_by_offset():
    one = sp_record(bytes(sp_tiles({(2, 2): 3, (5, 5): 7})), title="first")
    two = sp_record(bytes(sp_tiles({(3, 3): 3, (6, 6): 7})), title="second")
    levels, errs, warns = read_levels_dat(one + two + b"\x99" * 100, "L.DAT")
    assert errs == [] and [lv.title for lv in levels] == ["FIRST", "SECOND"]
    assert [str(w) for w in warns] == ["L.DAT: the last 100 bytes are not a whole 1536-byte record; "
                                       "ignored (levels are read by offset)"]


def test_hundreds_of_enemies_load_and_a_turn_costs_a_look_at_each_ones_neighbours(monkeypatch):
    """The 100-enemy cap refused real levels. Wall followers only look at their neighbours, so
    a turn's work grows with the enemies, not with their square."""
    inner = {(x, y): 17 if (x + y) % 2 else 24 for y in range(6, 22) for x in range(2, 58) if (x + y) % 3 == 0}
    tiles = sp_tiles({**inner, (2, 2): 3, (30, 2): 7})
    got = read_levels_dat(sp_record(bytes(tiles)), "L.DAT")[0][0]
    lv = got.level
    assert len(lv.npcs) > 250
    from game.modes.quest import npcs as N
    g = QuestGame(lv)
    looked = []
    monkeypatch.setattr(N, "_foes", lambda game, npc: looked.append(1) or [])
    g.apply([2])
    assert looked == []                    # nobody scanned every creature
    assert g.status == "play"


# --- item 19: titles, numbers, noise ---------------------------------------------------------------------
TITLES_BEFORE = """Title: One
#####
#@$.#
#####

Title: Two
######
#@$ .#
######

Title: Three
######
#@ $.#
######
"""


def test_titles_written_before_the_board_name_their_own_level():
    got, probs = read_collection(TITLES_BEFORE, "before.xsb")
    assert probs == [] and [(g.number, g.title) for g in got] == [(1, "One"), (2, "Two"), (3, "Three")]
    after = "#####\n#@$.#\n#####\nTitle: One\n\n######\n#@$ .#\n######\nTitle: Two\n"
    assert [g.title for g in read_collection(after, "after.xsb")[0]] == ["One", "Two"]
    packed = "Title: One\n#####\n#@$.#\n#####\nTitle: Two\n#####\n#.$@#\n#####\n"
    assert [g.title for g in read_collection(packed, "packed.xsb")[0]] == ["One", "Two"]
    got, _ = read_hsb("Title: A\n" + ISSUE_HSB + "\nTitle: B\n" + ISSUE_HSB, "t.hsb")
    assert [g.title for g in got] == ["A", "B"]


def test_level_numbers_count_every_level_of_the_file():
    text = "".join("#####\n#@$. \n#####\n\n" if k % 3 == 0 else "#####\n#@$.#\n#####\n\n" for k in range(9))
    got, probs = read_collection(text, "mixed.xsb")
    assert [g.number for g in got] == [2, 3, 5, 6, 8, 9]
    assert [str(p).split(": ")[2].split(" is ")[0] for p in probs] == ["level 1", "level 4", "level 7"]


def test_noise_warnings_are_gone():
    tiles = bytes(sp_tiles({(2, 2): 3, (5, 5): 7}))
    for rec in (sp_record(tiles, speedfix=0x54, demo=b"\x01\x22\x33\x44"), sp_record(tiles, freeze=1),
                sp_record(tiles, freeze=0xFF)):
        levels, errs, warns = read_levels_dat(rec, "L.DAT")
        assert errs == [] and warns == [] and levels[0].warnings == []
        assert not levels[0].level.freeze_zonks
    assert read_levels_dat(sp_record(tiles, freeze=2), "L.DAT")[0][0].level.freeze_zonks


def test_field_by_field_records_agree_with_the_importers_own_encoder():
    from game.modes.quest.importers.supaplex import encode_record
    tiles = bytes(sp_tiles({(2, 2): 3, (3, 2): 13, (5, 5): 7}))
    kw = {"title": "agree", "gravity": 1, "freeze": 2, "needed": 0, "ports": [(3, 2, 1, 2, 1)]}
    assert sp_record(tiles, **kw) == encode_record(tiles, **kw)
