"""Another game on the same link (the host decides; the guest's screen follows by itself)."""

from __future__ import annotations

from game.modes.duel.link import encode_duel_setup
from game.ui.scenes.duel.setup_menu import host_options

DUEL_TURN_LIMIT = 1000        # people play linked duels from the menus: a limit only against stalls


def duel_again(app, run):
    """Results' "play again" for the host of a linked duel: the next duel with the current options."""
    def again() -> None:
        why = run.rematch(encode_duel_setup(host_options().options, DUEL_TURN_LIMIT))
        if not why:
            host_options().begin_game()
        app.toast(why or "starting the next duel…", 3.0)
    return again


def battle_again(app, run):
    def again() -> None:
        why = run.rematch()
        app.toast(why or "starting the next battle…", 3.0)
    return again
