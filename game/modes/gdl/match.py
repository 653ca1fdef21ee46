"""Whole GDL games without a screen: bot-vs-bot runs (CLI, bench, tests), replays and verify.

A game is a replay: the module's content hash (every file read, in order) + seed + the action
list, with the canonical state hash after every turn. `verify` replays and checks those hashes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.replay import Replay, ReplayError
from game.modes.base import ActionError
from game.modes.gdl import actions as A
from game.modes.gdl.bot import Bot
from game.modes.gdl.game import GdlGame
from game.modes.gdl.world import World
from game.rules.gdl import synth
from game.rules.gdl.loader import load_module
from game.rules.gdl.model import Module

MAX_ACTIONS = 200_000
RULES_VERSION = 2             # replays record it; 1 = before issue 19 (other movement, no economy)
BOT_ACTIONS_PER_UNIT = 32     # per side turn: a guard against tables with 0-ACP actions


def playable_problems(m: Module) -> list[str]:
    """Why a module cannot be played here (empty when it can)."""
    out = []
    if not m.utypes or not m.ttypes:
        out.append("no unit types or no terrain types")
    if synth.generates(m):                 # the world is generated (or completed) per game
        return out + synth.problems(m)
    if not m.has_terrain:
        out.append("no fixed map (Tactibox does not synthesise terrain)")
        return out
    w = World(m)
    g = GdlGame(w, 0)
    sides = {u.side for u in g.units if u.alive and u.side > 0 and (u.cell >= 0 or u.transport >= 0 or u.appear >= 0)}
    if len(sides) < 2:
        out.append("fewer than two sides with units placed on the map")
    elif not any(w.can_act[u.type] for u in g.units if u.alive and u.side > 0):
        out.append("no unit of any side can act (every unit type has acp-per-turn 0): nothing would happen")
    return out


def placement_report(g: GdlGame) -> dict:
    """Where the module's units are at the start: per side on the map (or in a transport),
    reinforcements still to appear, those written outside the area or with hp 0 (Xconq does not
    place them either), and `units_dropped`: units the module places that this game does not."""
    m = g.w.m
    out = {"units": {}, "appear_later": {}, "outside_area": 0, "removed": 0, "units_dropped": 0}
    for spec, u in zip(m.units, g.units):
        key = str(u.side)
        if u.alive and (u.cell >= 0 or u.transport >= 0):
            out["units"][key] = out["units"].get(key, 0) + 1
        elif u.alive and u.appear >= 0:
            out["appear_later"][key] = out["appear_later"].get(key, 0) + 1
        elif spec.hp is not None and spec.hp <= 0:
            out["removed"] += 1
        elif spec.x is None or g.w.cell_of_xy(spec.x, spec.y) < 0 or not g.w.grid.exists[g.w.cell_of_xy(spec.x, spec.y)]:
            if spec.appear < 0 and spec.transport is None:
                out["outside_area"] += 1
            else:
                out["units_dropped"] += 1
        else:
            out["units_dropped"] += 1
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
        win = g.winner_side if g else None
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

    def choose(self, g: GdlGame) -> A.GdlAction:
        """The bot's next action; a unit past BOT_ACTIONS_PER_UNIT actions this side turn is
        set aside and the bot goes on with the others (it used to end the side's turn: D4)."""
        key = (g.turn, g.side_index)
        if key != self.key:
            self.key, self.count = key, {}
        for _ in range(len(g.units) + 1):
            a = self.bot.choose(g)
            if isinstance(a, A.End):
                return a
            n = self.count.get(a.unit, 0) + 1
            if n <= BOT_ACTIONS_PER_UNIT:
                self.count[a.unit] = n
                return a
            self.bot.done.add(a.unit)
        return A.End()


def play(world: World, seed: int, path: str = "", on_events=None, max_actions: int = MAX_ACTIONS) -> GdlResult:
    g = GdlGame(world, seed)
    res = GdlResult(world.m.name, str(path), seed, world.m.content_hash, game=g)
    seats = {s: BotSeat() for s in g.sides}
    res.turns.append([0, g.turn, g.state_hash()])
    while not g.over and len(res.actions) < max_actions:
        turn = g.turn
        a = seats[g.side].choose(g)
        ev = g.apply(a)
        res.actions.append(g.encode_action(a))
        if on_events:
            on_events(g, ev)
        if g.turn != turn or g.over:
            res.turns.append([len(res.actions), g.turn, g.state_hash()])
    return res


def to_replay(res: GdlResult) -> Replay:
    return Replay(mode="gdl", seed=res.seed, ruleset_id=res.module, ruleset_hash=res.content_hash,
                  options={"module": res.path, "gdl-rules": RULES_VERSION}, setup={}, actions=res.actions,
                  turns=res.turns, result=res.summary())


def verify(replay: Replay, world: World) -> GdlGame:
    version = replay.options.get("gdl-rules", 1)
    if version != RULES_VERSION:
        raise ReplayError(f"recorded with version {version} of Tactibox's GDL rules; this one plays version "
                          f"{RULES_VERSION} (Xconq's movement points, supply, construction, capture, "
                          "scorekeepers) and cannot check it")
    if replay.ruleset_hash and replay.ruleset_hash != world.m.content_hash:
        raise ReplayError(f"module content differs from the one recorded ({world.m.content_hash[:12]} "
                          f"vs {replay.ruleset_hash[:12]})")
    g = GdlGame(world, replay.seed)
    marks = {t[0]: t for t in replay.turns}
    if 0 in marks and marks[0][2] != g.state_hash():
        raise ReplayError("state hash differs at the start")
    for i, a in enumerate(replay.actions, 1):
        try:
            g.apply(g.decode_action(a))
        except ActionError as exc:
            raise ReplayError(f"actions[{i - 1}]: {exc}") from None
        t = marks.get(i)
        if t is not None and (t[1] != g.turn or t[2] != g.state_hash()):
            raise ReplayError(f"turn {t[1]}: state hash differs after action {i}")
    return g
