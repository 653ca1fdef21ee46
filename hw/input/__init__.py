"""Logical input for Tactibox: keyboard + numpad, game controllers and joysticks, GPIO buttons.

Scenes read only logical ``Button``s (UP DOWN LEFT RIGHT A B X Y L R START SELECT, KP0-KP9,
KP_DIVIDE KP_MULTIPLY KP_MINUS KP_PLUS KP_PERIOD KP_ENTER) in ``InputEvent``s.

Set-up, once (pygame initialised first; ``settings``/``data`` from ``game.store``)::

    from hw.input import InputHub, Button, EventKind
    hub = InputHub.create(
        overrides=settings.settings.keymap,          # the user's remaps
        gpio_file=data.gpio_file,                     # optional cabinet wiring
        on_keymap_change=lambda o: settings.update(keymap=o),
    )
    for line in hub.messages: show(line)              # bad key map entries, GPIO pins in use...

Each frame::

    hub.feed(pygame.event.get())                      # all events; it ignores what isn't input
    for ev in hub.poll():                             # logical events, oldest first
        if ev.kind is EventKind.BACK_TO_MENU:         # START+SELECT held 1.5 s, from anywhere
            go_to_main_menu(); break
        if ev.triggered(Button.UP): cursor.up()       # PRESS or auto-REPEAT (directions)
        if ev.pressed(Button.A): confirm()            # PRESS only

(Other pygame events — QUIT, window resizes — are still yours: ``feed`` does not consume them.)

Modes and scenes can set:

- ``hub.claim_numpad(True)`` in a mode that reads the keypad itself (the duel). Unclaimed (the
  default), keypad keys act as d-pad/A/B/... so a numpad alone drives menus and Skirmish:
  8/2/4/6 move, 5 and Enter = A, 0 and . = B, + = START, - = SELECT, / = X, * = Y, 7 = L, 9 = R.
  START+SELECT for the menu combo also works as keypad + and - while the keypad is claimed.
- ``hub.start_text()`` / ``hub.stop_text()`` around a chat line: keys give TEXT and TEXT_EDIT
  events instead of buttons.
- ``hub.begin_capture(Button.A)`` in Settings > Controls: the next press of any key / pad button
  / GPIO pin becomes A's input; a REMAPPED event with ``ev.remap`` (a ``RemapResult``) reports
  it, ``on_keymap_change`` saves it. ``hub.reset_keymap()`` goes back to the defaults.
- ``hub.is_held(Button.L)`` for hold-to-show features; DEVICE events say when a pad comes or goes.

Sources (``hw.input.source``), chosen by name as gpiozero chooses pin factories: ``keyboard``,
``numpad``, ``joystick``, ``gpio`` and ``mock``; ``create(sources=[...])``, else the
``TACTIBOX_INPUT`` environment variable (``keyboard,gpio``), else all but the mock. Each is
imported only when opened; importing gpiozero takes a while on a Pi Zero, so an app may leave
``gpio`` out of ``sources`` and call ``hub.open_source("gpio")`` after its first frame.
``hub.source("mock")`` is a scripted device (``hw.input.mock``): tests press buttons through it,
through debounce and the key map.

Timing (debounce 20 ms, repeat 500/100 ms, combo 1.5 s) is in ``assets/keymaps/default.toml``.
Tests construct ``InputHub(keymap, clock=fake_clock, sources=("keyboard", "mock"))``, and pass a
gpiozero ``MockFactory`` as ``source_options={"gpio": {"pin_factory": factory}}`` for the GPIO
source. More: docs/input.md.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hw.input.buttons import DIRECTIONS, Button, EventKind, InputEvent, Physical, RemapResult
from hw.input.hub import InputHub
from hw.input.keymap import Keymap, KeymapError, describe, load_keymap
from hw.input.source import DEFAULT_SOURCES, SOURCES, InputSource, SourceUnavailable, register_source

__all__ = [
    "InputHub", "Button", "InputEvent", "EventKind", "Physical", "RemapResult", "DIRECTIONS",
    "Keymap", "KeymapError", "load_keymap", "describe",
    "DEFAULT_SOURCES", "SOURCES", "InputSource", "SourceUnavailable", "register_source",
]
