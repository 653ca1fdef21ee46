"""GPIO buttons through gpiozero's MockFactory reach the UI as logical buttons; debounce and
repeat on a fake clock."""

import logging

import pytest
from gpiozero.pins.mock import MockFactory

from hw.input import Button, InputHub, load_keymap
from tests.input.conftest import summary


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.close()


@pytest.fixture
def gpio_hub(clock, default_keymap, factory):
    h = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad", "gpio"), source_options={"gpio": {"pin_factory": factory}})
    assert h.source("gpio") is not None and h.messages == []
    yield h
    h.close()


def level(factory, clock, t, pin, pressed):
    clock.at(t)
    p = factory.pin(pin)
    p.drive_low() if pressed else p.drive_high()  # active low: pressed pulls the pin to GND


def test_every_wired_button_arrives(gpio_hub, factory, clock, default_keymap):
    t = 0.0
    for pin, button in sorted(default_keymap.gpio_pins().items()):
        t += 1
        level(factory, clock, t, pin, True)
        level(factory, clock, t + 0.2, pin, False)
        clock.at(t + 0.5)
        assert summary(gpio_hub.poll()) == [("press", button.value, round(t + 0.02, 3)),
                                            ("release", button.value, round(t + 0.22, 3))], pin


def test_pins_use_pull_ups(gpio_hub, factory):
    for pin in gpio_hub.source("gpio").buttons:
        assert factory.pin(pin).pull == "up"


def test_contact_bounce_gives_one_press(gpio_hub, factory, clock):
    a = 5
    for t, down in [(1.000, True), (1.002, False), (1.004, True), (1.007, False), (1.009, True)]:
        level(factory, clock, t, a, down)
    clock.at(1.020)
    assert gpio_hub.poll() == []  # not stable for 20 ms yet
    clock.at(1.040)
    assert summary(gpio_hub.poll()) == [("press", "A", 1.029)]  # 20 ms after the last bounce
    for t, down in [(2.000, False), (2.003, True), (2.005, False)]:
        level(factory, clock, t, a, down)
    clock.at(2.1)
    assert summary(gpio_hub.poll()) == [("release", "A", 2.025)]


def test_a_glitch_shorter_than_the_debounce_time_is_ignored(gpio_hub, factory, clock):
    level(factory, clock, 1.000, 6, True)
    level(factory, clock, 1.015, 6, False)
    clock.at(2)
    assert gpio_hub.poll() == []


def test_a_quick_tap_between_two_frames_is_not_lost(gpio_hub, factory, clock):
    clock.at(0.99)
    gpio_hub.poll()
    level(factory, clock, 1.000, 6, True)
    level(factory, clock, 1.025, 6, False)
    clock.at(1.0333)
    assert summary(gpio_hub.poll()) == [("press", "B", 1.02)]
    clock.at(1.0666)
    assert summary(gpio_hub.poll()) == [("release", "B", 1.045)]


def test_gpio_direction_repeats(gpio_hub, factory, clock):
    level(factory, clock, 0, 17, True)
    got = []
    for step in range(0, 80):
        clock.at(round(step * 0.01, 3))
        got += gpio_hub.poll()
    assert summary(got) == [("press", "UP", 0.02), ("repeat", "UP", 0.52), ("repeat", "UP", 0.62),
                            ("repeat", "UP", 0.72)]


def test_start_select_on_gpio_goes_back_to_menu(gpio_hub, factory, clock):
    level(factory, clock, 0, 16, True)
    level(factory, clock, 0, 26, True)
    clock.at(3)
    got = summary(gpio_hub.poll())
    assert ("back_to_menu", None, 1.52) in got


def test_gpio_and_keyboard_together(gpio_hub, factory, clock):
    import pygame

    from tests.input.conftest import key
    level(factory, clock, 0, 5, True)
    clock.at(0.1)
    gpio_hub.feed([key("z")])
    assert summary(gpio_hub.poll()) == [("press", "A", 0.02)]  # the second input holds the same A
    level(factory, clock, 0.2, 5, False)
    clock.at(0.3)
    assert gpio_hub.poll() == [] and gpio_hub.is_held(Button.A)
    gpio_hub.feed([key("z", False)])
    assert summary(gpio_hub.poll()) == [("release", "A", 0.3)]
    del pygame


def test_a_pin_already_in_use_is_reported_and_the_rest_works(clock, default_keymap, factory):
    from gpiozero import LED
    busy = LED(5, pin_factory=factory)  # something else holds the A pin
    h = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad", "gpio"), source_options={"gpio": {"pin_factory": factory}})
    try:
        assert any("GPIO5" in m for m in h.messages)
        level(factory, clock, 0, 6, True)
        clock.at(1)
        assert summary(h.poll()) == [("press", "B", 0.02)]
    finally:
        h.close()
        busy.close()


def test_wiring_file_in_the_data_dir_replaces_the_default(tmp_path, clock, factory):
    wiring = tmp_path / "gpio.toml"
    wiring.write_text("[buttons]\nA = [20, 21]\nB = 19\nSTART = 14\n")
    km, messages = load_keymap(gpio_file=wiring)
    assert km.gpio_pins() == {20: Button.A, 21: Button.A, 19: Button.B}
    assert len(messages) == 1 and "GPIO14" in messages[0] and str(wiring) in messages[0] and "UART" in messages[0]
    h = InputHub(km, clock=clock, sources=("keyboard", "numpad", "gpio"), source_options={"gpio": {"pin_factory": factory}})
    try:
        level(factory, clock, 0, 21, True)
        clock.at(1)
        assert summary(h.poll()) == [("press", "A", 0.02)]
    finally:
        h.close()


def test_uart_pins_allowed_when_asked(tmp_path):
    wiring = tmp_path / "gpio.toml"
    wiring.write_text("allow_uart_pins = true\n[buttons]\nSTART = 14\n")
    km, messages = load_keymap(gpio_file=wiring)
    assert messages == [] and km.gpio_pins() == {14: Button.START}


@pytest.mark.parametrize("content,expect", [
    ("[buttons\nA = 5", "not valid TOML"),
    ("[buttons]\nA = 99\n", "buttons.A: expected a BCM pin number"),
    ("[buttons]\nJUMP = 5\n", "buttons.JUMP: unknown button"),
    ("[buttons]\nA = 5\nB = 5\n", "buttons.B: 5 is already used by A"),
    ("pull_up = 'yes'\n[buttons]\nA = 5\n", "pull_up: expected true or false"),
])
def test_broken_wiring_files_are_reported_naming_file_and_key(tmp_path, content, expect):
    wiring = tmp_path / "gpio.toml"
    wiring.write_text(content)
    km, messages = load_keymap(gpio_file=wiring)
    assert any(expect in m and str(wiring) in m for m in messages), messages
    assert km.gpio_pins()  # something is still wired


def test_no_gpio_on_this_machine_means_no_source_and_one_log_line(clock, default_keymap, monkeypatch, caplog):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    from gpiozero import Device
    monkeypatch.setattr(Device, "pin_factory", None)
    with caplog.at_level(logging.INFO, logger="tactibox.input"):
        h = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad", "gpio"))
    assert h.source("gpio") is None and h.messages == []
    lines = [r for r in caplog.records if "GPIO" in r.getMessage()]
    assert len(lines) == 1 and "not available" in lines[0].getMessage()
    assert h.poll() == []
    h.close()


def test_closing_frees_the_pins(clock, default_keymap, factory):
    h = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad", "gpio"), source_options={"gpio": {"pin_factory": factory}})
    h.close()
    h2 = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad", "gpio"), source_options={"gpio": {"pin_factory": factory}})
    assert h2.messages == [] and len(h2.source("gpio").buttons) == 12
    h2.close()


def test_not_a_pi_skips_gpiozero_entirely(clock, default_keymap, monkeypatch, caplog):
    import hw.input.gpio as gpio_mod
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(gpio_mod, "gpio_hardware_present", lambda: False)
    with caplog.at_level(logging.INFO, logger="tactibox.input"):
        h = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad", "gpio"))
    assert h.source("gpio") is None
    assert [r.getMessage() for r in caplog.records if "GPIO" in r.getMessage()] == [
        "GPIO buttons: not available on this machine (no GPIO chip, not a Raspberry Pi)"]


def test_gpio_can_be_opened_after_the_first_frame(clock, default_keymap, factory):
    h = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad"))
    try:
        assert h.source("gpio") is None
        assert h.open_source("gpio", pin_factory=factory) is True
        level(factory, clock, 1, 13, True)
        clock.at(2)
        assert summary(h.poll()) == [("press", "Y", 1.02)]
    finally:
        h.close()
