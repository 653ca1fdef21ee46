"""The ``mock`` source: a scripted device, as gpiozero's MockFactory is for pins.

Tests (and the contact-sheet tour) press logical buttons *through* it, so every press takes the
product's path: a physical input found in the hub's current key map, debounced (20 ms for GPIO
pins and pads), looked up in the key map, then the hub's timing rules (numpad translation in
menus, auto-repeat, the START+SELECT hold). The hub cannot tell it from real hardware::

    mock = hub.source("mock")
    at = mock.tap(Button.A)          # down now, up hold_ms later; `at` = ms the PRESS counts
    mock.hold(Button.RIGHT)          # until mock.release(Button.RIGHT): REPEATs after 500 ms
    mock.type_text("hi")             # as a keyboard types (TEXT events only in text mode)

``physical(button)`` picks the input to press: the button's first GPIO pin if it has one (a
handheld's buttons), else its first binding on a pad, else on the keyboard (the keypad buttons).
Edges are scheduled on the hub's clock and handed over only when due; a second tap of the same
input waits until the first one's release has counted (otherwise it would be a bounce).
"""

from __future__ import annotations

from typing import Any

from hw.input.buttons import Button, EventKind, InputEvent, Physical
from hw.input.source import InputSource, Item, SourceHost

PREFER = ("gpio", "joystick", "controller", "keyboard")
DEVICE = "Tactibox mock pad"


class MockSource(InputSource):
    def __init__(self, host: SourceHost, *, hold_ms: int = 30, prefer: tuple[str, ...] = PREFER) -> None:
        self.host = host
        self.hold_ms = hold_ms
        self.prefer = prefer
        self.scheduled: list[tuple[int, int, Item]] = []   # (due ms, order, item)
        self._order = 0
        self._free_at: dict[Physical, int] = {}            # an input may go down again from then
        self._down: set[Physical] = set()

    # -- what to press -----------------------------------------------------------------------
    def physical(self, button: Button) -> Physical:
        """The input the key map binds to `button` on the preferred kind of device."""
        km = self.host.keymap
        for context in self.prefer:
            device = DEVICE if context in ("joystick", "controller") else ""
            codes = km.effective(context, device).get(button, ())
            if codes:
                return Physical(context, device, 0, codes[0])
        raise LookupError(f"no input presses {button.value} in the key map")

    def _phys(self, what: Button | Physical) -> Physical:
        return what if isinstance(what, Physical) else self.physical(what)

    # -- scheduling --------------------------------------------------------------------------
    def _put(self, t: int, item: Item) -> None:
        self._order += 1
        self.scheduled.append((t, self._order, item))

    def edge(self, what: Button | Physical, down: bool, at: int | None = None) -> int:
        """One level change of an input: at `at` ms exactly (a script may bounce a contact), or
        else now or as soon as the input is free. Returns the ms it counts after debouncing."""
        phys = self._phys(what)
        t = at if at is not None else max(self.host.now_ms(), self._free_at.get(phys, 0))
        self._put(t, (t, phys, down))
        settled = t + self.host.debounce_ms(phys)
        self._free_at[phys] = settled + 1
        (self._down.add if down else self._down.discard)(phys)
        return settled

    def tap(self, what: Button | Physical, *, hold_ms: int | None = None) -> tuple[int, int]:
        """Press and let go. Returns (ms the PRESS counts, ms the RELEASE counts)."""
        phys = self._phys(what)
        pressed = self.edge(phys, True)
        hold = max(hold_ms if hold_ms is not None else self.hold_ms, self.host.debounce_ms(phys) + 1)
        released = self.edge(phys, False, at=pressed - self.host.debounce_ms(phys) + hold)
        return pressed, released

    def hold(self, *what: Button | Physical) -> int:
        """Press and keep down; returns the ms the last one counts."""
        return max(self.edge(w, True) for w in what)

    def release(self, *what: Button | Physical) -> int:
        return max(self.edge(w, False) for w in what)

    def release_all(self) -> int:
        return max((self.edge(p, False) for p in sorted(self._down, key=str)), default=self.host.now_ms())

    def type_text(self, text: str) -> None:
        """Characters as a keyboard types them: TEXT events, seen only in text mode."""
        t = self.host.now_ms()
        self._put(t, (t, InputEvent(EventKind.TEXT, None, t / 1000, "keyboard", text)))

    def edit(self, key: str) -> None:
        """An editing key in text mode (``enter``, ``backspace``, ``cancel``...)."""
        t = self.host.now_ms()
        self._put(t, (t, InputEvent(EventKind.TEXT_EDIT, None, t / 1000, "keyboard", key)))

    @property
    def idle_at(self) -> int:
        """The ms by which everything scheduled so far has counted."""
        return max(self._free_at.values(), default=0)

    @property
    def busy(self) -> bool:
        return bool(self.scheduled)

    def due_by(self, ms: int) -> bool:
        """Whether something scheduled at or before `ms` has not been handed over yet."""
        return any(s[0] <= ms for s in self.scheduled)

    # -- the source protocol -----------------------------------------------------------------
    def drain(self, now: int) -> list[Item]:
        due = sorted(s for s in self.scheduled if s[0] <= now)
        if not due:
            return []
        self.scheduled = [s for s in self.scheduled if s[0] > now]
        out: list[Item] = []
        for _, _, item in due:
            if len(item) == 2 and not self.host.text_mode:
                continue  # typing reaches nobody outside text mode, as on a keyboard
            out.append(item)
        return out

    def close(self) -> None:
        self.scheduled.clear()


def open_mock(host: SourceHost, **options: Any) -> MockSource:
    return MockSource(host, **options)
