"""A lobby host as the screens see a link: the `LinkRun` surface (`poll`, `status`, `link_down`,
`game`, `session.game_no`, `close`, ...) over a `LobbyHost`, so the mode's linked battle screen
and its results play the host's side of a battle of up to four units unchanged.

    run = LobbyRun(lobby, port="tcp://:7777", pairing="123 456", tick=lambda: app.frames)
    lobby.spec.bind(run)        # before the launch: the Match's conductor is this run
"""

from __future__ import annotations

from collections.abc import Callable

from game.link.chat import ChatInbox
from game.link.modes import mode_of
from game.link.ticks import new_tick


class _LobbySession:
    """What the screens read of `run.session`."""

    def __init__(self, lobby) -> None:
        self.lobby = lobby
        self.game_no = 1
        self.error = None
        self.progress = None
        self.notice = None
        self.peer = None
        self.paired = True

    @property
    def game(self):
        return self.lobby.adapter

    @property
    def state(self) -> str:
        if self.lobby.finished:
            return "finished"
        return "playing" if self.lobby.launched else "lobby"

    @property
    def failed(self) -> bool:
        return False

    @property
    def finished(self) -> bool:
        return self.lobby.finished


class LobbyRun:
    role = "host"
    is_host = True

    def __init__(self, lobby, *, port: str, pairing: str = "", tick: Callable[[], int] | None = None) -> None:
        self.lobby = lobby
        self.port = port
        self.pairing = pairing
        self.tick = tick
        self.unit_name = lobby.unit_name
        self.session = _LobbySession(lobby)
        self.chat = ChatInbox()
        self.closed = False
        self._tick = None

    def poll(self, match=None, *, now: bool = False) -> None:
        if self.closed or not new_tick(self, now):
            return
        self.lobby.poll()

    @property
    def game(self):
        return self.lobby.adapter

    @property
    def mode(self) -> str | None:
        return mode_of(self.lobby.adapter) if self.lobby.adapter is not None else None

    @property
    def playing(self) -> bool:
        return self.lobby.launched

    @property
    def peer_name(self) -> str:
        names = [m.name for m in self.lobby.seated()]
        return ", ".join(names) if names else "the other units"

    def status(self) -> str:
        return self.lobby.status()

    def link_down(self) -> str:
        """The timer over the battle: "waiting for NAME: 12 s" after 10 s of waiting for a unit."""
        w = self.lobby.waiting()
        return (f"waiting for {w[0]}: {w[1]:.0f} s (START: a bot plays for them; "
                f"at {self.lobby.idle_limit:.0f} s it does anyway)") if w else ""

    def idle_name(self) -> str:
        """Who the battle has waited for past the timer ("" nobody): the host's pause menu
        offers to hand their seat to a bot."""
        w = self.lobby.waiting()
        return w[0] if w else ""

    def hand_idle_to_bot(self) -> str:
        return self.lobby.hand_idle_to_bot()

    def failure(self) -> str:
        return ""

    def result(self) -> dict:
        return self.lobby.result()

    def send_chat(self, text: str | None = None, phrase: int | None = None):
        return text or "", phrase

    def take_chat(self) -> list:
        return []

    def rematch(self, options: bytes | None = None) -> str:
        return "open a new lobby for the next battle"

    def linger(self, timeout: float = 2.0) -> bool:
        self.lobby.linger(timeout)
        return True

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.lobby.close()


class GuestTimer:
    """The timer on a lobby's guest (issue 22: "after 10 s of waiting the others see a timer"):
    the seconds since the battle last moved while this unit waits for another unit's seat, shown
    after TIMER_AFTER s as "waiting for NAME: 12 s". `now`: the link's clock."""

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self._turns = -1
        self._since = 0.0

    def text(self, session) -> str:
        from game.link.lobby import TIMER_AFTER
        ls = session.lockstep
        game = getattr(ls, "game", None)
        if ls is None or getattr(game, "lobby_unit", None) is None or ls.state != "remote":
            self._turns = -1
            return ""
        if ls.turns != self._turns:
            self._turns, self._since = ls.turns, self.now()
            return ""
        waited = self.now() - self._since
        if waited < TIMER_AFTER:
            return ""
        m = game.match
        seat = m.to_act()
        who = m.player(seat).name if seat is not None else "the host"
        return f"waiting for {who}: {waited:.0f} s"
