"""Watching a kept duel: a DuelMatch whose two seats replay the recorded actions in order."""

from __future__ import annotations

from game.core.replay import ReplayError
from game.match import Match, ReplayDriver
from game.modes.duel.match import verify_replay
from game.ui.modes.duel.match import REMOTE, DuelMatch, Seat


class ReplayDuelMatch(DuelMatch):
    """A Match whose every seat is the replay (nothing is recorded or kept again)."""
    mode = "replay"

    def __init__(self, replay) -> None:
        verify_replay(replay)                     # refuse a replay that does not play back (ReplayError)
        match = Match.start("duel", None, replay, everyone=ReplayDriver(replay.actions), record=False)
        super().__init__(match, [Seat(REMOTE, match.player(p).name) for p in (0, 1)])


def open_duel_replay(app, replay) -> None:
    try:
        match = ReplayDuelMatch(replay)
    except (TypeError, ValueError) as exc:       # ReplayError is a ValueError
        raise ReplayError(f"this duel does not play back: {exc}") from None
    app.open("duel_game", match=match)
