"""Whole GDL games without a screen: bot-vs-bot runs (CLI, bench, tests), replays and verify.

A game is a replay: the module's content hash (every file read, in order) + seed + the action
list, with the canonical state hash after every turn. `verify` replays and checks those hashes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.replay import Replay, ReplayError
from game.modes.base import ActionError
from game.modes.gdl.bot import Bot
from game.modes.gdl.game import GdlGame
from game.modes.gdl.world import World
from game.rules.gdl.loader import load_module
from game.rules.gdl.model import Module

MAX_ACTIONS = 200_000
BOT_ACTIONS_PER_UNIT = 32     # per side turn: a guard against tables with 0-ACP actions


def playable_problems(m: Module) -> list[str]:
    """Why a module cannot be played here (empty when it can)."""
    out = []
    if not m.utypes or not m.ttypes:
        out.append("no unit types or no terrain types")
    if not m.has_terrain:
        out.append("no fixed map (Tactibox does not synthesise terrain)")
    placed = [u for u in m.units if u.x is not None or u.transport is not None]
    if len({u.side for u in placed if u.side > 0}) < 2:
        out.append("fewer than two sides with units placed on the map")
    return out


def open_world(path: str | Path) -> World:
    return World(load_module(path))


@dataclass
class GdlResult:
    module: str
    path: str
    seed: int
    content_hash: str
    actions: list = field(default_factory=list)
    turns: list = field(default_factory=list)
    game: GdlGame | None = None

    def summary(self) -> dict:
        g = self.game
        names = g.w.m.sides if g else {}
        win = g.winner if g else None
        return {"mode": "gdl", "module": self.module, "seed": self.seed, "winner": win,
                "winner_name": _side_name(names, win) if win else None, "draw": win is None,
                "reason": g.end_reason if g else "", "turns": g.turn if g else 0,
                "actions": len(self.actions), "state_hash": g.state_hash() if g else "",
                "points": {str(k): v for k, v in g.points().items()} if g else {}}


def _side_name(sides: dict, sid: int) -> str:
    info = sides.get(sid, {})
    return info.get("name") or info.get("plural-noun") or info.get("noun") or f"side {sid}"


class BotSeat:
    """A bot that also caps actions per unit and side turn."""

    def __init__(self):
        self.bot = Bot()
        self.count: dict[int, int] = {}
        self.key = None

    def choose(self, g: GdlGame) -> list[int]:
        key = (g.turn, g.side_index)
        if key != self.key:
            self.key, self.count = key, {}
        a = self.bot.choose(g)
        if len(a) > 1:
            n = self.count.get(a[1], 0) + 1
            self.count[a[1]] = n
            if n > BOT_ACTIONS_PER_UNIT:
                self.bot.done.add(a[1])
                return [0]
        return a


def play(world: World, seed: int, path: str = "", on_events=None, max_actions: int = MAX_ACTIONS) -> GdlResult:
    g = GdlGame(world, seed)
    res = GdlResult(world.m.name, str(path), seed, world.m.content_hash, game=g)
    seats = {s: BotSeat() for s in g.sides}
    res.turns.append([0, g.turn, g.state_hash()])
    while not g.over and len(res.actions) < max_actions:
        turn = g.turn
        a = seats[g.side].choose(g)
        ev = g.apply(a)
        res.actions.append(list(a))
        if on_events:
            on_events(g, ev)
        if g.turn != turn or g.over:
            res.turns.append([len(res.actions), g.turn, g.state_hash()])
    return res


def to_replay(res: GdlResult) -> Replay:
    return Replay(mode="gdl", seed=res.seed, ruleset_id=res.module, ruleset_hash=res.content_hash,
                  options={"module": res.path}, setup={}, actions=res.actions, turns=res.turns,
                  result=res.summary())


def verify(replay: Replay, world: World) -> GdlGame:
    if replay.ruleset_hash and replay.ruleset_hash != world.m.content_hash:
        raise ReplayError(f"module content differs from the one recorded ({world.m.content_hash[:12]} "
                          f"vs {replay.ruleset_hash[:12]})")
    g = GdlGame(world, replay.seed)
    marks = {t[0]: t for t in replay.turns}
    if 0 in marks and marks[0][2] != g.state_hash():
        raise ReplayError("state hash differs at the start")
    for i, a in enumerate(replay.actions, 1):
        try:
            g.apply(a)
        except ActionError as exc:
            raise ReplayError(f"actions[{i - 1}]: {exc}") from None
        t = marks.get(i)
        if t is not None and (t[1] != g.turn or t[2] != g.state_hash()):
            raise ReplayError(f"turn {t[1]}: state hash differs after action {i}")
    return g
