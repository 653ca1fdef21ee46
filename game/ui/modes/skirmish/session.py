"""A battle as the UI runs it: the game, its replay, and what is recorded when it ends.

No pygame here: the battle screen, the attract mode and the tests share it.

    s = BattleSession.new(rs, gmap, participants, seed, options, stats=app.stats, replays=app.replays)
    events = s.apply(action)              # the only way the UI changes the game
    ...
    s.finish()                            # or s.finish(abandoned=True): replay saved, stats recorded

``finish`` runs once (later calls return the first result); a battle with no action at all is
not recorded. Disk trouble is reported in ``result.problems``, never raised.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.match import new_replay
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.store.stats import GameRecord, SeatRecord
from game.ui.words import problem_words

log = logging.getLogger("tactibox.ui")


@dataclass
class Placement:
    place: int | None
    seat: int
    player: str
    controller: str
    pieces_left: int
    hp_left: int
    rating_before: int | None = None
    rating_after: int | None = None


@dataclass
class Tally:
    """What each piece did in the battle (from the engine's attack events): HP it took, kills."""

    damage: dict[int, int] = field(default_factory=dict)      # piece id -> HP removed from enemies
    kills: dict[int, int] = field(default_factory=dict)

    def add(self, events) -> None:
        for ev in events:
            if ev.get("e") == "attack" and ev.get("lost"):
                pid = ev["piece"]
                self.damage[pid] = self.damage.get(pid, 0) + ev["lost"]
                if ev.get("killed"):
                    self.kills[pid] = self.kills.get(pid, 0) + 1

    def seat_totals(self, game, seat: int) -> tuple[int, int]:
        """(kills, damage) of the seat's pieces."""
        ids = [p.id for p in game.pieces if p.seat == seat]
        return sum(self.kills.get(i, 0) for i in ids), sum(self.damage.get(i, 0) for i in ids)

    def best_piece(self, game):
        """The most valuable piece: most kills, then most damage (None before any hit)."""
        if not self.damage:
            return None
        pid = max(self.damage, key=lambda i: (self.kills.get(i, 0), self.damage[i], -i))
        return game.pieces[pid]


@dataclass
class BattleResult:
    finished: bool
    placements: list[Placement]
    turns: int
    replay_name: str = ""
    game_id: int | None = None
    problems: list[str] = field(default_factory=list)


class BattleSession:
    def __init__(self, game: SkirmishGame, participants: list[Participant], *, stats=None, replays=None,
                 record: bool = True, replay=None) -> None:
        self.game = game
        self.participants = participants
        self.stats = stats
        self.replays = replays
        self.record = record
        self.replay = replay if replay is not None else new_replay(game, participants)
        self.result: BattleResult | None = None
        self.tally = Tally()

    @classmethod
    def new(cls, rs, gmap, participants: list[Participant], seed: int, options: Options | None = None,
            **kw) -> BattleSession:
        game = SkirmishGame.new(rs, gmap, participants, seed, options or Options())
        return cls(game, participants, **kw)

    @property
    def over(self) -> bool:
        return self.game.over

    def apply(self, action) -> list[dict]:
        g = self.game
        before = g.turn
        events = g.apply(action)
        self.tally.add(events)
        self.replay.actions.append(g.encode_action(action))
        if g.turn != before or g.over:
            self.replay.record_turn(g.turn, g.state_hash())
        return events

    def players(self) -> list[str]:
        g = self.game
        return [g.player_name(s) for s in g.seats()]

    def placements(self, finished: bool) -> list[Placement]:
        g = self.game
        scores = g.scores()
        order = g.placements() if finished else sorted(g.seats(), key=lambda s: (-scores[s][0], -scores[s][1], s))
        return [Placement(i + 1 if finished else None, s, g.player_name(s), g.controller(s), *scores[s])
                for i, s in enumerate(order)]

    def finish(self, abandoned: bool = False) -> BattleResult:
        if self.result is not None:
            return self.result
        g = self.game
        finished = g.over and not abandoned
        res = BattleResult(finished, self.placements(finished), g.turn)
        self.result = res
        if not self.record or not self.replay.actions:
            return res
        self.replay.result = {"finished": finished, "turns": g.turns_played, "state_hash": g.state_hash(),
                              "winner": g.seat_name(g.winner()) if finished else None,
                              "placements": [{"place": p.place, "seat": g.seat_name(p.seat), "player": p.player,
                                              "pieces_left": p.pieces_left, "hp_left": p.hp_left}
                                             for p in res.placements]}
        if self.replays is not None:
            try:
                info = self.replays.save(self.replay.to_data(), mode="skirmish", map=g.gmap.id, seed=g.seed,
                                         extra={"players": self.players(), "finished": finished,
                                                "map_name": g.gmap.name})
                res.replay_name = info.name
            except (OSError, TypeError, ValueError) as exc:
                res.problems.append(f"the replay could not be saved: {problem_words(exc)}")
        if self.stats is not None:
            self._record_stats(res, finished)
        return res

    def _record_stats(self, res: BattleResult, finished: bool) -> None:
        g = self.game
        humans = [p.player for p in res.placements if not p.controller.startswith("bot")]
        before = {h: self.stats.rating(h) for h in humans}
        seats = [SeatRecord(p.seat, p.player, p.controller.startswith("bot"), p.place, p.pieces_left, p.hp_left)
                 for p in res.placements]
        try:
            res.game_id = self.stats.record_game(GameRecord(
                "skirmish", g.gmap.id, g.rs.content_hash, g.seed, seats, replay=res.replay_name or None,
                finished=finished))
        except ValueError as exc:
            res.problems.append(f"wins and losses not recorded: {problem_words(exc)}")
            return
        if res.game_id is None:
            res.problems += self.stats.messages[-1:]
            return
        for p in res.placements:
            if p.player in before:
                p.rating_before, p.rating_after = before[p.player], self.stats.rating(p.player)
