"""Input sources as gpiozero does pin factories: a lazy name table, TACTIBOX_INPUT, sources a
machine lacks, the keyboard/numpad split, and a source added from outside."""

from __future__ import annotations

import logging
import subprocess
import sys

import pygame
import pytest

from hw.input import Button, InputHub, InputSource, Physical, register_source
from hw.input.source import DEFAULT_SOURCES, SOURCES, SourceUnavailable, source_names
from tests.input.conftest import key, summary


def test_the_table_names_every_kind_and_the_defaults_leave_the_mock_out():
    assert set(SOURCES) >= {"keyboard", "numpad", "joystick", "gpio", "mock"}
    assert DEFAULT_SOURCES == ("keyboard", "numpad", "joystick", "gpio")
    assert all(":" in target for target in SOURCES.values())


def test_a_source_is_imported_only_when_opened():
    """Opening the keyboard imports neither gpiozero nor the GPIO, joystick or mock modules."""
    code = ("import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
            "import sys\n"
            "from hw.input import InputHub, load_keymap\n"
            "hub = InputHub(load_keymap()[0], sources=['keyboard', 'numpad'])\n"
            "print(sorted(m for m in sys.modules if m.startswith(('gpiozero', 'hw.input.gpio', 'hw.input.joystick',\n"
            "                                                     'hw.input.mock'))))\n"
            "hub.open_source('mock')\n"
            "print('hw.input.mock' in sys.modules, 'gpiozero' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["[]", "True False"]


@pytest.mark.parametrize("value,names,problem", [
    ("", list(DEFAULT_SOURCES), None),
    ("keyboard,gpio", ["keyboard", "gpio"], None),
    (" GPIO , keyboard,gpio,", ["gpio", "keyboard"], None),
    ("keyboard,mouse", ["keyboard"], "unknown input source 'mouse'"),
    ("mouse", list(DEFAULT_SOURCES), "no usable input source"),
])
def test_tactibox_input_names_the_sources(value, names, problem):
    got, problems = source_names({"TACTIBOX_INPUT": value})
    assert got == names
    if problem is None:
        assert problems == []
    else:
        assert any(problem in p and "TACTIBOX_INPUT" in p for p in problems), problems


def test_the_hub_reads_tactibox_input(monkeypatch, clock, default_keymap):
    monkeypatch.setenv("TACTIBOX_INPUT", "numpad,trackball")
    h = InputHub(default_keymap.copy(), clock=clock)
    try:
        assert [s.name for s in h.sources] == ["numpad"]
        assert any("'trackball'" in m for m in h.messages)
    finally:
        h.close()


def test_an_unknown_name_is_a_message_not_a_crash(clock, default_keymap):
    h = InputHub(default_keymap.copy(), clock=clock, sources=["keyboard", "telepathy"])
    assert h.open_source("telepathy") is False
    assert [s.name for s in h.sources] == ["keyboard"]
    assert any("unknown input source 'telepathy'" in m and "keyboard" in m for m in h.messages)
    h.close()


def open_lacking(host, **_):
    raise SourceUnavailable("no such bus here")


def test_a_source_this_machine_lacks_is_one_log_line(clock, default_keymap, caplog):
    register_source("lacking", f"{__name__}:open_lacking")
    try:
        with caplog.at_level(logging.INFO, logger="tactibox.input"):
            h = InputHub(default_keymap.copy(), clock=clock, sources=["lacking", "keyboard"])
        assert [s.name for s in h.sources] == ["keyboard"] and h.messages == []
        assert [r.getMessage() for r in caplog.records] == ["lacking: not available on this machine (no such bus here)"]
        assert h.source("lacking") is None
        h.close()
    finally:
        SOURCES.pop("lacking", None)


class Foot(InputSource):
    """A foot pedal on a serial port, say: a source from outside hw.input, through the table."""

    def __init__(self, host, pedal_code="pedal"):
        self.host = host
        self.queue = []
        self.code = pedal_code
        self.closed = False

    def stomp(self, t, down):
        self.queue.append((t, Physical("keyboard", code=self.code), down))

    def drain(self, now):
        due = [e for e in self.queue if e[0] <= now]
        self.queue = [e for e in self.queue if e[0] > now]
        return due

    def close(self):
        self.closed = True


def open_foot(host, **options):
    return Foot(host, **options)


def test_a_registered_source_feeds_the_hub_and_is_closed(clock, default_keymap):
    register_source("foot", f"{__name__}:open_foot")
    try:
        km, problems = default_keymap.with_overrides({"keyboard": {"A": ["return", "f5"]}})
        assert problems == []
        h = InputHub(km, clock=clock, sources=["foot"], source_options={"foot": {"pedal_code": "f5"}})
        foot = h.source("foot")
        assert isinstance(foot, Foot) and foot.name == "foot"
        foot.stomp(1000, True)
        foot.stomp(1400, False)
        clock.at(1.2)
        assert summary(h.poll()) == [("press", "A", 1.0)]         # the release is not due yet
        clock.at(1.5)
        assert summary(h.poll()) == [("release", "A", 1.4)]
        h.close()
        assert foot.closed and h.sources == []
    finally:
        SOURCES.pop("foot", None)


def test_register_source_wants_module_and_factory():
    with pytest.raises(ValueError, match="module:factory"):
        register_source("x", "just_a_module")


def test_keyboard_and_numpad_split_one_stream(clock, default_keymap):
    """A USB keypad is a keyboard to SDL: the `keyboard` source takes every key but the keypad's,
    the `numpad` source only the keypad's (by scancode, so Num Lock off changes nothing)."""
    only_pad = InputHub(default_keymap.copy(), clock=clock, sources=["numpad"])
    only_keys = InputHub(default_keymap.copy(), clock=clock, sources=["keyboard"])
    try:
        for h in (only_pad, only_keys):
            h.claim_numpad(True)
        events = [key("z"), key("kp_5"), key("up", scancode=pygame.KSCAN_KP_8), key("delete")]
        only_pad.feed(events)
        only_keys.feed(events)
        assert summary(only_pad.poll()) == [("press", "KP5", 0.0), ("press", "KP8", 0.0)]
        assert summary(only_keys.poll()) == [("press", "A", 0.0), ("press", "KP_PERIOD", 0.0)]
    finally:
        only_pad.close()
        only_keys.close()


def test_keypad_enter_edits_a_chat_line_from_the_numpad_source(clock, default_keymap):
    h = InputHub(default_keymap.copy(), clock=clock, sources=["keyboard", "numpad"])
    h.start_text()
    h.feed([key("kp_enter"), key("kp_7"), key("return"), key("q")])
    got = [(e.kind.value, e.text) for e in h.poll()]
    assert got == [("text_edit", "enter"), ("text_edit", "enter")]     # digits arrive as TEXTINPUT
    h.stop_text()
    h.close()


def test_a_closing_error_does_not_stop_the_others(clock, default_keymap, caplog):
    class Broken(InputSource):
        name = "broken"

        def close(self):
            raise OSError("bus gone")
    h = InputHub(default_keymap.copy(), clock=clock, sources=[Broken(), "mock"])
    mock = h.source("mock")
    mock.tap(Button.A)
    with caplog.at_level(logging.WARNING, logger="tactibox.input"):
        h.close()
    assert "broken: could not be closed (bus gone)" in caplog.text and h.sources == []
    assert not mock.busy                                  # closed after the broken one
