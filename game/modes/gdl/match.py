"""Whole GDL games without a screen: bot-vs-bot runs (CLI, bench, tests), replays and verify,
each a Match (`game.match`) with the mode's rules (`game.modes.gdl.match_rules.GdlMatchRules`).

A game is a replay: the module's content hash (every file read, in order) + seed + the action
list, with the canonical state hash after every turn. `verify` replays and checks those hashes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.replay import Replay, ReplayError
from game.modes.gdl import actions as A
from game.modes.gdl.bot import Bot
from game.modes.gdl.game import GdlGame
from game.modes.gdl.match_rules import HeldModule, gdl_header
from game.modes.gdl.world import World
from game.rules.gdl import synth
from game.rules.gdl.loader import load_module
from game.rules.gdl.model import Module

MAX_ACTIONS = 200_000
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
    """A whole bot-vs-bot game, played by the Match (`match`); `actions`/`turns` are its replay's."""
    module: str
    path: str
    seed: int
    content_hash: str
    match: object = None

    @property
    def game(self) -> GdlGame:
        return self.match.game

    @property
    def actions(self) -> list:
        return self.match.replay.actions

    @property
    def turns(self) -> list:
        return self.match.replay.turns

    def summary(self) -> dict:
        return self.match.summary()


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
    """A whole game between bots (every side), through the Match."""
    from game.match import Match
    rules = HeldModule(world, path)
    match = Match.start("gdl", rules, gdl_header(rules, seed, path=str(path)), record=False)
    match.bots_for_all()
    if on_events is not None:
        match.listen(lambda m, applied: on_events(m.game, applied.events))
    match.run(max_actions)
    match.finish()
    return GdlResult(world.m.name, str(path), seed, world.m.content_hash, match)


def to_replay(res: GdlResult) -> Replay:
    return res.match.replay


def verify(replay: Replay, world: World) -> GdlGame:
    """Replay through the Match, every recorded turn hash checked; the game, or ReplayError."""
    from game.match.headless import verify_game
    if replay.mode != "gdl":
        raise ReplayError(f"mode {replay.mode!r} is not gdl")
    return verify_game("gdl", replay, rules=HeldModule(world, replay.options.get("module", "")))
