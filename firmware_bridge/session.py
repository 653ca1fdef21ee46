"""A link session between two units: hello → content sync → start (seed, options) → lockstep.

Usage (the UI calls `poll()` once per frame; nothing here blocks):

    from firmware_bridge.session import Session

    session = Session.open(
        "/dev/serial0", baud=115200,                 # or /dev/ttyUSB0, socket://h:p, tcp://:7777 …
        role="host",                                 # the controller; the other unit uses "guest"
        app_version="0.1.0", unit_name="Red cabinet",
        content={"ruleset": ruleset_hash, "map": map_hash},      # opaque bytes, compared at hello
        content_provider=lambda name: blob_for(name),            # host: bytes to send on a mismatch
        install_content=lambda name, blob: install(name, blob),  # guest: install, return new hash
        make_game=lambda seed, options: MyLockstepGame(seed, options, local_seat=0),
        seed=1234, options=b"\\x01", on_progress=lambda p: print(p))
    while not session.finished and not session.failed:
        session.poll()
        screen.show(session.status_text())           # "cable unplugged — waiting", "your turn" …
    print(session.result())                          # state_hash, turns, counters …
    session.close()

Headless: `session.run(timeout=…)` loops poll() with `wait()` (select on the port) in between,
or `PollThread(session)` polls in the background (hold `thread.lock` while touching the game).

States: connecting → hello → content → starting → playing → finished, or failed (version or role
mismatch, content that could not be installed) with `error` set on both units. The cable's own
state is separate: `link_state` is up/down/connecting/left; a cut never changes `state`.
"""

from __future__ import annotations

import logging
import select
import time
from collections import deque
from collections.abc import Callable

from .blob import (
    BLOB_CHUNK,
    MSG_BLOB_BEGIN,
    MSG_BLOB_DATA,
    PURPOSE_CONTENT,
    PURPOSE_SNAPSHOT,
    BlobReceiver,
    blob_messages,
)
from .content_sync import ContentSync, Progress, _Outgoing
from .counters import Counters
from .game_start import GameStart
from .handshake import Handshake
from .lockstep import Lockstep, LockstepGame
from .messages import (
    MSG_CONFIRM,
    MSG_CONTENT_RESULT,
    MSG_DESYNC,
    MSG_ERROR,
    MSG_FIN,
    MSG_HELLO,
    MSG_PAKE,
    MSG_READY,
    MSG_START,
    MSG_SYNCED,
    Confirm,
    ContentResult,
    Error,
    Hello,
    Ready,
    Start,
)
from .pairing import CABLE_KEY, PeerThrottle, Ticket, TicketBook, new_session_id
from .reliable import MAX_PAYLOAD, LinkConfig, ReliableLink
from .transport import DEFAULT_BAUD, is_network_port, open_transport
from .wire import KIND_APP, KIND_SESSION, KIND_TURN

log = logging.getLogger("tactibox.link")


class Session(Handshake, GameStart, ContentSync):
    def __init__(self, link: ReliableLink, *, role: str, app_version: str,
                 make_game: Callable[[int, bytes], LockstepGame], unit_name: str = "",
                 content: dict[str, bytes] | None = None,
                 content_provider: Callable[[str], bytes] | None = None,
                 install_content: Callable[[str, bytes], bytes] | None = None,
                 seed: int | None = None, options: bytes = b"", hash_len: int = 1,
                 on_progress: Callable[[Progress], None] | None = None,
                 on_app_message: Callable[[bytes], None] | None = None,
                 actions_per_poll: int = 1,
                 prepare_options: Callable[[dict[str, bytes], bytes], bytes] | None = None,
                 pairing_key: bytes | None = CABLE_KEY, throttle: PeerThrottle | None = None,
                 tickets: TicketBook | None = None) -> None:
        if role not in ("host", "guest"):
            raise ValueError(f"role must be 'host' or 'guest', got {role!r}")
        self.link = link
        self.role = role
        self.is_host = role == "host"
        self.app_version = app_version
        self.unit_name = unit_name
        self.content = dict(content or {})
        self.content_provider = content_provider
        self.install_content = install_content
        self.make_game = make_game
        self.seed = seed
        self.options = bytes(options)
        self.hash_len = hash_len
        self.on_progress = on_progress
        self.on_app_message = on_app_message
        self.actions_per_poll = actions_per_poll
        # host: prepare_options(peer's HELLO content, options) -> the options START carries (the
        # guest's own choices, offered in its HELLO, join the game before it starts)
        self.prepare_options = prepare_options
        self.counters: Counters = link.counters
        self.state = "connecting"
        self.error: str | None = None
        self.peer: Hello | None = None
        self.lockstep: Lockstep | None = None
        self.game_no = 0
        self.progress: Progress | None = None
        self.log_lines: deque[str] = deque(maxlen=200)
        self._hello_sent = False
        self._blobs = BlobReceiver()
        self._pending_content: set[str] = set()
        self._outgoing: list[_Outgoing] = []
        self._resume_pending = False
        self._start: Start | None = None
        self._app_inbox: deque[bytes] = deque(maxlen=64)
        self._closed = False
        # pairing (pairing.py, handshake.py): nothing but HELLO / PAKE / CONFIRM / ERROR moves
        # until the peer proved it holds the same secret
        self.pairing_key = CABLE_KEY if pairing_key is None else bytes(pairing_key)
        self.session_id = new_session_id()        # a guest's resume ticket names the host's
        # host: wrong attempts per peer, and the resume tickets of paired guests (a lobby with
        # several guests passes the same two objects to each guest's session)
        self.throttle = throttle if throttle is not None else PeerThrottle(link.now)
        self.tickets = tickets if tickets is not None else TicketBook()
        self._ticket: Ticket | None = None        # guest: how to come back to this host
        self.paired = False              # the peer of this link incarnation proved the key
        self.notice: str | None = None   # host: why the last unit that tried to join was turned away
        self.unpaired_dropped = 0        # messages dropped because they came before pairing
        self._my_hello = b""
        self._my_hello_msg: Hello | None = None
        self._peer_hello = b""
        self._pending_peer: Hello | None = None
        self._exchange = None            # pairing.Exchange of this link incarnation
        self._pake_in = self._pake_out = b""
        self._ticket_used = None
        self._refused = False            # host: this link incarnation's peer was turned away
        if self.is_host:
            link.renew_nonce_on_new_peer = True

    @classmethod
    def open(cls, port: str, *, baud: int = DEFAULT_BAUD, now: Callable[[], float] = time.monotonic,
             link_config: LinkConfig | None = None, pairing_key: bytes | None = None, **kw) -> Session:
        """Open PORT (device path, pyserial URL or tcp://) and build the whole stack on it.
        A network port (tcp://, socket://) needs `pairing_key` (pairing.key_from_code / read_psk);
        a serial cable uses the empty cable key."""
        if pairing_key is None:
            if is_network_port(port):
                raise ValueError("a network link needs a pairing code or a pre-shared key")
            pairing_key = CABLE_KEY
        kw["pairing_key"] = pairing_key
        counters = Counters()
        transport = open_transport(port, baud, now=now, counters=counters)
        return cls(ReliableLink(transport, now=now, config=link_config, counters=counters), **kw)

    # ------------------------------------------------------------------ status

    @property
    def finished(self) -> bool:
        return self.state == "finished"

    @property
    def failed(self) -> bool:
        return self.state == "failed"

    @property
    def link_state(self) -> str:
        return self.link.state

    @property
    def game(self) -> LockstepGame | None:
        return self.lockstep.game if self.lockstep else None

    def status_text(self) -> str:
        """One line for the screen."""
        if self.state == "failed":
            return self.error or "link failed"
        t = self.link.transport
        if not t.up:
            return t.status
        ls = self.link.state
        if ls == "connecting" or (self.notice and self.state in ("connecting", "hello")):
            return self.notice or f"waiting for the other unit on {t.name}"
        if ls == "down":
            return "cable unplugged — waiting"
        if ls == "left":
            return "the other unit left"
        if ls == "closed":
            return "link closed"
        peer = f" ({self.peer.unit_name})" if self.peer and self.peer.unit_name else ""
        if self.state in ("connecting", "hello"):
            return "pairing with the other unit" if self._pending_peer else "saying hello to the other unit"
        if self.state == "content":
            return str(self.progress) if self.progress else f"checking rulesets and maps with the other unit{peer}"
        if self.state == "lobby":
            return f"in the lobby{peer}: waiting for the battle to be launched"
        if self.state == "starting":
            return f"starting the game with the other unit{peer}"
        if self.state == "finished":
            return "game over"
        ls_state = self.lockstep.state if self.lockstep else ""
        return {"local": "your turn", "remote": f"the other unit's turn{peer}",
                "resyncing": "resynchronising with the other unit", "finishing": "comparing final state",
                }.get(ls_state, ls_state)

    def result(self) -> dict:
        """Summary for `tactibox link --json` and tests."""
        out = {"role": self.role, "state": self.state, "error": self.error, "game_no": self.game_no,
               "seed": self._start.seed if self._start else self.seed,
               "peer": self.peer.unit_name if self.peer else None}
        if self.lockstep:
            out.update(turns=self.lockstep.turns, state_hash=self.lockstep.game.turn_hash().hex(),
                       chain=self.lockstep.chain.hex())
        out.update(self.counters.as_dict())
        return out

    def _log(self, text: str) -> None:
        line = f"[{self.role}] {text}"
        self.log_lines.append(line)
        log.info(line)

    # ------------------------------------------------------------------ driving

    def poll(self) -> None:
        """Non-blocking: move bytes, advance the state machines, play local actions."""
        if self._closed:
            return
        msgs = self.link.poll()
        for event in self.link.drain_events():
            self._on_link_event(event)
        if self.link.established and not self._hello_sent and self.state != "failed":
            self._send_hello()
        for kind, payload in msgs:
            try:
                self._dispatch(kind, payload)
            except ValueError as exc:
                self.counters.malformed_frames += 1
                self._log(f"dropped a bad message (kind {kind}, {len(payload)} bytes): {exc}")
        if self.state == "playing" and self.lockstep is not None:
            self.lockstep.poll()
            if self.lockstep.done:
                self.state = "finished"
                self._log(f"game {self.game_no} finished after {self.lockstep.turns} turns")
        self._send_progress()

    def wait(self, timeout: float) -> None:
        """Sleep up to `timeout`, waking early when bytes arrive (headless loops)."""
        fd = self.link.transport.fileno()
        if fd is None:
            time.sleep(timeout)
            return
        try:
            select.select([fd], [], [], timeout)
        except (OSError, ValueError):
            time.sleep(timeout)

    def run(self, timeout: float | None = None, until: Callable[[Session], bool] | None = None,
            step: float = 0.005) -> bool:
        """Blocking loop for headless use. Returns True when `until` (default: finished) became true."""
        until = until or (lambda s: s.finished)
        end = None if timeout is None else time.monotonic() + timeout
        while not until(self):
            if self.failed or (end is not None and time.monotonic() >= end):
                return False
            self.poll()
            self.wait(step)
        return True

    def linger(self, timeout: float = 3.0, step: float = 0.005) -> bool:
        """Keep the link going until everything sent was acknowledged (or timeout)."""
        end = time.monotonic() + timeout
        while self.link.pending and time.monotonic() < end and self.link.state == "up":
            self.poll()
            self.wait(step)
        return not self.link.pending

    def close(self) -> None:
        if not self._closed:
            self.link.close()
            self._closed = True

    # ------------------------------------------------------------------ app messages (chat)

    def send_app(self, payload: bytes) -> None:
        """An opaque message for the other unit's UI (a chat phrase id, a line of text)."""
        self.link.send(KIND_APP, payload)

    def send_peek(self, payload: bytes) -> bool:
        """A preview for the other unit's screen (the duel's step as it is made): unacknowledged,
        never resent, only while paired and playing (`ReliableLink.send_peek`)."""
        if not self.paired or self.state != "playing":
            return False
        return self.link.send_peek(payload)

    def drain_peeks(self) -> list[bytes]:
        """Previews from the other unit since the last call; none before pairing."""
        peeks = self.link.drain_peeks()
        return peeks if self.paired else []

    def drain_app(self) -> list[bytes]:
        out = list(self._app_inbox)
        self._app_inbox.clear()
        return out

    # ------------------------------------------------------------------ host controls

    def rematch(self, seed: int | None = None, options: bytes | None = None) -> None:
        """Host, between games: start the next game (new seed and/or options)."""
        if not self.is_host or self.state != "finished":
            raise ValueError("only the host starts another game, and only after the last one finished")
        self.seed = seed
        if options is not None:
            self.options = bytes(options)
        self._send_start(resume=False)

    # ------------------------------------------------------------------ link events

    def _on_link_event(self, event: str) -> None:
        if event == "down":
            self._log("link down (no frames for a while)")
        elif event == "up":
            self._log("link up")
        elif event == "peer_left":
            self._log("the other unit left")
        elif event in ("peer_reset", "overflow"):
            self._log("the other unit restarted" if event == "peer_reset" else
                      "the other unit acknowledged nothing while messages piled up: starting the link afresh")
            self._hello_sent = False
            self.peer = None
            self._forget_pairing()
            self._blobs = BlobReceiver()
            self._pending_content.clear()
            self._outgoing.clear()
            if self.state == "failed":
                self.state, self.error = "connecting", None
            if self.is_host:
                self._resume_pending = self.lockstep is not None and not self.lockstep.done
                if self.state != "finished":
                    self.state = "connecting"
            else:
                if self.lockstep is not None:
                    self._log("the host restarted: this game is abandoned")
                self.lockstep = None
                self.state = "connecting"

    # ------------------------------------------------------------------ messages

    def _send(self, payload: bytes) -> int:
        return self.link.send(KIND_SESSION, payload)

    def _fail(self, code: int, text: str, tell_peer: bool = True) -> None:
        if self.state == "failed":
            return
        self.state = "failed"
        self.error = text
        self._log(f"failed: {text}")
        if tell_peer:
            self._send(Error(code, text).encode())

    def _dispatch(self, kind: int, payload: bytes) -> None:
        if not self.paired and kind in (KIND_TURN, KIND_APP):
            self.unpaired_dropped += 1
            return
        if kind == KIND_TURN:
            if self.lockstep is not None and self.state in ("playing", "finished"):
                self.lockstep.on_turn(payload)
            else:
                self.counters.stale_actions += 1
            return
        if kind == KIND_APP:
            self._app_inbox.append(payload)
            if self.on_app_message:
                self.on_app_message(payload)
            return
        if not payload:
            raise ValueError("empty session message")
        t = payload[0]
        if not self.paired and t not in (MSG_HELLO, MSG_PAKE, MSG_CONFIRM, MSG_ERROR):
            self.unpaired_dropped += 1          # before pairing: no content, no game, no chat
            raise ValueError(f"message type {t:#04x} before pairing")
        if self.is_host and self._refused:
            self.unpaired_dropped += 1
            return
        if t == MSG_HELLO:
            self._on_hello(payload)
        elif t == MSG_PAKE:
            self._on_pake(payload)
        elif t == MSG_CONFIRM:
            self._on_confirm(Confirm.decode(payload))
        elif t == MSG_ERROR:
            err = Error.decode(payload)
            if self.is_host and not self.paired:
                self.notice = f"a unit that tried to join reports: {err.text}"
                self._log(self.notice)
                return
            if self.is_host:                   # the paired unit gives up: the host goes on without it
                self._turn_away(err.code, "", f"the unit that joined reports: {err.text}")
                return
            if self.state != "failed":
                self.state = "failed"
                self.error = f"the other unit reports: {err.text}"
                self._log(self.error)
        elif self.state == "failed":
            return
        elif t == MSG_BLOB_BEGIN:
            self._on_blob(self._blobs.begin(payload))
        elif t == MSG_BLOB_DATA:
            self._on_blob(self._blobs.data(payload))
        elif t == MSG_CONTENT_RESULT:
            self._on_content_result(ContentResult.decode(payload))
        elif t == MSG_START:
            self._on_start(Start.decode(payload))
        elif t == MSG_READY:
            self._on_ready(Ready.decode(payload))
        elif t in (MSG_SYNCED, MSG_DESYNC, MSG_FIN):
            if self.lockstep is not None:
                self.lockstep.on_control(payload)
                if self.lockstep.done and self.state == "playing":
                    self.state = "finished"
                    self._log(f"game {self.game_no} finished after {self.lockstep.turns} turns")
        else:
            raise ValueError(f"unknown session message type {t:#04x}")

    def _on_blob(self, blob) -> None:
        if blob is None:                       # still arriving
            what = "snapshot" if self._blobs.purpose == PURPOSE_SNAPSHOT else self._blobs.meta.decode("utf-8", "replace")
            self.progress = Progress("receive", what, self._blobs.received, self._blobs.total)
            if self.on_progress and self._blobs.purpose == PURPOSE_CONTENT:
                self.on_progress(self.progress)
            return
        if blob.purpose == PURPOSE_SNAPSHOT:
            if self.lockstep is None:
                raise ValueError("snapshot without a game")
            self.lockstep.on_snapshot(blob.meta, blob.data)
        elif blob.purpose == PURPOSE_CONTENT:
            self._install(blob.meta.decode("utf-8", "replace"), blob.data, blob.wire_size)
        else:
            raise ValueError(f"blob with unknown purpose {blob.purpose}")

    # ------------------------------------------------------------------ LockstepChannel

    def send_turn(self, payload: bytes) -> None:
        self.link.send(KIND_TURN, payload)

    def send_control(self, payload: bytes) -> None:
        self._send(payload)

    def idle(self) -> bool:
        return self.link.state == "up" and not self.link.pending

    def send_snapshot(self, meta: bytes, data: bytes) -> None:
        for m in blob_messages(PURPOSE_SNAPSHOT, meta, data, min(MAX_PAYLOAD, BLOB_CHUNK)):
            self._send(m)


__all__ = ["Session", "Progress"]
