"""Keeping a Match's game: the game in progress after every action (for Continue), and at the
end the replay (Replays screen) and the stats (wins, losses, Elo) - once, by one code path for
every mode. The Match calls it (`game.match.core.Match.keeper`); nothing here raises: disk
trouble lands in the result's `problems` and in `messages`.

    keeper = MatchKeeper(replays=app.replays, stats=app.stats, in_progress=app.in_progress)
    match = Match.start(mode, rules, header, drivers=..., keeper=keeper)
"""

from __future__ import annotations

import logging

from game.store.stats import GameRecord, SeatRecord

log = logging.getLogger("tactibox.store")


def plain_words(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


class MatchKeeper:
    """`words(exc)` turns a disk error into what the player reads (the UI gives its own)."""

    def __init__(self, *, replays=None, stats=None, in_progress=None, words=plain_words) -> None:
        self.replays = replays
        self.stats = stats
        self.in_progress = in_progress
        self.words = words
        self.messages: list[str] = []

    # --- after every action -------------------------------------------------------------------
    def progress(self, match) -> None:
        """Save the game so far (a linked game is not: the other unit holds half of it)."""
        if self.in_progress is None or match.link:
            return
        if not self.in_progress.save(match.mode, match.replay, match.context):
            self.messages += self.in_progress.messages[-1:]

    # --- at the end ---------------------------------------------------------------------------
    def keep(self, match, result) -> None:
        """The game ended or was abandoned: its replay and stats kept, its in-progress save gone.
        A game with no action at all is not kept."""
        if self.in_progress is not None and not match.link:
            self.in_progress.drop(match.mode)
        if not match.replay.actions:
            return
        map_name, extra = match.mode_rules.listing(match.game, match.header)
        if self.replays is not None:
            try:
                info = self.replays.save(
                    match.replay.to_data(), mode=match.mode, map=map_name, seed=match.header.seed,
                    extra={"players": [match.player(s).name for s in sorted(match.players)],
                           "finished": result.finished, **extra})
                result.replay_name = info.name
            except (OSError, TypeError, ValueError) as exc:
                result.problems.append(f"the replay could not be saved: {self.words(exc)}")
        if self.stats is not None:
            self._stats(match, result, map_name)

    def _stats(self, match, result, map_name: str) -> None:
        humans = [p.player for p in result.placements if not p.controller.startswith("bot")]
        before = {h: self.stats.rating(h) for h in humans}
        seats = [SeatRecord(p.seat, p.player, p.controller.startswith("bot"), p.place, p.pieces_left, p.hp_left)
                 for p in result.placements]
        try:
            result.game_id = self.stats.record_game(GameRecord(
                match.mode, map_name, match.header.ruleset_hash, match.header.seed, seats,
                replay=result.replay_name or None, finished=result.finished))
        except ValueError as exc:
            result.problems.append(f"wins and losses not recorded: {self.words(exc)}")
            return
        if result.game_id is None:
            result.problems += self.stats.messages[-1:]
            return
        for p in result.placements:
            if p.player in before:
                p.rating_before, p.rating_after = before[p.player], self.stats.rating(p.player)
