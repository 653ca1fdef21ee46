"""docs/input.md agrees with the shipped key map and wiring (and with gpiozero's header data)."""

import re
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from hw.input import Button

DOC = (Path(__file__).resolve().parents[2] / "docs" / "input.md").read_text()
LABEL = {"up arrow": "up", "down arrow": "down", "left arrow": "left", "right arrow": "right",
         "enter": "return", "esc": "escape", "backspace": "backspace", "tab": "tab", "space": "space",
         "keypad `.`": "kp_period", "keypad enter": "kp_enter"}


def rows(section_title):
    part = DOC.split(section_title, 1)[1]
    table = re.search(r"\n(\|.*\|\n)+", part).group(0)
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in table.strip().splitlines()[2:]]


def test_keyboard_table_matches_the_key_map(default_keymap):
    for button, keys in rows("## Keyboard (default map)"):
        if not button.isupper() or " " in button or "-" in button:
            continue
        names = tuple(LABEL.get(k.lower(), k.lower()) for k in keys.split(", "))
        assert default_keymap.tables["keyboard"][Button(button)] == names, button


def test_numpad_menu_table_matches_the_key_map(default_keymap):
    label = {"8": "KP8", "2": "KP2", "4": "KP4", "6": "KP6", "5": "KP5", "Enter": "KP_ENTER", "0": "KP0",
             "`.`": "KP_PERIOD", "`+`": "KP_PLUS", "`-`": "KP_MINUS", "`/`": "KP_DIVIDE", "`*`": "KP_MULTIPLY",
             "7": "KP7", "9": "KP9", "1": "KP1", "3": "KP3"}
    seen = {}
    for keys, acts in rows("### The numeric keypad in menus"):
        ks = re.split(r", | ", keys)
        targets = acts.split(" ") if acts != "nothing" else [None] * len(ks)
        if len(targets) == 1:
            targets = targets * len(ks)
        for k, t in zip(ks, targets):
            seen[Button(label[k])] = Button(t) if t else None
    assert {k: v for k, v in seen.items() if v} == default_keymap.numpad_menu
    assert set(seen) == {b for b in Button if b.is_numpad}  # the table mentions every keypad key


def test_gpio_table_matches_the_wiring_and_the_header():
    from hw.input import load_keymap
    km, _ = load_keymap()
    header = MockFactory().board_info.headers["J8"].pins
    physical = {n: num for num, pin in header.items() for n in pin.names if isinstance(n, int)}
    grounds = {num for num, pin in header.items() if pin.name == "GND"}
    table = rows("The default\nwiring")
    assert len(table) == 12
    for button, bcm, pin, gnd in table:
        assert km.gpio_pins()[int(bcm)] is Button(button)
        assert physical[int(bcm)] == int(pin), button
        assert int(gnd) in grounds and abs(int(gnd) - int(pin)) <= 5, button


def test_options_table_is_generated_from_the_declarations(default_keymap):
    from game.core.fields import section_markdown
    from hw.input.keymap import OPTIONS_SECTION
    assert section_markdown(OPTIONS_SECTION) in DOC
    # the shipped key map states the declared defaults
    assert default_keymap.options == type(default_keymap.options)(**OPTIONS_SECTION.defaults())
