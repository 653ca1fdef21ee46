"""The importers check levels with bitset flood fills over the text; these properties compare them
with a plain cell-by-cell flood fill on random boards (square Sokoban and hex Hexoban)."""

from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.modes.quest import tiles as T
from game.modes.quest.importers.hsb import read_hsb
from game.modes.quest.importers.xsb import read_collection

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)


def reference_square(rows: list[str]) -> str:
    """'ok', 'open' or 'outside' by a plain depth-first flood fill from the player."""
    w = max(len(r) for r in rows)
    grid = [r.ljust(w) for r in rows]
    h = len(grid)
    start = next((x, y) for y, r in enumerate(grid) for x, ch in enumerate(r) if ch in "@+")
    seen, stack = {start}, [start]
    while stack:
        x, y = stack.pop()
        if x in (0, w - 1) or y in (0, h - 1):
            return "open"
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in seen and grid[n[1]][n[0]] != "#":
                seen.add(n)
                stack.append(n)
    if any(ch in "$." and (x, y) not in seen for y, r in enumerate(grid) for x, ch in enumerate(r)):
        return "outside"
    return "ok"


def place(draw, cells: list[str], spots: list[int]) -> None:
    """The player, k boxes and k goals (some pairs as boxes on goals) on distinct spots."""
    k = draw(st.integers(1, 3))
    at = draw(st.lists(st.sampled_from(spots), min_size=2 * k + 1, max_size=2 * k + 1, unique=True))
    cells[at[0]] = "@"
    for i in range(k):
        if draw(st.booleans()) and draw(st.booleans()):
            cells[at[1 + i]], cells[at[1 + k + i]] = "*", draw(st.sampled_from("# "))
        else:
            cells[at[1 + i]], cells[at[1 + k + i]] = "$", "."


@st.composite
def square_boards(draw):
    """Random walls, often closed round the edge (else almost every board is open)."""
    w, h = draw(st.integers(5, 9)), draw(st.integers(5, 8))
    cells = [draw(st.sampled_from("#    ")) for _ in range(w * h)]
    edge = {c for c in range(w * h) if c % w in (0, w - 1) or c // w in (0, h - 1)}
    if draw(st.booleans()):
        for c in edge:
            cells[c] = "#"
    place(draw, cells, [c for c in range(w * h) if c not in edge])
    for y in range(h):                                    # every row a board row: a wall at its end
        cells[y * w + w - 1] = "#"
    return ["".join(cells[y * w:(y + 1) * w]) for y in range(h)]


@SETTINGS
@given(square_boards())
def test_square_flood_fill_matches_a_plain_one(rows):
    text = "\n".join(rows) + "\n"
    board = "".join(rows)
    got, probs = read_collection(text, "r.xsb")
    boxes, goals = board.count("$") + board.count("*"), board.count(".") + board.count("*")
    assert boxes == goals > 0
    want = reference_square(rows)
    event(want)
    if want == "ok":
        assert probs == [] and len(got) == 1, [str(p) for p in probs]
        lv = got[0].level                                 # passes the game's validator
        assert sum(1 for o in lv.obj if o == T.VICTORY_OBJ) == boxes
    else:
        assert got == [] and len(probs) == 1
        assert ("is open" in str(probs[0])) == (want == "open"), (want, str(probs[0]))


def reference_hex(rows: list[str]) -> str:
    """The same on the Hexoban lattice (doubled coordinates, spaces on the lattice are floor)."""
    cells = {}
    parity = None
    for y, r in enumerate(rows):
        for x, ch in enumerate(r):
            if ch != " " and parity is None:
                parity = (x + y) % 2
    for y, r in enumerate(rows):
        for x, ch in enumerate(r):
            if (x + y) % 2 == parity:
                cells[(x, y)] = ch
    start = next(xy for xy, ch in cells.items() if ch in "@+")
    seen, stack = {start}, [start]
    while stack:
        x, y = stack.pop()
        for dx, dy in ((2, 0), (-2, 0), (1, -1), (-1, -1), (1, 1), (-1, 1)):
            n = (x + dx, y + dy)
            if n not in cells:
                return "open"
            if n not in seen and cells[n] != "#":
                seen.add(n)
                stack.append(n)
    if any(ch in "$." and xy not in seen for xy, ch in cells.items()):
        return "outside"
    return "ok", len(seen)


@st.composite
def hex_boards(draw):
    """Random lattice rows (ragged starts sometimes), often closed: walls on the first and last
    rows and at both ends of every row."""
    h, n = draw(st.integers(5, 8)), draw(st.integers(5, 8))
    closed = draw(st.booleans())
    lead = [y % 2 + (0 if closed else 2 * draw(st.integers(0, 1))) for y in range(h)]
    flat = [draw(st.sampled_from("#    ")) for _ in range(h * n)]
    edge = {i for i in range(h * n) if i % n in (0, n - 1) or i // n in (0, h - 1)}
    if closed:
        for i in edge:
            flat[i] = "#"
    place(draw, flat, [i for i in range(h * n) if i not in edge])
    rows = []
    for y in range(h):
        row = flat[y * n:(y + 1) * n]
        row[-1] = "#"                                     # every row a board row
        rows.append(" " * lead[y] + " ".join(row))
    return rows


@SETTINGS
@given(hex_boards())
def test_hex_flood_fill_matches_a_plain_one(rows):
    text = "\n".join(rows) + "\n"
    board = "".join(rows)
    boxes, goals = board.count("$") + board.count("*"), board.count(".") + board.count("*")
    got, probs = read_hsb(text, "r.hsb")
    assert boxes == goals > 0
    want = reference_hex(rows)
    event(want[0] if want[0] == "ok" else want)
    if want[0] == "ok":
        assert probs == [] and len(got) == 1, [str(p) for p in probs]
        lv = got[0].level
        floor = sum(1 for c in lv.grid.cells if lv.obj[c] not in (T.VOID, T.ROCK))
        assert floor == want[1]                            # every reached cell, nothing more
    else:
        assert got == [] and len(probs) == 1
        assert ("is open" in str(probs[0])) == (want == "open"), (want, str(probs[0]))
