"""Headless dungeon runs: a bot plays the hero (CLI `simulate`, attract, bench, tests), replays.

A run is a replay: the bout ruleset's content hash, the dungeon folder's content hash (kept as
the replay's map), the seed and the hero's actions, with the canonical state hash after every
action that ended a dungeon step (a turn); every exchange of every engagement resolves inside
one of those steps, and the replay's result keeps the number of exchanges, which `verify`
checks too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.replay import Replay, ReplayError
from game.modes.base import ActionError
from game.modes.bout.dungeon.botplay import DungeonBot
from game.modes.bout.dungeon.game import DungeonGame

SCENARIO = "dungeon"
MAX_ACTIONS = 200_000


@dataclass
class RunResult:
    seed: int
    level: str
    rules: object
    data: object
    actions: list = field(default_factory=list)
    turns: list = field(default_factory=list)     # [action count, turn, state hash]
    summary: dict = field(default_factory=dict)


def seat_level(seats) -> str:
    seats = [s.strip() for s in (seats or ("bot:hard",)) if s.strip()]
    if len(seats) != 1:
        raise ValueError(f"the dungeon has 1 seat (the hero; 2 for a co-op run), got {len(seats)}")
    s = seats[0]
    level = s.split(":", 1)[1] if s.startswith("bot:") else s
    if level not in ("easy", "normal", "hard"):
        raise ValueError(f"seat {s!r}: a dungeon run is played by bot:easy, bot:normal or bot:hard")
    return level


def play_run(rules, data, seed: int, level: str = "hard", *, on_events=None, record: bool = True) -> RunResult:
    game = DungeonGame(rules, data, seed)
    bot = DungeonBot(level, seed)
    res = RunResult(seed, level, rules, data)
    while not game.is_over() and len(res.actions) < MAX_ACTIONS:
        act = bot.choose(game)
        t = game.turn
        events = game.apply(act)
        if on_events:
            on_events(game, events)
        if record:
            res.actions.append(list(game.encode_action(act)))
            if game.turn != t or game.is_over():
                res.turns.append([len(res.actions), game.turn, game.state_hash()])
    res.summary = {"mode": "bout", "scenario": SCENARIO, "seed": seed, "seats": [f"bot:{level}"],
                   **game.summary(), "state_hash": game.state_hash(), "actions": len(res.actions),
                   "turns": game.turn}
    res.summary["winner"] = {"escaped": "hero", "fell": "dungeon"}.get(game.outcome)
    return res


def to_replay(res: RunResult) -> Replay:
    s = res.summary
    return Replay(mode="bout", seed=res.seed, ruleset_id=res.rules.id, ruleset_hash=res.rules.content_hash,
                  map_id=f"dungeon/{res.data.id}", map_hash=res.data.content_hash,
                  options={"scenario": SCENARIO}, setup={"seats": [f"bot:{res.level}"]},
                  actions=[list(a) for a in res.actions], turns=[list(t) for t in res.turns],
                  result={k: s[k] for k in ("result", "depth", "exchanges", "explored_cells", "foes_met",
                                            "score", "state_hash")})


def verify(rules, data, rep: Replay) -> DungeonGame:
    """Replay and check every turn hash; returns the game, raises ReplayError naming the turn."""
    if rep.ruleset_hash != rules.content_hash:
        raise ReplayError(f"ruleset: recorded with content hash {rep.ruleset_hash[:12]}, "
                          f"this ruleset is {rules.content_hash[:12]}")
    if rep.map_hash and rep.map_hash != data.content_hash:
        raise ReplayError(f"dungeon: recorded with content hash {rep.map_hash[:12]}, "
                          f"this dungeon is {data.content_hash[:12]}")
    game = DungeonGame(rules, data, rep.seed)
    expected = {t[0]: (t[1], t[2]) for t in rep.turns}
    for i, a in enumerate(rep.actions):
        try:
            game.apply(game.decode_action(a))
        except ActionError as exc:
            raise ReplayError(f"action {i + 1} (step {game.turn + 1}): {exc}") from None
        want = expected.get(i + 1)
        if want is not None and (game.turn != want[0] or game.state_hash() != want[1]):
            raise ReplayError(f"turn {want[0]}: state hash differs from the recording")
    last = rep.turns[-1][1] if rep.turns else 0
    if last != game.turn:
        raise ReplayError(f"the recording ends at turn {last}, the actions make {game.turn}")
    ex = rep.result.get("exchanges") if isinstance(rep.result, dict) else None
    if ex is not None and ex != game.exchanges:
        raise ReplayError(f"the recording counts {ex} exchanges, the replay makes {game.exchanges}")
    return game


def verify_actions(rules, data, seed: int, actions: list, state_hash: str) -> DungeonGame:
    """The run rebuilt from its actions; ReplayError unless it ends on `state_hash`."""
    game = DungeonGame(rules, data, seed)
    for i, a in enumerate(actions):
        try:
            game.apply(game.decode_action(a))
        except ActionError as exc:
            raise ReplayError(f"action {i + 1} (step {game.turn + 1}): {exc}") from None
    if game.state_hash() != state_hash:
        raise ReplayError("the actions do not lead to the saved state")
    return game
