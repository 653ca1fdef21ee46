"""Per-level bests of the Hex quest, in a module of their own: the progress store reads them at
start-up (the title's Continue), before anything needs the quest engine."""

from __future__ import annotations


class Bests:
    """Per-level best results: fewest moves, then fewest pushes (Sokoban's usual order)."""

    def __init__(self, data: dict | None = None):
        self.data = dict(data or {})

    def offer(self, level_name: str, moves: int, pushes: int) -> bool:
        cur = self.data.get(level_name)
        if cur is None or (moves, pushes) < (cur["moves"], cur["pushes"]):
            self.data[level_name] = {"moves": moves, "pushes": pushes}
            return True
        return False
