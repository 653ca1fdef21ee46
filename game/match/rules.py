"""How one mode's games start, who sits where, and how they are recorded: the part of a Match
that differs between modes (`MatchRules`), with generic defaults for a mode that gives only
`game` + `bot` (docs/modes.md §7).

A game starts from its **header**: a `game.core.replay.Replay` without actions (seed, ruleset id
and hash, map, options, the mode's `setup`). The same header starts a new game, replays a kept
one, resumes an interrupted one and verifies a replay file, so all four are one path:

    rules = rules_for(get_mode("skirmish"))          # the mode's MatchRules (its `match` hook)
    header = rules.header(ruleset, Request(seed=7))  # what a CLI/link request asks for
    game = rules.start(ruleset, header)              # ReplayError says why it cannot start

A mode's own `MatchRules` subclass lives in `game/modes/<mode>/match.py` and is named by the
`match` hook of its entry; it overrides only what differs (Skirmish: participants with armies and
names, placements by pieces and HP; the duel: a draw at the turn limit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.replay import Replay, ReplayError
from game.modes.base import ActionError
from game.modes.registry import ModeEntry, Request

DEFAULT_SEATS = ("bot:hard", "bot:hard")
DEFAULT_TURN_LIMIT = 1000            # generic games stop here (a draw) if nobody has won
BOT_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Player:
    """Who sits in a seat: a name people read, and the controller ("human", "bot:hard", "remote")."""
    name: str
    controller: str

    @property
    def is_bot(self) -> bool:
        return self.controller.startswith("bot")

    @property
    def level(self) -> str:
        """The bot level of a bot seat ("hard" for any other seat a bot must play)."""
        lv = self.controller.split(":", 1)[1] if self.controller.startswith("bot:") else ""
        return lv if lv in BOT_LEVELS else "hard"


@dataclass(frozen=True)
class Standing:
    """A seat's line in the results: `place` 1 = winner (None: not placed, e.g. abandoned)."""
    seat: int
    place: int | None
    pieces_left: int = 0
    hp_left: int = 0


def bot_level(controller: str) -> str:
    return Player("", controller).level


class MatchRules:
    """The generic rules (any mode with `game` + `bot`): setup = {"seats": [controller, ...],
    "turn_limit": N}; seat i is setup.seats[i]; the winner places 1st, the others 2nd."""

    record_start = False          # also record the state hash before the first action (count 0)

    def __init__(self, entry: ModeEntry) -> None:
        self.entry = entry

    # --- starting --------------------------------------------------------------------------------
    def options(self, given: dict | None) -> dict:
        out = self.entry.option_defaults()
        for k, v in (given or {}).items():
            if k not in out:
                raise ValueError(f"mode {self.entry.id}: no option {k!r} (options: {', '.join(out) or 'none'})")
            if v is not None:
                out[k] = v
        return out

    def header(self, rules: Any, req: Request) -> Replay:
        """The header of the game `req` asks for (ValueError, readable, for a bad request)."""
        rid, rhash = rules_id_hash(rules)
        seats = list(req.seats or DEFAULT_SEATS)
        return Replay(mode=self.entry.id, seed=req.seed, ruleset_id=rid, ruleset_hash=rhash,
                      options=self.options(req.options),
                      setup={"seats": seats, "turn_limit": req.turn_limit or DEFAULT_TURN_LIMIT})

    def check_rules(self, rules: Any, header: Replay) -> None:
        """ReplayError when `rules` are not the ones the header was recorded with."""
        _, rhash = rules_id_hash(rules)
        if header.ruleset_hash and rhash and header.ruleset_hash != rhash:
            raise ReplayError(f"ruleset: recorded with {header.ruleset_hash[:12]}, this one is {rhash[:12]}")

    def start(self, rules: Any, header: Replay):
        """The game `header` describes, before any action (ReplayError says why not)."""
        self.check_rules(rules, header)
        seats = header.setup.get("seats", list(DEFAULT_SEATS))
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ReplayError("setup.seats: expected a list of controller names")
        try:
            return self.entry.hook("game")(rules, header.seed, self.options(header.options), seats)
        except ValueError as exc:                # ActionError is a ValueError
            raise ReplayError(f"setup: {exc}") from None

    def players(self, game, header: Replay) -> dict[int, Player]:
        """Seat -> Player. Names come from `meta.players` when the header has them."""
        seats = header.setup.get("seats", list(DEFAULT_SEATS))
        names = header.meta.get("players") if isinstance(header.meta.get("players"), list) else []
        out = {}
        for i, ctrl in enumerate(seats):
            name = str(names[i]) if i < len(names) and names[i] else default_name(ctrl, i)
            out[i] = Player(name, str(ctrl))
        return out

    def hash_at_end(self, game) -> bool:
        """Record a state hash after the last action even when it ends no turn (the Steel
        arena's replays never did: one hash per turn, no more)."""
        return True

    def opening(self, game) -> list:
        """Events that describe the game before its first action (the log's first lines)."""
        return []

    def turn_limit(self, header: Replay) -> int:
        v = header.setup.get("turn_limit", 0)
        return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else 0

    def at_limit(self, game) -> list:
        """End a game that reached the turn limit; the events it makes ([]: the mode cannot end it
        itself, the Match just stops - nobody wins)."""
        return []

    # --- bots ------------------------------------------------------------------------------------
    def new_bot(self, level: str, seat: int, seed: int):
        """An object with `choose(game) -> action` for `seat`."""
        return self.entry.hook("bot")(level, seat, seed)

    def fallback(self, game):
        """What a seat plays when its bot failed: the first legal action (Skirmish: end turn)."""
        legal = game.legal_actions()
        if not legal:
            raise ActionError("no legal action")
        return legal[0]

    # --- the end ---------------------------------------------------------------------------------
    def standings(self, game, header: Replay, finished: bool) -> list[Standing]:
        """Every seat, best first; `place` None when the game was not finished."""
        seats = sorted(self.players(game, header))
        w = game.winner if finished else None
        order = ([w] if w is not None else []) + [s for s in seats if s != w]
        return [Standing(s, (1 if s == w else (2 if w is not None else None)) if finished else None) for s in order]

    def summary(self, game, header: Replay) -> dict:
        """The CLI's one JSON object for a game (at least winner, turns, state_hash); `header`
        is the replay so far (its actions too)."""
        out = {"mode": self.entry.id, "seed": header.seed, "turns": game.turn, "over": game.is_over(),
               "state_hash": game.state_hash(), **game.result()}
        out.setdefault("winner", None)
        return out

    def lines(self, summary: dict) -> list[str]:
        """What a person reads at the end of `tactibox simulate`."""
        return [f"winner: {summary['winner'] or 'none'} after {summary['turns']} turns  "
                f"(state {summary['state_hash'][:16]})"]

    def replay_result(self, game, header: Replay, summary: dict) -> dict:
        """`result` of the replay kept of a finished headless game."""
        return {"winner": summary["winner"], "turns": game.turn, "state_hash": summary["state_hash"]}

    def listing(self, game, header: Replay) -> tuple[str, dict]:
        """(map name, extra) for the Replays screen's listing and the stats' map column."""
        return header.map_id or self.entry.id, {}

    def check_end(self, game, replay: Replay) -> list[str]:
        """Problems `verify` finds once every action applied (the recorded final hash differs)."""
        final = replay.result.get("state_hash") if isinstance(replay.result, dict) else None
        if isinstance(final, str) and final and game.state_hash() != final:
            return [f"final state hash {game.state_hash()[:12]} state hash differs {final[:12]}"]
        return []

    def describe(self, game, events) -> list[str]:
        """Readable log lines (the entry's `describe` hook), [] without one."""
        return list(self.entry.hook("describe")(game, events)) if self.entry.has("describe") else []


def default_name(controller: str, seat: int) -> str:
    if controller.startswith("bot"):
        return f"Bot {seat + 1} ({bot_level(controller)})"
    return f"Player {seat + 1}"


def rules_id_hash(rules) -> tuple[str, str]:
    return str(getattr(rules, "id", "") or ""), str(getattr(rules, "content_hash", "") or "")


def rules_for(entry: ModeEntry) -> MatchRules:
    """The mode's MatchRules: its `match` hook (a MatchRules subclass) or the generic one."""
    cls = entry.hook("match") if entry.has("match") else MatchRules
    return cls(entry)


def load_rules(entry: ModeEntry, name: str | None):
    return entry.hook("rules")(name) if entry.has("rules") else None
