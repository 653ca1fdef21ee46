"""Stored solutions from the level files' `; solution:` lines (game/modes/quest/stored.py) and
`tactibox quest-solutions` (check, --write, --solve), on a temporary assets folder."""

import pytest
from quest_levels import level

from game.cli import main
from game.core.replay import load_replay
from game.modes.quest import catalog
from game.modes.quest.solution import SolutionError
from game.modes.quest.stored import notes_of, replay_of

ROOM = "title: Room\nauthor: Tactibox\ngrid: square\nmap:\n#######\n#-----#\n#-@$-.#\n#-----#\n#######\nend\n"


def test_notes_join_solution_lines_and_read_the_claim():
    text = "; a remark: not a note\n; optimal: pushes\n; solution: rR\n;solution: uL\n" + ROOM
    assert notes_of(text) == {"solution": "rRuL", "optimal": "pushes"}
    assert notes_of(ROOM) == {"solution": "", "optimal": ""}


@pytest.mark.parametrize("text, where", [
    ("; optimal: maybe\n", "x.quest: 1: '; optimal:'"),
    ("; optimal: moves\n; optimal: moves\n", "x.quest: 2: '; optimal:'"),
    ("\n; solution: RR2\n", "x.quest: 2: '; solution:' expects LURD"),
    ("; solution:\n", "x.quest: 1: '; solution:' expects LURD"),
])
def test_malformed_notes_name_the_line(text, where):
    with pytest.raises(SolutionError, match=where):
        notes_of(text + ROOM, "x.quest")


def test_replay_of_plays_strictly_and_must_win():
    lv = level(ROOM)
    rep = replay_of(lv, "square/room", "RR")
    assert rep.result["status"] == "won" and (rep.result["moves"], rep.result["pushes"]) == (2, 2)
    assert rep.map_id == "square/room" and len(rep.turns) == 2
    with pytest.raises(SolutionError, match="x.quest: the solution ends with the level 'play'"):
        replay_of(lv, "square/room", "R", "x.quest")
    with pytest.raises(SolutionError, match="is written in lower case"):
        replay_of(lv, "square/room", "rr", "x.quest")


@pytest.fixture
def assets(tmp_path, monkeypatch):
    levels, sols = tmp_path / "levels", tmp_path / "solutions"
    (levels / "square").mkdir(parents=True)
    monkeypatch.setattr(catalog, "LEVELS", levels)
    monkeypatch.setattr(catalog, "SOLUTIONS", sols)
    return levels, sols


def test_cli_solve_write_and_check(assets, capsys):
    levels, sols = assets
    lv = levels / "square" / "01_room.quest"
    lv.write_text(ROOM)
    assert main(["quest-solutions", "square/01_room", "--solve"]) == 0
    out = capsys.readouterr().out
    assert "square/01_room: 2 moves, 2 pushes, moves-optimal" in out
    notes = [ln for ln in out.splitlines() if ln.startswith(";")]
    assert notes == ["; optimal: moves", "; solution: RR"]
    assert main(["quest-solutions", "square/01_room"]) == 2          # no '; solution:' line yet
    assert "no '; solution:' line" in capsys.readouterr().err
    lv.write_text("\n".join(notes) + "\n" + ROOM)
    assert main(["quest-solutions"]) == 1                             # the replay is missing
    assert "run with --write" in capsys.readouterr().out
    assert main(["quest-solutions", "--write"]) == 0
    stored = sols / "square" / "01_room.replay.json"
    assert load_replay(stored).result["moves"] == 2
    assert main(["quest-solutions"]) == 0
    assert "square/01_room: ok (2 moves, 2 pushes)" in capsys.readouterr().out
    stored.write_text(stored.read_text().replace('"moves":2', '"moves":3'))
    assert main(["quest-solutions"]) == 1                             # a hand-edited replay
    lv.write_text("; solution: R\n" + ROOM)
    assert main(["quest-solutions"]) == 1
    assert "not won" in capsys.readouterr().out


def test_cli_refuses_unknown_ids_and_non_sokoban_levels(assets, capsys):
    levels, _ = assets
    assert main(["quest-solutions", "square/nope"]) == 2
    assert "square/nope: no shipped level" in capsys.readouterr().err
    (levels / "square" / "02_trap.quest").write_text(ROOM.replace("#-----#\n#####", "#--^--#\n#####"))
    assert main(["quest-solutions", "square/02_trap", "--solve"]) == 1
    assert "trap" in capsys.readouterr().out
    (levels / "square" / "03_stuck.quest").write_text(ROOM.replace("#-@$-.#", "#$@--.#"))
    assert main(["quest-solutions", "square/03_stuck", "--solve", "--limit", "50"]) == 1
    assert "no solution within 50 states" in capsys.readouterr().out
