"""A bounded breadth-first solver over the real rules (for authoring and checking small levels).

It explores player actions (moves, and optionally spell casts) from the start and returns the
shortest action list that wins, or None within `limit` states. Not used in play.
"""

from __future__ import annotations

from collections import deque

from game.core.canon import canonical_bytes
from game.modes.quest.game import CAST, MOVE, QuestGame
from game.modes.quest.level import Level


def _key(game: QuestGame) -> bytes:
    s = game.snapshot()
    for k in ("turn", "moves", "pushes"):
        s.pop(k)
    return canonical_bytes(s)


def solve(level: Level, limit: int = 200_000, casts: bool = True, waits: bool = False,
          extra: bool = False) -> list[list[int]] | None:
    game = QuestGame(level)
    start = game.snapshot_copy()
    seen = {_key(game)}
    queue = deque([(start, [])])
    while queue:
        snap, path = queue.popleft()
        game.load(snap)
        for a in map(game.encode_action, game.legal_actions()):
            if a[0] not in (MOVE, CAST) and not (waits and a[0] == 2) and not (extra and a[0] == 3):
                continue
            if a[0] == CAST and not casts:
                continue
            game.load(snap)
            game.apply(a)
            if game.status == "won":
                return path + [a]
            if game.status != "play":
                continue
            k = _key(game)
            if k in seen:
                continue
            seen.add(k)
            if len(seen) > limit:
                return None
            queue.append((game.snapshot_copy(), path + [a]))
    return None
