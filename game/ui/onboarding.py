"""The frame every play screen shares: what a mode's board calls so that START, SELECT, the
first-game how-to and the goal line work the same in all five modes.

    from game.ui import onboarding

    class MyBoard(Scene):
        def enter(self):
            super().enter()
            onboarding.first_game_howto(self.app, "duel")      # once per mode, remembered

        def handle(self, ev):
            if onboarding.frame_keys(self.app, ev, "duel", pause=self.pause_menu):
                return                                        # START: pause, SELECT: glossary
            ...

        def pause_menu(self):
            onboarding.open_pause(self.app, "duel", extras=[("End turn", self.end_turn)],
                                  leave_question="Leave this duel? It counts as a loss.",
                                  on_leave=self.resign)

        def draw(self, surf):
            ...
            widgets.goal_line(surf, th, rect, onboarding.goal("duel"))

The words come from the mode's guide (``assets/guides/<mode>.toml``, ``game.ui.guide``).
"""

from __future__ import annotations

from game.ui.guide import guide_for
from hw.input.buttons import Button


def goal(mode: str) -> str:
    """The mode's goal in one line (the HUD's goal line)."""
    return guide_for(mode).goal


def first_game_note(mode: str) -> str:
    """Which level or bot suits a first game (set-up screens show it)."""
    return guide_for(mode).first_game


def howto_due(app, mode: str) -> bool:
    s = app.settings
    return bool(s.howto_first_game) and mode not in s.howto_seen


def first_game_howto(app, mode: str, on_close=None) -> bool:
    """Open the how-to over the board if this is the mode's first game here (and the setting
    allows it). Closing it (A: play, B: skip) remembers it. True when it opened."""
    if not howto_due(app, mode):
        return False
    app.open("howto", mode=mode, first=True, on_close=on_close)
    return True


def open_howto(app, mode: str) -> None:
    app.open("howto", mode=mode)


def open_glossary(app, mode: str) -> None:
    app.open("glossary", mode=mode)


def open_pause(app, mode: str, **kw) -> None:
    """The shared pause menu (``game.ui.scenes.pause``): extras, on_leave, leave_label,
    leave_question, tick, bots."""
    app.open("pause", mode=mode, **kw)


def frame_keys(app, ev, mode: str, *, pause) -> bool:
    """START opens the pause menu (`pause()`: the screen's own call to ``open_pause``), SELECT the
    mode's glossary. True when the event was one of them (the screen ignores it then)."""
    if ev.pressed(Button.START):
        pause()
        return True
    if ev.pressed(Button.SELECT):
        open_glossary(app, mode)
        return True
    return False
