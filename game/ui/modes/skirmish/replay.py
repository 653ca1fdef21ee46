"""Watching a kept Skirmish battle (scene `skirmish_replay`): the shared board view with a
`ReplayDriver` for every seat and the watcher's buttons. A pause / play, L / R a turn back /
forward, Y (or "Go to turn…" in the Start menu) any turn, X fast forward, the d-pad looks
around, Select the Book of Tactics, B leaves.

    open_skirmish_replay(app, replay)       # the `replay_scene` hook of Skirmish's UI part (entry.py)
"""

from __future__ import annotations

from game.core.replay import ReplayError
from game.ui.modes.skirmish.board_screen import BoardScreen
from game.ui.modes.skirmish.cursor import Cursor
from game.ui.modes.skirmish.replay_seek import ReplaySeek
from game.ui.modes.skirmish.session import replay_match
from hw.input.buttons import Button

REPLAY_PACE = 0.25        # seconds between a replay's actions
FAST_PACE = 0.02          # ... when fast
HINTS = [("A", "pause"), ("Y", "turn…"), ("X", "fast"), ("B", "leave"), ("L", "turn -"), ("R", "turn +")]


def open_skirmish_replay(app, replay) -> None:
    """The replay screen plays the recorded actions back (ReplayError says why it cannot)."""
    rs = app.content.ruleset()
    if rs is None:
        raise ReplayError("no ruleset loaded")
    if replay.ruleset_id and replay.ruleset_id != rs.id:
        raise ReplayError(f"recorded with ruleset {replay.ruleset_id!r}, playing {rs.id!r}")
    match = replay_match(rs, replay)              # ReplayError says why it does not play back
    app.open("skirmish_replay", match=match, watched=replay)


class ReplayScreen(BoardScreen):
    label = "replay"

    def __init__(self, app, match, watched) -> None:
        self.watched = watched              # the whole replay (its turns, for seeking)
        self.seek = ReplaySeek(self)
        self.fast = False
        super().__init__(app, match)

    def started(self) -> None:
        self.cursor = Cursor(self.game.grid)

    @property
    def replay_driver(self):
        return self.match.everyone

    @property
    def pace(self) -> float:
        return FAST_PACE if self.fast else REPLAY_PACE

    def handle(self, ev) -> None:
        d = self.replay_driver
        if ev.pressed(Button.START):
            self.app.open("choice", title="Paused", options=[
                ("Resume", None), ("Go to turn…", self.seek.choose_turn), ("Stop watching", self.app.back)])
        elif ev.pressed(Button.SELECT):
            self.open_book()
        elif self.seek.handle(ev):          # L / R a turn, Y go to a turn, X fast
            return
        elif ev.pressed(Button.A):
            d.paused = not d.paused
            self.message, self.message_until = ("paused" if d.paused else "playing"), self.time + 1.5
        elif ev.pressed(Button.B):
            self.app.back()
        else:
            self.cursor.handle(ev)          # look around

    def drive(self) -> None:
        super().drive()
        d = self.replay_driver
        if d.error:
            self.app.toast(f"replay: {d.error}")
            d.error = ""

    def finished(self) -> None:
        self.over_at = float("inf")
        self.banner, self.banner_until = "End of the replay — B to leave", float("inf")

    def extra_key(self) -> tuple:
        return (self.replay_driver.paused,)

    def bottom_hints(self) -> list[tuple[str, str]]:
        return HINTS
