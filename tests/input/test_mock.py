"""The mock source presses through the whole input path: a key map input, 20 ms debounce, the key
map, the numpad translation, auto-repeat (500/100 ms) and the START+SELECT hold (1.5 s).

Times worked out by hand from the defaults in assets/keymaps/default.toml: a GPIO edge at t
counts at t + 20 ms (debounce_ms = 20); a held direction repeats at press + 500 ms, then every
100 ms; START+SELECT held together sends BACK_TO_MENU 1500 ms after both are down."""

from __future__ import annotations

import pytest

from hw.input import Button, EventKind, InputHub, Physical
from tests.input.conftest import summary


@pytest.fixture
def mhub(clock, default_keymap):
    h = InputHub(default_keymap.copy(), clock=clock, sources=["mock"])
    yield h
    h.close()


def poll_at(h, clock, t):
    clock.at(t)
    return h.poll()


def test_a_tap_presses_a_gpio_pin_and_is_debounced(mhub, clock):
    mock = mhub.source("mock")
    clock.at(1.0)
    assert mock.physical(Button.A) == Physical("gpio", code=5)       # assets/gpio/default.toml: A = 5
    pressed, released = mock.tap(Button.A)
    assert (pressed, released) == (1020, 1050)                      # down 1000 + 20; up 1030 + 20
    assert poll_at(mhub, clock, 1.019) == []                         # not stable for 20 ms yet
    got = poll_at(mhub, clock, 1.1)
    assert summary(got) == [("press", "A", 1.02), ("release", "A", 1.05)]
    assert {e.source for e in got} == {"gpio"}                       # the hub cannot tell it from a pin


def test_contact_bounce_through_the_mock_gives_one_press(mhub, clock):
    mock = mhub.source("mock")
    pin = mock.physical(Button.B)
    mock.edge(pin, True, at=100)
    mock.edge(pin, False, at=110)                                    # a 10 ms blip: dropped
    assert poll_at(mhub, clock, 0.5) == []
    for t, down in [(1000, True), (1003, False), (1006, True)]:      # bounces, then held
        mock.edge(pin, down, at=t)
    assert summary(poll_at(mhub, clock, 1.5)) == [("press", "B", 1.026)]


def test_a_second_tap_waits_for_the_first_release_to_count(mhub, clock):
    mock = mhub.source("mock")
    first = mock.tap(Button.DOWN)
    second = mock.tap(Button.DOWN)
    assert second[0] - 20 >= first[1]                                # down again only once the release counted
    assert summary(poll_at(mhub, clock, 1.0)) == [
        ("press", "DOWN", 0.02), ("release", "DOWN", 0.05), ("press", "DOWN", second[0] / 1000),
        ("release", "DOWN", second[1] / 1000)]


def test_the_mock_follows_the_key_map(mhub, clock):
    mock = mhub.source("mock")
    mhub.remap(Button.A, Physical("gpio", code=25))                  # A rewired to GPIO25
    assert mock.physical(Button.A) == Physical("gpio", code=25)
    mock.tap(Button.A)
    assert summary(poll_at(mhub, clock, 0.2)) == [("press", "A", 0.02), ("release", "A", 0.05)]


def test_keypad_buttons_press_keypad_keys_and_are_translated_in_menus(mhub, clock):
    mock = mhub.source("mock")
    assert mock.physical(Button.KP8) == Physical("keyboard", code="kp_8")
    mock.tap(Button.KP8)                                              # keyboard: no debounce
    assert summary(poll_at(mhub, clock, 0.1)) == [("press", "UP", 0.0), ("release", "UP", 0.03)]
    mhub.claim_numpad(True)
    mock.tap(Button.KP8)
    assert summary(poll_at(mhub, clock, 0.2)) == [("press", "KP8", 0.1), ("release", "KP8", 0.13)]


def test_a_held_direction_repeats(mhub, clock):
    mock = mhub.source("mock")
    mock.hold(Button.RIGHT)
    got = []
    for frame in range(1, 23):                                       # 30 fps for 0.733 s
        got += summary(poll_at(mhub, clock, frame / 30))
    assert got == [("press", "RIGHT", 0.02), ("repeat", "RIGHT", 0.52), ("repeat", "RIGHT", 0.62),
                   ("repeat", "RIGHT", 0.72)]
    mock.release(Button.RIGHT)
    assert summary(poll_at(mhub, clock, 0.9)) == [("release", "RIGHT", 0.753)]


def test_start_and_select_held_go_back_to_the_menu_once(mhub, clock):
    mock = mhub.source("mock")
    mock.hold(Button.START, Button.SELECT)
    assert [e.kind for e in poll_at(mhub, clock, 1.519)] == [EventKind.PRESS, EventKind.PRESS]
    got = poll_at(mhub, clock, 3.0)
    assert [(e.kind, round(e.time, 3)) for e in got] == [(EventKind.BACK_TO_MENU, 1.52)]
    mock.release_all()
    assert {e.kind for e in poll_at(mhub, clock, 3.1)} == {EventKind.RELEASE}


def test_typing_reaches_only_a_text_line(mhub, clock):
    mock = mhub.source("mock")
    mock.type_text("ignored")
    assert poll_at(mhub, clock, 0.1) == []
    mhub.start_text()
    mock.type_text("hi")
    mock.edit("enter")
    assert [(e.kind.value, e.text) for e in poll_at(mhub, clock, 0.2)] == [("text", "hi"), ("text_edit", "enter")]
    mhub.stop_text()


def test_nothing_is_handed_over_before_it_is_due(mhub, clock):
    mock = mhub.source("mock")
    mock.edge(Button.A, True, at=5000)
    assert mock.drain(4999) == [] and mock.due_by(5000) and not mock.due_by(4999)
    assert [e[0] for e in mock.drain(5000)] == [5000] and not mock.busy


def test_a_button_nothing_presses_is_a_clear_error(clock, default_keymap):
    km, _ = default_keymap.with_overrides({})
    for table in km.tables.values():
        table.pop(Button.Y, None)
    h = InputHub(km, clock=clock, sources=["mock"])
    with pytest.raises(LookupError, match="no input presses Y"):
        h.source("mock").tap(Button.Y)
    h.close()


def test_a_pad_when_asked(clock, default_keymap):
    h = InputHub(default_keymap.copy(), clock=clock, sources=["mock"],
                 source_options={"mock": {"prefer": ("joystick", "keyboard")}})
    mock = h.source("mock")
    assert mock.physical(Button.A).context == "joystick" and mock.physical(Button.A).code == 0
    mock.tap(Button.A)
    assert summary(poll_at(h, clock, 0.2)) == [("press", "A", 0.02), ("release", "A", 0.05)]
    h.close()
