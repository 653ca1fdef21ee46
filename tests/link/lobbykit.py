"""Test kit for the LAN lobby: a host lobby and N guest sessions over lossy memory wires."""

from __future__ import annotations

from linkkit import FakeClock, lossy_pair

from firmware_bridge.pairing import key_from_code
from game.link.lobby import LobbyHost
from game.link.modes import guest_spec, host_spec
from game.link.run import spec_session
from game.modes.registry import Request

CODE = "246810"
KEY = key_from_code(CODE)


def skirmish_lobby(clock: FakeClock, *, seats=("human",) * 4, seed: int = 5, turn_limit: int = 16,
                   level: str = "easy", entropy=None, person=None, keeper=None, **kw) -> LobbyHost:
    spec = host_spec("skirmish", req=Request(seed=seed, seats=tuple(seats), turn_limit=turn_limit,
                                             options={"map": "04_four_rivers"}),
                     level=None if person else level, person=person, keeper=keeper)
    extra = {"entropy": entropy} if entropy is not None else {}
    return LobbyHost(spec, seats=list(seats), pairing_key=KEY, seed=seed, unit_name="host", now=clock,
                     **extra, **kw)


class Guest:
    """One joining unit on its own lossy memory line to the lobby."""

    def __init__(self, lobby: LobbyHost, clock: FakeClock, name: str, *, link_seed: int = 0, key=KEY,
                 level: str = "easy", person=None, keeper=None, address: str = "", **faults) -> None:
        a, b, self.w1, self.w2 = lossy_pair(clock, link_seed, **faults)
        if address:
            a.transport.peer_address = address      # where the host sees it come from
        self.member = lobby.add(a)
        self.session = spec_session(b, role="guest", spec=guest_spec(level=None if person else level,
                                                                      person=person, keeper=keeper), unit_name=name,
                                    pairing_key=key)
        self.name = name

    def poll(self) -> None:
        self.session.poll()

    def cut(self, cut: bool = True) -> None:
        self.w1.cut = self.w2.cut = cut

    @property
    def state_hash(self) -> str | None:
        ls = self.session.lockstep
        return ls.game.turn_hash().hex() if ls is not None else None


def run_all(lobby: LobbyHost, guests, clock: FakeClock, seconds: float, until, dt: float = 0.01) -> bool:
    """Poll the lobby and every guest on fake time until `until()` (bounded: `seconds`)."""
    for _ in range(int(seconds / dt)):
        clock.advance(dt)
        lobby.poll()
        for g in guests:
            g.poll()
        if until():
            return True
    return False
