"""Remapping from the Settings scene: capture, swap, save to settings.toml, reset."""

from contextlib import contextmanager

from gpiozero.pins.mock import MockFactory

from game.store import SettingsStore
from hw.input import Button, EventKind, InputHub
from tests.input.conftest import key, summary


@contextmanager
def gpio_hub(clock, keymap):
    """(hub, factory, saved): an InputHub reading the keyboard, the numpad and mocked GPIO pins,
    `saved` collecting each keymap it saves; hub and pin factory closed afterwards."""
    factory = MockFactory()
    saved = []
    hub = InputHub(keymap.copy(), clock=clock, sources=("keyboard", "numpad", "gpio"), source_options={"gpio": {"pin_factory": factory}},
                   on_keymap_change=saved.append)
    try:
        yield hub, factory, saved
    finally:
        hub.close()
        factory.close()


def test_capture_a_key_swaps_and_saves(tmp_path, clock):
    store = SettingsStore(tmp_path / "settings.toml")
    store.load()
    hub = InputHub.create(overrides=store.settings.keymap, clock=clock, sources=("keyboard", "numpad"),
                          on_keymap_change=lambda o: store.update(keymap=o))
    hub.begin_capture(Button.A)
    assert hub.capturing is Button.A
    hub.feed([key("x")])  # x is B's key
    (ev,) = hub.poll()
    assert ev.kind is EventKind.REMAPPED and ev.button is Button.A
    assert (ev.remap.displaced, ev.remap.swapped_in, ev.remap.context) == (Button.B, "z", "keyboard")
    assert hub.capturing is None
    clock.at(0.1)
    hub.feed([key("x", False)])
    assert hub.poll() == []  # the captured key's release is not a button release
    clock.at(0.2)
    hub.feed([key("x"), key("z")])
    assert summary(hub.poll()) == [("press", "A", 0.2), ("press", "B", 0.2)]
    # saved; a fresh start (new store, new hub) has the same map
    again = SettingsStore(tmp_path / "settings.toml")
    again.load()
    assert again.messages == []
    assert again.settings.keymap == {"keyboard": {"A": ("x", "return", "space"), "B": ("z", "escape", "backspace")}}
    hub2 = InputHub.create(overrides=again.settings.keymap, clock=clock, sources=("keyboard", "numpad"))
    hub2.feed([key("x", False), key("x")])
    assert summary(hub2.poll()) == [("press", "A", 0.2)]


def test_reset_to_defaults_saves_an_empty_override_table(tmp_path, clock):
    store = SettingsStore(tmp_path / "settings.toml")
    store.load()
    hub = InputHub.create(overrides={"keyboard": {"A": ["k"]}}, clock=clock, sources=("keyboard", "numpad"),
                          on_keymap_change=lambda o: store.update(keymap=o))
    hub.feed([key("k")])
    assert summary(hub.poll()) == [("press", "A", 0.0)]
    hub.reset_keymap()
    assert store.settings.keymap == {}
    hub.feed([key("k", False)])
    assert summary(hub.poll()) == [("release", "A", 0.0)]  # what k pressed is still released
    hub.feed([key("z"), key("k")])
    assert summary(hub.poll()) == [("press", "A", 0.0)]


def test_reset_one_table_only(clock):
    hub = InputHub.create(overrides={"keyboard": {"A": ["k"]}, "gpio": {"A": [25]}}, clock=clock,
                          sources=("keyboard", "numpad"))
    hub.reset_keymap("keyboard")
    assert hub.keymap_overrides() == {"gpio": {"A": [25]}}


def test_cancel_capture(hub, clock):
    hub.begin_capture(Button.Y)
    hub.cancel_capture()
    hub.feed([key("z")])
    assert summary(hub.poll()) == [("press", "A", 0.0)]


def test_capture_on_gpio(clock, default_keymap):
    with gpio_hub(clock, default_keymap) as (hub, factory, saved):
        hub.begin_capture(Button.START)
        factory.pin(5).drive_low()  # the A button
        clock.at(0.1)
        (ev,) = hub.poll()
        assert ev.kind is EventKind.REMAPPED and ev.remap.displaced is Button.A and ev.remap.swapped_in == 16
        assert saved[-1] == {"gpio": {"START": [5], "A": [16]}}
        factory.pin(5).drive_high()
        clock.at(0.2)
        assert hub.poll() == []
        factory.pin(16).drive_low()
        clock.at(0.3)
        assert summary(hub.poll()) == [("press", "A", 0.22)]


def test_a_refused_remap_changes_nothing_and_says_why(clock, default_keymap):
    with gpio_hub(clock, default_keymap) as (hub, factory, saved):
        hub.begin_capture(Button.KP3)
        factory.pin(26).drive_low()  # SELECT's only pin
        clock.at(0.1)
        (ev,) = hub.poll()
        assert ev.kind is EventKind.REMAPPED and not ev.remap.ok and "SELECT" in ev.remap.refused
        assert saved == []


def test_a_failing_save_is_reported_not_raised(clock, default_keymap):
    def boom(_):
        raise OSError("disk full")
    hub = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad"), on_keymap_change=boom)
    hub.begin_capture(Button.A)
    hub.feed([key("k")])
    assert hub.poll()[0].remap.ok
    assert any("disk full" in m for m in hub.messages)


def test_remap_while_the_old_key_is_held(hub, clock):
    hub.feed([key("z")])
    hub.poll()
    hub.begin_capture(Button.B)
    hub.feed([key("k")])
    hub.poll()  # B is now k; z still A
    hub.remap(Button.X, hub_phys("z"))  # z moves to X while it is held
    hub.feed([key("z", False)])
    assert summary(hub.poll()) == [("release", "A", 0.0)]
    assert not hub.held()


def hub_phys(name):
    from hw.input import Physical
    return Physical("keyboard", code=name)
