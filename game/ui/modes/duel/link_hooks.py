"""The Wizard duel's link hooks for the mode registry: host a duel, open the linked duel."""

from __future__ import annotations

from game.link.modes import host_spec
from game.modes.duel.link import encode_duel_setup
from game.ui.modes.duel.linked import LinkedDuelMatch
from game.ui.modes.duel.setup_menu import host_options
from game.ui.scenes.link.setup import open_run

DUEL_TURN_LIMIT = 1000        # people play linked duels from the menus: a limit only against stalls


def duel_again(app, run):
    """Results' "play again" for the host of a linked duel: the next duel with the current options."""
    def again() -> None:
        why = run.rematch(encode_duel_setup(host_options().options, DUEL_TURN_LIMIT))
        if not why:
            host_options().begin_game()
        app.toast(why or "starting the next duel…", 3.0)
    return again


def open_linked_duel(app, run) -> None:
    """`link_scene`: the linked duel replaces the waiting screen."""
    if run.is_host:
        host_options().begin_game()

    def leave(scene) -> None:
        run.close()
        if run.is_host:
            host_options().end_game()
    app.replace("duel_game", match=LinkedDuelMatch(run), again=duel_again(app, run) if run.is_host else None,
                on_leave=leave, on_over=host_options().end_game if run.is_host else None)


def open_link_host(app, *, port: str, baud: int, on_error=None) -> None:
    """`link_host`: host a duel with this session's duel options."""
    spec = host_spec("duel", setup=encode_duel_setup(host_options().options, DUEL_TURN_LIMIT))
    open_run(app, port=port, role="host", baud=baud, spec=spec, on_error=on_error)
