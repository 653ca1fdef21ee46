"""The game modes this unit knows, each declared once in its own folder (docs/modes.md).

    from game.modes.registry import get_mode, modes
    m = get_mode("duel")              # the entry: plain data, nothing of the duel imported yet
    simulate = m.hook("simulate")     # imports "game.modes.duel.hooks" now, returns its attribute

A mode declares a `MODE = ModeEntry(...)` in `game/modes/<mode>/mode.py`; `modes()` finds those
files (gpiozero-style entry points: hooks are "module:attr" strings, imported when first used).
That file must import nothing but this module, so listing the modes stays cheap. Tests and
plug-ins may `register(entry)` a mode from anywhere.

This is the engine part of a mode only: it names no screen. A mode's screens, menu lines and
screen hooks are its UI part, declared beside its screens and found by the UI's own registry
(docs/modes.md); a mode without one still plays through the generic screens.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ENTRY_MODULE = "mode"          # game/modes/<mode>/mode.py
LINK_TAG_MAX = 16              # bytes of a mode id on the wire


class ModeError(ValueError):
    """An unknown mode, or a hook a mode does not offer (the message names both)."""


@dataclass(frozen=True)
class Option:
    """One mode option: `--NAME` on the command line, key NAME (dashes kept) in `Request.options`.

    kind: "str", "int" or "flag" (a switch; its value is True/False)."""
    name: str
    default: Any
    help: str
    kind: str = "str"

    def __post_init__(self) -> None:
        if self.kind not in ("str", "int", "flag"):
            raise ValueError(f"option {self.name}: kind {self.kind!r}, expected str, int or flag")


@dataclass(frozen=True)
class ModeEntry:
    """Everything the CLI, the link and the stores need to know about one mode's engine.

    Hook fields hold "module:attr" strings (empty = not offered). See docs/modes.md for each
    hook's signature; modes that give `game` (+ `bot`) get simulate / verify / link from
    `game.modes.driver` unless they give their own."""
    id: str                               # "skirmish": replay files, stats rows, the link tag
    title: str                            # "Skirmish": what a player reads
    blurb: str = ""                       # one line for menus and --help
    order: int = 50                       # menu / listing order (lower first)
    options: tuple[Option, ...] = ()
    # engine hooks
    rules: str = ""          # load_rules(name: str | None) -> rules (ValueError when it cannot load)
    game: str = ""           # new_game(rules, seed, options: dict, seats: list[str]) -> game
    bot: str = ""            # new_bot(level, seat, seed) -> object with .choose(game)
    describe: str = ""       # describe(game, events) -> list[str]   (readable log lines)
    simulate: str = ""       # simulate(req: Request, log) -> Outcome
    verify: str = ""         # verify(replay, ruleset: str | None, log) -> Verdict
    link: str = ""           # an object with content/host_setup/adapter/summary (docs/modes.md)
    balance: str = ""        # balance(ruleset, games, seed, level, progress) -> (data: dict, text: str)
    schema: str = ""         # schema_markdown() -> str   (the rules reference, `tactibox schema`)
    match: str = ""          # a game.match.rules.MatchRules subclass: how games start, seats, results
    rules_transfer: bool = False          # link: the host sends its rules folder when hashes differ
    extra: dict = field(default_factory=dict, compare=False, hash=False)   # name -> "module:attr", later hooks

    def __post_init__(self) -> None:
        if not self.id or not self.id.replace("_", "").isalnum() or self.id != self.id.lower():
            raise ValueError(f"mode id {self.id!r}: lower-case letters, digits and _ only")
        if len(self.id.encode()) > LINK_TAG_MAX:
            raise ValueError(f"mode id {self.id!r}: at most {LINK_TAG_MAX} bytes")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"mode {self.id}: an option is declared twice")

    def has(self, name: str) -> bool:
        return bool(self.ref(name))

    def ref(self, name: str) -> str:
        v = getattr(self, name, None) if name in _HOOKS else self.extra.get(name, "")
        return v or ""

    def hook(self, name: str) -> Any:
        """The hook's object, imported now; ModeError if this mode does not offer it."""
        ref = self.ref(name)
        if not ref:
            raise ModeError(f"mode {self.id!r} has no {name!r} hook")
        return resolve(ref)

    def option_defaults(self) -> dict:
        return {o.name: o.default for o in self.options}


_HOOKS = ("rules", "game", "bot", "describe", "simulate", "verify", "link", "balance", "schema", "match")


@dataclass
class Request:
    """What a headless game is asked to be (CLI `simulate`, `link --host`, tests)."""
    seed: int = 1
    seats: tuple[str, ...] = ()           # controllers in joining order ("bot:hard", "human"); () = mode default
    turn_limit: int = 0                   # 0 = the mode's own default
    ruleset: str | None = None            # a rules name or folder; None = the shipped one
    options: dict = field(default_factory=dict)   # the mode's Options by name (missing = default)


@dataclass
class Outcome:
    """A finished headless game: `summary` is one JSON object (at least winner, turns,
    state_hash), `replay` a `game.core.replay.Replay` (or None), `lines` what a person reads."""
    summary: dict
    replay: Any = None
    lines: list[str] = field(default_factory=list)


@dataclass
class Verdict:
    """A replay played back: ok, how many turn hashes matched, the problems (file-less text)."""
    ok: bool
    turns_checked: int
    problems: list[str] = field(default_factory=list)
    state_hash: str | None = None


def resolve(ref: str) -> Any:
    """"package.module:attr.sub" -> the object; "package.module" -> the module."""
    mod_name, _, attr = ref.partition(":")
    obj = importlib.import_module(mod_name)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


_registered: dict[str, ModeEntry] = {}
_discovered = False


def register(entry: ModeEntry, *, replace: bool = False) -> ModeEntry:
    """Add a mode (tests, plug-ins). A second entry with the same id is refused unless `replace`."""
    _discover()
    if entry.id in _registered and not replace and _registered[entry.id] is not entry:
        raise ModeError(f"mode {entry.id!r} is registered already")
    _registered[entry.id] = entry
    return entry


def unregister(mode_id: str) -> None:
    _registered.pop(mode_id, None)


def find_entries(package: str, module: str, attr: str, kind: type) -> list:
    """`attr` of every `<package>/<sub>/<module>.py` (sub-packages in name order), each checked to
    be a `kind`; a sub-package without that module is a helper and is passed over. The engine
    entries (`game.modes`, "mode", "MODE") and each UI registry's use it."""
    pkg = importlib.import_module(package)
    out = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        name = f"{package}.{info.name}.{module}"
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue                        # a helper package without an entry
            raise
        entry = getattr(mod, attr, None)
        if not isinstance(entry, kind):
            raise ModeError(f"{name}: {attr} is not a {kind.__name__}")
        out.append(entry)
    return out


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for entry in find_entries("game.modes", ENTRY_MODULE, "MODE", ModeEntry):
        _registered.setdefault(entry.id, entry)


def modes() -> list[ModeEntry]:
    """Every known mode, in menu order."""
    _discover()
    return sorted(_registered.values(), key=lambda m: (m.order, m.id))


def mode_ids(having: str | None = None) -> list[str]:
    """The ids, optionally only of modes that offer hook `having` (or get it from the driver)."""
    return [m.id for m in modes() if having is None or offers(m, having)]


def offers(entry: ModeEntry, hook: str) -> bool:
    """True if `hook` (simulate, verify, link) works for this mode, its own or the generic one
    (game.modes.driver runs the generic ones for any mode with a game and a bot)."""
    if entry.has(hook):
        return True
    if hook == "verify":                    # a replay needs only a way to start the game
        return entry.has("game") or entry.has("match")
    return hook in ("simulate", "link") and entry.has("game") and entry.has("bot")


def get_mode(mode_id: str) -> ModeEntry:
    _discover()
    try:
        return _registered[mode_id]
    except KeyError:
        known = ", ".join(m.id for m in modes())
        raise ModeError(f"mode {mode_id!r} is not a mode this version knows (known: {known})") from None


def mode_title(mode_id: str) -> str:
    """What a player reads for a mode id (the id itself for a mode this version does not know)."""
    _discover()
    entry = _registered.get(mode_id)
    return entry.title if entry is not None else mode_id


def log_lines(entry: ModeEntry, log: Callable[[str], None] | None):
    """A `(game, events)` callback that writes the mode's readable lines to `log` (or None)."""
    if log is None or not entry.has("describe"):
        return None
    return events_printer(entry.hook("describe"), log)


def event_lines(describe_one, game, events) -> list[str]:
    """The readable lines of `events` (`describe_one(game, ev)` gives a line or None)."""
    return [line for line in (describe_one(game, ev) for ev in events) if line]


def events_printer(describe_events, log: Callable[[str], None] | None):
    """A `(game, events)` callback writing `describe_events(game, events)` lines to `log`; None
    without a log (so the game skips the work)."""
    if log is None:
        return None

    def on_events(game, events) -> None:
        for line in describe_events(game, events):
            log(line)
    return on_events
