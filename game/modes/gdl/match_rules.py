"""The Xconq GDL mode's part of the Match (`game.match`): how a module game starts, who sits
where, and how it is recorded. Local, hot-seat, bot-vs-bot, replay, resumed and linked module
games are all a Match with these rules (docs/modes.md §7).

Header (the replay format of GDL rules version 2, unchanged): `ruleset_id` the module's name,
`ruleset_hash` its content hash (every file read, in order), `options = {"module": PATH,
"gdl-rules": 2}`, the seed; `setup = {"seats": [controller per side]}` (replays written before
the Match have `setup = {}`: every seat then reads as a bot, which changes nothing they check).
Seat i plays the module's i-th side (`GdlGame.sides[i]`); the state hash is recorded before the
first action and after every action that ends a turn or the game.

    header = gdl_header(rules, seed, seats=["human", "bot:hard"])   # rules: hooks.GdlRules
    match = Match.start("gdl", rules, header)
"""

from __future__ import annotations

from game.core.replay import Replay, ReplayError
from game.match.rules import MatchRules, Player, Standing

RULES_VERSION = 2             # replays record it; 1 = before issue 19 (other movement, no economy)


class HeldModule:
    """A module loaded already, as the rules of a Match (hooks.GdlRules, the registry's rules,
    also loads one by path)."""

    id = "gdl"

    def __init__(self, world=None, path=None) -> None:
        from pathlib import Path
        self.world = world
        self.path = Path(path) if path else None

    @property
    def content_hash(self) -> str:
        return self.world.m.content_hash if self.world is not None else ""


def side_name(world, side: int) -> str:
    info = world.m.sides.get(side, {})
    return info.get("name") or info.get("plural-noun") or info.get("noun") or f"side {side}"


def gdl_header(rules, seed: int, seats=None, names=None, path: str | None = None) -> Replay:
    """The header of a game of the module `rules` holds (`rules`: hooks.GdlRules)."""
    if rules.world is None:
        raise ValueError("gdl: no module loaded (--module PATH.g)")
    m = rules.world.m
    setup = {"seats": [str(s) for s in seats]} if seats else {}
    return Replay(mode="gdl", seed=seed, ruleset_id=m.name, ruleset_hash=m.content_hash,
                  options={"module": str(path if path is not None else (rules.path or "")), "gdl-rules": RULES_VERSION},
                  setup=setup, meta={"players": [str(n) for n in names]} if names else {})


def check_version(header: Replay) -> None:
    version = header.options.get("gdl-rules", 1) if isinstance(header.options, dict) else 1
    if version != RULES_VERSION:
        raise ReplayError(f"recorded with version {version} of Tactibox's GDL rules; this one plays version "
                          f"{RULES_VERSION} (Xconq's movement points, supply, construction, capture, "
                          "scorekeepers) and cannot check it")


class GdlMatchRules(MatchRules):
    record_start = True           # GDL replays hold the state hash before the first action

    def options(self, given: dict | None) -> dict:
        out = {"module": "", "gdl-rules": RULES_VERSION}
        for k, v in (given or {}).items():
            if k not in out:
                raise ValueError(f"mode gdl: no option {k!r} (options: module)")
            if v is not None:
                out[k] = v
        return out

    def header(self, rules, req) -> Replay:
        path = (req.options or {}).get("module") or req.ruleset
        if path and (rules.path is None or str(rules.path) != str(path)):
            rules.load(path)
        return gdl_header(rules, req.seed, list(req.seats or ()), path=str(path or rules.path or ""))

    def check_rules(self, rules, header: Replay) -> None:
        check_version(header)
        if rules is None or getattr(rules, "world", None) is None:
            raise ReplayError("gdl: no module loaded (--ruleset PATH.g)")
        have = rules.world.m.content_hash
        if header.ruleset_hash and header.ruleset_hash != have:
            raise ReplayError(f"module content differs from the one recorded ({have[:12]} "
                              f"vs {header.ruleset_hash[:12]})")

    def start(self, rules, header: Replay):
        from game.modes.gdl.game import GdlGame
        self.check_rules(rules, header)
        return GdlGame(rules.world, header.seed)

    def players(self, game, header: Replay) -> dict[int, Player]:
        seats = header.setup.get("seats") if isinstance(header.setup, dict) else None
        seats = seats if isinstance(seats, list) else []
        names = header.meta.get("players") if isinstance(header.meta.get("players"), list) else []
        out = {}
        for i, side in enumerate(game.sides):
            ctrl = str(seats[i]) if i < len(seats) else "bot:hard"
            name = str(names[i]) if i < len(names) and names[i] else side_name(game.w, side)
            out[i] = Player(name, ctrl)
        return out

    def fallback(self, game):
        """The host's stand-in for a peer's illegal move, and a failed bot's: end the side's turn."""
        from game.modes.gdl.actions import End
        return End()

    def standings(self, game, header: Replay, finished: bool) -> list[Standing]:
        """Winner first (place 1, the others 2); a game with no winner is a draw between the
        sides that did not lose (place 1, the sides that lost 2). Pieces left = the side's units
        in play, hp left = their hit points. Not finished: no places."""
        w = game.winner if finished else None
        out = []
        for s, side in enumerate(game.sides):
            units = [u for u in game.units if u.alive and u.side == side]
            if not finished:
                place = None
            elif w is not None:
                place = 1 if s == w else 2
            else:
                place = 2 if game.status.get(side) == "lost" else 1
            out.append(Standing(s, place, len(units), sum(max(0, u.hp) for u in units)))
        return sorted(out, key=lambda st: (st.place or 9, st.seat))

    def summary(self, game, header: Replay) -> dict:
        win = game.winner_side
        pts = game.points()
        return {"mode": "gdl", "module": game.w.m.name, "seed": header.seed, "winner": win,
                "winner_name": side_name(game.w, win) if win else None, "draw": win is None,
                "reason": game.end_reason, "turns": game.turn, "actions": len(header.actions),
                "state_hash": game.state_hash(), "points": {str(k): v for k, v in pts.items()}}

    def lines(self, summary: dict) -> list[str]:
        who = summary["winner_name"] or "nobody (draw)"
        return [f"{summary['module']}: {who} wins after {summary['turns']} turns ({summary['reason']}); "
                f"state {summary['state_hash'][:16]}"]

    def replay_result(self, game, header: Replay, summary: dict) -> dict:
        return dict(summary)

    def listing(self, game, header: Replay) -> tuple[str, dict]:
        return game.w.m.title or game.w.m.name, {}
