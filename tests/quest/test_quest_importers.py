"""Importers: Sokoban XSB, Hexoban HSB, Supaplex LEVELS.DAT (synthetic records), with broken input."""

import re

import pytest
from quest_memory import traced_peak

from game.modes.quest import tiles as T
from game.modes.quest.events import Fell
from game.modes.quest.game import QuestGame
from game.modes.quest.importers.hsb import convert_moves, read_hsb
from game.modes.quest.importers.supaplex import encode_record, read_levels_dat
from game.modes.quest.importers.xsb import read_collection
from game.modes.quest.solution import SolutionError, parse_solution, play_solution

MICRO1 = """####
# .#
#  ###
#*@  #
#  $ #
#  ###
####
"""


def test_xsb_level_metadata_and_strict_lurd():
    text = "; a comment\nTitle: before\n" + MICRO1 + "Title: One\nAuthor: Me\nSolution: dlUrrrdLullddrUluRuulDrddrruLdlUU\n"
    got, probs = read_collection(text, "m.xsb")
    assert probs == [] and len(got) == 1
    im = got[0]
    assert (im.level.title, im.level.author, im.line) == ("One", "Me", 3)
    g = QuestGame(im.level)
    play_solution(g, parse_solution(im.solution, g.g.dir_names))
    assert (g.status, g.moves, g.pushes) == ("won", 33, 8)


def test_xsb_rle_rows_and_rle_solution():
    got, probs = read_collection("5#|#@$.#|5#\n", "r.xsb")
    assert probs == [] and got[0].level.grid.cols == 5
    g = QuestGame(got[0].level)
    play_solution(g, parse_solution("1R", g.g.dir_names))
    assert g.status == "won"
    g = QuestGame(read_collection("6#|#@$-.#|6#\n", "r.xsb")[0][0].level)
    play_solution(g, parse_solution("2R", g.g.dir_names))
    assert g.status == "won"


def test_xsb_collection_separated_by_blank_lines_and_comment_blocks():
    text = "5#|#@$.#|5#\n\nComment:\nanything # here\nComment-End\n5#|#.$@#|5#\nTitle: two\n"
    got, probs = read_collection(text, "c.xsb")
    assert probs == [] and [g.level.title for g in got] == ["Level 1", "two"]


@pytest.mark.parametrize("text,msg", [
    ("#####\n#@$. \n#####\n", "open"),
    ("#####\n#@$$.#\n######\n", "2 boxes and 1 goals"),
    ("######\n#@$.@#\n######\n", "2 players"),
    ("#####\n#-$.#\n#####\n", "0 players"),
    ("#####\n#@--#\n#####\n", "no boxes"),
    ("hello\nworld\n", "no Sokoban level found"),
    ("#" * 70 + "\n#@$.#\n", "at most 64x64"),
])
def test_xsb_broken_levels(text, msg):
    got, probs = read_collection(text, "bad.xsb")
    assert got == [] and any(msg in str(p) for p in probs), [str(p) for p in probs]
    assert str(probs[0]).startswith("bad.xsb: ")


@pytest.mark.parametrize("sol,msg", [
    ("ll", "a rock is in the way"),
    ("r", "is a push but is written in lower case"),
    ("L", "is written as a push (capital) but pushes nothing"),
    ("Rx", "unknown move"),
    ("0R", "run length 0"),
])
def test_lurd_checked_strictly(sol, msg):
    g = QuestGame(read_collection("7#|#-@$-.#|7#\n", "r.xsb")[0][0].level)
    with pytest.raises(SolutionError, match=re.escape(msg)):
        play_solution(g, parse_solution(sol, g.g.dir_names, "s.txt"), "s.txt")


def test_lurd_must_end_solved():
    g = QuestGame(read_collection("6#|#@$-.#|6#\n", "r.xsb")[0][0].level)
    play_solution(g, parse_solution("R", g.g.dir_names))
    assert g.status == "play"


def test_xsb_size_bound():
    got, probs = read_collection("#" * (4 * 1024 * 1024 + 1), "big.xsb")
    assert got == [] and "larger than" in str(probs[0])


# --- Hexoban --------------------------------------------------------------------------------
HSB = """  # # # #
 # @ $ . #
  # # # #
"""


def test_hexoban_rotated_and_moves_converted():
    got, probs = read_hsb(HSB, "h.hsb")
    assert probs == [] and len(got) == 1
    lv = got[0].level
    g = QuestGame(lv)
    # in Hexoban the box is east of the player: after the clockwise turn it is south
    assert convert_moves("R") == [("S", True)]
    assert convert_moves("lrunds") == [("N", False), ("S", False), ("NE", False), ("SE", False),
                                       ("SW", False), ("NW", False)]
    d = g.g.dir_names.index("S")
    assert g.obj[g.g.step[g.player["cell"]][d]] == T.VICTORY_OBJ
    g.apply([0, d])
    assert g.status == "won"


@pytest.mark.parametrize("text,msg", [
    ("  # # #\n # @$. #\n  # # #\n", "off the hex lattice"),
    (" # @ $ .\n  # # #\n", "open"),
    ("  # # # # #\n # @ $ $ . #\n  # # # # #\n", "2 boxes and 1 goals"),
    ("just text\n", "no Hexoban level found"),
])
def test_hexoban_broken(text, msg):
    got, probs = read_hsb(text, "h.hsb")
    assert got == [] and any(msg in str(p) for p in probs), [str(p) for p in probs]


def test_hexoban_bad_move_letter():
    with pytest.raises(ValueError, match="unknown Hexoban move"):
        convert_moves("lx")


# --- Supaplex -------------------------------------------------------------------------------
def sp_tiles(inner: dict[tuple[int, int], int]) -> bytes:
    t = bytearray(60 * 24)
    for x in range(60):
        t[x] = t[23 * 60 + x] = 6
    for y in range(24):
        t[y * 60] = t[y * 60 + 59] = 6
    for (x, y), v in inner.items():
        t[y * 60 + x] = v
    return bytes(t)


BASIC = {(2, 2): 3, (3, 2): 2, (4, 2): 4, (4, 3): 2, (5, 2): 7, (10, 2): 1}


def test_supaplex_record_fields_and_turn_based_play():
    rec = encode_record(sp_tiles(BASIC), title="my first", gravity=0, needed=1)
    levels, errs, warns = read_levels_dat(rec, "LEVELS.DAT")
    assert errs == [] and warns == [] and levels[0].warnings == []
    lv = levels[0].level
    assert (lv.title, lv.label, lv.quota, lv.gravity, lv.player_gravity) == ("MY FIRST", "turn-based adaptation", 1, 2, False)
    g = QuestGame(lv)
    for _ in range(3):
        g.apply([0, 1])            # dig the base, eat the infotron, enter the exit
    assert g.status == "won" and g.gems == 1
    # the zonk fell one cell per turn
    assert g.obj[lv.grid.cell_at(10, 5)] == T.BOULDER


def test_supaplex_objects_import_and_what_stays_unsupported_is_named():
    inner = dict(BASIC)
    inner.update({(7, 5): 8, (8, 5): 18, (9, 5): 19, (11, 5): 20, (12, 5): 25, (13, 5): 13, (16, 5): 14,
                  (14, 5): 24, (15, 5): 17, (20, 9): 5})
    rec = encode_record(sp_tiles(inner), freeze=2, ports=[(13, 5, 1, 2, 1)])
    levels, errs, file_warns = read_levels_dat(rec, "LEVELS.DAT")
    warns = levels[0].warnings
    text = "\n".join(warns)
    assert errs == [] and file_warns == [] and len(levels) == 1
    lv = levels[0].level
    at = {xy: lv.obj[lv.grid.cell_at(*xy)] for xy in ((7, 5), (8, 5), (9, 5), (11, 5), (12, 5))}
    assert at == {(7, 5): T.ORANGE_DISK, (8, 5): T.YELLOW_DISK, (9, 5): T.TERMINAL, (11, 5): T.RED_DISK, (12, 5): T.BUG}
    assert lv.freeze_zonks and lv.specials == {lv.grid.cell_at(13, 5): [1, 1, 1]}
    assert [(n.name, n.model, n.blast) for n in lv.npcs] == [("electron", "wall_right", "gems"),
                                                             ("snik snak", "wall_left", "plain")]
    # what is still not reproduced is named, with where it is
    assert "1 x gravity port without a special-port record (a plain one-way port): at 17,6" in text
    assert "1 x RAM chip (a wall here: explosions do not destroy it): at 21,10" in text
    for gone in ("orange disk", "yellow disk", "terminal", "red disk", "bug", "electron", "freeze zonks", "special port 1"):
        assert gone not in text, gone
    odd = encode_record(sp_tiles({**BASIC, (13, 5): 13}), ports=[(13, 5, 7, 0, 0)])
    assert "special port 1 at 14,6: gravity 7 read as off" in read_levels_dat(odd, "L.DAT")[0][0].warnings


def _murphy_level(inner, **kw):
    levels, errs, _ = read_levels_dat(encode_record(sp_tiles({**inner}), **kw), "L.DAT")
    assert errs == [], [str(e) for e in errs]
    return QuestGame(levels[0].level)


def test_supaplex_terminal_and_yellow_disk_play():
    # Murphy (2,2) pushes the yellow disk up? no: he walks to the terminal (4,2) and uses it
    g = _murphy_level({(2, 2): 3, (4, 2): 19, (2, 6): 18, (3, 6): 2, (30, 2): 7, (30, 10): 17})
    g.apply([0, 1])                                # step E to (3,2)
    ev = g.apply([0, 1])                           # into the terminal: the yellow disk at (2,6) explodes
    blast = [lv for lv in ev if lv.kind == "explode"]
    assert len(blast) == 1 and g.g.coords(blast[0].at) == (2, 6)
    assert g.obj[g.g.cell_at(3, 6)] == T.NONE and g.g.coords(g.player["cell"]) == (3, 2)


def test_supaplex_electron_crushed_by_a_zonk_leaves_infotrons():
    walls = {(9, 3): 6, (11, 3): 6, (9, 4): 6, (11, 4): 6, (10, 5): 6}
    g = _murphy_level({(2, 2): 3, (5, 2): 7, (10, 2): 1, (10, 4): 24, **walls})
    for _ in range(3):                             # up, back down (the zonk falls), crushed
        ev = g.apply([2])
    assert any(e.kind == "explode" and e.gems for e in ev)
    assert [g.obj[g.g.cell_at(10, y)] for y in (2, 3, 4, 5)] == [T.NONE, T.GEM, T.GEM, T.ROCK]


def test_supaplex_special_port_switches_gravity_and_freezes():
    # Murphy (2,2) crosses the port (3,2) east; its record turns gravity on, freezes zonks and enemies
    inner = {(2, 2): 3, (3, 2): 13, (5, 2): 7, (10, 2): 1, (20, 10): 17, (4, 3): 4}
    g = _murphy_level(inner, ports=[(3, 2, 1, 2, 1)])
    snik = g.npcs[0]["cell"]
    assert g.npcs[0]["intent"][0] == 1 and not g.level.player_gravity
    ev = g.apply([0, 1])
    assert (g.pgrav, g.fz, g.fe) == (True, True, True)
    assert {k: g.snapshot()[k] for k in ("pgrav", "fz", "fe")} == {"pgrav": True, "fz": True, "fe": True}
    # the infotron below fell (infotrons are not frozen), then Murphy fell after it: gravity is on
    assert g.g.coords(g.player["cell"]) == (4, 3) and Fell("you") in ev
    assert g.obj[g.g.cell_at(10, 2)] == T.BOULDER and g.obj[g.g.cell_at(10, 3)] == T.NONE   # zonks frozen
    assert g.npcs[0]["cell"] == snik and g.npcs[0]["intent"] == [0, -1, -1]           # enemies frozen
    g.apply([2])
    assert g.npcs[0]["cell"] == snik


def test_supaplex_orange_disk_red_disk_and_bug_play():
    from game.modes.quest import supaplex_objects as SX
    g = _murphy_level({(2, 2): 3, (3, 2): 20, (10, 2): 8, (10, 4): 2, (20, 5): 25, (30, 2): 7})
    bug = g.g.cell_at(20, 5)
    assert g.obj[bug] == T.BUG and SX.BUG_SLEEP_MIN <= g.bugs[bug] <= SX.BUG_SLEEP_MAX
    g.apply([0, 1])                                # Murphy takes the red disk; the orange disk falls
    assert g.red == 1 and g.obj[g.g.cell_at(10, 3)] == T.ORANGE_DISK
    ev = g.apply([6, 3])                           # drop it lit behind him; the orange disk lands on base
    assert [g.g.coords(e.at) for e in ev if e.kind == "explode"] == [(10, 3)]
    assert g.obj[g.g.cell_at(10, 4)] == T.NONE and g.obj[g.g.cell_at(2, 2)] == T.RED_LIT
    g.apply([0, 1])
    g.apply([0, 1])
    g.apply([2])
    ev = g.apply([2])                              # the 5th turn counting the drop
    assert [g.g.coords(e.at) for e in ev if e.kind == "explode"] == [(2, 2)]
    assert g.status == "play" and g.g.coords(g.player["cell"]) == (5, 2)


def test_supaplex_gravity_byte_makes_murphy_fall():
    rec = encode_record(sp_tiles({(2, 2): 3, (2, 8): 7}), gravity=1)
    lv = read_levels_dat(rec, "L.DAT")[0][0].level
    g = QuestGame(lv)
    g.apply([2])
    assert lv.grid.coords(g.player["cell"]) == (2, 3)


@pytest.mark.parametrize("data,msg", [
    (b"", "size 0 is less than one level record (1536 bytes)"),
    (b"\0" * 1535, "size 1535 is less than one level record"),
    (encode_record(sp_tiles({(5, 5): 7})), "no Murphy"),
    (encode_record(sp_tiles({(2, 2): 3})), "no exit"),
    (encode_record(sp_tiles({(2, 2): 3, (5, 5): 7, (6, 6): 99})), "unknown tile 99 at 7,7 (tiles are 0-40)"),
    (encode_record(sp_tiles({(2, 2): 3, (5, 5): 7}), gravity=5), "gravity) is 5"),
    (encode_record(sp_tiles({(2, 2): 3, (5, 5): 7}), ports=[(9, 9, 0, 0, 0)]), "special port 1 (at 10,10, not a port tile)"),
])
def test_supaplex_broken_records(data, msg):
    levels, errs, _ = read_levels_dat(data, "LEVELS.DAT")
    assert levels == [] and any(msg in str(e) for e in errs), [str(e) for e in errs]


def test_supaplex_port_count_and_quota_bounds():
    rec = bytearray(encode_record(sp_tiles({(2, 2): 3, (5, 5): 7})))
    rec[1471] = 11
    assert "at most 10" in str(read_levels_dat(bytes(rec), "L.DAT")[1][0])
    levels, errs, warns = read_levels_dat(encode_record(sp_tiles({(2, 2): 3, (4, 2): 4, (5, 5): 7}), needed=9), "L.DAT")
    assert levels[0].level.quota == 1 and "asks for 9 infotrons" in levels[0].warnings[0]


def test_supaplex_ports_cross_one_way():
    rec = encode_record(sp_tiles({(2, 2): 3, (3, 2): 9, (6, 2): 7}))
    g = QuestGame(read_levels_dat(rec, "L.DAT")[0][0].level)
    g.apply([0, 1])
    assert g.level.grid.coords(g.player["cell"]) == (4, 2)
    assert g.problem([0, 3]) == "the port does not open this way"


def test_level_files_go_through_the_bounded_reader(tmp_path):
    import os

    from game.modes.quest.catalog import LevelError, load_level
    fifo = tmp_path / "pipe.quest"
    os.mkfifo(fifo)
    with pytest.raises(LevelError, match="regular file"):
        load_level(str(fifo))
    bad = tmp_path / "bad.quest"
    bad.write_bytes(b"title: x\xff\n")
    with pytest.raises(LevelError, match="UTF-8"):
        load_level(str(bad))
    broken = tmp_path / "b.quest"
    broken.write_text("grid: hex\nmap:\n~-@-~\n-----\nend\nnpc 9,9: name=X\n")
    with pytest.raises(LevelError, match=r"b\.quest: 6: "):
        load_level(str(broken))


def test_hexoban_bad_solution_is_a_file_line_problem():
    # a solution with a letter Hexoban does not have is reported where it is, not later without a file
    got, probs = read_hsb(HSB + "Title: One\nSolution: R3r\n", "h.hsb")
    assert [str(p) for p in probs] == [
        "h.hsb: 5: solution: unknown Hexoban move '3' (allowed: l r u n d s, capitals push)"]
    assert len(got) == 1 and got[0].solution == ""   # the level stays, without the broken solution
    got, probs = read_hsb(HSB + "Solution: R\n", "h.hsb")
    assert probs == [] and got[0].solution == "R"


def test_xsb_huge_run_lengths_are_clean_errors():
    # int() of a 5000-digit run raised ValueError (Python's digit limit) out of the importer
    got, probs = read_collection("#" + "9" * 5000 + "#\n", "huge.xsb")
    assert got == [] and [str(p) for p in probs] == ["huge.xsb: 1: level 1 is 66x1; at most 64x64"]
    got, probs = read_collection("#" + "9" * 9000 + "#\n", "huge.xsb")
    assert got == [] and [str(p) for p in probs] == ["huge.xsb: 1: level 1: a line longer than 8385 characters (no level is that wide)"]
    got, probs = read_collection("#####|#@$.#|" + "0" * 40 + "5#\n", "zeros.xsb")
    assert got == [] and "at most 64x64" in str(probs[0])


def test_lurd_huge_run_length_is_a_solution_error():
    with pytest.raises(SolutionError, match="s.txt: 1: run length 99999999"):
        parse_solution("9" * 5000 + "l", ["N", "E", "S", "W"], "s.txt")
    with pytest.raises(SolutionError, match="s.txt: 2: unknown move 'equip:99999999999999'"):
        parse_solution("N\nequip:" + "9" * 5000, ["N", "E", "S", "W"], "s.txt")


def test_xsb_rle_bomb_keeps_memory_bounded():
    # a 4 MB file of RLE rows expanded into hundreds of MB before any size check
    text = ("99#|" * 2000 + "\n") * 500
    (got, probs), peak = traced_peak(read_collection, text, "bomb.xsb")
    assert got == [] and "more than 64 rows tall" in str(probs[0])
    assert peak < 10 * len(text), peak


def test_hexoban_author_is_kept():
    # the Author: line was read into a dict that nothing used
    got, probs = read_hsb("Author: D. W. Skinner\n" + HSB + "Title: One\n", "h.hsb")
    assert probs == [] and (got[0].level.title, got[0].level.author) == ("One", "D. W. Skinner")


def test_hexoban_huge_block_is_refused_before_it_is_built():
    # a 1 MB lattice of walls built dicts of half a million cells (over 300 MB) before the size check
    text = "".join(("# " * 500 if y % 2 == 0 else " #" * 500) + "\n" for y in range(1000))
    (got, probs), peak = traced_peak(read_hsb, text, "big.hsb")
    assert got == [] and str(probs[0]).startswith("big.hsb: 1: level 1 is too large")
    assert peak < 10 * len(text), peak
    wide = "".join(("# " * 200 if y % 2 == 0 else " #" * 200) + "\n" for y in range(3))
    got, probs = read_hsb(wide, "wide.hsb")
    assert got == [] and str(probs[0]).startswith("wide.hsb: 1: level 1 is too large")


def test_xsb_solution_error_names_the_line_of_the_file(tmp_path, capsys):
    from game.cli import main as cli_main
    f = tmp_path / "two.xsb"
    f.write_text("Title: two\n\n######\n#@ $.#\n######\n\nSolution: r\nL\nR\n", encoding="utf-8")
    # line 8's 'L' pushes nothing: the error names that line of the file
    assert cli_main(["import", "--check", str(f)]) == 1
    err = capsys.readouterr()
    assert f"{f}: 8: move 2: move W is written as a push (capital) but pushes nothing" in err.out + err.err


def test_moves_after_the_win_are_left_out_and_said(tmp_path, capsys):
    """Issue 21 item 19: a solution that keeps moving after the level is won is accepted,
    trimmed at the winning move, and the import says so (it used to be rejected)."""
    from game.cli import main as cli_main
    f = tmp_path / "two.xsb"
    f.write_text("Title: two\n\n#####\n#@$.#\n#####\n\nSolution: R\nl\nrrr\n", encoding="utf-8")
    out = tmp_path / "out"
    assert cli_main(["import", "--out", str(out), str(f)]) == 0
    text = capsys.readouterr().out
    assert f"warning: {f}#1: the solution wins at move 1 and goes on for 4 more moves; they are left out" in text
    assert "solution: verified" in text
    from game.core.replay import load_replay
    rep = load_replay(out / "two_001.replay.json")
    assert rep.actions == [[0, 1]] and rep.result["status"] == "won"
