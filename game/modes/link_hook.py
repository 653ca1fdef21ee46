"""A mode's link hook: what the link layer needs of a mode to play it between units
(docs/modes.md §5). The link layer (`game.link`) plays every linked game as a Match with one
adapter; the hook only says what is the mode's own:

- hello and START: `content(rules)` (hashes the units compare), `host_setup(rules, req)` (the
  START bytes of a CLI host), `check_setup(rules, setup)`, and `header(rules, seed, setup)`: the
  Match header (a replay without actions) those bytes describe, the same on both units;
- `units(header, game)`: which unit plays each seat (0 the host, 1 the guest; issue 22 adds more);
  `person_plays(match, seat)`: a seat a person plays when a screen links it (else a bot);
- the wire: a *move* is what crosses the cable as one TURN message - one action, or for a mode
  with `batched` moves (the duel) the actions up to one that `ends_move` (a whole turn, one code).
  `encode_move(game, actions)` on the state the move starts from, `decode_move(game, data)`
  (ValueError for anything malformed), `check_move(game, actions)` (ActionError when illegal);
  `replacement(match)`: what the host plays instead of an illegal move of the other unit;
- resync: `snapshot(game)` bytes and `restore(match, data)` (ValueError for a bad snapshot);
- `new_bot(match, seat, level, entropy)`: a bot for a seat this unit plays (entropy: n secret
  bytes for commit/reveal schemes; never game randomness);
- `summary(match)`: the end-of-game JSON of `tactibox link`.

The defaults here are the generic ones: setup = the options, seats and turn limit as canonical
JSON, seat i on the host when i is even, every action one move as unsigned varints of its
`encode_action` ints, resync through the game type's `restore(rules, snapshot)`.
Nothing here imports firmware_bridge or the link layer: the hook stays beside its engine.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.canon import canonical_bytes
from game.core.replay import Replay
from game.core.replayfile import loads_bounded
from game.modes.base import ActionError
from game.modes.registry import ModeEntry, Request, get_mode

DEFAULT_SEATS = ("bot:hard", "bot:hard")
DEFAULT_TURN_LIMIT = 1000
MAX_SETUP_BYTES = 1024
MAX_ACTION_INTS = 64
SNAPSHOT_ERRORS = (UnicodeDecodeError, ValueError, KeyError, TypeError, IndexError, AttributeError)


def encode_varints(values) -> bytes:
    """Unsigned LEB128 varints (7 bits a byte, high bit = more)."""
    out = bytearray()
    for v in values:
        if not isinstance(v, int) or v < 0:
            raise ValueError("actions are non-negative ints")
        while True:
            out.append((v & 0x7F) | (0x80 if v > 0x7F else 0))
            v >>= 7
            if not v:
                break
    return bytes(out)


def decode_varints(data: bytes, max_ints: int = MAX_ACTION_INTS, max_bits: int = 63) -> list[int]:
    """Inverse of `encode_varints`; ValueError for a truncated, overlong or empty one."""
    ints, v, shift = [], 0, 0
    for b in bytes(data):
        v |= (b & 0x7F) << shift
        shift += 7
        if shift > max_bits:
            raise ValueError("action integer too long")
        if not b & 0x80:
            ints.append(v)
            v, shift = 0, 0
            if len(ints) > max_ints:
                raise ValueError("action too long")
    if shift or not ints:
        raise ValueError("truncated action")
    return ints


def read_snapshot(data: bytes, label: str, restore: Callable):
    """`restore(snapshot dict)` of the peer's canonical-JSON bytes; any failure is a ValueError
    "<label> snapshot: …" (a hostile or damaged snapshot can come out as nothing else)."""
    try:
        return restore(loads_bounded(bytes(data).decode("ascii"), label, what="snapshot"))
    except SNAPSHOT_ERRORS as exc:
        raise ValueError(f"{label} snapshot: {exc}") from None


class LinkHook:
    mode = ""                       # the registry id
    transfer_keys: tuple[str, ...] = ()
    batched = False                 # moves of several actions (see `ends_move`)
    unit_names = True               # players are named after the units that play them

    @property
    def entry(self) -> ModeEntry:
        return get_mode(self.mode)

    # --- hello and START -----------------------------------------------------------------------
    def content(self, rules) -> dict[str, bytes]:
        h = str(getattr(rules, "content_hash", "") or "")
        return {f"{self.mode}-rules": bytes.fromhex(h)} if h else {}

    def host_setup(self, rules, req: Request) -> bytes:
        from game.match.rules import rules_for
        data = {"options": rules_for(self.entry).options(req.options), "seats": list(req.seats or DEFAULT_SEATS),
                "turn_limit": req.turn_limit or DEFAULT_TURN_LIMIT}
        out = canonical_bytes(data)
        if len(out) > MAX_SETUP_BYTES:
            raise ValueError(f"{self.mode} setup: {len(out)} bytes, at most {MAX_SETUP_BYTES}")
        return out

    def check_setup(self, rules, setup: bytes) -> None:
        """ValueError with a clear reason for START bytes this unit cannot play."""
        self.header(rules, 0, setup)

    def decode_setup(self, setup: bytes) -> dict:
        if len(setup) > MAX_SETUP_BYTES:
            raise ValueError(f"{self.mode} setup: {len(setup)} bytes, at most {MAX_SETUP_BYTES}")
        try:
            data = loads_bounded(bytes(setup), self.mode, what="setup", max_depth=8)
        except (UnicodeDecodeError, ValueError) as exc:
            raise ValueError(f"{self.mode} setup: not JSON ({exc})") from None
        if not isinstance(data, dict) or not isinstance(data.get("options"), dict) \
                or not isinstance(data.get("seats"), list) or not all(isinstance(s, str) for s in data["seats"]) \
                or not isinstance(data.get("turn_limit"), int) or isinstance(data["turn_limit"], bool):
            raise ValueError(f"{self.mode} setup: expected options, seats and turn_limit")
        return data

    def header(self, rules, seed: int, setup: bytes) -> Replay:
        """The Match header the START bytes describe (ValueError for bad bytes)."""
        from game.match.rules import rules_for
        data = self.decode_setup(setup)
        req = Request(seed=seed, seats=tuple(data["seats"]), turn_limit=data["turn_limit"], options=data["options"])
        return rules_for(self.entry).header(rules, req)

    def units(self, header: Replay, game) -> dict[int, int]:
        """Seat -> the unit that plays it (0 the host, 1 the guest)."""
        seats = header.setup.get("seats") or DEFAULT_SEATS
        return {i: i % 2 for i in range(len(seats))}

    def person_plays(self, match, seat: int) -> bool:
        """On a screen: does the person play this seat of their unit (else a bot of its level)?"""
        return True

    # --- the wire ------------------------------------------------------------------------------
    def ends_move(self, game, action) -> bool:
        """Batched modes: does this action end the move (the rest are applied as they come and
        sent with it)?"""
        return True

    def encode_move(self, game, actions) -> bytes:
        """The move's bytes, against `game` as the move found it."""
        (action,) = actions
        return encode_varints(game.encode_action(action))

    def decode_move(self, game, data: bytes) -> list:
        """The move's actions (ValueError for anything malformed; ActionError is one)."""
        return [game.decode_action(decode_varints(data))]

    def check_move(self, game, actions) -> None:
        """ActionError when the move is not legal on `game` (nothing changes)."""
        (action,) = actions
        game.check(action)

    def replacement(self, match) -> list | None:
        """What the host plays instead of the other unit's illegal move (None: nothing)."""
        try:
            return [match.mode_rules.fallback(match.game)]
        except ActionError:
            return None

    # --- resync --------------------------------------------------------------------------------
    def snapshot(self, game) -> bytes:
        return canonical_bytes(game.snapshot())

    def restore(self, match, data: bytes):
        """The game of the host's snapshot (ValueError for a bad one; nothing changes then)."""
        restore = getattr(type(match.game), "restore", None)
        if restore is None:
            raise ValueError(f"mode {self.mode} cannot restore a snapshot")
        return read_snapshot(data, self.mode, lambda snap: restore(match.rules, snap))

    def copy(self, match):
        """The game as it is now, apart from the live one (a batched move is coded against it)."""
        return self.restore(match, self.snapshot(match.game))

    # --- bots and the end ----------------------------------------------------------------------
    def new_bot(self, match, seat: int, level: str, entropy=None):
        return match.mode_rules.new_bot(level, seat, match.header.seed)

    def summary(self, match) -> dict:
        """The end-of-game JSON (`tactibox link --json`); `match` may be None (no game)."""
        if match is None:
            return {"mode": self.mode, "winner": None}
        out = dict(match.summary())
        out["game_turns"] = out.pop("turns", match.game.turn)
        out.setdefault("winner", None)
        return out


class GenericLink(LinkHook):
    """The link hook of a mode that gives only `game` + `bot` (the defaults above)."""

    def __init__(self, entry: ModeEntry) -> None:
        self.mode = entry.id
        self._entry = entry

    @property
    def entry(self) -> ModeEntry:
        return self._entry


def link_hook(entry: ModeEntry) -> LinkHook:
    """The mode's link hook: its own (`link` in its entry), else the generic one for a mode with
    `game` + `bot`; ModeError for a mode that cannot be linked."""
    from game.modes.registry import ModeError
    if entry.has("link"):
        return entry.hook("link")
    if not (entry.has("game") and entry.has("bot")):
        raise ModeError(f"mode {entry.id!r} has no 'link' hook (and no game + bot for the generic one)")
    return GenericLink(entry)
