"""Game-agnostic lockstep: both units hold the whole game and exchange only actions and hashes.

A game takes part by implementing `LockstepGame` (an adapter around a mode's game object):

    class DuelOverLink:                       # lives on the game side, e.g. game/modes/duel/link.py
        def __init__(self, game, local_seat, bot): ...
        def whose_turn_is_local(self): return self.game.current_seat == self.local_seat
        def next_local_action(self):   return self.bot.choose(self.game)   # or the UI's pick, or None
        def encode_action(self, a):    return bytes(self.game.encode_action(a))
        def decode_action(self, b):    return self.game.decode_action(list(b))   # ValueError on garbage
        def is_legal(self, a):         return a in self.game.legal_actions()
        def replacement_for(self, a):  return EndTurn()        # what the host applies instead
        def apply(self, a):            self.game.apply(a)
        def turn_hash(self):           return bytes.fromhex(self.game.state_hash())
        def snapshot(self):            return canonical_bytes(self.game.snapshot())
        def restore(self, b):          self.game = Duel.from_snapshot(json.loads(b))  # ValueError
        def finished(self):            return self.game.is_over()

and is then driven by a `Session` (session.py), which creates the `Lockstep` below once hello,
content sync and the shared seed are done:

    session = Session.open("/dev/serial0", role="host", app_version="0.1.0",
                           make_game=lambda seed, options: DuelOverLink(...), seed=1234)
    while not session.finished:
        session.poll()                   # every UI frame; never blocks
        draw(session.lockstep.game if session.lockstep else None, session.status_text())

Wire: every action travels as one TURN message  `encode_action(a) ‖ chain[:hash_len]`, where
`chain = BLAKE2b-64(previous chain ‖ turn_hash())` after applying the action. The receiver applies
the action and compares. Chaining makes a divergence stay visible: even with a 1-byte hash on the
wire a desync is caught with probability 255/256 on every later turn. At the end both sides send
FIN with the full 8-byte chain.

The host (controller) is the authority. It checks every guest action with `is_legal`; an
illegal one is replaced by `replacement_for(a)` (WoS: "the host may alter your turn") and the guest
receives a snapshot of the host's state with the action that was applied instead. Any mismatch
(hash, undecodable action, action out of turn) makes the host send a compressed snapshot; the
guest restores it, replies SYNCED, and the resync is logged and counted. Until SYNCED arrives
the host drops guest turns (they were played on a state that is being replaced).
"""

from __future__ import annotations

import hashlib
import logging
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from .counters import Counters
from .messages import (
    CHAIN_BYTES,
    MSG_DESYNC,
    MSG_FIN,
    MSG_SYNCED,
    REASON_BAD_ACTION,
    REASON_DESYNC,
    REASON_FINAL,
    REASON_GUEST_REPORT,
    REASON_NAMES,
    REASON_OUT_OF_TURN,
    REASON_REJECTED,
    REASON_RESUME,
    REASON_START,
    Desync,
    Fin,
    Ready,
    SnapshotMeta,
    Synced,
)

log = logging.getLogger("tactibox.link")


@runtime_checkable
class LockstepGame(Protocol):
    def whose_turn_is_local(self) -> bool:
        """True when this unit's player (human or bot) acts next."""

    def next_local_action(self) -> Any | None:
        """The local player's next action, or None if not decided yet (never block here)."""

    def encode_action(self, action: Any) -> bytes:
        """Called on the state the action is about to be applied to (a code may depend on it)."""

    def decode_action(self, data: bytes) -> Any:
        """Inverse of encode_action on the same state; raises ValueError for anything malformed."""

    def is_legal(self, action: Any) -> bool: ...

    def replacement_for(self, action: Any | None) -> Any | None:
        """What the host applies instead of an illegal guest action (e.g. end turn), or None."""

    def apply(self, action: Any) -> None: ...

    def turn_hash(self) -> bytes:
        """Canonical hash of the whole state (identical on every machine for the same state)."""

    def snapshot(self) -> bytes: ...

    def restore(self, data: bytes) -> None:
        """Replace the state by a snapshot; raises ValueError for a bad one and then changes nothing."""

    def finished(self) -> bool: ...


class LockstepChannel(Protocol):
    def send_turn(self, payload: bytes) -> None: ...
    def send_control(self, payload: bytes) -> None: ...
    def send_snapshot(self, meta: bytes, data: bytes) -> None: ...
    def idle(self) -> bool:
        """Everything sent has been acknowledged and the link is up."""


RETRY_AFTER = 5.0   # seconds of idle link while waiting for a SYNCED / snapshot / FIN before asking again


def chain_start(seed: int, turn_hash: bytes) -> bytes:
    return hashlib.blake2b(b"TBX-lockstep" + (seed & ((1 << 64) - 1)).to_bytes(8, "big") + turn_hash,
                           digest_size=CHAIN_BYTES).digest()


def chain_next(chain: bytes, turn_hash: bytes) -> bytes:
    return hashlib.blake2b(chain + turn_hash, digest_size=CHAIN_BYTES).digest()


class Lockstep:
    """Drives one linked game. `poll()` plays local actions; the session feeds incoming messages."""

    def __init__(self, game: LockstepGame, channel: LockstepChannel, *, role: str, seed: int = 0,
                 hash_len: int = 1, counters: Counters | None = None, resume: bool = False,
                 actions_per_poll: int = 1, on_log: Callable[[str], None] | None = None,
                 now: Callable[[], float] | None = None) -> None:
        if role not in ("host", "guest"):
            raise ValueError(f"role must be host or guest, got {role!r}")
        if not 1 <= hash_len <= CHAIN_BYTES:
            raise ValueError(f"hash_len must be 1..{CHAIN_BYTES}")
        self.game = game
        self.channel = channel
        self.role = role
        self.is_host = role == "host"
        self.hash_len = hash_len
        self.counters = counters if counters is not None else Counters()
        self.actions_per_poll = actions_per_poll
        self.turns = 0
        self.epoch = 0
        self.chain = chain_start(seed, game.turn_hash())
        self.awaiting_snapshot = resume and not self.is_host   # guest: drop host turns until restored
        self.awaiting_synced = False                           # host: drop guest turns until SYNCED
        self.peer_fin: Fin | None = None
        self._fin_sent_for: tuple[int, int] | None = None
        self.done = False
        self._now = now
        self._quiet_since = now() if now else 0.0
        self._last_reason = REASON_DESYNC
        self.retries = 0
        self.events: deque[tuple] = deque(maxlen=256)
        self.log_lines: deque[str] = deque(maxlen=200)
        self._on_log = on_log

    # ------------------------------------------------------------------ status

    @property
    def state(self) -> str:
        if self.done:
            return "finished"
        if self.awaiting_snapshot or self.awaiting_synced:
            return "resyncing"
        if self.game.finished():
            return "finishing"
        return "local" if self.game.whose_turn_is_local() else "remote"

    def drain_events(self) -> list[tuple]:
        """('remote', action) · ('rejected', replacement_action) · ('resync', reason_text) · ('finished',)"""
        ev = list(self.events)
        self.events.clear()
        return ev

    def _log(self, text: str) -> None:
        line = f"[{self.role} turn {self.turns}] {text}"
        self.log_lines.append(line)
        log.info(line)
        if self._on_log:
            self._on_log(line)

    # ------------------------------------------------------------------ local play

    def poll(self) -> None:
        for _ in range(self.actions_per_poll):
            if not self._play_one():
                break
        self._maybe_fin()
        self._watchdog()

    def _watchdog(self) -> None:
        """Ask again when a control message went missing (only a frame forging a valid CRC can
        lose one; the reliable link loses nothing else)."""
        if self._now is None or self.done:
            return
        t = self._now()
        if not self.channel.idle():
            self._quiet_since = t
            return
        if t - self._quiet_since < RETRY_AFTER:
            return
        self._quiet_since = t
        if self.is_host and self.awaiting_synced:
            self.retries += 1
            self._log("no SYNCED from the guest; sending the snapshot again")
            self.resync(self._last_reason)
        elif not self.is_host and self.awaiting_snapshot:
            self.retries += 1
            self._log("no snapshot from the host; asking again")
            self.channel.send_control(Desync(self.epoch, self.turns).encode())
        elif self.game.finished() and not self.awaiting_synced and not self.awaiting_snapshot:
            self.retries += 1
            self._fin_sent_for = None
            self._maybe_fin()

    def _play_one(self) -> bool:
        if self.done or self.awaiting_snapshot:
            return False
        g = self.game
        if g.finished() or not g.whose_turn_is_local():
            return False
        action = g.next_local_action()
        if action is None:
            return False
        if not g.is_legal(action):
            self._log(f"local action {action!r} is not legal; ignored")
            return False
        data = g.encode_action(action)
        g.apply(action)
        self._advance()
        self.channel.send_turn(bytes(data) + self.chain[:self.hash_len])
        self.counters.turns_sent += 1
        return True

    def _advance(self) -> None:
        self.turns += 1
        self.chain = chain_next(self.chain, self.game.turn_hash())

    # ------------------------------------------------------------------ incoming

    def on_turn(self, payload: bytes) -> None:
        self.counters.turns_received += 1
        if self.is_host:
            self._host_turn(payload)
        else:
            self._guest_turn(payload)
        self._maybe_fin()

    def _decode(self, payload: bytes) -> tuple[Any, bytes] | None:
        if len(payload) < self.hash_len:
            return None
        try:
            return self.game.decode_action(payload[:-self.hash_len]), payload[-self.hash_len:]
        except ValueError:
            return None

    def _guest_turn(self, payload: bytes) -> None:
        if self.awaiting_snapshot:
            self.counters.stale_actions += 1
            return
        g = self.game
        if self.done or g.finished() or g.whose_turn_is_local():
            return self._guest_desync(REASON_OUT_OF_TURN)
        decoded = self._decode(payload)
        if decoded is None:
            self.counters.bad_actions += 1
            return self._guest_desync(REASON_BAD_ACTION)
        action, their = decoded
        if not g.is_legal(action):
            return self._guest_desync(REASON_DESYNC)     # legal on the host, so the states differ
        g.apply(action)
        self._advance()
        if self.chain[:self.hash_len] != their:
            return self._guest_desync(REASON_DESYNC)
        self.events.append(("remote", action))

    def _host_turn(self, payload: bytes) -> None:
        if self.awaiting_synced:
            self.counters.stale_actions += 1
            return
        g = self.game
        if self.done or g.finished() or g.whose_turn_is_local():
            self.counters.desyncs += 1
            return self.resync(REASON_OUT_OF_TURN)
        decoded = self._decode(payload)
        if decoded is None:
            # most likely line noise that slipped past the CRC: roll the guest back to the host's
            # state, which does not contain the action — the guest simply plays its turn again
            self.counters.bad_actions += 1
            return self.resync(REASON_BAD_ACTION)
        action, their = decoded
        if not g.is_legal(action):
            self.counters.rejected_actions += 1
            replacement = g.replacement_for(action)
            replaced = b""
            if replacement is not None and g.is_legal(replacement):
                replaced = bytes(g.encode_action(replacement))   # against the state it applies to
                g.apply(replacement)
                self._advance()
                self.events.append(("remote", replacement))
            self._log(f"guest action {action!r} is illegal; applied {replacement!r} instead")
            return self.resync(REASON_REJECTED, replaced)
        g.apply(action)
        self._advance()
        self.events.append(("remote", action))
        if self.chain[:self.hash_len] != their:
            self.counters.desyncs += 1
            self.resync(REASON_DESYNC)

    def on_control(self, payload: bytes) -> None:
        """SYNCED / DESYNC / FIN. Raises ValueError for a malformed message (the session counts it)."""
        t = payload[0]
        if t == MSG_SYNCED:
            m = Synced.decode(payload)
            if self.is_host and self.awaiting_synced and m.epoch == self.epoch:
                self.awaiting_synced = False
                self.peer_fin = None            # any FIN sent before the restore is stale
                self._log(f"guest restored snapshot {m.epoch}")
        elif t == MSG_DESYNC:
            m = Desync.decode(payload)
            if self.is_host and m.epoch == self.epoch and not self.done:
                if self.awaiting_synced and not self.channel.idle():
                    self.counters.ignored_requests += 1    # that snapshot is still on its way
                    return
                self.counters.desyncs += 1
                self.resync(REASON_GUEST_REPORT)
        elif t == MSG_FIN:
            fin = Fin.decode(payload)
            repeated, self.peer_fin = fin == self.peer_fin, fin
            if self.done:
                if repeated and self.channel.idle():   # asked again: our FIN went missing
                    self.channel.send_control(Fin(self.turns, self.chain).encode())
                elif repeated:
                    self.counters.ignored_requests += 1    # it is still on its way
                return
            if not self.game.finished():
                if self.is_host and not self.awaiting_synced:
                    self.counters.desyncs += 1
                    self.resync(REASON_FINAL)
                elif not self.is_host and not self.awaiting_snapshot:
                    self._guest_desync(REASON_FINAL)
            self._check_done()
        else:
            raise ValueError(f"lockstep: unknown control message {t:#04x}")

    def on_ready(self, ready: Ready) -> None:
        """Host: the guest built its game; its initial chain must equal ours."""
        if self.is_host and ready.chain != self.chain and not self.awaiting_synced:
            self.counters.desyncs += 1
            self.resync(REASON_START)

    def on_snapshot(self, meta_bytes: bytes, data: bytes) -> None:
        """Guest: restore the host's state."""
        if self.is_host:
            raise ValueError("the host does not accept snapshots")
        meta = SnapshotMeta.decode(meta_bytes)
        try:
            self.game.restore(data)
        except ValueError as exc:
            self._log(f"snapshot {meta.epoch} could not be restored: {exc}")
            self.epoch = meta.epoch
            self.awaiting_snapshot = True
            self.channel.send_control(Desync(self.epoch, self.turns).encode())
            return
        self.epoch, self.turns, self.chain = meta.epoch, meta.turns, meta.chain
        self.awaiting_snapshot = False
        self._fin_sent_for = None
        self.done = False
        self.counters.resyncs += 1
        why = REASON_NAMES.get(meta.reason, f"reason {meta.reason}")
        self._log(f"resync: restored the host's snapshot {meta.epoch} ({why}, {len(data)} bytes)")
        if meta.reason == REASON_REJECTED:
            replacement = None      # a hint for the screen: decoded on the restored state, so a
            if meta.replaced:       # state-relative code (the duel's) may not name it; None then
                try:
                    replacement = self.game.decode_action(meta.replaced)
                except ValueError:
                    pass
            self.events.append(("rejected", replacement))
            told = getattr(self.game, "rejected", None)     # the game's own hook (a linked Match: a notice)
            if told is not None:
                told(replacement)
        self.events.append(("resync", why))
        self.channel.send_control(Synced(self.epoch).encode())
        self._maybe_fin()

    # ------------------------------------------------------------------ resync and finish

    def resync(self, reason: int, replaced: bytes = b"") -> None:
        """Host: send the whole state to the guest and wait for SYNCED."""
        if not self.is_host:
            raise ValueError("only the host sends snapshots")
        self.epoch = (self.epoch + 1) & 0xFF
        self.awaiting_synced = True
        self._last_reason = reason
        self._fin_sent_for = None
        data = self.game.snapshot()
        meta = SnapshotMeta(self.epoch, reason, self.turns, self.chain, replaced)
        self.channel.send_snapshot(meta.encode(), data)
        self.counters.resyncs += 1
        why = REASON_NAMES.get(reason, f"reason {reason}")
        self._log(f"resync: sending snapshot {self.epoch} ({why}, {len(data)} bytes)")
        self.events.append(("resync", why))

    def resume_guest(self) -> None:
        """Host: the guest restarted and rebuilt the game from the seed; bring it to our state."""
        self.resync(REASON_RESUME)

    def _guest_desync(self, reason: int) -> None:
        self.counters.desyncs += 1
        self.awaiting_snapshot = True
        self._log(f"desync ({REASON_NAMES.get(reason, reason)}); asking the host for a snapshot")
        self.channel.send_control(Desync(self.epoch, self.turns).encode())

    def _maybe_fin(self) -> None:
        if self.done or self.awaiting_snapshot or not self.game.finished():
            return
        if self._fin_sent_for != (self.epoch, self.turns):
            self._fin_sent_for = (self.epoch, self.turns)
            self.channel.send_control(Fin(self.turns, self.chain).encode())
        self._check_done()

    def _check_done(self) -> None:
        if self.done or self.peer_fin is None or not self.game.finished():
            return
        if self.awaiting_synced or self.awaiting_snapshot or self._fin_sent_for != (self.epoch, self.turns):
            return
        if self.peer_fin.turns == self.turns and self.peer_fin.chain == self.chain:
            self.done = True
            self._log(f"game over after {self.turns} turns, hashes agree ({self.chain.hex()})")
            self.events.append(("finished",))
        elif self.is_host:
            self.counters.desyncs += 1
            self.resync(REASON_FINAL)
        else:
            self._guest_desync(REASON_FINAL)
