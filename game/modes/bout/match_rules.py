"""The Steel bout's part of the Match (`game.match`) - MINIMAL, written for linked bouts
(match-link); match-core grows it (in-progress saves, resume, the local screens).

A bout's header has the shape `match.to_replay` gives a headless bout, so every bout kept by a
Match verifies with the bout's own `verify`: options = `BoutOptions.as_dict()`, setup =
{"seats": [controller per side], "engine": 2}; the seats are sides (side 0 fighter A's).
"""

from __future__ import annotations

from game.core.replay import Replay, ReplayError
from game.match.rules import MatchRules, Player
from game.modes.bout import actions as A

ENGINE = 2


def options_from(opts: dict):
    """The BoutOptions a CLI or link request asks for (`--scenario`, `--fighters a,b`)."""
    from game.modes.bout.scenarios import BoutOptions
    fighters = [f for f in str(opts.get("fighters") or "").split(",") if f]
    return BoutOptions(scenario=opts.get("scenario") or "duel", fighters=fighters)


def bout_header(rules, seed: int, options, seats) -> Replay:
    """The header of an arena bout: `options` a BoutOptions, `seats` one controller per side."""
    return Replay(mode="bout", seed=seed, ruleset_id=rules.id, ruleset_hash=rules.content_hash,
                  options=options.as_dict(), setup={"seats": list(seats), "engine": ENGINE})


class BoutRules(MatchRules):
    def header(self, rules, req) -> Replay:
        from game.modes.bout.match import seat_levels
        seats = [f"bot:{lv}" for lv in seat_levels(list(req.seats or ("bot:hard", "bot:hard")))]
        return bout_header(rules, req.seed, options_from(req.options), seats)

    def start(self, rules, header: Replay):
        from game.modes.bout.scenarios import BoutOptions, new_bout
        if header.setup.get("engine") != ENGINE:
            raise ReplayError(f"recorded by bout engine {header.setup.get('engine', 1)!r}, a Match plays engine {ENGINE}")
        self.check_rules(rules, header)
        try:
            return new_bout(rules, header.seed, BoutOptions(**header.options))
        except (TypeError, ValueError) as exc:
            raise ReplayError(f"options: {exc}") from None

    def players(self, game, header: Replay) -> dict[int, Player]:
        seats = header.setup.get("seats") if isinstance(header.setup.get("seats"), list) else []
        names = header.meta.get("players") if isinstance(header.meta.get("players"), list) else []
        out = {}
        for side in sorted({f.side for f in game.fighters}):
            ctrl = str(seats[side]) if side < len(seats) else "bot:hard"
            who = ", ".join(f.t.name for f in game.fighters if f.side == side)
            out[side] = Player(str(names[side]) if side < len(names) and names[side] else who, ctrl)
        return out

    def new_bot(self, level: str, seat: int, seed: int):
        from game.modes.bout.bot import BoutBot
        return BoutBot(level, seed, seat)

    def fallback(self, game):
        """What the seat to act plays when its bot failed, or the host instead of an illegal move."""
        f = game.fighter_to_act()
        ph = game.phase
        if ph == "move":
            return A.Move(f, A.WAIT)
        if ph == "orient":
            return A.Orient(f, A.AUTO_ORIENT if game.fighters[f].orientation >= 0 else 2, 0, 0)
        if ph == "commit":
            return A.Commit(f, bytes(A.SECRET_BYTES))
        if ph == "reveal":
            return A.Reveal(f, A.FORFEIT, 0, 0, bytes(A.SECRET_BYTES))
        if ph == "target":
            return A.Target(f, game.m.foes_of(f)[0])
        return A.Done(f)

    def replay_result(self, game, header: Replay, summary: dict) -> dict:
        return {"winner": game.winner, "draw": game.draw, "rounds": game.round, "exchanges": game.turn,
                "state_hash": summary["state_hash"]}
