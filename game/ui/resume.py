"""Continue: the games a power cut, a flat battery or a crash interrupted, for the title screen.

Every Match on this unit is saved after each action (`game.store.in_progress`, one file per
mode; the Hex quest keeps its own level saves); a mode's UI part reopens one on its screen
(`ModeUI.resume`, `ModeUI.interrupted`). A save that cannot be continued (broken, another
ruleset, a move that no longer applies) is set aside as NAME.corrupt-N and the player is told.

    games = interrupted(app)            # the most recent first
    games[0].open(app)                  # False (and a message shown) when it could not be
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from game.modes.registry import mode_title
from game.ui.registry import mode_uis, ui_of


@dataclass
class Interrupted:
    """One game to Continue: what the title shows, and how to reopen it."""
    mode: str
    detail: str                         # "turn 12", "hex/03_dig, move 40"
    when: datetime | None
    reopen: Callable[[object], None]     # reopen(app); ValueError when it cannot be
    on_refused: Callable[[str], None] | None = None    # the save is set aside: the reason

    @property
    def label(self) -> str:
        return f"{mode_title(self.mode)}: {self.detail}" if self.detail else mode_title(self.mode)

    def open(self, app) -> bool:
        try:
            self.reopen(app)
        except ValueError as exc:              # ReplayError, ActionError, a broken save: set aside
            why = str(exc) or type(exc).__name__
            if self.on_refused is not None:
                self.on_refused(why)
            app.open("message", title="This game cannot be continued", lines=[why[:300]])
            return False
        return True


def _from_store(app, saved) -> Interrupted | None:
    ui = ui_of(saved.mode)
    if ui is None or not ui.has("resume"):
        return None
    opener = ui.hook("resume")

    def refused(why: str) -> None:
        app.in_progress.set_aside(saved.path, f"{saved.path}: {why}")

    return Interrupted(saved.mode, f"turn {saved.turns + 1}, {saved.actions} moves", saved.when,
                       lambda a: opener(a, saved), refused)


def interrupted(app) -> list[Interrupted]:
    """Every interrupted game this unit can Continue, the most recently saved first."""
    store = getattr(app, "in_progress", None)
    out = [g for g in (_from_store(app, s) for s in (store.all() if store is not None else [])) if g is not None]
    for ui in mode_uis():
        if ui.has("interrupted"):
            out += ui.hook("interrupted")(app)
    if store is not None and store.messages:
        app.messages += store.messages
        store.messages.clear()
    return sorted(out, key=lambda g: g.when.timestamp() if g.when else 0.0, reverse=True)
