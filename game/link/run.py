"""Opening a link and running it: the one implementation the screens and `tactibox link` share.

    run = LinkRun.open(port="/dev/serial0", role="host", baud=115200, spec=host_spec("duel", ...),
                       unit_name="Red cabinet", seed=1234)          # pairs first on a network port
    run.poll()            # a screen: every frame (several calls in one tick are one)
    run.status()          # "cable unplugged — waiting", "your turn", "link protocol mismatch …"
    run.play(timeout=900) # headless: poll and wait on the port until the game is over
    run.result()          # the session's counters and the mode's summary (`tactibox link --json`)
    run.close()

`open_session` is the one place a Session is built (tests put a memory-cable session there); the
pairing key comes from `pairing_key` (a cable needs none; on the network the data folder's
`link.key`, else the 6-digit code the host shows and the joining unit types). The Session runs
on the caller's clock (`now`), so on a screen its timers (heartbeats, "cable unplugged" after
2.5 s) follow the frame loop's time.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from firmware_bridge import pairing as link_pairing
from firmware_bridge.session import Session
from firmware_bridge.transport import is_network_port
from game import __version__
from game.link.chat import ChatInbox, send_chat
from game.link.modes import LinkGameSpec, mode_of, tag_setup
from game.link.ticks import new_tick

BAUDS = (115200, 57600, 38400, 19200, 9600)


def open_session(port: str, **kw) -> Session:
    return Session.open(port, **kw)


def spec_session(link, *, role: str, spec: LinkGameSpec, unit_name: str = "", seed: int | None = None,
                 **kw) -> Session:
    """A Session for `spec` on a link already made (a `ReliableLink`: tests' memory cables, a
    lobby's several connections); `kw` goes to the Session (pairing_key, hash_len, ...)."""
    return Session(link, role=role, app_version=kw.pop("app_version", __version__), unit_name=unit_name,
                   content=spec.content, content_provider=spec.content_provider,
                   install_content=spec.install_content, make_game=spec.make_game,
                   seed=seed if role == "host" else None, options=spec.options,
                   prepare_options=spec.prepare_options, **kw)


def fresh_seed() -> int:
    """A host's seed when nobody chose one (not game randomness: the seed is then in the state)."""
    return int.from_bytes(os.urandom(4), "big")


def has_psk(key_folder: Path | str | None) -> bool:
    return key_folder is not None and (Path(key_folder) / link_pairing.PSK_FILE).exists()


def pairing_key(port: str, role: str, code: str | None = None,
                key_folder: Path | str | None = None) -> tuple[bytes | None, str]:
    """(key, what the host shows) for a link on `port` (firmware_bridge/pairing.py).

    A serial cable needs nothing (None: the session's cable key). On the network, with no code
    typed, a pre-shared key in `key_folder` (`link.key`) wins; else the host uses `code` or makes
    a fresh 6-digit one and shows it, and the joining unit must have the code (ValueError
    without one, or for a code that is not 6 digits)."""
    if not is_network_port(port):
        return None, ""
    if code is None and key_folder is not None:
        psk = link_pairing.read_psk(Path(key_folder))
        if psk is not None:
            return psk, "pre-shared key (link.key)"
    if role == "host":
        code = link_pairing.normalise_code(code) if code is not None else link_pairing.new_code()
        return link_pairing.key_from_code(code), link_pairing.show_code(code)
    if not code:
        raise ValueError(f"type the pairing code shown on the host's screen (or put {link_pairing.PSK_FILE} "
                         "in both units' data folders)")
    return link_pairing.key_from_code(link_pairing.normalise_code(code)), ""


class LinkRun:
    """One link, from opening to closing, through any number of games (rematches).

    `tick()` names the caller's current frame (a screen passes its frame counter so that several
    screens polling in one frame poll once); `seeds()` gives the host's seed for each game."""

    def __init__(self, session, *, port: str, role: str, spec: LinkGameSpec, pairing: str = "",
                 tick: Callable[[], int] | None = None, seeds: Callable[[], int] = fresh_seed) -> None:
        self.session = session
        self.port = port
        self.role = role
        self.spec = spec
        self.pairing = pairing          # host over the network: the code to show ("123 456")
        self.unit_name = getattr(session, "unit_name", "") or ""     # this unit's, as the other unit shows it
        self.chat = ChatInbox()
        self.closed = False
        self.tick = tick
        self.seeds = seeds
        self._tick = None
        spec.bind(self)                 # each game's Match: named after the units, polled through here

    @classmethod
    def open(cls, *, port: str, role: str, spec: LinkGameSpec, baud: int = 115200, unit_name: str = "",
             seed: int | None = None, code: str | None = None, key_folder: Path | str | None = None,
             now: Callable[[], float] = time.monotonic, on_progress=None,
             tick: Callable[[], int] | None = None, seeds: Callable[[], int] = fresh_seed) -> LinkRun:
        """Open PORT and start the session (nothing blocks: pairing and hello happen as it is
        polled). Raises ValueError / OSError for a port that can never work, or a network join
        without its pairing code."""
        if role not in ("host", "guest"):
            raise ValueError(f"role must be 'host' or 'guest', got {role!r}")
        key, shown = pairing_key(port, role, code, key_folder)
        if role == "host" and seed is None:
            seed = seeds()
        session = open_session(
            port, baud=baud, now=now, role=role, app_version=__version__, unit_name=unit_name,
            content=spec.content, content_provider=spec.content_provider, install_content=spec.install_content,
            make_game=spec.make_game, seed=seed if role == "host" else None, options=spec.options,
            prepare_options=spec.prepare_options, pairing_key=key, on_progress=on_progress)
        return cls(session, port=port, role=role, spec=spec, pairing=shown, tick=tick, seeds=seeds)

    # --- driving ----------------------------------------------------------------------------------
    def poll(self, match=None, *, now: bool = False) -> None:
        """Move bytes and advance the link (never blocks): the lockstep takes this unit's moves
        from its seats' drivers and applies both units' moves through the Match. The link is
        each linked Match's conductor (`match.step()` calls this). Chat waits in `chat`. `now`:
        poll even if this tick polled already (a person's action, to be applied at once)."""
        if self.closed or not new_tick(self, now):
            return
        self.session.poll()
        for payload in self.session.drain_app():
            self.chat.feed(payload)

    def play(self, timeout: float | None = None, until: Callable[[LinkRun], bool] | None = None,
             on_status: Callable[[str], None] | None = None, step: float = 0.005) -> bool:
        """Headless: poll, and wait on the port in between, until `until(run)` (default: the game
        is over on both units). False when the link failed or the time ran out. `on_status`
        hears each new status line."""
        until = until or (lambda run: run.session.finished)
        end = None if timeout is None else time.monotonic() + timeout
        last = None
        while True:
            st = self.status()
            if st != last and on_status is not None:
                on_status(st)
            last = st
            if until(self):
                return True
            if self.closed or self.session.failed or (end is not None and time.monotonic() >= end):
                return False
            self.poll()
            self.session.wait(step)

    def linger(self, timeout: float = 2.0) -> bool:
        """Keep the link going until everything sent was acknowledged (before closing)."""
        return self.closed or self.session.linger(timeout)

    # --- what the screens and the CLI show ---------------------------------------------------------
    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def game(self):
        """The lockstep adapter of the game in play (None before the first START)."""
        return self.session.game

    @property
    def mode(self) -> str | None:
        g = self.session.game
        return mode_of(g) if g is not None else None

    @property
    def playing(self) -> bool:
        return self.session.state in ("playing", "finished") and self.session.game is not None

    @property
    def peer_name(self) -> str:
        p = self.session.peer
        return p.unit_name if p is not None and p.unit_name else "the other unit"

    def status(self) -> str:
        return self.session.status_text()

    def link_down(self) -> str:
        """The words to show over the game while the link is out, or ""."""
        s = self.session
        if s.failed:
            return s.error or "link failed"
        t = s.link.transport
        if not t.up or s.link_state == "down":
            return "cable unplugged — waiting"
        if s.link_state == "left":
            return "the other unit left"
        if self._timer is None:                 # a lobby's guest: the 10-s timer (issue 22)
            from game.link.lobby_run import GuestTimer
            self._timer = GuestTimer(s.link.now)
        return self._timer.text(s)

    _timer = None

    def failure(self) -> str:
        """Why the link did not end in a finished game ("" when it did)."""
        s = self.session
        if s.finished:
            return ""
        if s.error:
            return s.error
        return "timed out; " + s.notice if s.notice else "timed out"

    def result(self) -> dict:
        """The session's facts and counters, and the mode's summary of the game."""
        out = self.session.result()
        out.update(self.spec.summary(self.session.game))
        return out

    # --- previews (the duel's steps as they are made) --------------------------------------------
    def send_peek(self, payload: bytes) -> bool:
        return not self.closed and self.session.send_peek(payload)

    def take_peeks(self) -> list[bytes]:
        return [] if self.closed else self.session.drain_peeks()

    # --- chat --------------------------------------------------------------------------------------
    def send_chat(self, text: str | None = None, phrase: int | None = None) -> tuple[str, int | None]:
        return send_chat(self.session, text=text, phrase=phrase)

    def take_chat(self) -> list[tuple[str, int | None]]:
        return self.chat.take()

    # --- between games -----------------------------------------------------------------------------
    def rematch(self, options: bytes | None = None) -> str:
        """Host: start the next game on both units (`options`: the mode's setup bytes, None = the
        same again) on a new seed. Returns "" or why it cannot start yet."""
        if not self.is_host:
            return "the host starts the next game"
        if self.session.state != "finished":
            return "still finishing the last game with the other unit…"
        if options is not None:
            options = tag_setup(self.mode, options)
        self.session.rematch(self.seeds(), options)
        return ""

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.session.close()
