"""Link setup: host or join, which game (the host chooses), which cable, how fast.

Cables offered: the serial ports `hw.ports.list_ports()` finds (GPIO UART, USB adapters; X
looks again), and TCP on the LAN: the host listens on port 7777 and shows a 6-digit pairing
code, the joining unit types the host's address and then the code on the on-screen keyboard
(not the code when both units hold the same `link.key` in their data folders). Speed: 115200
baud by default, 9600 for long or noisy cables (both units must use the same). "Game" offers every
mode the registry can link; the mode's UI part says what comes next (`link_host`: a Skirmish host
picks map and armies, a Steel bout host the set-up and fighters, an Xconq host the module; the
duel's options are here). The joining unit plays whatever the host starts (START's mode tag).
"""

from __future__ import annotations

from firmware_bridge.pairing import normalise_code
from game.link.addresses import DEFAULT_TCP_PORT, parse_address
from game.link.modes import guest_spec, host_spec
from game.link.ruleset_holder import RulesetHolder
from game.link.run import BAUDS
from game.modes.registry import get_mode, modes, offers
from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.registry import mode_uis, ui_of
from game.ui.scenes.link.run import has_psk, open_link
from game.ui.widgets import Item, ListMenu
from game.ui.words import place_words, problem_words
from hw.input.buttons import Button
from hw.ports import list_ports

TCP_HOST = f"tcp://:{DEFAULT_TCP_PORT}"
TCP_JOIN = "tcp-join"
TCP_LOBBY = "tcp-lobby"         # host: a LAN battle of up to four units (game/ui/scenes/link/lobby.py)
FOUND = "lan:"                  # join: a battle heard on the LAN ("lan:" + its tcp:// address)
LAST = {"address": "", "baud": 115200, "mode": ""}      # remembered while Tactibox runs


def linkable_modes() -> tuple[str, ...]:
    """Every mode the registry can link (its own link hook or the generic one), in menu order.
    A mode whose UI part has no `link_host` is hosted with its option defaults; one without a
    `link_scene` plays on the generic linked screen (`game.ui.scenes.link.played`)."""
    return tuple(m.id for m in modes() if offers(m, "link"))


def has_lobby(mode_id: str) -> bool:
    """Can a LAN battle of up to four units play this mode (Skirmish's lobby, or the mode's own
    `link_lobby` hook: an Xconq module's)?"""
    ui = ui_of(mode_id)
    return mode_id == "skirmish" or (ui is not None and ui.has("link_lobby"))


def find_ports():
    return list_ports()


class LinkSetup(MenuScene):
    heading = "Link two units"
    hints = (("UPDOWN", "choose"), ("DPAD", "change"), ("A", "go"), ("X", "ports"), ("B", "back"))
    value_share = 0.35
    def __init__(self, app, role: str = "host", mode: str | None = None) -> None:
        super().__init__(app)
        self.role = role
        choices = linkable_modes()
        self.mode = mode or (LAST["mode"] if LAST["mode"] in choices else choices[0])
        self.baud = LAST["baud"]
        self.error = ""
        self.ports = []
        self.port = ""
        self.scan()
        self.menu = ListMenu([
            Item("This unit", choices=("host", "guest"), get=lambda: self.role, set=self._set_role,
                 show=lambda v: "hosts (picks the game)" if v == "host" else "joins",
                 hint="one unit hosts, the other joins"),
            Item("Game", choices=linkable_modes(), get=lambda: self.mode, set=self._set_mode,
                 show=self._show_mode, enabled=lambda: self.role == "host",
                 hint="the joining unit plays what the host picks"),
            Item("Cable", choices=(), get=lambda: self.port, set=lambda v: setattr(self, "port", v),
                 show=self._port_label, hint="X: look for ports again"),
            Item("Speed", choices=BAUDS, get=lambda: self.baud, set=lambda v: setattr(self, "baud", v),
                 show=lambda v: f"{v} baud", enabled=lambda: self.serial,
                 hint="both units must use the same speed; 9600 for long cables"),
            Item("Game options", lambda: app.open(self.options_scene),
                 enabled=lambda: self.role == "host" and bool(self.options_scene)),
            Item("Connect", self.go),
        ])
        self._refresh_choices()

    # --- choices -------------------------------------------------------------------------------------
    def scan(self) -> None:
        try:
            self.ports = list(find_ports())
        except OSError as exc:     # discovery itself never raises; a broken /dev might
            self.ports, self.error = [], f"cannot look for serial ports: {problem_words(exc)}"
        keep = self.port
        choices = self.port_choices()
        self.port = keep if keep in choices else choices[0]

    def port_choices(self) -> tuple:
        tcp = TCP_HOST if self.role == "host" else TCP_JOIN
        lan = (TCP_LOBBY,) if self.role == "host" and has_lobby(self.mode) else ()
        found = tuple(FOUND + f.url for f in self.found()) if self.role != "host" else ()
        return found + tuple(p.device for p in self.ports) + lan + (tcp,)

    # --- battles heard on the LAN (issue 22) -----------------------------------------------------------
    finder = None

    def found(self) -> list:
        return self.finder.games() if self.finder is not None else []

    def update(self, dt: float) -> None:
        if self.role == "host":
            return
        if self.finder is None:
            self.finder = open_finder()
        if self.finder is None:
            return
        before = [f.url for f in self.found()]
        self.finder.poll()
        if [f.url for f in self.found()] != before:
            self._refresh_choices()
            self.dirty = True

    def close(self) -> None:
        if self.finder is not None:
            self.finder.close()
            self.finder = None
        super().close()

    def _refresh_choices(self) -> None:
        self.menu.items[2].choices = self.port_choices()
        if self.port not in self.menu.items[2].choices:
            self.port = self.menu.items[2].choices[0]

    def _set_mode(self, v: str) -> None:
        self.mode = v
        self._refresh_choices()

    def _set_role(self, v: str) -> None:
        self.role = v
        self._refresh_choices()

    def _show_mode(self, v: str) -> str:
        if self.role != "host":
            return "the host decides"
        return get_mode(v).title

    def _port_label(self, dev: str) -> str:
        if dev == TCP_LOBBY:
            return "LAN battle: up to 4 units"
        if dev.startswith(FOUND):
            found = next((f for f in self.found() if f.url == dev[len(FOUND):]), None)
            return found.label() if found is not None else "a battle on the LAN (gone)"
        if dev == TCP_HOST:
            return f"TCP (LAN): wait on port {DEFAULT_TCP_PORT}"
        if dev == TCP_JOIN:
            return "TCP (LAN): type the host's address"
        for p in self.ports:
            if p.device == dev:
                return p.label.replace("→", "->")      # the bundled font has no arrow
        return dev

    @property
    def serial(self) -> bool:
        return self.port not in (TCP_HOST, TCP_JOIN, TCP_LOBBY) and not self.port.startswith(FOUND)

    # --- going -----------------------------------------------------------------------------------------
    def go(self) -> None:
        LAST["baud"] = self.baud
        if self.role == "host":
            LAST["mode"] = self.mode
        if self.port == TCP_JOIN:
            self.app.open("textentry", title="Host address (and port)", text=LAST["address"],
                          on_done=self._typed, max_len=24)
            return
        if self.port == TCP_LOBBY:
            ui = ui_of(self.mode)
            if ui is not None and ui.has("link_lobby"):        # the mode's own lobby (an Xconq module's)
                open_lobby = ui.hook("link_lobby")
            else:
                from game.ui.scenes.link.lobby import open_lobby
            open_lobby(self.app, port=TCP_HOST, on_error=self._failed)
            return
        if self.port.startswith(FOUND):
            self._join_found(self.port[len(FOUND):])
            return
        self.connect(self.port)

    def _join_found(self, port: str) -> None:
        if has_psk(self.app):
            self.connect(port)
            return
        self.app.open("textentry", title="Pairing code (on the host's screen)", text="",
                      on_done=lambda code: self._code_typed(port, code), max_len=8)

    def _typed(self, text: str) -> None:
        try:
            port = parse_address(text)
        except ValueError as exc:
            self.error = str(exc)
            self.dirty = True
            return
        LAST["address"] = text
        if has_psk(self.app):
            self.connect(port)
            return
        self.app.open("textentry", title="Pairing code (on the host's screen)", text="",
                      on_done=lambda code: self._code_typed(port, code), max_len=8)

    @property
    def entry(self):
        return get_mode(self.mode)

    @property
    def options_scene(self) -> str:
        """The picked mode's options screen (its UI part's `options_scene`), or ""."""
        ui = ui_of(self.mode)
        return ui.options_scene if ui is not None else ""

    def _code_typed(self, port: str, text: str) -> None:
        try:
            code = normalise_code(text)
        except ValueError as exc:
            self.error = str(exc)
            self.dirty = True
            return
        self.connect(port, code)

    def connect(self, port: str, code: str | None = None) -> None:
        if self.role == "host":             # the mode's own host setup (a screen, or straight to the link)
            ui = ui_of(self.mode)
            host = ui.hook("link_host") if ui is not None and ui.has("link_host") else host_with_defaults(self.mode)
            host(self.app, port=port, baud=self.baud, on_error=self._failed)
            return
        spec = guest_spec(ruleset_holder(self.app), sides=guest_sides(self.app))
        open_run(self.app, port=port, role=self.role, baud=self.baud, spec=spec, on_error=self._failed,
                 code=code)

    def _failed(self, text: str) -> None:
        self.error = text
        self.dirty = True

    # --- input / drawing --------------------------------------------------------------------------------
    def handle_more(self, ev) -> bool:
        if not ev.pressed(Button.X):
            return False
        self.scan()
        self._refresh_choices()
        self.app.toast(f"{len(self.ports)} serial port{'s' if len(self.ports) != 1 else ''} found", 2.0)
        return True

    def on_start(self) -> None:
        self.go()

    def after_menu(self, result: str) -> None:
        self.error = ""

    def notes(self) -> list[tuple]:
        cur = self.menu.current
        notes = [(self.error, T.TEXT_BAD)] if self.error else [(cur.hint if cur and cur.hint else "", T.TEXT_DIM)]
        if not self.ports:
            notes.append(("no serial port found: plug in a cable or a USB adapter, then X", T.TEXT_DIM))
        return notes


def open_finder():
    """Listen for battles announced on the LAN (None when this unit cannot: the port is taken)."""
    from firmware_bridge.discovery import Finder
    from game.ui.scenes.link import lobby
    try:
        return Finder(port=lobby.ANNOUNCE_PORT)
    except OSError:
        return None


def host_with_defaults(mode_id: str):
    """A `link_host` for a mode that has none: its option defaults, straight to the link."""
    def host(app, *, port: str, baud: int, on_error=None) -> None:
        from game.modes.registry import Request
        try:
            spec = host_spec(mode_id, req=Request(options=get_mode(mode_id).option_defaults()))
        except ValueError as exc:
            (on_error or app.toast)(f"cannot host {get_mode(mode_id).title}: {problem_words(exc)}")
            return
        open_run(app, port=port, role="host", baud=baud, spec=spec, on_error=on_error,
                 title=f"Linking ({get_mode(mode_id).title})")
    return host


def guest_sides(app) -> dict:
    """This unit's own side for each mode whose UI part offers one (`link_guest`), by mode id:
    offered to the host before START (Skirmish: the joining person's army and name)."""
    return {ui.mode: ui.hook("link_guest")(app) for ui in mode_uis() if ui.has("link_guest")}


def ruleset_holder(app):
    return RulesetHolder(app.content.ruleset(), app.data.rulesets)


def open_run(app, *, port: str, role: str, baud: int, spec, on_error=None, title: str = "Linking",
             code: str | None = None) -> None:
    try:
        run = open_link(app, port=port, role=role, baud=baud, spec=spec, code=code)
    except (OSError, ValueError) as exc:
        text = f"cannot open {place_words(port)}: {problem_words(exc)}"
        if on_error:
            on_error(text)
        else:
            app.toast(text)
        return
    app.open("link_wait", run=run, title=title)
