"""Headless duels: bot-vs-bot runs (CLI `simulate`, the link's bot seats) and replays.

A duel is a replay: seed + options + the action list. `play_duel` records every action code, the
packed turns (`wire.pack_turn`) and the canonical state hash after each completed turn; `replay`
rebuilds the game from seed and options, applies the actions and checks those hashes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.canon import canonical_hash
from game.core.replay import Replay, ReplayError

from .actions import END_CODE, Action, decode_action
from .bot import DuelBot
from .game import DuelGame
from .options import DuelOptions
from .wire import pack_turn, unpack_turn

DEFAULT_MAX_TURNS = 200
RULES_ID = "war-of-wizards"
# changes whenever generation, rules or encodings change in a way that breaks old replays
RULES_HASH = canonical_hash({"rules": RULES_ID, "generator": 1, "actions": 1})




@dataclass
class DuelResult:
    seed: int
    options: DuelOptions
    bots: tuple
    max_turns: int
    actions: list = field(default_factory=list)      # action codes, in order
    turns: list = field(default_factory=list)        # packed turns (bytes)
    hashes: list = field(default_factory=list)       # state hash after each completed turn
    winner: int | None = None
    over: str = ""
    turns_played: int = 0
    final_hash: str = ""

    def as_dict(self) -> dict:
        return {
            "mode": "duel", "seed": self.seed, "options": self.options.as_dict(),
            "bots": list(self.bots), "max_turns": self.max_turns, "winner": self.winner,
            "over": self.over, "turns": self.turns_played, "state_hash": self.final_hash,
            "actions": list(self.actions), "turn_hashes": list(self.hashes),
            "action_bytes": sum(len(t) for t in self.turns),
        }


def new_game(seed: int, options: DuelOptions | None = None) -> DuelGame:
    return DuelGame.new(seed, options)


def play_duel(seed: int, options: DuelOptions | None = None, bots=("hard", "hard"),
              max_turns: int = DEFAULT_MAX_TURNS, on_turn=None) -> DuelResult:
    """Play a whole duel between two bots. `on_turn(game, events)` is called after each turn."""
    options = options or DuelOptions()
    if max_turns < 1:
        raise ValueError("max_turns must be at least 1")
    players = [DuelBot(level) for level in bots]
    game = new_game(seed, options)
    res = DuelResult(seed=seed, options=options, bots=tuple(bots), max_turns=max_turns)
    current: list = []
    while not game.is_over() and game.turn < max_turns:
        p = game.state.current
        action = players[p].choose(game.view(p))
        events = game.apply(action)
        res.actions.append(action.code)
        current.append(action)
        if not action.is_step:
            res.turns.append(pack_turn(current))
            current = []
            res.hashes.append(game.state_hash())
            if on_turn:
                on_turn(game, events)
    if not game.is_over():
        game.end_as_draw("turn limit")
    res.winner, res.over, res.turns_played = game.winner, game.state.over, game.turn
    res.final_hash = game.state_hash()
    return res


def replay(seed: int, options: DuelOptions | None, actions, hashes=None,
           max_turns: int | None = None) -> DuelGame:
    """Rebuild a duel from its seed, options and actions (codes, Actions, or packed turns as
    bytes). With `hashes`, every completed turn is checked; a mismatch raises ReplayError."""
    game = new_game(seed, options)
    for a in _actions(actions):
        t = game.turn
        try:
            game.apply(a)
        except ValueError as exc:
            raise ReplayError(f"turn {t + 1}: {exc}", t + 1) from None
        if not a.is_step and hashes is not None:
            if game.turn > len(hashes):
                raise ReplayError(f"turn {game.turn}: no recorded hash", game.turn)
            if game.state_hash() != hashes[game.turn - 1]:
                raise ReplayError(f"turn {game.turn}: state hash differs from the recording", game.turn)
    if hashes is not None and game.turn != len(hashes):
        raise ReplayError(f"the recording has {len(hashes)} turns, the actions only {game.turn}", game.turn)
    if max_turns is not None and game.turn >= max_turns and not game.is_over():
        game.end_as_draw("turn limit")
    return game


def _actions(actions):
    for a in actions:
        if isinstance(a, Action):
            yield a
        elif isinstance(a, (bytes, bytearray)):
            yield from unpack_turn(a)
        else:
            yield decode_action([a])


def to_replay(res: DuelResult) -> Replay:
    """The duel as a `game.core.replay` file (one action code per entry, a hash per turn)."""
    rep = Replay(mode="duel", seed=res.seed, ruleset_id=RULES_ID, ruleset_hash=RULES_HASH,
                 options=res.options.as_dict(), setup={"max_turns": res.max_turns, "bots": list(res.bots)},
                 result={"winner": res.winner, "over": res.over, "turns": res.turns_played,
                         "state_hash": res.final_hash})
    turn = 0
    for code in res.actions:
        rep.actions.append([code])
        if code >= END_CODE:                # a final action ends the turn
            rep.record_turn(turn + 1, res.hashes[turn])
            turn += 1
    return rep


def verify_replay(rep: Replay) -> DuelGame:
    """Replay a duel replay file and check every turn hash (ReplayError names the turn)."""
    if rep.mode != "duel":
        raise ReplayError(f"mode {rep.mode!r} is not a duel", 0)
    if rep.ruleset_hash != RULES_HASH:
        raise ReplayError("recorded with other duel rules (ruleset hash differs)", 0)
    try:
        options = DuelOptions(**rep.options)
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"options: {exc}", 0) from None
    for i, a in enumerate(rep.actions):
        if not isinstance(a, list) or len(a) != 1:
            raise ReplayError(f"action {i}: expected one action code", 0)
    max_turns = rep.setup.get("max_turns") if isinstance(rep.setup, dict) else None
    codes = [a[0] for a in rep.actions]
    try:
        return replay(rep.seed, options, codes, [t[2] for t in rep.turns], max_turns=max_turns)
    except ReplayError:
        raise
    except ValueError as exc:
        raise ReplayError(str(exc), 0) from None
