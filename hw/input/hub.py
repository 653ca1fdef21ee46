"""InputHub: every input source merged into one queue of logical events, polled once per frame.

Pipeline: the sources (``hw.input.source``: keyboard, numpad and joysticks read the pygame events
the scene loop feeds; GPIO edges are queued by gpiozero's thread; the mock source replays a
script) -> physical edges with times -> debounce (keyboard: none; GPIO and pads: 20 ms) -> remap
capture, if one is running -> key map -> ``Logic`` (hold state, numpad translation,
auto-repeat, START+SELECT) -> ``InputEvent``s in time order.

All times come from the injected clock (seconds, ``time.monotonic`` by default) and are kept as
whole milliseconds inside, so tests drive everything with a fake clock.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import pygame

from hw.input.buttons import Button, EventKind, InputEvent, Physical, RemapResult
from hw.input.keymap import EMERGENCY, Keymap, KeymapError, Options, load_keymap
from hw.input.logic import Debouncer, Logic
from hw.input.source import InputSource, Item, SourceUnavailable, open_source, source_names, wanted

log = logging.getLogger("tactibox.input")

LABELS = {"gpio": "GPIO buttons", "joystick": "game controllers", "keyboard": "keyboard", "numpad": "numeric keypad"}


def _ms(seconds: float) -> int:
    return int(round(seconds * 1000))


def _capturable(phys: Physical) -> bool:
    """Analogue half-axes are never captured; keys, buttons, hat directions and pins are."""
    code = phys.code
    return not (isinstance(code, str) and (code.startswith("axis") or code.endswith((":+", ":-"))))


class InputHub:
    """See ``hw.input`` for how a scene loop uses it.

    `sources`: names from the source table (``hw.input.source.SOURCES``) or ready sources; None =
    ``TACTIBOX_INPUT`` or the defaults. `source_options`: keyword arguments per source name, e.g.
    ``{"gpio": {"pin_factory": MockFactory()}}``.
    """

    def __init__(
        self,
        keymap: Keymap,
        *,
        default_keymap: Keymap | None = None,
        clock: Callable[[], float] = time.monotonic,
        sources: Iterable[str | InputSource] | None = None,
        source_options: Mapping[str, Mapping[str, Any]] | None = None,
        on_keymap_change: Callable[[dict], None] | None = None,
    ) -> None:
        self.keymap = keymap
        self.default_keymap = default_keymap or keymap.copy()
        self.clock = clock
        self.on_keymap_change = on_keymap_change
        self.messages: list[str] = []
        self.text_mode = False
        self.debouncer = Debouncer(self.debounce_ms)
        self.logic = Logic(keymap.options, keymap.numpad_menu)
        self.sources: list[InputSource] = []
        self._wanted: dict[int, list[InputSource]] = {}
        # fed items in arrival order: physical edges (t, phys, down) and ready events (t, event)
        self._fed: list[Item] = []
        self._last_ms = _ms(clock())
        self._capture: Button | None = None
        self._swallowed: set[Physical] = set()
        self._pressed: dict[Physical, Button] = {}
        if sources is None:
            names, problems = source_names()
            for p in problems:
                self.say(p)
            sources = names
        options = source_options or {}
        for s in sources:
            if isinstance(s, str):
                self.open_source(s, **options.get(s, {}))
            else:
                self.add_source(s)

    @classmethod
    def create(
        cls,
        *,
        overrides: Mapping[str, Any] | None = None,
        gpio_file: Path | None = None,
        **kwargs: Any,
    ) -> InputHub:
        """The usual way in: shipped key map + data-dir wiring + the user's saved overrides.

        `overrides` is ``settings.keymap``; pass ``on_keymap_change`` to save new overrides
        (e.g. ``lambda o: settings_store.update(keymap=o)``). Problems go to ``hub.messages``.
        """
        messages: list[str] = []
        try:
            default, messages = load_keymap(gpio_file=gpio_file)
        except KeymapError as exc:
            messages = [f"{exc}", "the shipped key map is damaged: using a minimal built-in one"]
            default = EMERGENCY.copy()
        keymap, problems = default.with_overrides(overrides or {})
        hub = cls(keymap, default_keymap=default, **kwargs)
        for m in messages + problems:
            hub.say(m)
        return hub

    # -- what the sources may ask (hw.input.source.SourceHost) ------------------------------
    @property
    def options(self) -> Options:
        return self.keymap.options

    def now_ms(self) -> int:
        return _ms(self.clock())

    @property
    def polled_ms(self) -> int:
        """The clock (ms) of the last poll: everything up to it has been turned into events."""
        return self._last_ms

    def debounce_ms(self, phys: Physical) -> int:
        """The keyboard is not debounced (its controller does it); pins and pads are."""
        return 0 if phys.context == "keyboard" else self.logic.options.debounce_ms

    def say(self, text: str) -> None:
        self.messages.append(text)
        log.warning(text)

    # -- sources ------------------------------------------------------------------------------
    def open_source(self, name: str, **options: Any) -> bool:
        """Open a source by name now (an app may open slow ones after its first frame). Returns
        whether it is active; a device kind this machine lacks is one log line, an unknown name
        a message."""
        if self.source(name) is not None:
            return True
        try:
            src = open_source(name, self, **options)
        except KeyError as exc:
            self.say(str(exc.args[0]))
            return False
        except SourceUnavailable as exc:
            log.info("%s: not available on this machine (%s)", LABELS.get(name, name), exc)
            return False
        self.add_source(src)
        return True

    def add_source(self, src: InputSource) -> None:
        self.sources.append(src)
        self._wanted = wanted(self.sources)

    def source(self, name: str) -> Any:
        """The open source of that name, or None."""
        return next((s for s in self.sources if s.name == name), None)

    # -- the per-frame API ----------------------------------------------------------------
    def feed(self, events: Iterable[pygame.event.Event], now: float | None = None) -> None:
        """Hand over this frame's pygame events (all of them; the hub ignores what it does not use)."""
        t = _ms(self.clock() if now is None else now)
        for ev in events:
            for src in self._wanted.get(ev.type, ()):
                self._fed += src.handle(ev, t)

    def poll(self, now: float | None = None) -> list[InputEvent]:
        """Logical events since the last poll, oldest first. Call once per frame."""
        now_ms = max(_ms(self.clock() if now is None else now), self._last_ms)
        items = self._fed
        self._fed = []
        for src in self.sources:
            items += src.drain(now_ms)
        items.sort(key=lambda e: e[0])  # stable: same-time items keep their arrival order
        out: list[InputEvent] = []
        i = 0
        while True:
            t_item = max(items[i][0], self._last_ms) if i < len(items) else None
            deb = self.debouncer.next_deadline()
            t_timer = self.logic.next_timer()
            horizon = now_ms if t_item is None else min(now_ms, t_item)
            if deb is not None and deb[0] <= horizon and (t_timer is None or deb[0] <= t_timer):
                self._accepted(*self.debouncer.resolve(deb[1]), out)
                continue
            if t_timer is not None and t_timer <= horizon:
                out += self.logic.fire(t_timer, now_ms)
                self._last_ms = max(self._last_ms, t_timer)
                continue
            if t_item is None:
                break
            item = items[i]
            i += 1
            self._last_ms = t_item
            if len(item) == 2:  # a ready event (text, device notice)
                out.append(item[1])
                continue
            accepted = self.debouncer.edge(t_item, item[1], item[2])
            if accepted is not None:
                self._accepted(*accepted, out)
        self._last_ms = max(self._last_ms, now_ms)
        out.sort(key=lambda e: e.time)
        return out

    def _accepted(self, t: int, phys: Physical, down: bool, out: list[InputEvent]) -> None:
        self._last_ms = max(self._last_ms, t)
        if phys in self._swallowed:
            if not down:
                self._swallowed.discard(phys)
            return
        if down:
            if self._capture is not None and _capturable(phys):
                self._finish_capture(t, phys, out)
                return
            button = self.keymap.lookup(phys)
            if button is not None:
                self._pressed[phys] = button
                out += self.logic.edge(t, button, phys, True)
        else:
            # release what this input pressed, even if a remap has moved it since
            button = self._pressed.pop(phys, None)
            if button is not None:
                out += self.logic.edge(t, button, phys, False)

    # -- modes ----------------------------------------------------------------------------
    def claim_numpad(self, claimed: bool) -> None:
        """A mode that reads keypad buttons itself (the duel) claims them; menus leave them free,
        and then keypad keys act as d-pad/A/B/... (the key map's ``numpad_in_menus``)."""
        self.logic.numpad_claimed = claimed

    @property
    def numpad_claimed(self) -> bool:
        return self.logic.numpad_claimed

    def start_text(self) -> None:
        """Text mode for a chat line: keyboard gives TEXT/TEXT_EDIT events instead of buttons."""
        self.text_mode = True
        if pygame.display.get_init():
            pygame.key.start_text_input()

    def stop_text(self) -> None:
        self.text_mode = False

    def is_held(self, button: Button) -> bool:
        return self.logic.held(button)

    def held(self) -> set[Button]:
        return self.logic.held_buttons()

    # -- remapping ------------------------------------------------------------------------
    def begin_capture(self, button: Button) -> None:
        """The next key, pad button, hat direction or GPIO press becomes `button`'s input.

        That press is not delivered as a logical event; a REMAPPED event carries the result.
        Analogue axes are not captured (a stick resting off-centre would be taken by mistake).
        """
        self._capture = button

    def cancel_capture(self) -> None:
        self._capture = None

    @property
    def capturing(self) -> Button | None:
        return self._capture

    def _finish_capture(self, t: int, phys: Physical, out: list[InputEvent]) -> None:
        button, self._capture = self._capture, None
        self._swallowed.add(phys)
        result = self.keymap.assign(button, phys)
        out.append(InputEvent(EventKind.REMAPPED, button, t / 1000, phys.source, remap=result))
        if result.ok:
            self._keymap_changed()

    def reset_keymap(self, context: str | None = None) -> None:
        """Back to the defaults: every table, or one (``"keyboard"``, ``"joystick:NAME"``...)."""
        if context is None:
            self.keymap = self.default_keymap.with_overrides({})[0]
        else:
            km = self.keymap.copy()
            if context in self.default_keymap.tables:
                km.tables[context] = dict(self.default_keymap.tables[context])
            else:
                km.tables.pop(context, None)
            self.keymap = km
        self._keymap_changed()

    def keymap_overrides(self) -> dict:
        return self.keymap.overrides_against(self.default_keymap)

    def _keymap_changed(self) -> None:
        self.keymap._reverse.clear()
        if self.on_keymap_change is not None:
            try:
                self.on_keymap_change(self.keymap_overrides())
            except Exception as exc:  # noqa: BLE001 - saving must not break input
                self.say(f"could not save the key map ({exc})")

    def remap(self, button: Button, phys: Physical) -> RemapResult:
        """Assign directly (what a capture does), e.g. from a list picker."""
        result = self.keymap.assign(button, phys)
        if result.ok:
            self._keymap_changed()
        return result

    def close(self) -> None:
        sources, self.sources, self._wanted = self.sources, [], {}
        for src in sources:
            try:
                src.close()
            except Exception as exc:  # noqa: BLE001 - closing must never take the game down
                log.warning("%s: could not be closed (%s)", src.name, exc)
