"""GPIO buttons through gpiozero ``Button`` devices.

gpiozero picks the pin factory itself (lgpio on a Pi 5 and current Raspberry Pi OS, RPi.GPIO on
older boards, or whatever ``GPIOZERO_PIN_FACTORY`` names); tests pass a ``MockFactory``. Each
pin's callbacks (run on gpiozero's thread) only append ``(time, pin, pressed)`` to a queue; the
hub drains it once per frame and debounces in its own time line, so gpiozero's own
``bounce_time`` is not used.

No GPIO (not a Pi, no permission, no library) means no GPIO source: one log line, no crash
(``open_gpio``, the ``gpio`` entry of the source table, raises ``SourceUnavailable``).
"""

from __future__ import annotations

import collections
import logging
import os
import threading
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from hw.input.buttons import Physical
from hw.input.source import InputSource, SourceHost, SourceUnavailable

log = logging.getLogger("tactibox.input")

Edge = tuple[int, Physical, bool]


class GpioUnavailable(SourceUnavailable):
    pass


def gpio_hardware_present() -> bool:
    """Cheap check before importing gpiozero: a GPIO chip, a Pi's device tree, or a factory named
    in GPIOZERO_PIN_FACTORY (which may be a remote or mock one)."""
    if os.environ.get("GPIOZERO_PIN_FACTORY"):
        return True
    for model in ("/proc/device-tree/model", "/sys/firmware/devicetree/base/model"):
        try:
            if b"Raspberry" in Path(model).read_bytes():
                return True
        except OSError:
            pass
    return any(Path("/dev").glob("gpiochip*"))


def open_gpio(host: SourceHost, *, pin_factory: Any = None, **_: Any) -> GpioSource:
    """The ``gpio`` source: a Button on every pin of the key map's wiring (its problems, e.g. a pin
    in use, go to ``host.say``). Raises GpioUnavailable when there is nothing to open here."""
    pins = host.keymap.gpio_pins()
    if not pins:
        raise GpioUnavailable("no pins wired in the key map")
    if pin_factory is None and not gpio_hardware_present():
        raise GpioUnavailable("no GPIO chip, not a Raspberry Pi")
    src = GpioSource(pins, host.now_ms, pull_up=host.keymap.gpio_pull_up, pin_factory=pin_factory)
    for p in src.problems:
        host.say(p)
    return src


class GpioSource(InputSource):
    def __init__(self, pins: Iterable[int], clock_ms: Callable[[], int], *, pull_up: bool = True,
                 pin_factory: Any = None) -> None:
        """Open a Button on every pin. Raises GpioUnavailable if no pin could be opened at all."""
        self.clock_ms = clock_ms
        self.queue: collections.deque[Edge] = collections.deque()
        self.buttons: dict[int, Any] = {}
        self.problems: list[str] = []
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # gpiozero warns once per factory it falls back from
                from gpiozero import Button as GpioButton
                from gpiozero.exc import GPIOZeroError
        except ImportError as exc:
            raise GpioUnavailable(f"gpiozero is not installed ({exc})") from None
        for pin in sorted(set(pins)):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    # hold_time: unused (repeat is ours), kept short so close() never waits long
                    b = GpioButton(pin, pull_up=pull_up, bounce_time=None, hold_time=0.1,
                                   pin_factory=pin_factory)
            except (GPIOZeroError, ImportError, OSError, RuntimeError, ValueError) as exc:
                if not self.buttons and not self.problems and _no_gpio_at_all(exc):
                    raise GpioUnavailable(str(exc) or type(exc).__name__) from None
                self.problems.append(f"GPIO{pin}: cannot be used ({exc})")
                continue
            b.when_pressed = self._callback(pin, True)
            b.when_released = self._callback(pin, False)
            self.buttons[pin] = b
            if b.is_pressed:  # held at start-up (or shorted): report it so it can be released later
                self.queue.append((self.clock_ms(), Physical("gpio", code=pin), True))
        if not self.buttons:
            raise GpioUnavailable("; ".join(self.problems) or "no pins to watch")

    def _callback(self, pin: int, pressed: bool) -> Callable[..., None]:
        phys = Physical("gpio", code=pin)

        def on_edge(*_: Any) -> None:
            self.queue.append((self.clock_ms(), phys, pressed))
        return on_edge

    def drain(self, now: int) -> list[Edge]:
        """Edges queued by gpiozero's thread up to `now` (one stamped later stays for next time)."""
        out: list[Edge] = []
        q = self.queue
        while q and q[0][0] <= now:
            out.append(q.popleft())
        return out

    def close(self) -> None:
        # Each gpiozero Button stops a hold-watching thread that polls every 0.1 s; closing them
        # side by side takes 0.1 s instead of 0.1 s per button.
        def close_one(b: Any) -> None:
            try:
                b.close()
            except Exception:  # noqa: BLE001 - closing must never take the game down
                pass
        threads = [threading.Thread(target=close_one, args=(b,), daemon=True) for b in self.buttons.values()]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=2.0)
        self.buttons.clear()


def _no_gpio_at_all(exc: BaseException) -> bool:
    """True for "this machine has no usable pin factory", as opposed to one bad pin."""
    try:
        from gpiozero.exc import BadPinFactory
    except ImportError:  # pragma: no cover
        return True
    return isinstance(exc, (BadPinFactory, ImportError))
