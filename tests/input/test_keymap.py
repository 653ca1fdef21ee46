"""Key map files: the shipped defaults are complete and sane; broken entries are named."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hw.input import Button, Physical
from hw.input.buttons import NUMPAD_BUTTONS, PAD_BUTTONS
from hw.input.keymap import UART_PINS, Keymap, KeymapError, load_keymap, parse_table


def test_every_button_has_a_key_and_every_pad_button_a_gamepad_and_gpio_input(default_keymap):
    km = default_keymap
    assert set(km.tables["keyboard"]) == set(Button)
    assert all(km.tables["keyboard"][b] for b in Button)
    for ctx in ("controller", "joystick", "gpio"):
        assert all(km.tables[ctx].get(b) for b in PAD_BUTTONS), ctx


def test_numpad_in_menus_covers_what_a_numpad_only_player_needs(default_keymap):
    targets = set(default_keymap.numpad_menu.values())
    assert {Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT, Button.A, Button.B, Button.START,
            Button.SELECT} <= targets
    assert set(default_keymap.numpad_menu) <= set(NUMPAD_BUTTONS)


def test_default_wiring_keeps_the_reserved_pins_free(default_keymap):
    pins = set(default_keymap.gpio_pins())
    assert len(pins) == 12
    reserved = {0, 1, 2, 3, 7, 8, 9, 10, 11, 18, 19, 20, 21, *UART_PINS}
    assert not pins & reserved
    assert default_keymap.gpio_pull_up is True


def test_timing_options(default_keymap):
    o = default_keymap.options
    assert (o.debounce_ms, o.repeat_delay_ms, o.repeat_interval_ms, o.back_to_menu_ms) == (20, 500, 100, 1500)


def test_lookup(default_keymap):
    assert default_keymap.lookup(Physical("keyboard", code="z")) is Button.A
    assert default_keymap.lookup(Physical("controller", "Any Pad", 3, "start")) is Button.START
    assert default_keymap.lookup(Physical("joystick", "Any Stick", 1, "hat0:left")) is Button.LEFT
    assert default_keymap.lookup(Physical("gpio", code=16)) is Button.START
    assert default_keymap.lookup(Physical("keyboard", code="f12")) is None


@pytest.mark.parametrize("table,expect", [
    ({"A": ["zz"]}, "keyboard.A: unknown key name 'zz'"),
    ({"JUMP": ["z"]}, "keyboard.JUMP: unknown button 'JUMP'"),
    ({"A": ["z"], "B": ["z"]}, "keyboard.B: 'z' is already used by A"),
    ({"A": [3]}, "keyboard.A: unknown key name 3"),
])
def test_bad_keyboard_entries(table, expect):
    t, problems = parse_table("keyboard", table, "f.toml: keyboard")
    assert any(expect in p for p in problems), problems


def test_key_name_aliases_are_canonical():
    t, problems = parse_table("keyboard", {"A": ["KP5", "Return"]}, "x")
    assert problems == [] and t[Button.A] == ("kp_5", "return")


def test_broken_shipped_file_raises_naming_the_file(tmp_path):
    bad = tmp_path / "default.toml"
    bad.write_text("[keyboard]\nA = ['nope']\n[mystery]\n")
    with pytest.raises(KeymapError) as exc:
        load_keymap(bad)
    assert f"{bad}: keyboard.A: unknown key name 'nope'" in str(exc.value)
    assert f"{bad}: mystery: unknown table" in str(exc.value)


def test_a_damaged_shipped_key_map_falls_back_to_a_usable_one(tmp_path, monkeypatch, clock):
    import hw.input.hub as hub_mod
    from hw.input import InputHub
    from tests.input.conftest import key, summary

    def broken(*a, **k):
        raise KeymapError("default.toml: not valid TOML")
    monkeypatch.setattr(hub_mod, "load_keymap", broken)
    h = InputHub.create(clock=clock, sources=("keyboard", "numpad"))
    assert any("damaged" in m for m in h.messages)
    h.feed([key("return")])
    assert summary(h.poll()) == [("press", "A", 0.0)]


def test_overrides_from_settings_apply_and_bad_ones_are_reported(default_keymap):
    km, problems = default_keymap.with_overrides({
        "keyboard": {"A": ["k"], "B": ["zz"], "NOPE": ["x"]},
        "mouse": {"A": [1]},
        "gpio": {"START": [25]},
    })
    assert km.lookup(Physical("keyboard", code="k")) is Button.A
    assert km.lookup(Physical("keyboard", code="z")) is None  # A's list was replaced
    assert km.lookup(Physical("gpio", code=25)) is Button.START
    assert km.lookup(Physical("gpio", code=16)) is None
    joined = "\n".join(problems)
    assert "keymap.keyboard.B: unknown key name 'zz'" in joined
    assert "keymap.keyboard.NOPE: unknown button" in joined
    assert "keymap.mouse: unknown device kind" in joined


def test_an_override_takes_its_inputs_from_other_buttons(default_keymap):
    km, problems = default_keymap.with_overrides({"keyboard": {"SELECT": ["z"]}})
    assert problems == []
    assert km.lookup(Physical("keyboard", code="z")) is Button.SELECT
    assert km.effective("keyboard")[Button.A] == ("return", "space")


# -- remapping rules ---------------------------------------------------------------------------
def kb(name):
    return Physical("keyboard", code=name)


def test_assign_a_free_key_replaces_the_primary(default_keymap):
    km = default_keymap.copy()
    r = km.assign(Button.A, kb("k"))
    assert r.ok and r.displaced is None and r.context == "keyboard"
    assert km.tables["keyboard"][Button.A] == ("k", "return", "space")
    assert km.lookup(kb("z")) is None


def test_assign_a_taken_key_swaps(default_keymap):
    km = default_keymap.copy()
    r = km.assign(Button.A, kb("x"))
    assert (r.displaced, r.swapped_in) == (Button.B, "z")
    assert km.lookup(kb("x")) is Button.A and km.lookup(kb("z")) is Button.B
    assert km.tables["keyboard"][Button.B] == ("z", "escape", "backspace")


def test_assign_a_key_the_button_already_has_makes_it_primary(default_keymap):
    km = default_keymap.copy()
    r = km.assign(Button.A, kb("space"))
    assert r.ok and r.displaced is None
    assert km.tables["keyboard"][Button.A] == ("space", "z", "return")


def test_a_remap_never_strands_an_essential_button(default_keymap):
    km = default_keymap.copy()
    r = km.assign(Button.KP1, Physical("gpio", code=16))  # KP1 has no pin; START's only pin
    assert not r.ok and "START" in r.refused
    assert km.lookup(Physical("gpio", code=16)) is Button.START


def test_per_device_joystick_remap_leaves_other_devices_alone(default_keymap):
    km = default_keymap.copy()
    stick = Physical("joystick", "Zero Delay", 1, 5)
    r = km.assign(Button.A, stick)
    assert r.context == "joystick:Zero Delay"
    assert km.lookup(stick) is Button.A
    assert km.lookup(Physical("joystick", "Zero Delay", 1, 0)) is Button.R  # swapped
    assert km.lookup(Physical("joystick", "Other Pad", 2, 5)) is Button.R
    assert km.lookup(Physical("joystick", "Other Pad", 2, 0)) is Button.A


inputs = st.one_of(
    st.sampled_from(["z", "x", "c", "v", "k", "l", "return", "space", "up", "w", "kp_5", "f2"]).map(kb),
    st.sampled_from([4, 5, 6, 12, 13, 16, 17, 22, 23, 24, 25, 26, 27]).map(lambda p: Physical("gpio", code=p)),
    st.tuples(st.sampled_from(["Pad A", "Pad B"]), st.integers(0, 11)).map(
        lambda t: Physical("joystick", t[0], 1, t[1])),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(list(Button)), inputs), max_size=12))
def test_remaps_keep_the_map_consistent_and_survive_a_save(default_keymap, moves):
    km = default_keymap.copy()
    for button, phys in moves:
        r = km.assign(button, phys)
        if r.ok:
            assert km.lookup(phys) is button
        # no input ever belongs to two buttons
        for ctx in ("keyboard", "gpio"):
            codes = [c for cs in km.effective(ctx).values() for c in cs]
            assert len(codes) == len(set(codes))
        # essential buttons keep an input on every device kind they had one on
        for ctx in ("keyboard", "gpio", "joystick"):
            assert all(km.effective(ctx).get(b) for b in PAD_BUTTONS), ctx
    # what settings store brings back is the same map
    restored, problems = default_keymap.with_overrides(km.overrides_against(default_keymap))
    assert problems == []
    for ctx in set(km.tables) | {"joystick"}:
        for dev in ("", "Pad A", "Pad B"):
            base = ctx.split(":")[0]
            assert restored.effective(base, dev) == km.effective(base, dev)


def test_empty_keymap_object():
    km = Keymap({})
    assert km.lookup(kb("z")) is None and km.gpio_pins() == {}
