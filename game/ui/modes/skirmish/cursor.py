"""The board cursor: a column and a row of the map's offset rectangle (hexagonal maps have holes
in it: a move slides on to the next cell in that direction). The person plays with it; a replay
watcher looks around with it."""

from __future__ import annotations

from hw.input.buttons import Button

DIRECTIONS = ((Button.UP, (0, -1)), (Button.DOWN, (0, 1)), (Button.LEFT, (-1, 0)), (Button.RIGHT, (1, 0)))


class Cursor:
    def __init__(self, grid) -> None:
        self.grid = grid
        cells = grid.cells
        self.col, self.row = grid.offset_of(cells[len(cells) // 2])

    @property
    def cell(self) -> int:
        return self.grid.cell_at_offset(self.col, self.row)

    def put(self, cell: int) -> None:
        self.col, self.row = self.grid.offset_of(cell)

    def move(self, dx: int, dy: int) -> None:
        g = self.grid
        col = max(0, min(g.cols - 1, self.col + dx))
        row = max(0, min(g.rows - 1, self.row + dy))
        for _ in range(max(g.cols, g.rows)):
            if g.cell_at_offset(col, row) >= 0:
                break
            ncol, nrow = col + dx, row + dy
            if not (0 <= ncol < g.cols and 0 <= nrow < g.rows):
                return
            col, row = ncol, nrow
        self.col, self.row = col, row

    def handle(self, ev) -> bool:
        """A d-pad press or repeat moves it; True when it did."""
        for b, d in DIRECTIONS:
            if ev.triggered(b):
                self.move(*d)
                return True
        return False
