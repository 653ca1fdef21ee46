"""Skirmish over the link with a person at this unit's cursor.

`ScreenSkirmish` is the link's Skirmish adapter whose local human seats are played from the
battle screen: the screen `offer(action)`s what its cursor control produced; the lockstep takes
it on its next poll (the adapter's `chooser` returns it once, None while nothing is offered),
applies it and sends it. Every applied action's events (local, remote, this unit's bots) are
queued in `shown` for the screen to animate, in order.
"""

from __future__ import annotations

from collections import deque

from game.link.skirmish_link import SkirmishOverLink
from game.modes.base import ActionError


class ScreenSkirmish(SkirmishOverLink):
    def __init__(self, rs, seed: int, setup: bytes, local: int) -> None:
        self.pending = None
        self.shown: deque = deque()
        super().__init__(rs, seed, setup, local, chooser=self._take, on_events=self._record)

    def _take(self, game):
        action, self.pending = self.pending, None
        return action

    def _record(self, game, events) -> None:
        self.shown.append(list(events))

    def local_human_turn(self) -> bool:
        g = self.game
        return not g.over and self.whose_turn_is_local() and g.controller(g.current) == "human"

    def offer(self, action) -> None:
        """The local person's action; raises ActionError (with the reason) if it cannot be played."""
        if not self.local_human_turn():
            raise ActionError("wait for your turn")
        if self.pending is not None:
            raise ActionError("sending your last action…")
        self.game.check(action)
        self.pending = action

    def restore(self, data: bytes) -> None:
        super().restore(data)
        self.pending = None
        self.shown.clear()
