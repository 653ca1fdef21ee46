"""The shipped square (Sokoban-style) levels: proper Sokoban levels, stored solutions built from the
levels' `; solution:` lines (not hand-edited), long enough to be puzzles, and as optimal as the
level file claims (checked by the exact solver in game/modes/quest/sokoban.py)."""

import pytest

from game.core.replay import load_replay
from game.modes.quest.catalog import load_level, shipped_ids, shipped_path, shipped_titles, solution_path
from game.modes.quest.sokoban import board_of, dead_cells, is_closed, solve
from game.modes.quest.stored import notes_of, replay_of

SQUARE = [i for i in shipped_ids() if i.startswith("square/")]
# Floors for every stored square solution (docs/rules/quest.md, "Shipped levels"): no level is
# trivial (at least 5 moves and 2 pushes); from level 13 on at least 20 moves and 6 pushes.
MIN_MOVES, MIN_PUSHES = 5, 2
MIN_MOVES_LATE, MIN_PUSHES_LATE = 20, 6


def _number(lid: str) -> int:
    return int(lid.split("/")[1].split("_")[0])


def test_at_least_twenty_square_levels_numbered_without_gaps():
    assert len(SQUARE) >= 22
    assert [_number(i) for i in SQUARE] == list(range(1, len(SQUARE) + 1))


@pytest.mark.parametrize("lid", SQUARE)
def test_square_level_is_a_proper_sokoban_level(lid):
    level, _, _ = load_level(lid)
    board = board_of(level)                       # only walls, floor, boxes, goals, player
    assert is_closed(board)
    assert len(board.boxes) == len(board.goals) >= 1
    assert not board.boxes <= board.goals        # not already solved
    assert not board.boxes & dead_cells(board), "a box starts on a dead cell"
    assert level.title and level.author == "Tactibox"


@pytest.mark.parametrize("lid", SQUARE)
def test_square_stored_solution_is_built_from_the_level_file(lid):
    path = shipped_path(lid)
    notes = notes_of(path.read_text(encoding="utf-8"), str(path))
    assert notes["solution"] and notes["optimal"] in ("moves", "pushes", "no")
    level, _, _ = load_level(lid)
    built = replay_of(level, lid, notes["solution"], str(path))
    assert solution_path(lid).read_text(encoding="utf-8") == built.dumps()


@pytest.mark.parametrize("lid", SQUARE)
def test_square_stored_solution_is_long_enough_and_as_optimal_as_claimed(lid):
    res = load_replay(solution_path(lid)).result
    moves, pushes = res["moves"], res["pushes"]
    assert moves >= MIN_MOVES and pushes >= MIN_PUSHES
    if _number(lid) >= 13:
        assert moves >= MIN_MOVES_LATE and pushes >= MIN_PUSHES_LATE
    path = shipped_path(lid)
    claim = notes_of(path.read_text(encoding="utf-8"))["optimal"]
    level, _, _ = load_level(lid)
    best = solve(board_of(level), "pushes" if claim == "pushes" else "moves")
    assert best is not None
    if claim == "moves":
        assert (moves, pushes) == (best.moves, best.pushes)
    elif claim == "pushes":
        assert (pushes, moves) == (best.pushes, best.moves)
    else:
        assert moves >= best.moves


def test_square_titles_are_listed():
    titles = shipped_titles("square/")
    assert list(titles) == SQUARE
    assert titles["square/01_corner"] == "Corner"
    assert all(t and t != lid for lid, t in titles.items())
    assert len(set(titles.values())) == len(titles)
