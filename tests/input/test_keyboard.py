"""Keyboard and numpad reach scenes as logical buttons."""

import pygame
import pytest

from hw.input import Button, EventKind
from tests.input.conftest import key, summary, text


def feed_poll(hub, clock, t, *events):
    clock.at(t)
    hub.feed(events)
    return hub.poll()


@pytest.mark.parametrize("name,button", [
    ("up", "UP"), ("w", "UP"), ("s", "DOWN"), ("a", "LEFT"), ("right", "RIGHT"),
    ("z", "A"), ("return", "A"), ("space", "A"), ("x", "B"), ("escape", "B"), ("backspace", "B"),
    ("c", "X"), ("v", "Y"), ("q", "L"), ("e", "R"), ("tab", "START"), ("i", "SELECT"),
])
def test_default_keys(hub, clock, name, button):
    assert summary(feed_poll(hub, clock, 1.0, key(name))) == [("press", button, 1.0)]
    assert hub.is_held(Button(button))
    assert summary(feed_poll(hub, clock, 1.2, key(name, False))) == [("release", button, 1.2)]
    assert not hub.is_held(Button(button))


def test_numpad_acts_as_pad_in_menus_and_as_itself_when_claimed(hub, clock):
    menu = {"kp_8": "UP", "kp_2": "DOWN", "kp_4": "LEFT", "kp_6": "RIGHT", "kp_5": "A", "kp_enter": "A",
            "kp_0": "B", "kp_period": "B", "kp_plus": "START", "kp_minus": "SELECT", "kp_divide": "X",
            "kp_multiply": "Y", "kp_7": "L", "kp_9": "R"}
    t = 0.0
    for name, button in menu.items():
        t += 1
        assert summary(feed_poll(hub, clock, t, key(name), key(name, False))) == [
            ("press", button, t), ("release", button, t)], name
    hub.claim_numpad(True)
    for name in ["kp_0", "kp_1", "kp_5", "kp_9", "kp_divide", "kp_multiply", "kp_minus", "kp_plus",
                 "kp_period", "kp_enter", "delete"]:
        t += 1
        got = feed_poll(hub, clock, t, key(name))
        want = "KP_PERIOD" if name == "delete" else "KP" + name[3:].upper().lstrip("_")
        want = {"KPDIVIDE": "KP_DIVIDE", "KPMULTIPLY": "KP_MULTIPLY", "KPMINUS": "KP_MINUS",
                "KPPLUS": "KP_PLUS", "KPPERIOD": "KP_PERIOD", "KPENTER": "KP_ENTER"}.get(want, want)
        assert summary(got) == [("press", want, t)], name
        feed_poll(hub, clock, t, key(name, False))


def test_keypad_keys_keep_their_name_with_num_lock_off(hub, clock):
    """Num Lock off: SDL may report keypad 8 as the Up arrow; the scancode still says keypad."""
    hub.claim_numpad(True)
    ev = key("up", scancode=pygame.KSCAN_KP_8)
    assert summary(feed_poll(hub, clock, 1, ev)) == [("press", "KP8", 1.0)]


def test_claim_change_while_held_releases_what_was_pressed(hub, clock):
    assert summary(feed_poll(hub, clock, 1, key("kp_8"))) == [("press", "UP", 1.0)]
    hub.claim_numpad(True)
    assert summary(feed_poll(hub, clock, 1.1, key("kp_8", False))) == [("release", "UP", 1.1)]


def test_two_inputs_on_one_button(hub, clock):
    assert summary(feed_poll(hub, clock, 1, key("z"))) == [("press", "A", 1.0)]
    assert feed_poll(hub, clock, 1.1, key("return")) == []
    assert feed_poll(hub, clock, 1.2, key("z", False)) == []
    assert hub.is_held(Button.A)
    assert summary(feed_poll(hub, clock, 1.3, key("return", False))) == [("release", "A", 1.3)]


def test_os_key_repeat_is_ignored(hub, clock):
    assert len(feed_poll(hub, clock, 1, key("z"), key("z"), key("z"))) == 1


def test_focus_loss_releases_held_keys(hub, clock):
    feed_poll(hub, clock, 1, key("left"), key("z"))
    got = feed_poll(hub, clock, 2, pygame.event.Event(pygame.WINDOWFOCUSLOST, {}))
    assert sorted(x for x in summary(got) if x[0] == "release") == [("release", "A", 2.0), ("release", "LEFT", 2.0)]
    assert not hub.held()


def test_unrelated_events_are_ignored(hub, clock):
    assert feed_poll(hub, clock, 1, pygame.event.Event(pygame.QUIT, {}),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (1, 1), "button": 1})) == []


def test_text_mode_for_chat(hub, clock):
    feed_poll(hub, clock, 1, key("return"))  # Enter opens the chat line, still held
    hub.start_text()
    got = feed_poll(hub, clock, 1.1, key("return", False), key("h"), text("h"), key("h", False), text("i"),
                    key("backspace"), key("kp_enter"), key("escape"))
    assert [(e.kind.value, e.button.value if e.button else e.text) for e in got] == [
        ("release", "A"),  # the key held before text mode still releases its button
        ("text", "h"), ("text", "i"),
        ("text_edit", "backspace"), ("text_edit", "enter"), ("text_edit", "cancel"),
    ]
    assert not hub.held()
    hub.stop_text()
    assert summary(feed_poll(hub, clock, 2, key("h"), text("h"), key("x"))) == [("press", "B", 2.0)]


def test_unknown_keys_do_nothing(hub, clock):
    assert feed_poll(hub, clock, 1, pygame.event.Event(pygame.KEYDOWN, {"key": 0x40000999, "scancode": 0})) == []


def test_event_helpers(hub, clock):
    (ev,) = feed_poll(hub, clock, 1, key("z"))
    assert ev.pressed(Button.A) and ev.triggered(Button.A) and not ev.pressed(Button.B)
    assert ev.kind is EventKind.PRESS and ev.source == "keyboard"
