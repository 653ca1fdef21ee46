"""Driving an App by buttons, as a player would, through its ``mock`` input source.

The contact-sheet tour and the UI tests use these; the App must have been made with the mock
among its sources (``App(..., input_sources=SCRIPTED_SOURCES)``). Each press goes through the
real input path: a physical input of the key map, 20 ms debounce, the key map, the hub's timing
rules, then the scene stack. So a press takes at least two frames at 30 fps (the press counts
20 ms after it goes down, the release 20 ms after it comes up).
"""

from __future__ import annotations

from collections.abc import Callable

from hw.input.buttons import Button
from hw.input.mock import MockSource

SCRIPTED_SOURCES = ("keyboard", "numpad", "mock")
MAX_FRAMES = 600


def mock_of(app) -> MockSource:
    hub = app.hub
    src = hub.source("mock") if hub is not None else None
    if src is None:
        raise RuntimeError("this app has no mock input source (make it with input_sources=SCRIPTED_SOURCES)")
    return src


def run_until_ms(app, ms: int, step: Callable[[], object] | None = None) -> None:
    """Step frames (``app.step``, or `step`: e.g. a test's step of two linked units) until the hub
    has polled at or after `ms` with every scripted input due by then handed over: what happened
    by `ms` has reached the scene."""
    mock = mock_of(app)
    step = step or app.step
    for _ in range(MAX_FRAMES):
        if not app.running or (app.hub.polled_ms >= ms and not mock.due_by(ms)):
            return
        step()
    raise RuntimeError(f"the input script did not reach {ms} ms")


def press(app, *buttons: Button, frames: int = 1, step: Callable[[], object] | None = None) -> None:
    """Tap each button in turn: step until its press and release have reached the scene, then
    `frames` - 1 frames more. ``frames=0`` only schedules the taps (step later yourself)."""
    mock = mock_of(app)
    for b in buttons:
        _, released = mock.tap(b)
        if frames > 0:
            run_until_ms(app, released, step)
            for _ in range(frames - 1):
                (step or app.step)()


def hold(app, *buttons: Button, ms: int = 0) -> None:
    """Press and keep the buttons down; step until the presses count, then `ms` more of holding."""
    mock = mock_of(app)
    at = mock.hold(*buttons)
    run_until_ms(app, at + ms)


def release(app, *buttons: Button) -> None:
    run_until_ms(app, mock_of(app).release(*buttons))


def back_to_menu(app) -> None:
    """Hold START and SELECT for the hub's combination time (1.5 s): back to the main menu."""
    hold(app, Button.START, Button.SELECT, ms=app.hub.options.back_to_menu_ms)
    release(app, Button.START, Button.SELECT)


def type_text(app, text: str, *, enter: bool = False) -> None:
    """Type on the keyboard (a chat line or the on-screen keyboard in text mode)."""
    mock = mock_of(app)
    mock.type_text(text)
    if enter:
        mock.edit("enter")
    app.run_frames(1)


def edit(app, key: str) -> None:
    mock_of(app).edit(key)
    app.run_frames(1)
