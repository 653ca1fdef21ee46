"""The plain-Sokoban analysis and exact solver (game/modes/quest/sokoban.py): hand-worked dead cells
and push distances, rejection of non-Sokoban levels, and a property test against the engine's own
breadth-first solver (which plays the real rules, so it is an independent check of optimality)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from quest_levels import level

from game.modes.quest import solver as engine_solver
from game.modes.quest.sokoban import NotSokoban, board_of, dead_cells, is_closed, push_distances, solve
from game.modes.quest.stored import replay_of

ROOM = """map:
#######
#-----#
#-@$-.#
#-----#
#######
end
"""


def cell(x, y, w=7):
    return y * w + x


def test_dead_cells_and_push_distances_worked_by_hand():
    b = board_of(level(ROOM))
    # rows 1 and 3 hug a wall with no goal on it, and so does column 1: a box there never leaves
    want_dead = {cell(x, y) for x in range(1, 6) for y in (1, 3)} | {cell(1, 2)}
    assert dead_cells(b) == want_dead
    dist = push_distances(b)
    assert {c: dist[c] for c in (cell(5, 2), cell(4, 2), cell(3, 2), cell(2, 2))} == \
        {cell(5, 2): 0, cell(4, 2): 1, cell(3, 2): 2, cell(2, 2): 3}
    assert is_closed(b)


def test_solve_a_corridor_and_measure_both_ways():
    b = board_of(level(ROOM))
    for measure in ("moves", "pushes"):
        s = solve(b, measure)
        assert (s.lurd, s.moves, s.pushes, s.measure) == ("RR", 2, 2, measure)


def test_unsolvable_and_over_the_limit_give_none():
    stuck = level("map:\n######\n#@-$.#\n#$.--#\n######\nend\n")   # a box in a corner, off goal
    assert solve(board_of(stuck)) is None
    big = level("map:\n########\n#@-----#\n#-$-$--#\n#--..--#\n########\nend\n")
    assert solve(board_of(big), limit=1) is None
    assert solve(board_of(big)) is not None
    with pytest.raises(ValueError, match="measure"):
        solve(board_of(big), "turns")


def test_open_level_is_not_closed():
    assert not is_closed(board_of(level("map:\n#####\n#@$.-\n#####\nend\n")))


@pytest.mark.parametrize("text, why", [
    ("grid: hex\nmap:\n~---~\n-----\n--@--\n-----\n~~-~~\nend\nnpc 3,7: name=Imp hp=5 model=still\n", "square"),
    ("map:\n#####\n#@^.#\n#-$-#\n#####\nend\n", "trap"),
    ("map:\n#####\n#@-.#\n#-$-#\n#####\nend\nnpc 2,3: name=Imp hp=5 model=still\n", "NPCs"),
    ("gravity: S\nmap:\n#####\n#@-.#\n#-$-#\n#####\nend\n", "gravity"),
])
def test_non_sokoban_levels_are_refused(text, why):
    with pytest.raises(NotSokoban, match=why):
        board_of(level(text))


INNER = [(x, y) for y in range(1, 4) for x in range(1, 5)]      # a 4x3 room inside a 6x5 frame


@st.composite
def small_rooms(draw):
    cells = draw(st.permutations(INNER))
    k = draw(st.integers(1, 2))
    walls = draw(st.integers(0, 2))
    start, boxes, goals, rock = cells[0], cells[1:1 + k], cells[1 + k:1 + 2 * k], cells[1 + 2 * k:1 + 2 * k + walls]
    rows = []
    for y in range(5):
        row = ""
        for x in range(6):
            p = (x, y)
            if x in (0, 5) or y in (0, 4) or p in rock:
                row += "#"
            elif p == start:
                row += "@"
            elif p in boxes:
                row += "$"
            elif p in goals:
                row += "."
            else:
                row += "-"
        rows.append(row)
    return "map:\n" + "\n".join(rows) + "\nend\n"


@settings(max_examples=40, deadline=None)
@given(small_rooms())
def test_solver_agrees_with_the_engine_breadth_first_search(text):
    lv = level(text)
    b = board_of(lv)
    by_moves, by_pushes = solve(b, "moves"), solve(b, "pushes")
    bfs = engine_solver.solve(lv, casts=False)
    assert (by_moves is None) == (bfs is None) == (by_pushes is None)
    if bfs is None:
        return
    assert by_moves.moves == len(bfs)
    assert by_pushes.pushes <= by_moves.pushes and by_moves.moves <= by_pushes.moves
    for s in (by_moves, by_pushes):
        res = replay_of(lv, "t", s.lurd).result          # the real rules agree on the counts
        assert (res["status"], res["moves"], res["pushes"]) == ("won", s.moves, s.pushes)
