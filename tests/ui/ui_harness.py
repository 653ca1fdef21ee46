"""Driving the app in tests: build it, press buttons, step frames, find cells on screen.

Every press goes through the app's ``mock`` input source (``game.ui.scripted_input``): a
physical input of the key map, debounce, the key map and the hub's timing, as a real press does.
"""

from __future__ import annotations

import time

import pygame

from game.app import App
from game.store import open_data_dir
from game.ui.scripted_input import SCRIPTED_SOURCES, back_to_menu, edit, hold, mock_of, press, release, type_text
from hw.display import DisplayPlan, open_display
from hw.input.buttons import Button
from hw.input.keynames import CODE_BY_NAME

B = Button
__all__ = ["back_to_menu", "edit", "hold", "mock_of", "press", "release", "type_text"]


def new_app(size, data_root, **kw) -> App:
    screen = open_display(DisplayPlan("window", "dummy", tuple(size)))
    kw.setdefault("fixed_dt", 1 / 30)
    kw.setdefault("input_sources", SCRIPTED_SOURCES)
    app = App(screen, data=open_data_dir({"TACTIBOX_DATA": str(data_root)}), **kw)
    app.seed_source = lambda: 4242
    app.run_frames(2)
    return app


def stack(app) -> list[str]:
    return [s.scene_name for s in app.stack]


def run_until(app, pred, max_frames: int | None = 3000, what: str = "condition", hang_s: float = 600.0) -> None:
    """Step frames until `pred()`. Frames spent waiting for a bot's worker thread do not count
    towards `max_frames`. `max_frames=None`: no frame bound, for waits on other threads or
    sockets (a loaded machine must not fail a test by chance); `hang_s` only guards against a
    hang and is far beyond any run."""
    frames, deadline = 0, time.monotonic() + hang_s
    while (max_frames is None or frames < max_frames) and time.monotonic() < deadline:
        if pred():
            return
        app.step()
        if thinking(app.top) or max_frames is None:
            time.sleep(0.002)    # the bot's worker thread, the link's sockets
        else:
            frames += 1
    assert pred(), f"{what} not reached after {frames} frames; scenes {stack(app)}"


def thinking(scene) -> bool:
    """Is a bot of the scene's Match (or of its own) deciding in its worker thread?"""
    bots = getattr(scene, "bots", None)
    if bots is not None and getattr(bots, "thinking", False):
        return True
    match = getattr(scene, "match", None)
    match = getattr(match, "match", match)               # a duel screen's DuelMatch wraps the Match
    driver = match.driver() if hasattr(match, "driver") and callable(match.driver) else None
    return bool(getattr(driver, "thinking", False))


def settle(app, max_frames: int = 300) -> None:
    """Until the battle's animations and camera are still."""
    sc = app.top
    run_until(app, lambda: not sc.anim.busy and not sc.camera.moving, max_frames, "animations to end")
    app.run_frames(1)


def to_battle(app, *, army_downs: int = 2, turn_limit_rights: int = 0, shot=None) -> None:
    """Title -> menu -> Skirmish setup (army size lowered) -> formation -> battle, by buttons only.
    `shot(name)` (optional) is called on each scene on the way."""
    shot = shot or (lambda name: None)
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    assert stack(app) == ["menu"]
    shot("menu")
    press(app, B.A)                       # Skirmish is the first entry
    assert stack(app)[-1] == "skirmish_setup"
    shot("setup")
    press(app, B.DOWN)                    # the set-up opens on its Fight line: down wraps to Map
    press(app, B.DOWN, B.DOWN)            # Army size
    for _ in range(army_downs):
        press(app, B.LEFT)
    press(app, B.DOWN)                    # Turn limit
    for _ in range(turn_limit_rights):
        press(app, B.RIGHT)
    for _ in range(5):
        press(app, B.DOWN)                # ... to "Form armies and fight"
    press(app, B.A)
    assert stack(app)[-1] == "skirmish_formation", stack(app)
    shot("formation")
    press(app, B.UP, B.A)                 # the cursor starts on "Done": up to a slot, open the picker
    shot("formation_picker")
    press(app, B.B, B.DOWN, B.A)          # close it, back down to "Done", fight
    if stack(app)[-1] == "howto":         # the first battle's how-to over the board: A plays
        shot("howto")
        press(app, B.A)
    assert stack(app)[-1] == "skirmish_battle", stack(app)


def menu_to(app, label: str) -> None:
    """Move the top screen's menu down to the entry `label` (A not pressed); AssertionError when
    a pass over every entry does not reach it."""
    menu = app.top.menu
    for _ in range(len(menu.items)):
        if menu.current.label == label:
            return
        press(app, B.DOWN)
    assert menu.current.label == label, (label, [i.label for i in menu.items])


def menu_pick(app, label: str) -> None:
    """Move the top screen's menu down to the entry `label` and press A."""
    menu_to(app, label)
    press(app, B.A)


def choose(app, label: str) -> None:
    """In a choice dialog or the pause menu: move to the entry `label` and press A."""
    assert stack(app)[-1] in ("choice", "pause"), stack(app)
    menu_pick(app, label)


def answer(app, label: str) -> None:
    """In a confirm dialog: move to `label` ("Yes"/"No") and press A."""
    assert stack(app)[-1] == "confirm", stack(app)
    menu_pick(app, label)


def screen_point(scene, cell: int, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    """Canvas pixel inside a cell's top face (dx, dy from its centre)."""
    r = scene.board.geom.top_rect(cell)
    cx, cy = scene.camera.offset
    v = scene.layout.view
    return v.x + r.centerx - cx + dx, v.y + r.centery - cy + dy


def world_pixel(scene, cell: int, dx: int = 0, dy: int = 0):
    r = scene.board.geom.top_rect(cell)
    return scene.board.world.get_at((r.centerx + dx, r.centery + dy))


def walk_cursor(sc, cell: int, tap, tries: int) -> bool:
    """Steer a battle screen's cursor to `cell` with d-pad taps (`tap(button)`): across to its
    column, then down or up to its row. False when `tries` taps did not get it there."""
    col, row = sc.game.grid.offset_of(cell)
    for _ in range(tries):
        c = sc.control
        if (c.col, c.row) == (col, row):
            return True
        tap(B.RIGHT if c.col < col else B.LEFT if c.col > col else B.DOWN if c.row < row else B.UP)
    return False


def cursor_to(app, cell: int) -> None:
    if not walk_cursor(app.top, cell, lambda b: press(app, b), 60):
        raise AssertionError(f"cursor cannot reach cell {cell}")


def free_of_hud(scene, point) -> bool:
    """A canvas point on the board that no overlay (minimap, message line, banner) covers."""
    lay = scene.layout
    if not lay.view.collidepoint(point):
        return False
    if any(r.collidepoint(point) for r in scene.overlay_rects()):
        return False
    return not lay.message.collidepoint(point)


def pixel(app, point) -> pygame.Color:
    return app.surface.get_at(point)


def menu_open(app, label: str) -> None:
    """From the main menu, move to the entry `label` with DOWN presses and press A."""
    assert stack(app)[-1] == "menu"
    menu_pick(app, label)


def key(name: str, down: bool = True) -> None:
    """Post a real keyboard event (by pygame key name) for the InputHub to read."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP,
                                         {"key": CODE_BY_NAME[name], "mod": 0, "unicode": "", "scancode": 0}))


def tap(app, name: str) -> None:
    """Press and release a keyboard key, one frame each."""
    key(name)
    app.step()
    key(name, False)
    app.step()
