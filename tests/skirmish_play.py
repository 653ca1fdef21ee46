"""Whole Skirmish battles for the tests, through the Match (what `tactibox simulate` does)."""

from __future__ import annotations

from game.match import Match
from game.match.headless import verify
from game.modes.registry import get_mode
from game.modes.skirmish.match import new_header
from game.modes.skirmish.pieces import Options


def play_battle(rs, gmap, participants, seed: int, options: Options | None = None, on_events=None) -> Match:
    """Bots play every seat (human seats a hard bot); the finished Match (replay, summary)."""
    m = Match.start("skirmish", rs, new_header(rs, gmap, participants, seed, options), record=False).bots_for_all()
    if on_events is not None:
        m.listen(lambda match, applied: on_events(match.game, applied.events))
    m.run()
    m.finish()
    return m


def verify_battle(replay, rs):
    """The Verdict of a Skirmish replay played back with these rules."""
    return verify(get_mode("skirmish"), replay, rules=rs)
