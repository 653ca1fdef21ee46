"""Key maps: which physical inputs press which logical button, per kind of device.

A ``Keymap`` holds one table per context: ``keyboard``, ``controller``, ``joystick``, ``gpio``,
and per-device tables ``joystick:<name>`` / ``controller:<name>`` that replace the listed
buttons for devices with exactly that name. Within the tables a button maps to a tuple of codes
(its first code is its "primary" input, the one a remap replaces).

Sources: ``assets/keymaps/default.toml`` (keyboard, pads, options), the GPIO wiring
(``assets/gpio/default.toml``, or ``<data dir>/gpio.toml`` which replaces it), then the user's
overrides from settings.toml (``[keymap.<table>] BUTTON = [...]``, each replacing a whole list).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core import datafile
from game.core.fields import Field, Section, check_one, suggest
from hw.input import keynames
from hw.input.buttons import NUMPAD_BUTTONS, PAD_BUTTONS, Button, Physical, RemapResult

ASSETS = datafile.ASSETS
DEFAULT_KEYMAP_FILE = ASSETS / "keymaps" / "default.toml"
DEFAULT_GPIO_FILE = ASSETS / "gpio" / "default.toml"

BASE_CONTEXTS = ("keyboard", "controller", "joystick", "gpio")
UART_PINS = (14, 15)
BCM_PINS = range(0, 28)

CONTROLLER_BUTTONS = ("a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick",
                      "leftshoulder", "rightshoulder", "dpup", "dpdown", "dpleft", "dpright",
                      "misc1", "paddle1", "paddle2", "paddle3", "paddle4", "touchpad")
CONTROLLER_AXES = ("leftx", "lefty", "rightx", "righty", "triggerleft", "triggerright")
_CONTROLLER_AXIS = re.compile(r"^(leftx|lefty|rightx|righty):[-+]$|^(triggerleft|triggerright):\+$")
_JOY_HAT = re.compile(r"^hat(\d{1,2}):(up|down|left|right)$")
_JOY_AXIS = re.compile(r"^axis(\d{1,2}):[-+]$")

Code = str | int
Table = dict[Button, tuple[Code, ...]]


class KeymapError(ValueError):
    """A key map or wiring file that cannot be used; the message names the file and key."""


# The [options] table of a key map, declared with the project's one Field kind (game.core.fields).
OPTION_FIELDS: tuple[Field, ...] = (
    Field("debounce_ms", "int", 20, "A press must be stable this long to count.", min=0, max=200),
    Field("repeat_delay_ms", "int", 500, "A held direction repeats after this long.", min=100, max=5000),
    Field("repeat_interval_ms", "int", 100, "...then every this long.", min=20, max=2000),
    Field("back_to_menu_ms", "int", 1500, "Holding the exit combination this long goes back to the menu.",
          min=200, max=10000),
    Field("axis_dead_zone", "number", 0.5, "Stick travel (0..1) that counts as a direction.", min=0.05, max=0.95),
)
_OPTIONS = {f.name: f for f in OPTION_FIELDS}
OPTIONS_SECTION = Section("options", "keymaps/default.toml", "Input timing and stick options; a key map file "
                          "in the data folder or Settings > Controls may change them.", OPTION_FIELDS)


@dataclass(frozen=True)
class Options:
    debounce_ms: int = _OPTIONS["debounce_ms"].default
    repeat_delay_ms: int = _OPTIONS["repeat_delay_ms"].default
    repeat_interval_ms: int = _OPTIONS["repeat_interval_ms"].default
    back_to_menu_ms: int = _OPTIONS["back_to_menu_ms"].default
    axis_dead_zone: float = _OPTIONS["axis_dead_zone"].default


def base_of(context: str) -> str:
    return context.split(":", 1)[0]


def check_code(context: str, code: Any) -> Code:
    """The canonical form of an input code for a context; ValueError says what is allowed."""
    base = base_of(context)
    if base == "keyboard":
        name = keynames.canonical(code) if isinstance(code, str) else None
        if name is None:
            raise ValueError(f"unknown key name {code!r} (pygame K_ names in lower case: z, return, kp_5...)")
        return name
    if base == "controller":
        if isinstance(code, str) and (code in CONTROLLER_BUTTONS or _CONTROLLER_AXIS.match(code)):
            return code
        raise ValueError(f"unknown controller input {code!r} (a, b, x, y, start, back, dpup, leftx:-, triggerleft:+...)")
    if base == "joystick":
        if isinstance(code, int) and not isinstance(code, bool) and 0 <= code < 128:
            return code
        if isinstance(code, str) and (_JOY_HAT.match(code) or _JOY_AXIS.match(code)):
            return code
        raise ValueError(f"unknown joystick input {code!r} (button numbers 0..127, hat0:up, axis1:-...)")
    if base == "gpio":
        if isinstance(code, int) and not isinstance(code, bool) and code in BCM_PINS:
            return code
        raise ValueError(f"expected a BCM pin number 0..27, got {code!r}")
    raise ValueError(f"unknown device kind {context!r} (keyboard, controller, joystick, gpio)")


def _button(name: Any) -> Button:
    try:
        return Button(name)
    except ValueError:
        raise ValueError(f"unknown button {name!r} (one of {', '.join(b.value for b in Button)})") from None


def parse_table(context: str, raw: Any, where: str) -> tuple[Table, list[str]]:
    """A {BUTTON: [codes]} table from TOML; bad entries are reported and left out."""
    problems: list[str] = []
    if not isinstance(raw, dict):
        return {}, [f"{where}: expected a table of BUTTON = [inputs]"]
    table: Table = {}
    seen: dict[Code, Button] = {}
    for name, codes in raw.items():
        try:
            button = _button(name)
        except ValueError as exc:
            problems.append(f"{where}.{name}: {exc}")
            continue
        if not isinstance(codes, list):
            codes = [codes]
        good: list[Code] = []
        for code in codes:
            try:
                c = check_code(context, code)
            except ValueError as exc:
                problems.append(f"{where}.{name}: {exc}")
                continue
            if c in seen:
                problems.append(f"{where}.{name}: {c!r} is already used by {seen[c].value}")
                continue
            seen[c] = button
            good.append(c)
        table[button] = tuple(good)
    return table, problems


KEYMAP_LIMITS = datafile.Limits(max_bytes=256 * 1024, max_depth=8, max_keys=5000)


def _read_toml(path: Path) -> dict:
    """A key map or gpio.toml through the one bounded reader (regular files, size/depth/key caps)."""
    try:
        return datafile.read_toml(path, limits=KEYMAP_LIMITS)
    except datafile.MissingFile:
        raise KeymapError(f"{path}: missing") from None
    except datafile.DataFileError as exc:
        kind = "not valid TOML" if exc.what.startswith(("TOML syntax", "nested", "more than")) else "cannot be read"
        raise KeymapError(f"{exc.label}{':' + str(exc.line) if exc.line else ''}: {kind} ({exc.what})") from None


def parse_gpio(doc: dict, where: str) -> tuple[Table, bool, list[str]]:
    """(table, pull_up, problems) from a wiring document."""
    problems: list[str] = []
    pull_up = doc.get("pull_up", True)
    if not isinstance(pull_up, bool):
        problems.append(f"{where}: pull_up: expected true or false; using true")
        pull_up = True
    allow_uart = doc.get("allow_uart_pins", False) is True
    for key in doc:
        if key not in ("pull_up", "allow_uart_pins", "buttons"):
            problems.append(f"{where}: {key}: not a wiring setting; ignored")
    raw = doc.get("buttons", {})
    table, more = parse_table("gpio", raw, f"{where}: buttons")
    problems += more
    if not allow_uart:
        for button, pins in list(table.items()):
            bad = [p for p in pins if p in UART_PINS]
            if bad:
                problems.append(f"{where}: buttons.{button.value}: GPIO{bad[0]} carries the link's UART; "
                                "not used (set allow_uart_pins = true to allow it)")
                table[button] = tuple(p for p in pins if p not in UART_PINS)
    return table, pull_up, problems


def parse_options(raw: Any, where: str) -> tuple[Options, list[str]]:
    problems: list[str] = []
    if not isinstance(raw, dict):
        return Options(), [f"{where}: expected a table"]
    values: dict[str, Any] = {}
    for key, value in raw.items():
        f = _OPTIONS.get(key)
        if f is None:
            problems.append(f"{where}.{key}: unknown option{suggest(key, _OPTIONS)}")
            continue
        good, problem = check_one(f, value)
        if problem:
            problems.append(f"{where}.{key}: {problem}")
        else:
            values[key] = float(good) if f.kind == "number" else good
    return Options(**values), problems


def parse_numpad_menu(raw: Any, where: str) -> tuple[dict[Button, Button], list[str]]:
    problems: list[str] = []
    out: dict[Button, Button] = {}
    if not isinstance(raw, dict):
        return out, [f"{where}: expected a table of KEYPAD_BUTTON = \"BUTTON\""]
    for k, v in raw.items():
        try:
            kb, vb = _button(k), _button(v)
        except ValueError as exc:
            problems.append(f"{where}.{k}: {exc}")
            continue
        if kb not in NUMPAD_BUTTONS or vb not in PAD_BUTTONS:
            problems.append(f"{where}.{k}: maps a keypad button to a d-pad/face/shoulder/start/select button")
            continue
        out[kb] = vb
    return out, problems


@dataclass
class Keymap:
    tables: dict[str, Table]
    options: Options = field(default_factory=Options)
    numpad_menu: dict[Button, Button] = field(default_factory=dict)
    gpio_pull_up: bool = True

    def __post_init__(self) -> None:
        self._reverse: dict[tuple[str, str], dict[Code, Button]] = {}

    def copy(self) -> Keymap:
        return Keymap({c: dict(t) for c, t in self.tables.items()}, self.options, dict(self.numpad_menu),
                      self.gpio_pull_up)

    # -- reading ------------------------------------------------------------------------
    def effective(self, context: str, device: str = "") -> Table:
        """The table in force for one device: the base table with the device's own entries."""
        base = dict(self.tables.get(context, {}))
        own = self.tables.get(f"{context}:{device}", {}) if device else {}
        if own:
            claimed = {c for codes in own.values() for c in codes}
            base = {b: tuple(c for c in codes if c not in claimed) for b, codes in base.items()}
            base.update(own)
        return {b: codes for b, codes in base.items() if codes}

    def lookup(self, phys: Physical) -> Button | None:
        key = (phys.context, phys.device)
        rev = self._reverse.get(key)
        if rev is None:
            rev = {}
            for button, codes in self.effective(*key).items():
                for c in codes:
                    rev.setdefault(c, button)
            self._reverse[key] = rev
        return rev.get(phys.code)

    def gpio_pins(self) -> dict[int, Button]:
        return {int(p): b for b, pins in self.tables.get("gpio", {}).items() for p in pins}

    # -- changing -----------------------------------------------------------------------
    def table_for(self, phys: Physical) -> str:
        """The table a remap from this input is written to (joystick numbering varies per device)."""
        return f"joystick:{phys.device}" if phys.context == "joystick" else phys.context

    def assign(self, button: Button, phys: Physical) -> RemapResult:
        """Make `phys` the primary input of `button` on its kind of device (see ``RemapResult``)."""
        code = check_code(phys.context, phys.code)
        eff = self.effective(phys.context, phys.device)
        ctx = self.table_for(phys)
        current = list(eff.get(button, ()))
        owner = next((b for b, codes in eff.items() if code in codes and b is not button), None)
        changes: Table = {}
        swapped_in = None
        if code in current:
            changes[button] = (code, *[c for c in current if c != code])
        else:
            old_first = current[0] if current else None
            changes[button] = (code, *current[1:])
            if owner is not None:
                owner_codes = list(eff[owner])
                i = owner_codes.index(code)
                if old_first is not None:
                    owner_codes[i] = old_first
                    swapped_in = old_first
                else:
                    del owner_codes[i]
                    if not owner_codes and owner in PAD_BUTTONS:
                        return RemapResult(button, phys, ctx, owner, None,
                                           refused=f"{describe(phys)} is the only input of {owner.value} here")
                changes[owner] = tuple(owner_codes)
        table = self.tables.setdefault(ctx, {})
        table.update(changes)
        self._reverse.clear()
        return RemapResult(button, phys, ctx, owner, swapped_in)

    def with_overrides(self, overrides: Mapping[str, Mapping[str, Any]], where: str = "settings: keymap"
                       ) -> tuple[Keymap, list[str]]:
        """A copy with the user's overrides applied (bad entries reported and skipped)."""
        km = self.copy()
        problems: list[str] = []
        if not isinstance(overrides, Mapping):
            return km, [f"{where}: expected a table"]
        for ctx, raw in overrides.items():
            if base_of(ctx) not in BASE_CONTEXTS:
                problems.append(f"{where}.{ctx}: unknown device kind (keyboard, controller, joystick, gpio)")
                continue
            table, more = parse_table(ctx, {k: list(v) if isinstance(v, (list, tuple)) else v
                                            for k, v in dict(raw).items()}, f"{where}.{ctx}")
            problems += more
            target = km.tables.setdefault(ctx, {})
            claimed = {c for codes in table.values() for c in codes}
            for b in list(target):
                if b not in table:
                    target[b] = tuple(c for c in target[b] if c not in claimed)
            target.update(table)
        km._reverse.clear()
        return km, problems

    def overrides_against(self, default: Keymap) -> dict[str, dict[str, list[Code]]]:
        """What to save in settings: the buttons whose lists differ from `default`."""
        out: dict[str, dict[str, list[Code]]] = {}
        for ctx, table in self.tables.items():
            base = default.tables.get(ctx, {})
            diff = {b.value: list(codes) for b, codes in table.items() if tuple(base.get(b, ())) != tuple(codes)}
            if diff:
                out[ctx] = diff
        return out


def describe(phys: Physical) -> str:
    """A short label for an input, for the Settings and Controls scenes."""
    if phys.context == "keyboard":
        return keynames.describe_key(str(phys.code))
    if phys.context == "gpio":
        return f"GPIO{phys.code}"
    if isinstance(phys.code, int):
        return f"button {phys.code}"
    return str(phys.code)


def load_keymap(keymap_file: Path = DEFAULT_KEYMAP_FILE, gpio_file: Path | None = None
                ) -> tuple[Keymap, list[str]]:
    """The default key map plus GPIO wiring. Raises KeymapError if the key map file is unusable;
    a bad `gpio_file` (the data-dir wiring) is reported and the shipped wiring used instead."""
    doc = _read_toml(keymap_file)
    problems: list[str] = []
    tables: dict[str, Table] = {}
    options, numpad = Options(), {}
    for key, raw in doc.items():
        where = f"{keymap_file}: {key}"
        if key == "options":
            options, more = parse_options(raw, where)
        elif key == "numpad_in_menus":
            numpad, more = parse_numpad_menu(raw, where)
        elif base_of(key) in BASE_CONTEXTS and base_of(key) != "gpio":
            tables[key], more = parse_table(key, raw, where)
        else:
            more = [f"{where}: unknown table"]
        problems += more
    if problems:
        raise KeymapError("\n".join(problems))
    gpio_table, pull_up, gpio_problems = parse_gpio(_read_toml(DEFAULT_GPIO_FILE), str(DEFAULT_GPIO_FILE))
    if gpio_problems:
        raise KeymapError("\n".join(gpio_problems))
    messages: list[str] = []
    if gpio_file is not None and gpio_file.exists():
        try:
            custom, custom_pull_up, more = parse_gpio(_read_toml(gpio_file), str(gpio_file))
            messages += more
            if any(custom.values()):
                gpio_table, pull_up = custom, custom_pull_up
            else:
                messages.append(f"{gpio_file}: no usable pins; using the default wiring {DEFAULT_GPIO_FILE.name}")
        except KeymapError as exc:
            messages.append(f"{exc}; using the default wiring {DEFAULT_GPIO_FILE.name}")
    tables["gpio"] = gpio_table
    return Keymap(tables, options, numpad, pull_up), messages


# If the shipped key map is damaged the appliance must still be usable with a pad or keyboard.
EMERGENCY = Keymap(
    tables={
        "keyboard": {Button.UP: ("up",), Button.DOWN: ("down",), Button.LEFT: ("left",), Button.RIGHT: ("right",),
                     Button.A: ("return", "z"), Button.B: ("escape", "x"), Button.START: ("tab",),
                     Button.SELECT: ("i",)},
        "controller": {Button.UP: ("dpup",), Button.DOWN: ("dpdown",), Button.LEFT: ("dpleft",),
                       Button.RIGHT: ("dpright",), Button.A: ("a",), Button.B: ("b",), Button.START: ("start",),
                       Button.SELECT: ("back",)},
        "joystick": {Button.UP: ("hat0:up",), Button.DOWN: ("hat0:down",), Button.LEFT: ("hat0:left",),
                     Button.RIGHT: ("hat0:right",), Button.A: (0,), Button.B: (1,), Button.START: (7,),
                     Button.SELECT: (6,)},
        "gpio": {},
    })
