"""Another game on the same link (the host decides; the guest's screen follows by itself).
A mode whose next game takes new setup bytes builds them itself (the duel: its link hooks)."""

from __future__ import annotations


def battle_again(app, run, what: str = "battle"):
    """The host's "play again": the same setup on a new seed, on both units."""
    def again() -> None:
        why = run.rematch()
        app.toast(why or f"starting the next {what}…", 3.0)
    return again
