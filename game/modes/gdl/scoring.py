"""How a game ends: the module's scorekeepers, last-turn, and Tactibox's turn limit.

Scorekeepers run when their `when` says (after-turn by default: at each turn's end; before-turn;
after-action/after-event: after every action), for the sides `applies-to` names, with the body's
forms (game/rules/gdl/sklang.py). `last-side-wins`: a side whose units' point values add up to
0 (incomplete units count 0, reinforcements still to appear count) loses; when one side is
left it wins. It is also checked after every action, so a game ends as soon as the last enemy
unit dies (Xconq lets the sides finish that turn first). A module without any scorekeeper has no
way to be won: it ends in a draw at its last turn, or at Tactibox's limit of 100 turns, or as
soon as at most one side has units left. The game ends after turn `last-turn` (unless
extra-turn-chance gives one more), a draw for the sides still in it.
A side that loses has its units meet lost-wreck-, lost-vanish- (default: all vanish),
lost-surrender- and lost-revolt-chance, in that order (capture.py).
"""

from __future__ import annotations

from game.modes.gdl import events as E
from game.modes.gdl.dice import chance
from game.rules.gdl import sklang


def initial_scores(g) -> list[list[int]]:
    return [[sk.initial for _ in g.sides] for sk in g.w.m.scorekeepers]


def unit_points(g, u) -> int:
    if g.w.cp[u.type] > u.cp:
        return 0
    return u.point_value if u.point_value >= 0 else g.w.points[u.type]


def side_points(g) -> dict[int, int]:
    pts = {s: 0 for s in g.sides}
    for u in g.units:
        if u.alive and u.side in pts and (u.cell >= 0 or u.transport >= 0 or u.appear >= 0):
            pts[u.side] += unit_points(g, u)
    return pts


def in_game(g) -> list[int]:
    return [s for s in g.sides if g.status[s] == "in"]


class Context:
    def __init__(self, g, k: int, side: int):
        self.g, self.k, self.side = g, k, side

    def turn(self) -> int:
        return self.g.turn + 1

    def score(self) -> int:
        return self.g.scores[self.k][self.g.sides.index(self.side)]

    def set_score(self, n: int) -> None:
        self.g.scores[self.k][self.g.sides.index(self.side)] = max(-(1 << 31), min(n, 1 << 31))

    def sum_uprop(self, types, prop):
        g = self.g
        names = types if isinstance(types, list) else [types]
        idx = set()
        for n in names:
            if n == "u*":
                idx.update(range(g.w.nu))
            elif isinstance(n, str) and g.w.m.type_names.get(n, ("", 0))[0] == "u":
                idx.add(g.w.m.type_names[n][1])
        if prop == "point-value":
            return sum(unit_points(g, u) for u in g.units if u.alive and u.side == self.side and u.type in idx)
        values = g.w.up.get(prop) if isinstance(prop, str) else None
        if values is None or not all(isinstance(values[t], int) for t in idx):
            return None
        return sum(values[u.type] for u in g.units if u.alive and u.side == self.side and u.type in idx)

    def win(self) -> None:
        if self.g.status.get(self.side) == "in":
            side_wins(self.g, self.side, "scorekeeper: win")

    def lose(self) -> None:
        if self.g.status.get(self.side) == "in":
            side_loses(self.g, self.side, [])

    def end(self) -> None:
        finish(self.g, None, "scorekeeper: end (a draw)")

    def last_side_wins(self) -> None:
        last_side_wins(self.g, self.k)

    def last_alliance_wins(self) -> None:
        last_side_wins(self.g, self.k, alliances=True)


def applies(g, sk, side: int) -> bool:
    return sk.applies_to is None or _side_match(g, sk.applies_to, side, 0)


def _side_match(g, e, side: int, depth: int) -> bool:
    if depth > 16:
        return False
    if isinstance(e, int):
        return e == side
    if isinstance(e, str):
        cls = "independent" if side == 0 else g.w.m.sides.get(side, {}).get("class", "")
        return e == cls
    if isinstance(e, list) and e:
        if e[0] == "not" and len(e) == 2:
            return not _side_match(g, e[1], side, depth + 1)
        if e[0] == "and":
            return all(_side_match(g, x, side, depth + 1) for x in e[1:])
        if e[0] == "or":
            return any(_side_match(g, x, side, depth + 1) for x in e[1:])
        return any(_side_match(g, x, side, depth + 1) for x in e)
    return False


def run_keepers(g, when: tuple[str, ...], ev) -> None:
    for k, sk in enumerate(g.w.m.scorekeepers):
        if sk.when not in when or g.over:
            continue
        if isinstance(sk.body, str) and sk.body in ("last-side-wins", "last-alliance-wins"):
            if _when_ok(g, sk, None, k):
                last_side_wins(g, k, alliances=sk.body == "last-alliance-wins")
        else:
            for side in list(in_game(g)):
                if applies(g, sk, side) and _when_ok(g, sk, side, k) and not g.over:
                    try:
                        sklang.run(sk.body, Context(g, k, side))
                    except RecursionError:
                        pass
    _lone_side(g)
    if g.over:
        ev.append(E.GameOver(g.winner_side or 0, g.end_reason))


def _lone_side(g) -> None:
    """A side left alone after the others lost wins only when a scorekeeper says so; otherwise
    the game stops there, a draw (Xconq would let it play on by itself)."""
    left = in_game(g)
    if not g.over and len(g.sides) > 1 and len(left) <= 1:
        finish(g, None, "only one side is left and no scorekeeper names a winner (a draw)")


def _when_ok(g, sk, side, k) -> bool:
    test = sk.when_test
    if test is None:
        return True
    if isinstance(test, int):
        return test <= g.turn + 1
    sides = [side] if side is not None else in_game(g)
    try:
        return any(sklang.truth(sklang.test(test, Context(g, k, s))) for s in sides)
    except RecursionError:
        return False


def last_side_wins(g, k: int, alliances: bool = False) -> None:
    if len(g.sides) < 2:
        return
    sk = g.w.m.scorekeepers[k] if 0 <= k < len(g.w.m.scorekeepers) else None
    pts = side_points(g)
    counted = [s for s in in_game(g) if sk is None or applies(g, sk, s)]
    if alliances:
        pts = {s: sum(pts[o] for o in g.sides if g.trusted(s, o)) for s in pts}
    alive = []
    for s in counted:
        if pts[s] == 0:
            side_loses(g, s, [])
        else:
            alive.append(s)
    if g.over:
        return
    if len(alive) == 1 or (alliances and alive and all(g.trusted(alive[0], s) for s in alive)):
        side_wins(g, alive[0], "last side standing")
    elif not alive and counted:
        finish(g, None, "every side lost")


def side_wins(g, side: int, why: str) -> None:
    g.status[side] = "won"
    finish(g, side, why)


def side_loses(g, side: int, ev) -> None:
    from game.modes.gdl import capture
    if g.status.get(side) != "in":
        return
    g.status[side] = "lost"
    capture.lost_side_fates(g, side, ev if isinstance(ev, list) else [])
    if not in_game(g) and not g.over:
        finish(g, None, "every side lost")


def finish(g, winner, why: str) -> None:
    if g.over:
        return
    g.over = True
    g.winner_side = winner
    g.end_reason = why
    for s in g.sides:
        if g.status[s] == "in":
            g.status[s] = "won" if s == winner else "draw"


# --- hooks from the game ----------------------------------------------------------------------
# events after which a side's points may have changed
_CHANGES = frozenset(["destroyed", "wrecked", "capture", "change-side", "revolt", "surrender", "create",
                      "complete", "appear", "garrison", "disband", "scuttle"])


def after_action(g, ev) -> None:
    if g.over:
        return
    keepers = g.w.m.scorekeepers
    changed = any(e.kind in _CHANGES for e in ev)
    if changed and any(isinstance(sk.body, str) and sk.body.startswith("last-") for sk in keepers):
        for k, sk in enumerate(keepers):
            if isinstance(sk.body, str) and sk.body.startswith("last-") and _when_ok(g, sk, None, k):
                last_side_wins(g, k, alliances=sk.body == "last-alliance-wins")
    run_keepers(g, ("after-action", "after-event"), [])
    _lone_side(g)
    if not keepers and changed:
        _no_end_rule(g)
    if g.over:
        ev.append(E.GameOver(g.winner_side or 0, g.end_reason))


def turn_start(g, ev) -> None:
    run_keepers(g, ("before-turn",), ev)


def turn_end(g, ev) -> None:
    run_keepers(g, ("after-turn",), ev)
    if g.over:
        return
    if not g.w.m.scorekeepers:
        _no_end_rule(g)
    xturn = g.turn + 1
    if not g.over and xturn >= g.w.turn_limit:
        if g.w.last_turn is not None and chance(g.rng, g.w.extra_turn):
            return
        why = (f"last turn ({g.w.last_turn})" if g.w.last_turn is not None
               else f"turn limit: the module sets no last-turn ({g.w.turn_limit} turns)")
        finish(g, None, why + ", a draw")
    if g.over:
        ev.append(E.GameOver(g.winner_side or 0, g.end_reason))


def _no_end_rule(g) -> None:
    pts = side_points(g)
    if len(g.sides) > 1 and sum(1 for s in g.sides if pts[s] > 0) <= 1:
        finish(g, None, "the module has no scorekeeper; at most one side has units left (a draw)")
