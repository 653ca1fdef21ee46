"""Timing rules between physical edges and logical events, on integer milliseconds.

- ``Debouncer``: a physical input's new level counts once it has stayed put for the debounce
  time (20 ms); the accepted edge is dated when that time ran out. Bounces shorter than that are
  dropped, and a short tap between two polls is still seen (edges are replayed in time order).
- ``Logic``: logical hold state (a button is held while any of its inputs is held), the numpad
  translation in menus, auto-repeat of the most recently pressed held direction (first REPEAT
  500 ms after the press, then every 100 ms; a stalled frame gets one REPEAT, not a burst), and
  the START+SELECT hold (1.5 s) that sends BACK_TO_MENU once per hold.

No clocks here: the hub passes times in. No pygame either.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hw.input.buttons import DIRECTIONS, Button, EventKind, InputEvent, Physical
from hw.input.keymap import Options


@dataclass
class _Level:
    stable: bool = False
    raw: bool = False
    since: int = 0


class Debouncer:
    def __init__(self, delay_for: Callable[[Physical], int]) -> None:
        self.delay_for = delay_for
        self.levels: dict[Physical, _Level] = {}
        self.pending: dict[Physical, int] = {}  # phys -> time its raw level becomes accepted

    def edge(self, t: int, phys: Physical, down: bool) -> tuple[int, Physical, bool] | None:
        """Feed a raw edge; returns an accepted edge right away when there is no debounce."""
        lvl = self.levels.setdefault(phys, _Level())
        if down == lvl.raw:
            return None
        lvl.raw, lvl.since = down, t
        delay = self.delay_for(phys)
        if delay <= 0:
            lvl.stable = down
            self.pending.pop(phys, None)
            return (t, phys, down)
        if lvl.raw == lvl.stable:
            self.pending.pop(phys, None)  # bounced back before it counted
        else:
            self.pending[phys] = t + delay
        return None

    def next_deadline(self) -> tuple[int, Physical] | None:
        if not self.pending:
            return None
        phys = min(self.pending, key=self.pending.__getitem__)
        return self.pending[phys], phys

    def resolve(self, phys: Physical) -> tuple[int, Physical, bool]:
        t = self.pending.pop(phys)
        lvl = self.levels[phys]
        lvl.stable = lvl.raw
        return (t, phys, lvl.raw)

    def is_down(self, phys: Physical) -> bool:
        lvl = self.levels.get(phys)
        return bool(lvl and lvl.stable)


def _secs(ms: int) -> float:
    return ms / 1000.0


class Logic:
    def __init__(self, options: Options, numpad_menu: dict[Button, Button]) -> None:
        self.options = options
        self.numpad_menu = dict(numpad_menu)
        self.numpad_claimed = False
        self.holders: dict[Button, set[Physical]] = {}
        self.emitted_as: dict[Button, Button] = {}   # raw button held -> what it was emitted as
        self.counts: dict[Button, int] = {}          # emitted button -> how many raw buttons hold it
        self.directions: list[Button] = []           # held emitted directions, oldest first
        self.repeat_button: Button | None = None
        self.sources: dict[Button, str] = {}         # emitted button -> source of its last press
        self.repeat_due: int | None = None
        self.combo_due: int | None = None
        self.combo_fired = False
        self._combo_sets = {
            want: {want} | {kp for kp, b in self.numpad_menu.items() if b is want}
            for want in (Button.START, Button.SELECT)}

    # -- state ----------------------------------------------------------------------------
    def held(self, button: Button) -> bool:
        return self.counts.get(button, 0) > 0

    def held_buttons(self) -> set[Button]:
        return {b for b, n in self.counts.items() if n > 0}

    def _emit_name(self, raw: Button) -> Button:
        if not self.numpad_claimed and raw in self.numpad_menu:
            return self.numpad_menu[raw]
        return raw

    # -- edges ----------------------------------------------------------------------------
    def edge(self, t: int, raw: Button, phys: Physical, down: bool) -> list[InputEvent]:
        out: list[InputEvent] = []
        holders = self.holders.setdefault(raw, set())
        if down:
            was_empty = not holders
            holders.add(phys)
            if was_empty:
                out += self._raw_press(t, raw, phys.source)
        else:
            if phys not in holders:
                return out
            holders.discard(phys)
            if not holders:
                out += self._raw_release(t, raw, phys.source)
        self._update_combo(t)
        return out

    def _raw_press(self, t: int, raw: Button, source: str) -> list[InputEvent]:
        name = self._emit_name(raw)
        self.emitted_as[raw] = name
        self.counts[name] = self.counts.get(name, 0) + 1
        if self.counts[name] > 1:
            return []
        self.sources[name] = source
        if name in DIRECTIONS:
            self.directions.append(name)
            self.repeat_button, self.repeat_due = name, t + self.options.repeat_delay_ms
        return [InputEvent(EventKind.PRESS, name, _secs(t), source)]

    def _raw_release(self, t: int, raw: Button, source: str) -> list[InputEvent]:
        name = self.emitted_as.pop(raw, raw)
        self.counts[name] = self.counts.get(name, 0) - 1
        if self.counts[name] > 0:
            return []
        del self.counts[name]
        if name in DIRECTIONS:
            if name in self.directions:
                self.directions.remove(name)
            if self.repeat_button is name:
                if self.directions:  # fall back to the newest direction still held, fresh delay
                    self.repeat_button, self.repeat_due = self.directions[-1], t + self.options.repeat_delay_ms
                else:
                    self.repeat_button = self.repeat_due = None
        return [InputEvent(EventKind.RELEASE, name, _secs(t), source)]

    def _update_combo(self, t: int) -> None:
        active = all(any(self.holders.get(b) for b in bs) for bs in self._combo_sets.values())
        if not active:
            self.combo_due, self.combo_fired = None, False
        elif self.combo_due is None and not self.combo_fired:
            self.combo_due = t + self.options.back_to_menu_ms

    # -- timers ---------------------------------------------------------------------------
    def next_timer(self) -> int | None:
        times = [x for x in (self.repeat_due, self.combo_due) if x is not None]
        return min(times) if times else None

    def fire(self, t: int, now: int) -> list[InputEvent]:
        """Fire the timers due at `t` (<= now)."""
        out: list[InputEvent] = []
        if self.combo_due is not None and self.combo_due <= t:
            out.append(InputEvent(EventKind.BACK_TO_MENU, None, _secs(self.combo_due), "combo"))
            self.combo_due, self.combo_fired = None, True
            self.repeat_button = self.repeat_due = None
        if self.repeat_due is not None and self.repeat_due <= t:
            due = self.repeat_due
            out.append(InputEvent(EventKind.REPEAT, self.repeat_button, _secs(due),
                                  self.sources.get(self.repeat_button, "")))
            step = self.options.repeat_interval_ms
            nxt = due + step
            if nxt <= now:  # frames were missed: skip the backlog, keep the cadence
                nxt = due + step * ((now - due) // step + 1)
            self.repeat_due = nxt
        return out
