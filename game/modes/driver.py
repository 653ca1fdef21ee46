"""The generic drivers: simulate, verify and play over the link any mode that gives a `game`
factory and a `bot` (docs/modes.md). A mode with its own `simulate` / `verify` / `link` hook
uses that instead; callers go through `simulate()`, `verify()` and `link_play()` here and never
ask which mode they hold.

The game object a generic mode returns follows the engine contract (`game.modes.base.Engine`,
docs/modes.md §6); these drivers need at the least `game.modes.base.Game` plus `to_act() -> int`
(the seat whose action comes next) and `result() -> dict` (JSON-able, with at least "winner": a
seat name or None). For link resyncs, `restore(rules, snapshot_dict)` as a classmethod of its
type (without it a desync ends the linked game with an error).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.canon import canonical_bytes
from game.core.replay import Replay
from game.core.replayfile import loads_bounded
from game.modes.base import ActionError
from game.modes.lockstep_game import AdapterBase, ScreenSlot
from game.modes.registry import ModeEntry, ModeError, Outcome, Request, Verdict, log_lines, offers

DEFAULT_SEATS = ("bot:hard", "bot:hard")
DEFAULT_TURN_LIMIT = 1000            # generic games stop here (a draw) if nobody has won
MAX_ACTIONS = 200_000
MAX_SETUP_BYTES = 1024
MAX_ACTION_INTS = 64


def _need_generic(entry: ModeEntry, hook: str) -> None:
    if not (entry.has("game") and entry.has("bot")):
        raise ModeError(f"mode {entry.id!r} has no {hook!r} hook (and no game + bot for the generic one)")


def options_with_defaults(entry: ModeEntry, given: dict | None) -> dict:
    out = entry.option_defaults()
    for k, v in (given or {}).items():
        if k not in out:
            raise ValueError(f"mode {entry.id}: no option {k!r} (options: {', '.join(out) or 'none'})")
        if v is not None:
            out[k] = v
    return out


def load_rules(entry: ModeEntry, name: str | None):
    return entry.hook("rules")(name) if entry.has("rules") else None


def rules_id_hash(rules) -> tuple[str, str]:
    return str(getattr(rules, "id", "") or ""), str(getattr(rules, "content_hash", "") or "")


# --------------------------------------------------------------------------- simulate, verify

def simulate(entry: ModeEntry, req: Request, log: Callable[[str], None] | None = None) -> Outcome:
    """Play a whole game with bots; ValueError (readable) for a bad request. A mode's own
    `simulate` hook wins; every other mode plays through the Match (`game.match.headless`)."""
    if entry.has("simulate"):
        return entry.hook("simulate")(req, log)
    _need_generic(entry, "simulate")
    from game.match.headless import simulate as match_simulate
    return match_simulate(entry, req, log)


def verify(entry: ModeEntry, replay: Replay, ruleset: str | None = None,
           log: Callable[[str], None] | None = None) -> Verdict:
    """Play a replay back and compare every recorded turn hash (through the Match unless the
    mode has its own `verify` hook)."""
    if replay.mode != entry.id:
        return Verdict(False, 0, [f"mode {replay.mode!r} is not {entry.id!r}"])
    if entry.has("verify"):
        return entry.hook("verify")(replay, ruleset, log)
    if not offers(entry, "verify"):
        raise ModeError(f"mode {entry.id!r} has no 'verify' hook (and no game or match hook for the generic one)")
    from game.match.headless import verify as match_verify
    return match_verify(entry, replay, ruleset, log)


# --------------------------------------------------------------------------- link

def link_play(entry: ModeEntry):
    """The mode's link hook object (its own or the generic one)."""
    if entry.has("link"):
        return entry.hook("link")
    _need_generic(entry, "link")
    return GenericLink(entry)


class GenericLink:
    """The link hook for a generic mode: setup = the options and seats as canonical JSON."""

    def __init__(self, entry: ModeEntry) -> None:
        self.entry = entry

    def content(self, rules) -> dict[str, bytes]:
        _, h = rules_id_hash(rules)
        return {f"{self.entry.id}-rules": bytes.fromhex(h)} if h else {}

    def host_setup(self, rules, req: Request) -> bytes:
        data = {"options": options_with_defaults(self.entry, req.options), "seats": list(req.seats or DEFAULT_SEATS),
                "turn_limit": req.turn_limit or DEFAULT_TURN_LIMIT}
        out = canonical_bytes(data)
        if len(out) > MAX_SETUP_BYTES:
            raise ValueError(f"{self.entry.id} setup: {len(out)} bytes, at most {MAX_SETUP_BYTES}")
        return out

    def decode_setup(self, setup: bytes) -> dict:
        if len(setup) > MAX_SETUP_BYTES:
            raise ValueError(f"{self.entry.id} setup: {len(setup)} bytes, at most {MAX_SETUP_BYTES}")
        try:
            data = loads_bounded(bytes(setup), self.entry.id, what="setup", max_depth=8)
        except (UnicodeDecodeError, ValueError) as exc:
            raise ValueError(f"{self.entry.id} setup: not JSON ({exc})") from None
        if not isinstance(data, dict) or not isinstance(data.get("options"), dict) \
                or not isinstance(data.get("seats"), list) or not isinstance(data.get("turn_limit"), int):
            raise ValueError(f"{self.entry.id} setup: expected options, seats and turn_limit")
        data["options"] = options_with_defaults(self.entry, data["options"])
        return data

    def adapter(self, rules, seed: int, setup: bytes, local: int, *, level: str | None = "hard",
                chooser=None, log: Callable[[str], None] | None = None, entropy=None):
        data = self.decode_setup(setup)
        adapter = GameOverLink(self.entry, rules, seed, data, local, level=level or "hard", chooser=chooser,
                               on_events=log_lines(self.entry, log))
        if level is None and chooser is None:          # a person plays the local seats from a screen
            ScreenSlot.attach(adapter)
        return adapter

    def summary(self, adapter) -> dict:
        if adapter is None:
            return {"mode": self.entry.id, "winner": None}
        g = adapter.game
        out = {"mode": self.entry.id, "game_turns": g.turn, "over": g.is_over(), **g.result()}
        out.setdefault("winner", None)
        return out


class GameOverLink(AdapterBase):
    """`LockstepGame` adapter for a generic mode. Seat i belongs to the host when i is even, to
    the guest when odd; `chooser(game)` gives a local person's action (None = undecided), else a
    bot of `level` plays the local seats."""

    def __init__(self, entry: ModeEntry, rules, seed: int, setup: dict, local: int, *, level: str = "hard",
                 chooser=None, on_events=None) -> None:
        if local not in (0, 1):
            raise ValueError("local must be 0 (host) or 1 (guest)")
        self.entry, self.rules, self.local = entry, rules, local
        self.turn_limit = setup["turn_limit"]
        self.game = entry.hook("game")(rules, seed, setup["options"], list(setup["seats"]))
        make_bot = entry.hook("bot")
        self.bots = {i: make_bot(level, i, seed) for i in range(len(setup["seats"])) if i % 2 == local}
        self.chooser, self.on_events = chooser, on_events

    def whose_turn_is_local(self) -> bool:
        return not self.finished() and self.game.to_act() % 2 == self.local

    def next_local_action(self):
        if self.chooser is not None:
            return self.chooser(self.game)
        return self.bots[self.game.to_act()].choose(self.game)

    def encode_action(self, a) -> bytes:
        out = bytearray()
        for v in self.game.encode_action(a):
            if v < 0:
                raise ValueError("actions are non-negative ints")
            while True:
                out.append((v & 0x7F) | (0x80 if v > 0x7F else 0))
                v >>= 7
                if not v:
                    break
        return bytes(out)

    def decode_action(self, data: bytes) -> Any:
        ints, v, shift = [], 0, 0
        for b in bytes(data):
            v |= (b & 0x7F) << shift
            shift += 7
            if shift > 63:
                raise ValueError("action integer too long")
            if not b & 0x80:
                ints.append(v)
                v, shift = 0, 0
                if len(ints) > MAX_ACTION_INTS:
                    raise ValueError("action too long")
        if shift or not ints:
            raise ValueError("truncated action")
        return self.game.decode_action(ints)

    def is_legal(self, a) -> bool:
        check = getattr(self.game, "check", None)
        if check is not None:
            try:
                check(a)
                return True
            except ActionError:
                return False
        return a in self.game.legal_actions()

    def replacement_for(self, a):
        legal = [] if self.finished() else self.game.legal_actions()
        return legal[0] if legal else None

    def restore(self, data: bytes) -> None:
        restore = getattr(type(self.game), "restore", None)
        if restore is None:
            raise ValueError(f"mode {self.entry.id} cannot restore a snapshot")
        self.game = self.read_snapshot(data, self.entry.id, lambda snap: restore(self.rules, snap))

    def finished(self) -> bool:
        return self.game.is_over() or self.game.turn >= self.turn_limit
