"""The safe-mode screen: why the game started with defaults, what was set aside and where.

Shown over the title on a safe-mode start (``App(safe_mode=...)``, see game.store.safe_mode).
A or B closes the message; then, if files were set aside, a choice: keep the defaults, or put
everything back and restart (the appliance's unit starts the game again; a crash would count
towards the next safe mode, so this cannot become a loop).
"""

from __future__ import annotations

TITLE = "Safe mode"
KEEP = "Keep the defaults"
PUT_BACK_RESTART = "Put them back and restart"
PUT_BACK_QUIT = "Put them back and quit"


def show_safe_mode(app, safe_mode) -> None:
    app.open("message", title=TITLE, lines=safe_mode.lines(), on_close=lambda: _offer_restore(app, safe_mode))


def _offer_restore(app, safe_mode) -> None:
    if not safe_mode.moved:
        return
    label = PUT_BACK_RESTART if app.appliance else PUT_BACK_QUIT
    app.open("choice", title=f"Set aside in {safe_mode.folder.name}", options=[(KEEP, None), (label, lambda: _put_back(app))])


def _put_back(app) -> None:
    """The files move back once the App has closed (the stats database is open until then)."""
    app.restore_after_safe_mode = True
    app.quit(0)
