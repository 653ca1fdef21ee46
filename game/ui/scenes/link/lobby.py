"""The host's battle scene on the LAN (issue 22 item 2): up to four units, one battle.

    open_lobby(app, port="tcp://:7777")       # from Link two units -> Cable "LAN battle"

One-handed: UP/DOWN choose a line, LEFT/RIGHT change it, A takes it, B leaves (the lobby closes).
Lines: Map (maps with room for four armies), Pieces per turn, Army limit, Turn limit, Add bot (fills a free seat, up to three
bots: the host is always in the battle), Launch (at least two armies seated). Above the hints:
the pairing code and this unit's address, then the player list - each seat in its colour with
its player's name, content version, score as this unit's records know it (Elo, wins-losses)
and what it is (you, a unit that joined, a bot, free). The
lobby announces itself on the LAN once a second (`firmware_bridge.discovery`), so joining units
list it without typing an address. A unit that pairs gets a free seat at random; after the
launch the battle plays on Skirmish's linked battle screen, with the host's `LobbyRun` as the
link (the timer "waiting for NAME: 12 s" shows over the battle after 10 s of waiting).
"""

from __future__ import annotations

from firmware_bridge.discovery import DISCOVERY_PORT
from firmware_bridge.transport import parse_tcp
from game.link.addresses import local_addresses
from game.link.lobby import LobbyHost
from game.link.lobby_run import LobbyRun
from game.link.modes import host_spec
from game.link.ruleset_holder import RulesetHolder
from game.link.run import pairing_key
from game.modes.registry import Request
from game.modes.skirmish.pieces import PIECES_PER_TURN_CHOICES
from game.ui import theme as T
from game.ui.human import HumanDriver
from game.ui.menu_scene import MenuScene
from game.ui.scenes.link.run import key_folder
from game.ui.scenes.link.wait import start_game
from game.ui.widgets import Item, ListMenu
from game.ui.words import problem_words

ANNOUNCE_TO = "255.255.255.255"      # the LAN's broadcast address (tests: 127.255.255.255)
ANNOUNCE_PORT = DISCOVERY_PORT
SEATS = 4
COLOUR_NAMES = ("Red", "Green", "Yellow", "Blue")


def lobby_maps(rs, seats: int = SEATS) -> list[str]:
    return [m.id for m in rs.maps if len(m.starts) >= seats]


TURN_LIMITS = (0, 10, 20, 30, 50)


def lobby_spec(app, map_id: str, army_limit: int, turn_limit: int = 0, pieces_per_turn: int = 0):
    options = {"map": map_id, "army-limit": army_limit, "pieces-per-turn": pieces_per_turn or "rested"}
    spec = host_spec("skirmish", req=Request(seats=("human",) * SEATS, turn_limit=turn_limit, options=options),
                     holder=_holder(app))
    return spec.played_by(HumanDriver, app.keeper())


def _holder(app):
    return RulesetHolder(app.content.ruleset(), app.data.rulesets)


def open_lobby(app, *, port: str, on_error=None) -> None:
    """Open the lobby on a tcp://:PORT listener (its errors go to `on_error` or a toast)."""
    try:
        rs = app.content.ruleset()
        maps = lobby_maps(rs)
        if not maps:
            raise ValueError(f"no map of ruleset {rs.id} has room for {SEATS} armies")
        spec = lobby_spec(app, maps[0], rs.rules.army_limit if hasattr(rs.rules, "army_limit") else 9)
        run = listen_lobby(app, port, spec, SEATS)
    except (OSError, ValueError) as exc:
        (on_error or app.toast)(f"cannot open a LAN battle: {problem_words(exc)}")
        return
    app.open("link_lobby", run=run, maps=maps)


def listen_lobby(app, port: str, spec, seats: int) -> LobbyRun:
    """A lobby of `seats` human seats for `spec`, listening on tcp://:PORT and announced on the
    LAN, as the screens' link (OSError / ValueError when it cannot)."""
    key, shown = pairing_key(port, "host", None, key_folder(app))
    host, num, _ = parse_tcp(port)
    lobby = LobbyHost(spec, seats=["human"] * seats, pairing_key=key, seed=app.seed_source(),
                      unit_name=app.player_name(0), now=app.now, idle_limit=120.0)
    lobby.listen(host, num)
    lobby.announce(ANNOUNCE_TO, ANNOUNCE_PORT)
    run = LobbyRun(lobby, port=port, pairing=shown, tick=lambda: app.frames)
    spec.bind(run)
    return run


class LobbyScene(MenuScene):
    heading = "Battle on the LAN"
    value_share = 0.45

    def __init__(self, app, run: LobbyRun, maps: list[str]) -> None:
        super().__init__(app)
        self.run = run
        self.lobby = run.lobby
        self.maps = maps
        self.map_id = maps[0]
        self.army_limit = 9
        self.turn_limit = 0
        self.pieces_per_turn = 0
        self.error = ""
        self.handed_over = False
        self.addresses = local_addresses()
        self._key = None
        self.menu = ListMenu([
            Item("Map", choices=tuple(maps), get=lambda: self.map_id, set=self._set_map,
                 show=lambda v: app.content.ruleset().map(v).name, enabled=lambda: not self.lobby.launched,
                 hint="maps with room for four armies"),
            Item("Pieces per turn", choices=PIECES_PER_TURN_CHOICES, get=lambda: self.pieces_per_turn,
                 set=self._set_pieces, show=lambda v: str(v) if v else "all rested",
                 hint="how many pieces each player moves a turn"),
            Item("Army limit", choices=tuple(range(1, 10)), get=lambda: self.army_limit, set=self._set_limit,
                 show=lambda v: f"{v} piece{'' if v == 1 else 's'}", hint="pieces each army may bring"),
            Item("Turn limit", choices=TURN_LIMITS, get=lambda: self.turn_limit, set=self._set_turns,
                 show=lambda v: f"{v} turns" if v else "none", hint="the battle ends after this many rounds"),
            Item("Add bot", self.add_bot, hint="a bot takes a free seat"),
            Item("Launch", self.launch, hint="start the battle on every unit (at least two armies)"),
        ])
        self.menu.index = 5

    # --- the host's choices -------------------------------------------------------------------------
    def _respec(self) -> None:
        spec = lobby_spec(self.app, self.map_id, self.army_limit, self.turn_limit, self.pieces_per_turn)
        spec.bind(self.run)
        self.lobby.spec = spec

    def _set_map(self, v: str) -> None:
        self.map_id = v
        self._respec()

    def _set_limit(self, v: int) -> None:
        self.army_limit = v
        self._respec()

    def _set_pieces(self, v: int) -> None:
        self.pieces_per_turn = v
        self._respec()

    def _set_turns(self, v: int) -> None:
        self.turn_limit = v
        self._respec()

    def add_bot(self) -> None:
        self.error = self.lobby.add_bot("normal")
        self.dirty = True

    def launch(self) -> None:
        self.error = self.lobby.launch()
        self.dirty = True
        if not self.error:
            self.handed_over = True
            start_game(self.app, self.run)

    # --- running ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.run.poll()
        key = (self.run.status(), tuple((m.name, m.unit) for m in self.lobby.members), tuple(self.lobby.seats),
               tuple(self.lobby.owner))
        if key != self._key:
            self._key = key
            self.dirty = True

    def close(self) -> None:
        super().close()
        if not self.handed_over:
            self.run.close()

    def player_lines(self) -> list[tuple]:
        lobby, out = self.lobby, []
        joined = {m.unit: m for m in lobby.seated()}
        colours = lobby.colour_seats() or list(range(len(lobby.seats)))
        for seat, ctrl in enumerate(lobby.seats):
            owner = lobby.owner[seat]
            if seat == 0:
                who = f"{lobby.unit_name} (you, host) · v{lobby.app_version}{self.score(lobby.unit_name)}"
            elif owner is not None and owner in joined:
                m = joined[owner]
                version = m.session.peer.app_version if m.session.peer else "?"
                who = f"{m.name} · v{version} · joined{self.score(m.name)}"
            elif ctrl.startswith("bot:"):
                who = f"bot ({ctrl.split(':')[1]})"
            else:
                who = "free: waiting for a unit"
            out.append((f"{COLOUR_NAMES[colours[seat]]}: {who}", T.team_colour(colours[seat])))
        watching = len(lobby.spectators())
        if watching:
            out.append((f"{watching} watching", T.TEXT_DIM))
        return out

    def score(self, name: str) -> str:
        """A person's score as this unit's records know it (issue 22 item 2): " · 1016 3-1" (Elo,
        wins-losses), or nothing for a name never played here. Read once per name per lobby."""
        cache = self.__dict__.setdefault("_scores", {})
        if name not in cache:
            stats = getattr(self.app, "stats", None)
            try:
                line = stats.totals(name) if stats is not None and name else None
            except Exception:  # noqa: BLE001 - the records are a nicety here, never a stop
                line = None
            cache[name] = f" · {line.rating} {line.wins}-{line.losses}" if line and line.games else ""
        return cache[name]

    def notes(self) -> list[tuple]:
        out = []
        if self.run.pairing:
            code = self.run.pairing
            out.append((f"pairing code: {code}" if code[:1].isdigit() else f"pairing: {code}", T.ACCENT))
        if self.addresses:
            out.append((f"joining units find this battle, or type {self.addresses[0]}", T.TEXT_DIM))
        out += self.player_lines()
        if self.error:
            out.append((self.error, T.TEXT_BAD))
        else:
            out += super().notes()
        return out
