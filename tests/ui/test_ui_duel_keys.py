"""Duel keys: the number pad through the real InputHub (claimed only while the duel is on top),
and the helpers the other duel tests use to enter actions with logical buttons only. The d-pad's
cursor and action bar: test_duel_controls.py."""

from __future__ import annotations

import time

import pygame
import pytest
from ui_harness import B, menu_open, menu_pick, press, run_until, stack, tap

from game.modes.duel import actions as A
from game.modes.duel.bot import DuelBot
from hw.input.buttons import Button, InputEvent

KP_STEP = {0: B.KP8, 1: B.KP6, 2: B.KP2, 3: B.KP4, 4: B.KP9, 5: B.KP3, 6: B.KP1, 7: B.KP7}
KP_CAST = (B.KP_DIVIDE, B.KP_MULTIPLY, B.KP_MINUS)


# --- helpers for the other duel tests -----------------------------------------------------------
pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py

@pytest.fixture(autouse=True)
def _duel_howto_seen(monkeypatch):
    """These tests play duels, not the first-game how-to (test_duel_controls.py opens it)."""
    from game.ui import onboarding
    due = onboarding.howto_due
    monkeypatch.setattr(onboarding, "howto_due", lambda app, mode: mode != "duel" and due(app, mode))



def ev(kind, button):
    return InputEvent(kind, button, 0.0, "test")


def keypad_buttons(action) -> list[Button]:
    """The plan's keys for one duel action."""
    k = action.kind
    if k == "step":
        return [KP_STEP[action.arg]]
    if k == "cast":
        return [KP_CAST[action.arg]]
    if k == "drink_ground":
        return [B.KP5]
    if k == "pick_up":
        return [B.KP0]
    if k == "drink":
        return [B.KP_PLUS, getattr(B, f"KP{action.arg + 1}")]
    return [B.KP_PERIOD]


def pick(app, startswith: str) -> None:
    """In an open list (a choice, the pause menu), move to the item starting with `startswith`
    and take it."""
    sc = app.top
    assert sc.scene_name in ("choice", "pause"), stack(app)
    for _ in range(len(sc.menu.items) + 1):
        if sc.menu.current.label.startswith(startswith):
            press(app, B.A)
            return
        press(app, B.DOWN)
    raise AssertionError(f"no item {startswith!r} in {sc.labels}")


def ready(sc) -> bool:
    return (sc.scene_name == "duel_game" and sc.curtain is None and sc.match.human_to_move() and not sc.busy()
            and sc.over_at is None)


def play_duel(app, enter, policy=None, max_frames: int = 40000) -> int:
    """Play the duel on top to its results with `enter(app, action)`; returns actions entered."""
    policy = policy or DuelBot("hard")
    n = 0
    for _ in range(max_frames):
        sc = app.top
        if sc.scene_name == "duel_results":
            return n
        if ready(sc):
            enter(app, policy.choose(sc.game.view(sc.match.viewer())))
            n += 1
        else:
            app.step()
            if sc.scene_name == "duel_game" and sc.match.thinking:
                time.sleep(0.0003)
    raise AssertionError(f"the duel did not end; scenes {stack(app)}")


def to_duel_menu(app) -> None:
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    menu_open(app, "Wizard duel")
    assert stack(app)[-1] == "duel_menu"


def set_level_size(app, size: int) -> None:
    """From the duel menu: Options > Level size, by buttons."""
    menu_pick(app, "Options")
    opts = app.top
    assert opts.scene_name == "duel_options"
    press(app, B.DOWN)
    from game.ui.modes.duel.setup_menu import host_options
    while host_options().options.level_size > size:
        press(app, B.LEFT)
    press(app, B.B)
    while app.top.menu.current.label != "Against a bot":
        press(app, B.UP)


# --- tests --------------------------------------------------------------------------------------
def test_keypad_buttons_follow_the_plan():
    assert keypad_buttons(A.cast(0)) == [B.KP_DIVIDE] and keypad_buttons(A.cast(2)) == [B.KP_MINUS]
    assert keypad_buttons(A.step(4)) == [B.KP9] and keypad_buttons(A.drink(8)) == [B.KP_PLUS, B.KP9]
    assert keypad_buttons(A.end_turn()) == [B.KP_PERIOD]


def test_real_keypad_is_claimed_only_while_the_duel_is_on_top(make_app):
    app = make_app()
    pygame.event.clear()
    tap(app, "return")
    assert stack(app) == ["menu"]
    tap(app, "kp_2")                                   # in menus kp_2 is DOWN
    assert app.top.menu.current.label == "Wizard duel"
    tap(app, "kp_5")                                   # and kp_5 is A
    assert stack(app)[-1] == "duel_menu"
    tap(app, "kp_5")                                   # Against a bot
    sc = app.top
    assert sc.scene_name == "duel_game" and app.hub.numpad_claimed
    run_until(app, lambda: ready(sc), None, "your turn in the duel")   # the bot thinks in its thread
    g = sc.game
    me = sc.match.viewer()
    legal = {a.code for a in g.legal_actions()}
    digit = next(d for d, b in ((0, "kp_8"), (1, "kp_6"), (2, "kp_2"), (3, "kp_4"), (4, "kp_9"), (5, "kp_3"),
                                (6, "kp_1"), (7, "kp_7")) if d in legal)
    name = {0: "kp_8", 1: "kp_6", 2: "kp_2", 3: "kp_4", 4: "kp_9", 5: "kp_3", 6: "kp_1", 7: "kp_7"}[digit]
    before = g.state.wizards[me].pos
    tap(app, name)
    assert g.state.wizards[me].pos == g.state.layout.grid.step[before][digit]
    assert sc.input_kind == "keypad"
    tap(app, "kp_plus")                                # "+": the bag's list replaces the log
    assert sc.reader.pending_inventory
    tap(app, "kp_0")                                   # any other key cancels
    assert not sc.reader.pending_inventory
    tap(app, "tab")                                    # START: the pause menu; the keypad is free again
    assert stack(app)[-1] == "pause" and not app.hub.numpad_claimed
    tap(app, "escape")
    assert stack(app)[-1] == "duel_game" and app.hub.numpad_claimed


def test_start_up_does_not_load_the_duel_engine_or_the_link():
    """The scene table names every scene without importing it: an app at its title has loaded
    neither the duel engine, nor the link, nor the battle screen."""
    import subprocess
    import sys
    code = ("import os, tempfile; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
            "os.environ['TACTIBOX_DATA'] = tempfile.mkdtemp()\n"
            "import sys, pygame\n"
            "from hw.display import DisplayPlan, open_display\n"
            "from game.app import App\n"
            "from game.ui.registry import SCENES\n"
            "assert {'duel_game', 'duel_menu', 'link_setup', 'link_wait', 'skirmish_link_battle'} <= set(SCENES)\n"
            "app = App(open_display(DisplayPlan('window', 'dummy', (480, 320))), fixed_dt=1/30, input_sources=())\n"
            "app.step()\n"
            "assert SCENES.loaded() == ['title'], SCENES.loaded()\n"
            "print(sorted(m for m in sys.modules if m.startswith(('game.modes.duel', 'firmware_bridge',\n"
            "                                                     'game.ui.modes.skirmish', 'game.link'))\n"
            "             and m not in ('game.modes.duel', 'game.modes.duel.mode',\n"
            "                           'game.ui.modes.skirmish', 'game.ui.modes.skirmish.entry')))\n")   # entries only
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
