"""Every setting declared once: TOML key, default, what is allowed, one line of doc.

The ``Settings`` dataclass *is* the schema: each field is made by ``setting(...)`` from a
``game.core.fields.Field`` (the one validation style shared with rulesets and key maps), and the
loader's validation, the saved file's header and the table in ``docs/data.md`` are all derived
from those declarations (``SCHEMA``, ``reference_markdown``). Plain values use the Field kinds
(int, choice); the structured ones (screen size, names, armies, key map, seats) are Field kind
"custom" whose checker also reports problems per sub-key.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.fields import Field, check_one
from game.core.numbers import shown

Problems = list[tuple[str, str]]  # (sub-key, what is wrong) for table-valued settings
Check = Callable[[Any], tuple[Any, Problems]]


class Bad(ValueError):
    """The whole value is unusable; the message says what is allowed."""


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return f"the number {shown(value)}"
    if isinstance(value, str):
        return f"the text {shown(value)}"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def int_range(lo: int, hi: int) -> Field:
    return Field("", "int", min=lo, max=hi)


def one_of(*choices: str) -> Field:
    return Field("", "choice", choices=choices)


@dataclass(frozen=True)
class StructuredField(Field):
    """Field kind "custom" whose `rich_check(value)` also returns problems per sub-key, so one bad
    entry of a table (one army, one key) is dropped without losing the others."""

    rich_check: Check | None = field(default=None, compare=False)


def custom(check: Check, allowed: str) -> Field:
    """A structured setting: `check(value)` -> (value, [(sub-key, problem)]) or raises Bad."""
    return StructuredField("", "custom", check=lambda v: check(v)[0], allowed_text=allowed, rich_check=check)


_SIZE = re.compile(r"^(\d{2,5})x(\d{2,5})$")


def screen_size() -> Field:
    def check(v: Any):
        if v == "auto":
            return v, []
        m = _SIZE.match(v) if isinstance(v, str) else None
        if not m or not (160 <= int(m[1]) <= 7680 and 120 <= int(m[2]) <= 4320):
            raise Bad(f"expected auto or WIDTHxHEIGHT (160x120..7680x4320), got {_kind(v)}")
        return v, []
    return custom(check, "auto | WIDTHxHEIGHT")


NAME_MAX = 16


def _name_problem(v: Any) -> str | None:
    if not isinstance(v, str):
        return f"a player name must be text, got {_kind(v)}"
    if not v.strip() or v != v.strip():
        return f"a player name must not be empty or start/end with spaces, got {v!r}"
    if len(v) > NAME_MAX or not v.isprintable():
        return f"a player name has at most {NAME_MAX} printable characters, got {v!r}"
    return None


def player_names(count: int) -> Field:
    def check(v: Any):
        if not isinstance(v, list) or len(v) != count:
            raise Bad(f"expected a list of {count} names, got {_kind(v)}"
                      + (f" of {len(v)}" if isinstance(v, list) else ""))
        for name in v:
            problem = _name_problem(name)
            if problem:
                raise Bad(problem)
        return tuple(v), []
    return custom(check, f"list of {count} names, 1..{NAME_MAX} characters")


ARMY_SIZE = 9


def armies() -> Field:
    """player name -> 9 piece ids ("" for an empty slot), or [] for no remembered army."""
    def check(v: Any):
        if not isinstance(v, dict):
            raise Bad(f"expected a table of player name = [piece ids], got {_kind(v)}")
        out: dict[str, tuple[str, ...]] = {}
        problems: Problems = []
        for name, army in v.items():
            problem = _name_problem(name)
            if problem is None:
                if not isinstance(army, list) or len(army) not in (0, ARMY_SIZE):
                    problem = f"expected a list of {ARMY_SIZE} piece ids or [], got {_kind(army)}"
                elif not all(isinstance(p, str) and len(p) <= 64 for p in army):
                    problem = "piece ids are text (\"\" for an empty slot)"
            if problem:
                problems.append((str(name), problem))
            else:
                out[name] = tuple(army)
        return out, problems
    return custom(check, f"table: player name = list of {ARMY_SIZE} piece ids (\"\" = empty slot) or []")


def keymap_overrides() -> Field:
    """context -> button -> list of codes (text or whole numbers); hw.input checks the names."""
    def check(v: Any):
        if not isinstance(v, dict):
            raise Bad(f"expected a table of device tables, got {_kind(v)}")
        out: dict[str, dict[str, tuple]] = {}
        problems: Problems = []
        for context, table in v.items():
            if not isinstance(table, dict):
                problems.append((str(context), f"expected a table of BUTTON = [inputs], got {_kind(table)}"))
                continue
            good: dict[str, tuple] = {}
            for button, codes in table.items():
                if not isinstance(codes, list) or not all(
                        isinstance(c, str) or (isinstance(c, int) and not isinstance(c, bool)) for c in codes):
                    problems.append((f"{context}.{button}", f"expected a list of key names or numbers, got {_kind(codes)}"))
                    continue
                good[button] = tuple(codes)
            out[context] = good
        return out, problems
    return custom(check, "table: device = { BUTTON = [inputs] } (see docs/input.md)")


SEAT_CHOICES = ("human", "bot:easy", "bot:normal", "bot:hard", "empty")


def seats(count: int) -> Field:
    def check(v: Any):
        if not isinstance(v, list) or len(v) != count or not all(s in SEAT_CHOICES for s in v):
            raise Bad(f"expected a list of {count} of {' | '.join(SEAT_CHOICES)}, got {_kind(v)}")
        return tuple(v), []
    return custom(check, f"list of {count}: {' | '.join(SEAT_CHOICES)}")


MODE_ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


def mode_ids() -> Field:
    """A list of mode ids ("skirmish", "duel", ...): the modes whose how-to screen was seen."""
    def check(v: Any):
        if not isinstance(v, list) or len(v) > 64:
            raise Bad(f"expected a list of at most 64 mode ids, got {_kind(v)}")
        good, problems = [], []
        for i, m in enumerate(v):
            if isinstance(m, str) and MODE_ID.match(m):
                if m not in good:
                    good.append(m)
            else:
                problems.append((str(i + 1), f"a mode id is lower-case letters, digits and _, got {_kind(m)}"))
        return tuple(good), problems
    return custom(check, "list of mode ids (lower-case letters, digits, _)")


def flag() -> Field:
    return Field("", "bool")


BOT_SPEEDS = ("slow", "normal", "fast", "fastest")


def text(max_len: int) -> Field:
    def check(v: Any):
        if not isinstance(v, str) or len(v) > max_len or not v.isprintable():
            raise Bad(f"expected text of at most {max_len} printable characters, got {_kind(v)}")
        return v, []
    return custom(check, f"text, at most {max_len} characters")


def _plain_check(f: Field) -> Check:
    def check(v: Any):
        value, problem = check_one(f, v)
        if problem:
            raise Bad(problem)
        return value, []
    return check


def setting(key: str, default: Any, doc: str, kind: Field) -> Any:
    spec = dataclasses.replace(kind, name=key, default=default, doc=doc)
    check = spec.rich_check if isinstance(spec, StructuredField) else _plain_check(spec)
    meta = {"key": key, "doc": doc, "check": check, "allowed": spec.allowed(), "field": spec}
    if isinstance(default, dict):
        return field(default_factory=lambda: dict(default), metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Settings:
    """What the appliance remembers between runs. Change with ``SettingsStore.update(...)``."""

    screen_size: str = setting(
        "display.size", "auto", "Screen/window size; auto = the whole screen, or a 960x640 window on a desktop.",
        screen_size())
    display_mode: str = setting(
        "display.mode", "auto", "auto = fullscreen on a Pi without a desktop, a window otherwise.",
        one_of("auto", "fullscreen", "window"))
    fps_cap: int = setting("display.fps_cap", 30, "Frames per second at most (saves power on a Pi).", int_range(10, 240))
    volume: int = setting("sound.volume", 80, "Sound volume in percent; 0 = silent.", int_range(0, 100))
    player_names: tuple[str, ...] = setting(
        "players.names", ("Player 1", "Player 2", "Player 3", "Player 4"),
        "Names shown for seats 1-4; stats and ratings are kept per name.", player_names(4))
    default_armies: dict = setting(
        "armies", {}, "Army each player last formed, offered again in army formation.", armies())
    keymap: dict = setting(
        "keymap", {}, "Your changes to the default key/button map (made in Settings > Controls).", keymap_overrides())
    last_mode: str = setting("last_setup.mode", "skirmish", "Game mode chosen last time.", text(32))
    last_ruleset: str = setting("last_setup.ruleset", "default", "Ruleset chosen last time.", text(64))
    last_map: str = setting("last_setup.map", "", "Map chosen last time (\"\" = the first map).", text(64))
    last_pieces_per_turn: int = setting(
        "last_setup.pieces_per_turn", 0, "Pieces each army may move per turn (1-4); 0 = every rested piece.",
        int_range(0, 4))
    last_army_limit: int = setting(
        "last_setup.army_limit", 9, "Pieces per army chosen last time.", int_range(1, 9))
    last_turn_limit: int = setting(
        "last_setup.turn_limit", 0, "Turn limit chosen last time; 0 = play until one army is left.", int_range(0, 10000))
    last_seats: tuple[str, ...] = setting(
        "last_setup.seats", ("human", "bot:normal", "empty", "empty"),
        "Who sat in seats 1-4 last time (a first game: you and the normal bot).", seats(4))
    howto_first_game: bool = setting(
        "onboarding.first_game_howto", True,
        "Show a mode's how-to screen over the board at its first game.", flag())
    howto_seen: tuple[str, ...] = setting(
        "onboarding.seen", (), "Modes whose how-to screen was shown (or skipped) already.", mode_ids())
    bot_speed: str = setting(
        "play.bot_speed", "normal", "How fast bots' turns play out (hold A to hurry one along).",
        one_of(*BOT_SPEEDS))


@dataclass(frozen=True)
class Entry:
    attr: str
    key: str
    default: Any
    doc: str
    allowed: str
    check: Check
    field: Field


def _entries() -> tuple[Entry, ...]:
    out = []
    for f in dataclasses.fields(Settings):
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        out.append(Entry(f.name, f.metadata["key"], default, f.metadata["doc"], f.metadata["allowed"],
                         f.metadata["check"], f.metadata["field"]))
    return tuple(out)


SCHEMA: tuple[Entry, ...] = _entries()
BY_KEY = {e.key: e for e in SCHEMA}
BY_ATTR = {e.attr: e for e in SCHEMA}


def _toml_default(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_default(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{}" if not value else str(value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def reference_markdown() -> str:
    """The settings table of docs/data.md, generated from the declarations."""
    lines = ["| key | default | allowed | meaning |", "|---|---|---|---|"]
    for e in SCHEMA:
        allowed = e.allowed.replace("|", "\\|")
        lines.append(f"| `{e.key}` | `{_toml_default(e.default)}` | {allowed} | {e.doc} |")
    return "\n".join(lines)


def reference_comment() -> str:
    """The comment block written at the top of settings.toml."""
    lines = ["# Tactibox settings. Written by the game; you may edit it while the game is off.",
             "# A value the game cannot use is reported, replaced by its default, and the file is",
             "# kept as settings.toml.corrupt-N.", "#"]
    for e in SCHEMA:
        lines.append(f"# {e.key} ({e.allowed}; default {_toml_default(e.default)}): {e.doc}")
    return "\n".join(lines) + "\n"
