"""One game of any mode, played by the drivers of its seats: the one place actions are applied,
the replay and the turn hashes are recorded, the game in progress is saved and the result is
kept. No pygame here; screens, the CLI and the link all play through it (docs/modes.md §7).

    match = Match.start(get_mode("skirmish"), ruleset, header, drivers={0: human, 1: bot},
                        keeper=app_keeper)              # keeper: game.store.keeper.MatchKeeper
    match.listen(lambda m, applied: animate(applied.events))
    while not match.over:
        match.step()                # asks the driver of the seat to act; applies what it gives
    match.result                    # MatchResult: placements, ratings, replay name (kept once)

`step()` returns the events of the action it applied, or None (the driver has not decided).
`apply(action)` is the same for an action that comes from elsewhere (the link applying the other
unit's action). Every applied action, whoever made it, goes to the listeners as an `Applied`
(seat, action, events), in order, so a screen animates local, bot and remote actions alike.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.replay import Replay
from game.match.rules import MatchRules, Player, Standing, rules_for
from game.modes.base import ActionError
from game.modes.registry import ModeEntry, Request, get_mode


class MatchError(RuntimeError):
    """A Match used wrongly (a seat without a driver); not a game rule."""


@dataclass(frozen=True)
class Applied:
    """One applied action: `index` is its number in the replay (1 = the first)."""
    seat: int
    action: Any
    events: list
    turn_ended: bool
    index: int


@dataclass
class Placement:
    """A seat's line in a finished (or abandoned) game's results."""
    place: int | None
    seat: int
    player: str
    controller: str
    pieces_left: int = 0
    hp_left: int = 0
    rating_before: int | None = None
    rating_after: int | None = None


@dataclass
class MatchResult:
    finished: bool                              # False: abandoned (no wins, losses or rating)
    placements: list[Placement]
    turns: int
    replay_name: str = ""
    game_id: int | None = None
    problems: list[str] = field(default_factory=list)


class Match:
    def __init__(self, entry: ModeEntry, rules: Any, header: Replay, *, game=None,
                 drivers: dict[int, Any] | None = None, everyone=None, keeper=None, record: bool = True,
                 mode_rules: MatchRules | None = None, hashes: bool = True) -> None:
        self.entry = entry
        self.rules = rules
        self.mode_rules = mode_rules or rules_for(entry)
        self.header = _bare(header)
        self.game = game if game is not None else self.mode_rules.start(rules, self.header)
        self.replay = _bare(header)
        self.players: dict[int, Player] = self.mode_rules.players(self.game, self.header)
        self.drivers: dict[int, Any] = dict(drivers or {})
        self.everyone = everyone        # the driver of every seat without one of its own (a replay)
        self.keeper = keeper
        self.record = record
        self.hashes = hashes            # False: no turn hashes (statistics runs that keep no replay)
        self.turn_limit = self.mode_rules.turn_limit(self.header)
        self.stopped = False            # ended by the turn limit in a mode that cannot end itself
        self.version = 0                # grows with every applied action and every replaced game
        self.result: MatchResult | None = None
        self.notices: list[str] = []    # for the screen to show (bot failures, link events)
        self.link: dict = {}            # a linked game: the link's facts (role, peer); never saved to resume
        self.context: dict = {}         # the screen's own facts, saved with the game in progress
        self.conductor = None           # a linked game: the link (`poll(match)`), see `step`
        self._listeners: list[Callable[[Match, Applied], None]] = []
        if self.mode_rules.record_start:
            self.replay.record_turn(self.game.turn, self.game.state_hash())

    # --- making one -------------------------------------------------------------------------------
    @classmethod
    def start(cls, mode: ModeEntry | str, rules: Any, header: Replay, **kw) -> Match:
        """A new game as `header` describes it (ReplayError says why it cannot start)."""
        entry = get_mode(mode) if isinstance(mode, str) else mode
        return cls(entry, rules, header, **kw)

    @classmethod
    def requested(cls, mode: ModeEntry | str, rules: Any, req: Request, **kw) -> Match:
        """A new game as a CLI or link request asks (ValueError for a bad request)."""
        entry = get_mode(mode) if isinstance(mode, str) else mode
        mr = rules_for(entry)
        return cls(entry, rules, mr.header(rules, req), mode_rules=mr, **kw)

    def bots_for_all(self, *, threaded: bool = False, humans_too: bool = True) -> Match:
        """Give every seat without a driver a bot of its level (a human seat a hard bot)."""
        from game.match.drivers import BotDriver
        for seat, p in self.players.items():
            if seat not in self.drivers and (humans_too or p.is_bot):
                self.drivers[seat] = BotDriver(self.mode_rules.new_bot(p.level, seat, self.header.seed),
                                               threaded=threaded)
        return self

    # --- who and what ------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return self.entry.id

    @property
    def over(self) -> bool:
        return self.stopped or self.game.is_over()

    def to_act(self) -> int | None:
        """The seat whose action is next; None once the game is over."""
        return None if self.over else self.game.to_act()

    def player(self, seat: int) -> Player:
        return self.players.get(seat) or Player(f"seat {seat}", "")

    def driver(self, seat: int | None = None):
        seat = self.to_act() if seat is None else seat
        return None if seat is None else self.drivers.get(seat, self.everyone)

    def notice(self, text: str) -> None:
        self.notices.append(text)

    def take_notices(self) -> list[str]:
        out, self.notices = self.notices, []
        return out

    def listen(self, fn: Callable[[Match, Applied], None]) -> Callable[[], None]:
        """Call `fn(match, applied)` after every applied action; returns the way to stop."""
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    # --- playing -----------------------------------------------------------------------------------
    def step(self) -> list | None:
        """Ask the driver of the seat to act; apply its action. The events, or None (nothing yet).

        A linked game has a `conductor` (the link): then `step` only polls it, and the link asks
        this unit's drivers for their actions, sends them, and applies them and the other unit's
        through `apply` (the listeners hear them all); it returns None."""
        if self.conductor is not None:
            self.conductor.poll(self)
            return None
        seat = self.to_act()
        if seat is None:
            return None
        d = self.drivers.get(seat, self.everyone)
        if d is None:
            raise MatchError(f"{self.mode}: seat {seat} ({self.player(seat).name}) has no driver")
        version = self.version
        action = d.next_action(self, seat)
        if action is None or self.version != version:      # not yet, or the driver applied itself
            return None
        try:
            return self.apply(action)
        except ActionError as exc:
            refused = getattr(d, "refused", None)
            if refused is None:
                raise
            refused(self, seat, action, exc)
            self.notice(f"{self.player(seat).name}: {exc}")
            return None

    def apply(self, action) -> list:
        """Apply the action of the seat to act: checked (ActionError, nothing changes), recorded
        (its encoding, the state hash when a turn ended), told to the listeners, saved as the
        game in progress, and at the end the result kept once."""
        if self.over:
            raise ActionError("the game is over")
        g = self.game
        seat = g.to_act()
        data = list(g.encode_action(action))
        before = g.turn
        events = list(g.apply(action))
        self.replay.actions.append(data)
        ended = g.turn != before or (g.is_over() and self.mode_rules.hash_at_end(g))
        if ended and self.hashes:
            self.replay.record_turn(g.turn, g.state_hash())
        if not g.is_over() and self.turn_limit and g.turn >= self.turn_limit:
            events += self.mode_rules.at_limit(g)
            self.stopped = not g.is_over()
        self.version += 1
        applied = Applied(seat, action, events, ended, len(self.replay.actions))
        for fn in list(self._listeners):
            fn(self, applied)
        if self.record and self.keeper is not None and not self.over:
            self.keeper.progress(self)
        if self.over and self.record:
            self.finish()
        return events

    def run(self, max_actions: int = 200_000, log: Callable[[str], None] | None = None) -> Match:
        """Play to the end with drivers that decide (bots, a replay); headless. It stops early when
        the seat to act has nothing to say (a replay that ran out or broke, a person's seat)
        rather than wait; a threaded bot is waited for."""
        if log is not None and not self.replay.actions:
            for line in self.mode_rules.describe(self.game, self.mode_rules.opening(self.game)):
                log(line)
        while not self.over and len(self.replay.actions) < max_actions:
            events = self.step()
            if events is None:
                d = self.driver()
                if getattr(d, "thinking", False):
                    d.wait_idle()
                    continue
                if self.conductor is None and self.driver() is d:
                    break
                continue
            if log is not None:
                for line in self.mode_rules.describe(self.game, events):
                    log(line)
        return self

    def rewind(self, count: int) -> None:
        """Undo (the Hex quest's): the caller has put the game back as it stood after `count`
        actions (a snapshot it kept, or replaying); the replay forgets what came after, an undone
        end is no end. Undo is never an action and never in a replay."""
        if not 0 <= count <= len(self.replay.actions):
            raise ValueError(f"rewind to {count}: the game has {len(self.replay.actions)} actions")
        del self.replay.actions[count:]
        self.replay.turns = [t for t in self.replay.turns if t[0] <= count]
        self.result, self.stopped = None, False
        self.version += 1
        if self.record and self.keeper is not None:
            self.keeper.progress(self)

    def replace_game(self, game, why: str = "") -> None:
        """The state came from elsewhere (the host's snapshot after a desync): from here the
        replay no longer plays back from the seed, which its meta says."""
        self.game = game
        self.version += 1
        self.replay.meta.setdefault("resynced_after_actions", []).append(len(self.replay.actions))
        if why:
            self.notice(why)

    # --- the end -----------------------------------------------------------------------------------
    def standings(self) -> list[Standing]:
        return self.mode_rules.standings(self.game, self.header, self.over)

    def placements(self, finished: bool) -> list[Placement]:
        out = []
        for s in self.mode_rules.standings(self.game, self.header, finished):
            p = self.player(s.seat)
            out.append(Placement(s.place, s.seat, p.name, p.controller, s.pieces_left, s.hp_left))
        return out

    def finish(self, abandoned: bool = False) -> MatchResult:
        """Keep the game once (replay, stats; the game in progress is dropped): at its end, or when
        a person abandons it. Later calls return the first result."""
        if self.result is not None:
            return self.result
        finished = self.over and not abandoned
        res = MatchResult(finished, self.placements(finished), self.game.turn)
        self.result = res
        self.replay.result = self.mode_rules.replay_result(self.game, self.header, self.summary())
        if self.record and self.keeper is not None:
            self.keeper.keep(self, res)
        return res

    def summary(self) -> dict:
        """The one JSON object of the game so far (the mode's summary of the replay, + actions)."""
        out = self.mode_rules.summary(self.game, self.replay)
        out["actions"] = len(self.replay.actions)
        return out

    def close(self) -> None:
        every = [*self.drivers.values()] + ([self.everyone] if self.everyone is not None else [])
        for d in {id(d): d for d in every}.values():
            d.close()


def _bare(header: Replay) -> Replay:
    """A copy of the header without actions, turns or result (the game's start)."""
    return Replay(mode=header.mode, seed=header.seed, ruleset_id=header.ruleset_id,
                  ruleset_hash=header.ruleset_hash, map_id=header.map_id, map_hash=header.map_hash,
                  options=copy.deepcopy(header.options), setup=copy.deepcopy(header.setup),
                  meta=copy.deepcopy(header.meta))
