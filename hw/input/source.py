"""Input sources, the way gpiozero does pin factories: one small protocol, a lazy name table.

A *source* turns one kind of device into physical edges ``(ms, Physical, down)`` (and, for the
keyboard's text mode and hot-plug notices, ready ``(ms, InputEvent)`` items). The hub merges
them, debounces, applies the key map and the timing rules (``hw.input.hub``); no source knows
about logical buttons except through the key map the hub holds.

Sources are named; the table below maps each name to ``"module:factory"`` and imports it only when
that source is opened (gpiozero takes a while to import on a Pi Zero, SDL's joystick subsystem is
only started when asked for)::

    keyboard   hw.input.keyboard   keys from pygame KEYDOWN/KEYUP, typing in text mode
    numpad     hw.input.keyboard   the numeric keypad's keys (by scancode: Num Lock on or off)
    joystick   hw.input.joystick   SDL game controllers and joysticks, hot-plugged
    gpio       hw.input.gpio       buttons on the Pi's header through gpiozero
    mock       hw.input.mock       a scripted device: tests and the contact-sheet tour press through it

Which sources an app opens: the ``TACTIBOX_INPUT`` environment variable (``keyboard,gpio``), like
``GPIOZERO_PIN_FACTORY`` for gpiozero, else ``DEFAULT_SOURCES``. A factory raises
``SourceUnavailable`` when its device kind does not exist on this machine (no GPIO chip, no
gpiozero): the hub logs one line and goes on without it.

Adding a source: a class with the methods of ``InputSource`` (subclass it for the no-op defaults),
a factory ``f(host, **options) -> source``, and ``register_source("name", "module:f")``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from hw.input.buttons import InputEvent, Physical

if TYPE_CHECKING:
    from hw.input.keymap import Keymap, Options

Edge = tuple[int, Physical, bool]          # (ms, input, down)
Ready = tuple[int, InputEvent]             # (ms, event that needs no key map: text, device notices)
Item = Edge | Ready

SOURCES: dict[str, str] = {
    "keyboard": "hw.input.keyboard:open_keyboard",
    "numpad": "hw.input.keyboard:open_numpad",
    "joystick": "hw.input.joystick:open_joysticks",
    "gpio": "hw.input.gpio:open_gpio",
    "mock": "hw.input.mock:open_mock",
}
DEFAULT_SOURCES: tuple[str, ...] = ("keyboard", "numpad", "joystick", "gpio")
ENV = "TACTIBOX_INPUT"


class SourceUnavailable(RuntimeError):
    """This kind of device does not exist here (not a Pi, library missing): not an error."""


class SourceHost(Protocol):
    """What a source may ask of the hub that opened it."""

    keymap: Keymap
    options: Options
    text_mode: bool

    def now_ms(self) -> int: ...

    def debounce_ms(self, phys: Physical) -> int: ...

    def say(self, text: str) -> None: ...


class InputSource:
    """The protocol (with no-op defaults): every method is called on the frame loop's thread.

    - ``pygame_events``: the pygame event types ``handle`` wants (empty: none).
    - ``handle(event, ms)``: one such event, stamped with the hub's clock -> items.
    - ``drain(now_ms)``: items that arrived by themselves (a GPIO thread, a script) up to `now_ms`,
      oldest first; never an item dated after `now_ms`.
    - ``close()``: free the device (pins, joystick handles); called once.
    """

    name: str = "?"
    pygame_events: frozenset[int] = frozenset()

    def handle(self, event: Any, t: int) -> list[Item]:
        return []

    def drain(self, now: int) -> list[Item]:
        return []

    def close(self) -> None:
        pass


def register_source(name: str, target: str) -> None:
    """Add or replace a source kind: `target` is ``"module:factory"``, imported when first opened."""
    if ":" not in target:
        raise ValueError(f"input source {name!r}: expected 'module:factory', got {target!r}")
    SOURCES[name] = target


def open_source(name: str, host: SourceHost, **options: Any) -> InputSource:
    """Open one source by name. Raises KeyError for an unknown name (the message lists the known
    ones) and SourceUnavailable when the device kind is missing on this machine."""
    target = SOURCES.get(name)
    if target is None:
        raise KeyError(f"unknown input source {name!r} (known: {', '.join(SOURCES)})")
    module, _, attr = target.partition(":")
    factory = getattr(importlib.import_module(module), attr)
    source = factory(host, **options)
    source.name = name
    return source


def source_names(env: Mapping[str, str] | None = None) -> tuple[list[str], list[str]]:
    """(names to open, problems) from ``TACTIBOX_INPUT`` or the defaults. Unknown names are
    reported and skipped; an empty or all-unknown list falls back to the defaults."""
    raw = (os.environ if env is None else env).get(ENV, "").strip()
    if not raw:
        return list(DEFAULT_SOURCES), []
    names, problems = [], []
    for part in raw.split(","):
        name = part.strip().lower()
        if not name or name in names:
            continue
        if name in SOURCES:
            names.append(name)
        else:
            problems.append(f"{ENV}: unknown input source {name!r} (known: {', '.join(SOURCES)}); skipped")
    if not names:
        problems.append(f"{ENV}: no usable input source; using {', '.join(DEFAULT_SOURCES)}")
        return list(DEFAULT_SOURCES), problems
    return names, problems


def wanted(sources: Iterable[InputSource]) -> dict[int, list[InputSource]]:
    """pygame event type -> the sources that handle it, in opening order."""
    table: dict[int, list[InputSource]] = {}
    for s in sources:
        for et in s.pygame_events:
            table.setdefault(et, []).append(s)
    return table
