"""Headless bouts: bot-vs-bot runs (CLI `simulate`, balance, bench) and replays.

A bout is a replay: ruleset content hash + seed + options + the action list, with the canonical
state hash after every exchange of the arena's clock (a turn). `verify` rebuilds the bout and
checks every hash, and that there is exactly one per turn. Replays carry the engine version
(`setup.engine`, 2 since the engagement rules); an older recording is refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.replay import Replay, ReplayError
from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.bot import BoutBot
from game.modes.bout.scenarios import BoutOptions, new_bout

ENGINE = 2


@dataclass
class BoutResult:
    seed: int
    options: BoutOptions
    seats: tuple
    rules_id: str
    rules_hash: str
    actions: list = field(default_factory=list)
    hashes: list = field(default_factory=list)
    turn_marks: list = field(default_factory=list)   # (action count, turn) where turns ended
    winner: int | None = None
    draw: bool = False
    rounds: int = 0
    turns: int = 0
    final_hash: str = ""
    fighters: list = field(default_factory=list)
    steps: int = 0
    resolved: int = 0

    def summary(self) -> dict:
        return {"mode": "bout", "seed": self.seed, "options": self.options.as_dict(), "seats": list(self.seats),
                "winner": None if self.winner is None else f"side {self.winner}", "draw": self.draw,
                "rounds": self.rounds, "exchanges": self.turns, "turns": self.turns, "steps": self.steps,
                "engagement_exchanges": self.resolved, "state_hash": self.final_hash,
                "actions": len(self.actions), "fighters": self.fighters}


def seat_levels(seats) -> list[str]:
    """Bot levels per side, from seats like bot:hard (`human` plays as hard headless)."""
    out = []
    for s in seats:
        s = s.strip()
        level = s.split(":", 1)[1] if s.startswith("bot:") else ("hard" if s == "human" else s)
        if level not in ("easy", "normal", "hard"):
            raise ValueError(f"seat {s!r}: a bout seat is bot:easy, bot:normal or bot:hard")
        out.append(level)
    if not 2 <= len(out) <= 6:
        raise ValueError(f"a bout has 2 seats (side 0, side 1; a brawl up to 3), got {len(out)}")
    return out


def play_bout(rules, seed: int, options: BoutOptions | None = None, seats=("hard", "hard"), *,
              record: bool = True, on_events=None) -> BoutResult:
    options = options or BoutOptions()
    game = new_bout(rules, seed, options)
    bots = [BoutBot(lv, seed, i) for i, lv in enumerate(seats)]
    res = BoutResult(seed, options, tuple(seats), rules.id, rules.content_hash)
    if on_events:
        on_events(game, game.events)
    while not game.is_over():
        side = game.to_act()
        act = bots[min(side, len(bots) - 1)].choose(game)
        t = game.turn
        events = game.apply(act)
        if on_events:
            on_events(game, events)
        if record:
            res.actions.append(A.encode(act))
            if game.turn != t:
                res.hashes.append(game.state_hash())
                res.turn_marks.append((len(res.actions), game.turn))
    res.winner, res.draw, res.rounds, res.turns = game.winner, game.draw, game.round, game.turn
    res.steps, res.resolved = game.step, game.m.exchanges
    res.final_hash = game.state_hash() if record else ""
    res.fighters = [{"name": f.t.name, "side": f.side, "health": f.health, "dead": f.dead,
                     "out": f.out_rounds > 0, "wounds": len(f.wounds)} for f in game.fighters]
    return res


def to_replay(res: BoutResult) -> Replay:
    rep = Replay(mode="bout", seed=res.seed, ruleset_id=res.rules_id, ruleset_hash=res.rules_hash,
                 options=res.options.as_dict(), setup={"seats": list(res.seats), "engine": ENGINE},
                 actions=[list(a) for a in res.actions],
                 result={"winner": res.winner, "draw": res.draw, "rounds": res.rounds, "exchanges": res.turns,
                         "state_hash": res.final_hash})
    for (mark, turn), h in zip(res.turn_marks, res.hashes):
        rep.turns.append([mark, turn, h])
    return rep


def verify(rules, rep: Replay):
    """Replay and check every turn hash, one per turn; returns the game, raises ReplayError
    naming the turn or action."""
    if rep.mode != "bout":
        raise ReplayError(f"mode {rep.mode!r} is not a bout")
    engine = rep.setup.get("engine", 1) if isinstance(rep.setup, dict) else 1
    if engine != ENGINE:
        raise ReplayError(f"recorded by bout engine {engine!r}; this function replays engine {ENGINE} "
                          "(engine 1 recordings go through game.modes.bout.legacy.verify_v1)")
    if rep.ruleset_hash != rules.content_hash:
        raise ReplayError(f"ruleset: recorded with content hash {rep.ruleset_hash[:12]}, this ruleset is {rules.content_hash[:12]}")
    try:
        options = BoutOptions(**rep.options)
        game = new_bout(rules, rep.seed, options)
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"options: {exc}") from None
    marks = [t[1] for t in rep.turns]
    if marks != list(range(1, len(marks) + 1)):
        raise ReplayError(f"turn hashes: expected one per turn 1..{len(marks)} in order, got turns {marks[:8]}...")
    expected = {t[0]: (t[1], t[2]) for t in rep.turns}
    seen = 0
    for i, a in enumerate(rep.actions):
        t0 = game.turn
        try:
            game.apply(game.decode_action(a))
        except ActionError as exc:
            raise ReplayError(f"action {i + 1} (turn {game.turn + 1}): {exc}") from None
        want = expected.get(i + 1)
        if game.turn != t0 and want is None:
            raise ReplayError(f"turn {game.turn}: no state hash recorded for it")
        if want is not None:
            seen += 1
            if game.turn != want[0] or game.state_hash() != want[1]:
                raise ReplayError(f"turn {want[0]}: state hash differs from the recording")
    if seen != len(rep.turns) or len(rep.turns) != game.turn:
        raise ReplayError(f"the recording has {len(rep.turns)} turn hashes, the actions make {game.turn} turns")
    return game
