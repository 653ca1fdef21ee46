"""The campaign graph as the map screen lays it out and walks it (no pygame, no drawing).

Columns: a level's column is its longest route from the first level, so every "next" link goes
rightwards. Rows: the order of campaign.toml within a column. Moving: UP/DOWN within a column;
RIGHT/LEFT along the links to the nearest next / previous level (nearest column, then height on
screen, then campaign order); a level with no link that way goes to the nearest level of the next column.
"""

from __future__ import annotations


def predecessors(order: list[str], nxt: dict[str, list[str]]) -> dict[str, list[str]]:
    prev: dict[str, list[str]] = {lid: [] for lid in order}
    for a in order:
        for b in nxt.get(a, []):
            prev.setdefault(b, []).append(a)
    return prev


def layout(order: list[str], nxt: dict[str, list[str]]) -> list[list[str]]:
    """Columns of level ids (an acyclic graph, as `check_graph` guarantees)."""
    prev = predecessors(order, nxt)
    depth: dict[str, int] = {}
    for lid in order:
        stack = [lid]                      # iterative longest path: no recursion limit
        while stack:
            top = stack[-1]
            if top in depth:
                stack.pop()
                continue
            todo = [p for p in prev.get(top, []) if p not in depth]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            depth[top] = max((depth[p] + 1 for p in prev.get(top, [])), default=0)
    cols: list[list[str]] = [[] for _ in range(max(depth.values(), default=-1) + 1)]
    for lid in order:
        cols[depth[lid]].append(lid)
    return cols


class MapGraph:
    def __init__(self, order: list[str], nxt: dict[str, list[str]]) -> None:
        self.order = list(order)
        self.next = nxt
        self.prev = predecessors(order, nxt)
        self.cols = layout(order, nxt)
        self.where = {lid: (c, r) for c, col in enumerate(self.cols) for r, lid in enumerate(col)}

    def height(self, lid: str) -> float:
        """Where the node sits in its column, 0..1 from the top."""
        c, r = self.where[lid]
        return (r + 0.5) / len(self.cols[c])

    def step(self, sel: str, dx: int, dy: int) -> str | None:
        """The level a d-pad press moves to from `sel`; None past the bottom of a column (the
        screen puts its shop button there); `sel` itself when there is nowhere to go."""
        c, r = self.where[sel]
        if dy:
            col = self.cols[c]
            if 0 <= r + dy < len(col):
                return col[r + dy]
            return None if dy > 0 else sel
        cands = self.next.get(sel, []) if dx > 0 else self.prev.get(sel, [])
        if not cands and 0 <= c + dx < len(self.cols):
            cands = self.cols[c + dx]
        if not cands:
            return sel
        # the nearest column first: every column is then reached (each level past the first has
        # a previous level in the column just left of it), then the nearest height
        near = (min if dx > 0 else max)(self.where[x][0] for x in cands)
        cands = [x for x in cands if self.where[x][0] == near]
        y = self.height(sel)
        return min(cands, key=lambda lid: (abs(self.height(lid) - y), self.order.index(lid)))
