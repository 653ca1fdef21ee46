"""The real input layer under the UI: keyboard events through hw.input.InputHub reach scenes as
logical buttons; remapping from Settings > Controls is saved; START+SELECT held goes home."""

from __future__ import annotations

import pygame
from ui_harness import B, key, menu_open, menu_pick, press, stack, tap


def hub_app(make_app):
    app = make_app()                                   # keyboard, keypad and the mock (no real pads or GPIO)
    assert app.hub.source("keyboard") is not None and app.hub.source("numpad") is not None
    pygame.event.clear()
    return app


def test_keyboard_drives_the_menus(make_app):
    app = hub_app(make_app)
    tap(app, "return")                                 # A
    assert stack(app) == ["menu"]
    tap(app, "down")
    assert app.top.menu.current.label == "Wizard duel"
    tap(app, "kp_2")                                   # the numpad works as a d-pad in menus
    assert app.top.menu.current.label == "Link two units"
    tap(app, "escape")                                 # B: back to the title
    assert stack(app) == ["title"]


def test_remap_a_button_from_settings_and_it_is_saved(make_app):
    app = hub_app(make_app)
    tap(app, "return")
    menu_open(app, "Settings")
    menu_pick(app, "Controls")
    remap = app.top
    assert remap.scene_name == "keyremap"
    from hw.input.buttons import PAD_BUTTONS
    target = PAD_BUTTONS.index(B.A)
    while remap.index != target:
        press(app, B.DOWN)
    press(app, B.A)                                    # capture
    assert remap.capturing is B.A
    tap(app, "k")                                      # the new key for A
    assert remap.capturing is None and "A = K" in remap.note.upper()
    assert "k" in app.settings.keymap["keyboard"]["A"]
    tap(app, "escape")                                 # B still goes back
    tap(app, "escape")
    assert stack(app) == ["menu"]
    tap(app, "k")                                      # and K now opens the menu entry
    assert stack(app)[-1] != "menu"


def test_start_select_held_goes_back_to_the_menu(make_app):
    app = hub_app(make_app)
    tap(app, "return")
    menu_open(app, "Stats")
    assert stack(app)[-1] == "stats"
    key("tab")                                         # START
    key("i")                                           # SELECT
    for _ in range(60):                                # 2 s of frames at 1/30 s
        app.step()
    assert stack(app) == ["menu"]


def test_ui_test_presses_take_the_real_input_path(make_app):
    """The harness's press() is a GPIO pin of the key map going through 20 ms of debounce, the key
    map and the hub; the App itself has no way to push logical buttons past the hub."""
    from game.app import App
    from hw.input.buttons import EventKind, Physical
    app = make_app()
    assert not hasattr(App, "press") and not hasattr(App, "inject") and not hasattr(app, "injected")
    seen = []
    real = app.dispatch
    app.dispatch = lambda ev: (seen.append(ev), real(ev))[1]
    t0 = app.hub.now_ms()
    press(app, B.A)                                    # title -> menu
    assert stack(app) == ["menu"]
    first = [e for e in seen if e.kind is EventKind.PRESS]
    assert [(e.button, e.source, round(e.time * 1000)) for e in first] == [(B.A, "gpio", t0 + 20)]
    app.hub.remap(B.DOWN, Physical("gpio", code=25))   # DOWN rewired: the harness follows the key map
    press(app, B.DOWN)
    assert app.top.menu.current.label == "Wizard duel"
    press(app, B.KP2)                                  # the keypad's 2 is DOWN in menus
    assert app.top.menu.current.label == "Link two units"
