"""Who is winning an Xconq module, at a glance (issue 20 item 5): the module's own end rules as
one objective line, the turn against the turn limit, and per side the points its units are
worth (last-side-wins counts them: a side at 0 loses) or the score its scorekeepers keep.

Everything here is read from the game (game/modes/gdl/scoring.py); nothing is computed apart."""

from __future__ import annotations

from game.modes.gdl import scoring
from game.modes.gdl.log import side_label


def objective(g) -> str:
    """The module's end rules in a line: last side standing, a score, or no rule (a draw)."""
    w = g.w
    keepers = w.m.scorekeepers
    limit = f" by turn {w.turn_limit}"
    if any(isinstance(sk.body, str) and sk.body == "last-side-wins" for sk in keepers):
        return "Last side with units wins" + (limit if w.last_turn else "; else a draw at turn " + str(w.turn_limit))
    if any(isinstance(sk.body, str) and sk.body == "last-alliance-wins" for sk in keepers):
        return "Last alliance with units wins" + limit
    if keepers:
        titles = [sk.title for sk in keepers if sk.title]
        return (titles[0] if titles else "The module's scorekeepers decide") + limit
    return f"No winner rule: a draw at turn {w.turn_limit}"


def turn_text(g) -> str:
    return f"turn {min(g.turn + 1, g.w.turn_limit)}/{g.w.turn_limit}"


def kept_scores(g) -> dict[int, int] | None:
    """Per side the score of the first scorekeeper that keeps one (None: no kept score)."""
    for k, sk in enumerate(g.w.m.scorekeepers):
        if sk.keep_score and not isinstance(sk.body, str) and k < len(g.scores):
            return {s: g.scores[k][i] for i, s in enumerate(g.sides)}
    return None


def side_value(g, s: int) -> str:
    kept = kept_scores(g)
    return f"score {kept[s]}" if kept is not None else f"{scoring.side_points(g).get(s, 0)} pts"


def side_rows(g, you: int | None) -> list[tuple[int, str]]:
    """(side, "You 12 pts") per side, you first: points of units in play, or the kept score."""
    pts = scoring.side_points(g)
    kept = kept_scores(g)
    order = sorted(g.sides, key=lambda s: (s != you, s))
    out = []
    for s in order:
        name = "You" if s == you else side_label(g, s)
        value = f"score {kept[s]}" if kept is not None else f"{pts.get(s, 0)} pts"
        state = g.status.get(s, "in")
        out.append((s, f"{name} {value}" + ("" if state == "in" else f" ({state})")))
    return out


def leader(g) -> int | None:
    """The side ahead now (None: level)."""
    kept = kept_scores(g)
    vals = kept if kept is not None else scoring.side_points(g)
    live = {s: v for s, v in vals.items() if g.status.get(s) == "in"}
    if not live:
        return None
    best = max(live.values())
    top = [s for s, v in live.items() if v == best]
    return top[0] if len(top) == 1 else None
