"""Watching a kept Skirmish battle: the `replay_scene` hook of Skirmish's UI part (entry.py)."""

from __future__ import annotations

from game.core.replay import ReplayError
from game.ui.modes.skirmish.session import replay_match


def open_skirmish_replay(app, replay) -> None:
    """The battle screen plays the recorded actions back (ReplayError says why it cannot)."""
    rs = app.content.ruleset()
    if rs is None:
        raise ReplayError("no ruleset loaded")
    if replay.ruleset_id and replay.ruleset_id != rs.id:
        raise ReplayError(f"recorded with ruleset {replay.ruleset_id!r}, playing {rs.id!r}")
    match = replay_match(rs, replay)              # ReplayError says why it does not play back
    app.open("skirmish_battle", match=match, mode="replay", watched=replay)
