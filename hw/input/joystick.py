"""SDL game controllers and joysticks (USB gamepads, arcade encoders), with hot-plug.

On JOYDEVICEADDED the device is opened. If SDL knows its layout (``pygame._sdl2.controller``)
it is read as a *controller* with SDL's standard names (a, b, x, y, start, back, dpup, leftx...);
otherwise as a plain *joystick*: buttons by number, hats as ``hatN:up|down|left|right`` and
half-axes as ``axisN:-`` / ``axisN:+``. Sticks count as a direction past the dead zone and stop
counting below 3/4 of it (a little hysteresis so a stick resting near the edge does not chatter).
On JOYDEVICEREMOVED every input still held on that device is released. This is the ``joystick``
entry of the source table (``open_joysticks``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import pygame

from hw.input.buttons import EventKind, InputEvent, Physical
from hw.input.source import InputSource, Item, SourceHost, SourceUnavailable

log = logging.getLogger("tactibox.input")

try:  # SDL's GameController API; a pygame build without it reads every device as a joystick
    from pygame._sdl2 import controller as _controller
except ImportError:  # pragma: no cover - pygame-ce always has it
    _controller = None

_BUTTON_NAMES = {
    getattr(pygame, f"CONTROLLER_BUTTON_{n.upper()}"): n
    for n in ("a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
              "rightshoulder", "dpad_up", "dpad_down", "dpad_left", "dpad_right")
    if hasattr(pygame, f"CONTROLLER_BUTTON_{n.upper()}")
}
_BUTTON_NAMES = {k: v.replace("dpad_", "dp") for k, v in _BUTTON_NAMES.items()}
_AXIS_NAMES = {0: "leftx", 1: "lefty", 2: "rightx", 3: "righty", 4: "triggerleft", 5: "triggerright"}
_HAT_DIRS = (("up", 1, 1), ("down", 1, -1), ("left", 0, -1), ("right", 0, 1))  # (name, x/y index, sign)

Edge = tuple[int, Physical, bool]


@dataclass
class Device:
    unit: int
    name: str
    kind: str  # "controller" | "joystick"
    handle: Any
    pad: Any = None
    down: set[Physical] = field(default_factory=set)

    def phys(self, code: str | int) -> Physical:
        return Physical(self.kind, self.name, self.unit, code)


_EVENTS = frozenset({pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED, pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP,
                     pygame.JOYHATMOTION, pygame.JOYAXISMOTION, pygame.CONTROLLERBUTTONDOWN,
                     pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION})


def open_joysticks(host: SourceHost, **_: Any) -> JoystickSource:
    """The ``joystick`` source; devices already plugged in are announced at the first poll."""
    try:
        src = JoystickSource(host.options.axis_dead_zone)
    except pygame.error as exc:
        raise SourceUnavailable(f"game controllers unavailable ({exc})") from None
    t = host.now_ms()
    src.pending = [(t, n) for n in src.scan(t)]
    return src


class JoystickSource(InputSource):
    pygame_events = _EVENTS

    def __init__(self, dead_zone: float = 0.5) -> None:
        self.dead_zone = dead_zone
        self.devices: dict[int, Device] = {}
        self.pending: list[Item] = []
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        if _controller is not None:
            try:
                _controller.init()
            except pygame.error:  # pragma: no cover
                pass

    # -- devices --------------------------------------------------------------------------
    def scan(self, t: int) -> list[InputEvent]:
        """Open devices already plugged in (their ADDED events may have gone to someone else)."""
        notes: list[InputEvent] = []
        for index in range(pygame.joystick.get_count()):
            notes += self._add(index, t)
        return notes

    def _add(self, index: int, t: int) -> list[InputEvent]:
        try:
            js = pygame.joystick.Joystick(index)
            unit = js.get_instance_id()
        except pygame.error as exc:
            log.warning("joystick %d could not be opened: %s", index, exc)
            return []
        if unit in self.devices:
            return []
        name = js.get_name() or f"joystick {index}"
        pad, kind = None, "joystick"
        if _controller is not None:
            try:
                if _controller.is_controller(index):
                    pad, kind = _controller.Controller(index), "controller"
            except pygame.error as exc:
                log.info("%s: SDL lists a layout but it could not be used (%s); read as a joystick", name, exc)
        self.devices[unit] = Device(unit, name, kind, js, pad)
        log.info("%s connected as a %s (id %d)", name, kind, unit)
        return [InputEvent(EventKind.DEVICE, None, t / 1000, f"{kind}:{name}#{unit}", f"connected: {name}")]

    def _remove(self, unit: int, t: int) -> tuple[list[Edge], list[InputEvent]]:
        dev = self.devices.pop(unit, None)
        if dev is None:
            return [], []
        edges = [(t, p, False) for p in sorted(dev.down, key=str)]
        for obj in (dev.pad, dev.handle):
            try:
                if obj is not None:
                    obj.quit()
            except (pygame.error, AttributeError):
                pass
        log.info("%s disconnected (id %d)", dev.name, unit)
        return edges, [InputEvent(EventKind.DEVICE, None, t / 1000, f"{dev.kind}:{dev.name}#{unit}",
                                  f"disconnected: {dev.name}")]

    def close(self) -> None:
        for unit in list(self.devices):
            self._remove(unit, 0)

    def drain(self, now: int) -> list[Item]:
        out, self.pending = self.pending, []
        return out

    # -- events ---------------------------------------------------------------------------
    def _set(self, dev: Device, code: str | int, down: bool, t: int) -> list[Edge]:
        p = dev.phys(code)
        if down and p not in dev.down:
            dev.down.add(p)
            return [(t, p, True)]
        if not down and p in dev.down:
            dev.down.discard(p)
            return [(t, p, False)]
        return []

    def _half_axes(self, dev: Device, base: str, value: float, t: int, positive_only: bool = False) -> list[Edge]:
        edges: list[Edge] = []
        for sign, code in ((1, f"{base}:+"), (-1, f"{base}:-")):
            if positive_only and sign < 0:
                continue
            v = value * sign
            held = dev.phys(code) in dev.down
            threshold = self.dead_zone * (0.75 if held else 1.0)
            edges += self._set(dev, code, v > threshold, t)
        return edges

    def handle(self, event: pygame.event.Event, t: int) -> list[Item]:
        edges, notes = self._handle(event, t)
        return [*edges, *((t, n) for n in notes)]

    def _handle(self, event: pygame.event.Event, t: int) -> tuple[list[Edge], list[InputEvent]]:
        et = event.type
        if et == pygame.JOYDEVICEADDED:
            return [], self._add(event.device_index, t)
        if et == pygame.JOYDEVICEREMOVED:
            return self._remove(event.instance_id, t)
        dev = self.devices.get(getattr(event, "instance_id", None))
        if dev is None:
            return [], []
        if dev.kind == "controller":
            if et in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
                name = _BUTTON_NAMES.get(event.button, f"button{event.button}")
                return self._set(dev, name, et == pygame.CONTROLLERBUTTONDOWN, t), []
            if et == pygame.CONTROLLERAXISMOTION:
                base = _AXIS_NAMES.get(event.axis)
                if base is None:
                    return [], []
                return self._half_axes(dev, base, event.value / 32767.0, t, base.startswith("trigger")), []
            return [], []
        if et in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            return self._set(dev, int(event.button), et == pygame.JOYBUTTONDOWN, t), []
        if et == pygame.JOYHATMOTION:
            edges: list[Edge] = []
            for name, idx, sign in _HAT_DIRS:
                edges += self._set(dev, f"hat{event.hat}:{name}", event.value[idx] == sign, t)
            return edges, []
        if et == pygame.JOYAXISMOTION:
            return self._half_axes(dev, f"axis{event.axis}", float(event.value), t), []
        return [], []
