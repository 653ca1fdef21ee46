"""The link as the screens open it: `game.link.run.LinkRun` on the app's clock, frame counter,
seeds, player name and data folder. Opened once in the link menus, handed from the waiting
screen to the game, the results and the next game, closed when the player leaves.

    run = open_link(app, port="/dev/serial0", role="host", baud=115200, spec=host_spec("duel", setup=...))
"""

from __future__ import annotations

from game.link.run import LinkRun
from game.link.run import has_psk as _has_psk
from game.ui.human import HumanDriver


def key_folder(app):
    data = getattr(app, "data", None)
    return data.root if data is not None else None


def has_psk(app) -> bool:
    return _has_psk(key_folder(app))


def open_link(app, *, port: str, role: str, baud: int, spec, code: str | None = None) -> LinkRun:
    """The person at this screen plays this unit's people's seats (a `HumanDriver`), the app
    keeps each game's replay and stats. Raises ValueError / OSError for a port name that can
    never work (or a network join without its pairing code)."""
    spec.played_by(HumanDriver, app.keeper())
    return LinkRun.open(port=port, role=role, baud=baud, spec=spec, unit_name=app.player_name(0), code=code,
                        key_folder=key_folder(app), now=app.now, tick=lambda: app.frames,
                        seeds=lambda: app.seed_source())
