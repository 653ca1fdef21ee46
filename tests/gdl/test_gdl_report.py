"""`tactibox gdl PATH --warnings [--json]`: play-affecting warnings, units per side at the start
and appearing later, units dropped with file:line and the reason, and world synthesis."""

import json

from game.cli import main

OWN = """
(unit-type man (acp-per-turn 1)) (unit-type hut)
(terrain-type grass)
(area 10 8 (terrain "10a" "10a" "10a" "10a" "10a" "10a" "10a" "10a"))
(side 1) (side 2)
(man 5 4 1)
(man 6 4 2)
(man 30 4 2)
(man 5 5 1 (hp 0))
(man (@ -6 -5) (s 1) (appear 3))
(table frobnicate (man man 1))
"""


def report(tmp_path, capsys, text, *extra):
    p = tmp_path / "own.g"
    p.write_text(text)
    assert main(["gdl", str(p), "--warnings", "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_units_per_side_reinforcements_and_dropped_units_with_reasons(tmp_path, capsys):
    """Side 1: a man at the start and one appearing on turn 3; side 2: a man at the start. The man
    at (30,4) lies outside the 10x8 area and the one with (hp 0) is not in the game: both are
    dropped, named by their lines (8 and 9). A reinforcement is written at (-x, -y) (Xconq's
    convention). The unknown table is a play-affecting warning."""
    rep = report(tmp_path, capsys, OWN)
    assert rep["units"] == {"1": 2, "2": 1}
    assert rep["units_at_start"] == {"1": 1, "2": 1} and rep["units_appearing"] == {"1": 1}
    assert rep["units_dropped"] == [
        {"file": "own.g", "line": 8, "type": "man", "side": 2, "reason": "(30,4) is outside the area"},
        {"file": "own.g", "line": 9, "type": "man", "side": 1, "reason": "hp 0: not in the game"}]
    assert {"file": "own.g", "line": 11, "message": "table 'frobnicate' is not implemented"} in rep["play_warnings"]
    assert rep["cannot_play"] == [] and rep["synthesis"]["run"] == []


def test_a_generated_world_reports_its_units_and_what_synthesis_did(tmp_path, capsys):
    text = """
(unit-type town) (terrain-type grass) (add grass alt-percentile-max 100) (add grass wet-percentile-max 100)
(add town start-with 2) (set country-radius-min 2) (area 20 12)"""
    rep = report(tmp_path, capsys, text, "--seed", "4")
    assert rep["units"] == {"1": 2, "2": 2} and rep["units_dropped"] == []
    assert rep["synthesis"]["run"] == ["make-fractal-percentile-terrain", "make-countries"]
    assert rep["synthesis"]["world"] == [20, 12] and rep["synthesis"]["seed"] == 4


def test_an_unplayable_module_says_why_and_text_mode_lists_lines(tmp_path, capsys):
    rep = report(tmp_path, capsys, "(unit-type a) (terrain-type t) (area 5 5)")
    assert rep["cannot_play"] and rep["units"] == {}
    p = tmp_path / "own.g"
    p.write_text(OWN)
    assert main(["gdl", str(p), "--warnings"]) == 0
    out = capsys.readouterr().out
    assert "side 1: 1 units at the start, 1 appearing later" in out
    assert "own.g:8: man of side 2 is dropped: (30,4) is outside the area" in out


def test_gettysburg_has_all_its_units(lib, capsys):
    """The issue's check: gettysburg.g's 135 units are all in the game (most as reinforcements),
    none dropped."""
    assert main(["gdl", str(lib / "gettysburg.g"), "--warnings", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert sum(rep["units"].values()) == 135 and rep["units_dropped"] == []
    assert set(rep) >= {"play_warnings", "units", "units_dropped"}


def test_a_world_too_big_to_generate_is_refused_with_file_and_line(tmp_path, capsys):
    text = ('(game-module "h" (variants (world-size (900 900))))\n(unit-type town) (terrain-type grass)\n'
            '(add town start-with 1)\n')
    rep = report(tmp_path, capsys, text)
    assert any(p.startswith("own.g:1: world width: 900 is outside") or "own.g:1: a 900x900 world" in p
               for p in rep["cannot_play"]), rep["cannot_play"]
    p = tmp_path / "own.g"
    assert main(["gdl", str(p)]) == 2
    assert "own.g:1:" in capsys.readouterr().err
