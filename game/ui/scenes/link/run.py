"""A link session as the screens run it: opened once in the link menus, handed from the waiting
screen to the game, the results and the next game, closed when the player leaves.

    run = LinkRun.open(app, port="/dev/serial0", role="host", baud=115200, spec=host_spec("duel", setup=...))
    run.poll()            # every frame, from whichever screen is up (several calls per frame are one)
    run.status()          # "cable unplugged — waiting", "your turn", "link protocol mismatch …"
    run.send_chat(phrase=3); run.take_chat()
    run.close()

`open_session` is the one place the Session is built (tests put a memory-wire session there);
the link stack is imported then, not at start-up.
The Session runs on the app's clock, so its timers (heartbeats, "cable unplugged" after 2.5 s)
follow the frame loop's time.
"""

from __future__ import annotations

from firmware_bridge import pairing as link_pairing
from firmware_bridge.session import Session
from firmware_bridge.transport import is_network_port
from game import __version__
from game.link.chat import ChatInbox, send_chat
from game.link.modes import mode_of, tag_setup

BAUDS = (115200, 57600, 38400, 19200, 9600)
TCP_PORT = 7777


def open_session(port: str, **kw):
    return Session.open(port, **kw)


def pairing_for(app, port: str, role: str, code: str | None = None) -> tuple[bytes | None, str]:
    """(key, what the host's screen shows) for a link on `port` (firmware_bridge/pairing.py).

    A serial cable needs nothing (None: the session's cable key). On the network a pre-shared key
    in the data folder (`link.key`) wins; else the host makes a fresh 6-digit code and shows it,
    and the joining unit needs the code typed (ValueError without one)."""
    pairing = link_pairing
    if not is_network_port(port):
        return None, ""
    data = getattr(app, "data", None)
    psk = pairing.read_psk(data.root) if data is not None else None
    if psk is not None:
        return psk, "pre-shared key (link.key)"
    if role == "host":
        code = code or pairing.new_code()
        return pairing.key_from_code(code), pairing.show_code(pairing.normalise_code(code))
    if not code:
        raise ValueError("type the pairing code shown on the host's screen")
    return pairing.key_from_code(code), ""


def has_psk(app) -> bool:
    data = getattr(app, "data", None)
    return data is not None and (data.root / link_pairing.PSK_FILE).exists()


class LinkRun:
    def __init__(self, app, session, *, port: str, role: str, spec, pairing: str = "") -> None:
        self.app = app
        self.session = session
        self.port = port
        self.role = role
        self.spec = spec
        self.pairing = pairing          # host over the network: the code to show ("123 456")
        self.chat = ChatInbox()
        self.closed = False
        self._frame = -1

    @classmethod
    def open(cls, app, *, port: str, role: str, baud: int, spec, code: str | None = None) -> LinkRun:
        """Raises ValueError / OSError for a port name that can never work (or a network join
        without its pairing code)."""
        key, shown = pairing_for(app, port, role, code)
        seed = app.seed_source() if role == "host" else None
        session = open_session(
            port, baud=baud, now=app.now, role=role, app_version=__version__,
            unit_name=app.player_name(0), content=spec.content, content_provider=spec.content_provider,
            install_content=spec.install_content, make_game=spec.make_game, seed=seed, options=spec.options,
            prepare_options=spec.prepare_options, pairing_key=key)
        return cls(app, session, port=port, role=role, spec=spec, pairing=shown)

    # --- every frame ----------------------------------------------------------------------------
    def poll(self) -> None:
        if self.closed or self._frame == self.app.frames:
            return
        self._frame = self.app.frames
        self.session.poll()
        for payload in self.session.drain_app():
            self.chat.feed(payload)

    # --- what the screens show ------------------------------------------------------------------
    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def game(self):
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
        return ""

    # --- chat --------------------------------------------------------------------------------------
    def send_chat(self, text: str | None = None, phrase: int | None = None) -> tuple[str, int | None]:
        return send_chat(self.session, text=text, phrase=phrase)

    def take_chat(self) -> list[tuple[str, int | None]]:
        return self.chat.take()

    # --- between games -----------------------------------------------------------------------------
    def rematch(self, options: bytes | None = None) -> str:
        """Host: start the next game on both units (`options`: the mode's setup bytes, None = the
        same again). Returns "" or why it cannot start yet."""
        if not self.is_host:
            return "the host starts the next game"
        if self.session.state != "finished":
            return "still finishing the last game with the other unit…"
        if options is not None:
            options = tag_setup(self.mode, options)
        self.session.rematch(self.app.seed_source(), options)
        return ""

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.session.close()
