"""Game controllers and joysticks: SDL virtual devices through real SDL event handling, plus a
fake device at the source boundary (which runs even where SDL has no virtual joysticks)."""

import pygame
import pytest

from hw.input import Button, EventKind, InputHub, Physical
from hw.input.joystick import Device
from tests.input.conftest import summary


@pytest.fixture(scope="module")
def vsdl():
    pygame.display.init()
    pygame.joystick.init()
    from tests.input.virtual_pad import VirtualSDL
    try:
        return VirtualSDL()
    except (RuntimeError, OSError) as exc:
        pytest.skip(f"SDL virtual joysticks unavailable: {exc}")


@pytest.fixture
def devices(vsdl):
    made = []

    def attach(kind, **kw):
        d = vsdl.attach(kind, **kw)
        made.append(d)
        return d
    yield attach
    for d in made:
        d.detach()
    pygame.event.get()


@pytest.fixture
def pad_hub(clock, default_keymap, vsdl):
    pygame.event.get()
    h = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad", "joystick"))
    yield h
    h.close()


def step(hub, clock, t, settle=0.05):
    """Deliver what SDL queued at time t, then poll after the debounce time."""
    clock.at(t)
    hub.feed(pygame.event.get())
    clock.at(round(t + settle, 3))
    return hub.poll()


def test_game_controller_uses_sdl_standard_names(pad_hub, clock, devices):
    from tests.input.virtual_pad import SDL_JOYSTICK_TYPE_GAMECONTROLLER
    pad = devices(SDL_JOYSTICK_TYPE_GAMECONTROLLER)
    got = step(pad_hub, clock, 1)
    assert [e.kind for e in got] == [EventKind.DEVICE] and got[0].text == "connected: Virtual Controller"
    assert pad_hub.source("joystick").devices[pad.instance_id].kind == "controller"
    # virtual controller button i is SDL controller button i: 0=a 1=b 4=back 6=start 11=dpup
    for t, (index, button) in enumerate([(0, "A"), (1, "B"), (2, "X"), (3, "Y"), (4, "SELECT"), (6, "START"),
                                         (9, "L"), (10, "R"), (11, "UP"), (12, "DOWN"), (13, "LEFT"),
                                         (14, "RIGHT")], start=2):
        pad.button(index, True)
        assert summary(step(pad_hub, clock, t)) == [("press", button, t + 0.02)], button
        pad.button(index, False)
        assert summary(step(pad_hub, clock, t + 0.5)) == [("release", button, t + 0.52)], button


def test_controller_stick_and_triggers_with_dead_zone(pad_hub, clock, devices):
    from tests.input.virtual_pad import SDL_JOYSTICK_TYPE_GAMECONTROLLER
    pad = devices(SDL_JOYSTICK_TYPE_GAMECONTROLLER)
    step(pad_hub, clock, 1)
    pad.axis(0, -10000)  # inside the dead zone (0.5)
    assert step(pad_hub, clock, 2) == []
    pad.axis(0, -30000)
    assert summary(step(pad_hub, clock, 3)) == [("press", "LEFT", 3.02)]
    pad.axis(0, -14000)  # between 3/4 of the dead zone and the dead zone: still held
    assert step(pad_hub, clock, 3.1) == []
    pad.axis(0, 0)
    assert summary(step(pad_hub, clock, 3.2)) == [("release", "LEFT", 3.22)]
    pad.axis(1, 32767)
    assert summary(step(pad_hub, clock, 4)) == [("press", "DOWN", 4.02)]
    pad.axis(1, 0)
    pad.axis(5, 32767)  # right trigger
    assert summary(step(pad_hub, clock, 4.2)) == [("release", "DOWN", 4.22), ("press", "R", 4.22)]


def test_arcade_stick_is_read_as_a_joystick(pad_hub, clock, devices):
    from tests.input.virtual_pad import SDL_JOYSTICK_TYPE_ARCADE_STICK
    stick = devices(SDL_JOYSTICK_TYPE_ARCADE_STICK, axes=2, buttons=10, hats=1)
    step(pad_hub, clock, 1)
    dev = pad_hub.source("joystick").devices[stick.instance_id]
    assert dev.kind == "joystick" and dev.name == "Virtual Arcade Stick"
    stick.button(0, True)
    stick.button(9, True)
    assert summary(step(pad_hub, clock, 2)) == [("press", "A", 2.02), ("press", "START", 2.02)]
    stick.hat(0, "up", "left")
    assert summary(step(pad_hub, clock, 3)) == [("press", "UP", 3.02), ("press", "LEFT", 3.02)]
    stick.hat(0, "centered")
    stick.axis(0, 32767)
    got = summary(step(pad_hub, clock, 3.2))
    assert sorted(got) == [("press", "RIGHT", 3.22), ("release", "LEFT", 3.22), ("release", "UP", 3.22)]


def test_per_device_table_changes_only_that_device(clock, default_keymap, vsdl, devices):
    from tests.input.virtual_pad import SDL_JOYSTICK_TYPE_ARCADE_STICK
    km, problems = default_keymap.with_overrides({"joystick:Virtual Arcade Stick": {"A": [5], "B": [0]}})
    assert problems == []
    pygame.event.get()
    hub = InputHub(km, clock=clock, sources=("keyboard", "numpad", "joystick"))
    try:
        stick = devices(SDL_JOYSTICK_TYPE_ARCADE_STICK, axes=2, buttons=10, hats=1)
        step(hub, clock, 1)
        stick.button(5, True)
        stick.button(0, True)
        assert sorted(summary(step(hub, clock, 2))) == [("press", "A", 2.02), ("press", "B", 2.02)]
        stick.button(1, True)  # generic table's B; not claimed by the device table: still B
        assert step(hub, clock, 3) == []  # B already held by button 0
    finally:
        hub.close()


def test_hot_plug_and_unplug_while_held(pad_hub, clock, devices):
    from tests.input.virtual_pad import SDL_JOYSTICK_TYPE_ARCADE_STICK
    assert step(pad_hub, clock, 1) == []
    stick = devices(SDL_JOYSTICK_TYPE_ARCADE_STICK, axes=2, buttons=10, hats=1)
    got = step(pad_hub, clock, 2)
    assert [(e.kind, e.text) for e in got] == [(EventKind.DEVICE, "connected: Virtual Arcade Stick")]
    stick.button(1, True)
    assert summary(step(pad_hub, clock, 3)) == [("press", "B", 3.02)]
    stick.detach()
    got = step(pad_hub, clock, 4)
    assert [(e.kind.value, e.button, e.text) for e in got] == [
        ("device", None, "disconnected: Virtual Arcade Stick"), ("release", Button.B, "")]
    assert not pad_hub.held() and pad_hub.source("joystick").devices == {}
    again = devices(SDL_JOYSTICK_TYPE_ARCADE_STICK, axes=2, buttons=10, hats=1)
    step(pad_hub, clock, 5)
    again.button(0, True)
    assert summary(step(pad_hub, clock, 6)) == [("press", "A", 6.02)]


def test_devices_plugged_before_the_hub_are_found(clock, default_keymap, devices):
    from tests.input.virtual_pad import SDL_JOYSTICK_TYPE_ARCADE_STICK
    stick = devices(SDL_JOYSTICK_TYPE_ARCADE_STICK, axes=2, buttons=10, hats=1)
    pygame.event.get()  # somebody else ate the ADDED event
    hub = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad", "joystick"))
    try:
        stick.button(3, True)
        got = step(hub, clock, 1)
        assert [e.kind for e in got] == [EventKind.DEVICE, EventKind.PRESS] and got[1].button is Button.Y
    finally:
        hub.close()


def test_capture_a_joystick_button_is_stored_for_that_device(pad_hub, clock, devices):
    from tests.input.virtual_pad import SDL_JOYSTICK_TYPE_ARCADE_STICK
    stick = devices(SDL_JOYSTICK_TYPE_ARCADE_STICK, axes=2, buttons=10, hats=1)
    step(pad_hub, clock, 1)
    pad_hub.begin_capture(Button.X)
    stick.button(7, True)  # START by default
    (ev,) = step(pad_hub, clock, 2)
    assert ev.kind is EventKind.REMAPPED and ev.remap.context == "joystick:Virtual Arcade Stick"
    assert ev.remap.displaced is Button.START and ev.remap.swapped_in == 2
    stick.button(7, False)
    assert step(pad_hub, clock, 3) == []  # the captured press's release is swallowed too
    stick.button(7, True)
    stick.button(2, True)
    assert sorted(summary(step(pad_hub, clock, 4))) == [("press", "START", 4.02), ("press", "X", 4.02)]
    assert pad_hub.keymap_overrides() == {"joystick:Virtual Arcade Stick": {"X": [7], "START": [2, 9]}}


def test_fake_device_at_the_source_boundary(hub, clock):
    """Without SDL devices: a Device registered by hand and synthetic pygame events."""
    from hw.input.joystick import JoystickSource
    src = JoystickSource(0.5)
    src.name = "joystick"
    src.devices[42] = Device(42, "Fake Encoder", "joystick", handle=None)
    hub.add_source(src)
    ev = lambda t, **kw: pygame.event.Event(t, {"instance_id": 42, **kw})  # noqa: E731
    clock.at(1)
    hub.feed([ev(pygame.JOYBUTTONDOWN, button=0), ev(pygame.JOYHATMOTION, hat=0, value=(1, 0)),
              ev(pygame.JOYBUTTONDOWN, button=99), ev(pygame.JOYAXISMOTION, axis=7, value=0.9)])
    clock.at(1.1)
    assert summary(hub.poll()) == [("press", "A", 1.02), ("press", "RIGHT", 1.02)]
    clock.at(1.2)
    hub.feed([ev(pygame.JOYBUTTONUP, button=0), ev(pygame.JOYBUTTONDOWN, button=0, instance_id=7)])
    clock.at(1.3)
    assert summary(hub.poll()) == [("release", "A", 1.22)]  # unknown instance ignored
    clock.at(1.4)
    hub.feed([pygame.event.Event(pygame.JOYDEVICEREMOVED, {"instance_id": 42})])
    clock.at(1.5)
    got = hub.poll()
    assert [(e.kind.value, e.button) for e in got] == [("device", None), ("release", Button.RIGHT)]
    assert Physical("joystick", "Fake Encoder", 42, 0).source == "joystick:Fake Encoder#42"
