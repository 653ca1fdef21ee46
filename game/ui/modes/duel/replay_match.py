"""Watching a kept duel: a DuelMatch whose two seats replay the recorded actions in order."""

from __future__ import annotations

from collections import deque

from game.core.replay import ReplayError
from game.modes.duel.actions import decode_action
from game.modes.duel.game import DuelGame
from game.modes.duel.match import verify_replay
from game.modes.duel.options import DuelOptions
from game.ui.modes.duel.match import REMOTE, DuelMatch, Seat


class ReplayDuelMatch(DuelMatch):
    mode = "replay"

    def __init__(self, replay) -> None:
        verify_replay(replay)                     # refuse a replay that does not play back (ReplayError)
        names = (replay.meta.get("players") if isinstance(replay.meta, dict) else None) or ["Wizard 1", "Wizard 2"]
        seats = [Seat(REMOTE, str(names[0])), Seat(REMOTE, str(names[1]))]
        max_turns = replay.setup.get("max_turns") if isinstance(replay.setup, dict) else None
        super().__init__(DuelGame.new(replay.seed, DuelOptions(**replay.options)), seats, max_turns=max_turns)
        self.pending = deque(decode_action([a[0]]) for a in replay.actions)
        self.kept = True                          # already in the store

    def next_action(self):
        return self.pending.popleft() if self.pending and not self.game.is_over() else None


def open_duel_replay(app, replay) -> None:
    try:
        match = ReplayDuelMatch(replay)
    except (TypeError, ValueError) as exc:       # ReplayError is a ValueError
        raise ReplayError(f"this duel does not play back: {exc}") from None
    app.open("duel_game", match=match)
