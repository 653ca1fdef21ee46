"""Skirmish between two linked units: each unit plays its own seats (humans or bots).

The lockstep adapter lives next to its mode (`game.modes.registry`); nothing here imports
firmware_bridge (the adapters only duck-type its `LockstepGame` protocol).

The host (controller) picks ruleset, map, options and who sits where; all of it travels in the
START message's option bytes (`encode_setup`), the shared seed decides the rest. Actions are 1-4
bytes; the host's `is_legal` is the engine's own rule check (WoS: "the host may alter your turn").
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.replayfile import loads_bounded
from game.match import BotDriver, ChooserDriver, ElsewhereDriver, Match
from game.modes.base import ActionError
from game.modes.lockstep_game import AdapterBase
from game.modes.skirmish import actions as A
from game.modes.skirmish.bot import SkirmishBot
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.match import new_header
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import CONTROLLERS, SLOTS, Participant
from game.rules.skirmish.model import Ruleset

SETUP_VERSION = 1
HOST, GUEST = 0, 1


@dataclass(frozen=True)
class LinkedSeat:
    owner: int                 # HOST or GUEST
    participant: Participant


def encode_setup(rs: Ruleset, map_id: str, options: Options, seats: list[LinkedSeat]) -> bytes:
    """version, map index, pieces/turn, army limit, turn limit (2), n, then per seat:
    owner<<4 | controller, 9 slot bytes (piece index + 1, 0 = empty), name length, name (UTF-8, <= 16)."""
    idx = [m.id for m in rs.maps].index(map_id)
    out = bytearray([SETUP_VERSION, idx, options.pieces_per_turn, options.army_limit,
                     options.turn_limit >> 8 & 255, options.turn_limit & 255, len(seats)])
    for s in seats:
        p = s.participant
        out.append(s.owner << 4 | CONTROLLERS.index(p.controller))
        army = list(p.army) + [""] * (SLOTS - len(p.army))
        out += bytes(rs.piece(pid).index + 1 if pid else 0 for pid in army)
        name = p.name.encode("utf-8")[:16]
        out += bytes([len(name)]) + name
    return bytes(out)


def decode_setup(rs: Ruleset, data: bytes) -> tuple[str, Options, list[LinkedSeat]]:
    try:
        if len(data) < 7 or data[0] != SETUP_VERSION:
            raise ValueError(f"setup version {data[0] if data else None}, expected {SETUP_VERSION}")
        mi, ppt, limit, tl_hi, tl_lo, n = data[1:7]
        if mi >= len(rs.maps) or not 2 <= n <= 4:
            raise ValueError(f"map index {mi} or seat count {n} out of range")
        options = Options.from_data({"pieces_per_turn": ppt, "army_limit": limit, "turn_limit": tl_hi << 8 | tl_lo})
        pos, seats = 7, []
        for _ in range(n):
            head = data[pos]
            owner, ctrl = head >> 4, head & 15
            if owner not in (HOST, GUEST) or ctrl >= len(CONTROLLERS):
                raise ValueError(f"seat byte {head:#x}")
            slots = data[pos + 1:pos + 1 + SLOTS]
            if len(slots) != SLOTS or any(v > len(rs.pieces) for v in slots):
                raise ValueError("army slots out of range")
            army = tuple(rs.pieces[v - 1].id if v else "" for v in slots)
            ln = data[pos + 1 + SLOTS]
            name = data[pos + 2 + SLOTS:pos + 2 + SLOTS + ln].decode("utf-8")
            pos += 2 + SLOTS + ln
            seats.append(LinkedSeat(owner, Participant(name, CONTROLLERS[ctrl], army)))
        if pos != len(data):
            raise ValueError(f"{len(data) - pos} stray bytes")
    except (IndexError, UnicodeDecodeError, ActionError) as exc:
        raise ValueError(f"skirmish setup: {exc}") from None
    except ValueError as exc:
        raise ValueError(f"skirmish setup: {exc}") from None
    return rs.maps[mi].id, options, seats


class SkirmishOverLink(AdapterBase):
    """`LockstepGame` adapter. `local` is HOST or GUEST; `chooser(game)` supplies a local human's
    action from the UI (None while undecided); without it local humans are played by a hard bot."""

    link_mode = "skirmish"              # the mode registry id (the link tags START with it)

    def __init__(self, rs: Ruleset, seed: int, setup: bytes, local: int, chooser=None, on_events=None,
                 local_level: str | None = None):
        map_id, options, seats = decode_setup(rs, setup)
        self.rs, self.gmap, self.local = rs, rs.map(map_id), local
        participants = [s.participant for s in seats]
        self.participants = participants
        # the battle is a Match: both units hold every action, so each records the replay (its
        # screen gives the Match a keeper for the replay and the stats)
        header = new_header(rs, self.gmap, participants, seed, options)
        header.meta = {"link": "host" if local == HOST else "guest"}
        self.match = Match.start("skirmish", rs, header, record=False)
        self.match.link = {"role": header.meta["link"]}
        g = self.match.game
        self.owner = {seat: seats[pi].owner for seat, pi in enumerate(g.seat_part) if pi >= 0}
        # each unit plays its own seats; a unit may choose its bots' level itself (`local_level`)
        for s in g.seats():
            if self.owner[s] != local:
                self.match.drivers[s] = ElsewhereDriver()
            elif g.controller(s) == "human" and chooser is not None:
                self.match.drivers[s] = ChooserDriver(chooser)
            else:
                level = local_level or self.match.player(s).level
                self.match.drivers[s] = BotDriver(SkirmishBot(level))
        self.on_events = on_events

    @property
    def game(self) -> SkirmishGame:
        return self.match.game

    @property
    def replay(self):
        return self.match.replay

    def whose_turn_is_local(self) -> bool:
        return self.owner.get(self.game.current) == self.local

    def next_local_action(self):
        seat = self.game.current
        return self.match.drivers[seat].next_action(self.match, seat)

    def encode_action(self, a) -> bytes:
        v = A.encode_action(a)
        if v[0] == 0:
            return bytes([0, v[1], v[2] >> 8, v[2] & 255])
        return bytes(v)

    def decode_action(self, data: bytes):
        b = bytes(data)
        if not b:
            raise ValueError("empty skirmish action")
        try:
            if b[0] == 0 and len(b) == 4:
                return A.decode_action([0, b[1], b[2] << 8 | b[3]])
            if b[0] == 0:
                raise ActionError(f"walk takes 3 bytes, got {len(b) - 1}")
            return A.decode_action(list(b))
        except ActionError as exc:
            raise ValueError(str(exc)) from None

    def is_legal(self, a) -> bool:
        try:
            self.game.check(a)
            return True
        except ActionError:
            return False

    def replacement_for(self, a):
        return A.EndTurn()

    def apply(self, a) -> None:
        events = self.match.apply(a)
        if self.on_events:
            self.on_events(self.game, events)

    def restore(self, data: bytes) -> None:
        try:
            snap = loads_bounded(bytes(data).decode("ascii"), "skirmish", what="snapshot")
        except (UnicodeDecodeError, ValueError) as exc:
            raise ValueError(f"skirmish snapshot is not JSON: {exc}") from None
        game = SkirmishGame.restore(self.rs, snap, self.gmap)     # ActionError is a ValueError
        # the host's snapshot replaced this unit's state: from here the actions no longer replay
        # from the seed, and `tactibox replay --verify` will say so at this point
        self.match.replace_game(game)

    def finished(self) -> bool:
        return self.game.is_over()


class ScreenSkirmish(SkirmishOverLink):
    """The adapter whose local human seats are played from the battle screen: the screen gives
    them its person's driver (`seat_person`); until then they wait. The lockstep asks that driver
    on its polls, applies the action through the Match and sends it; the screen hears every
    applied action (local, remote, this unit's bots) from the Match, in order."""

    def __init__(self, rs, seed: int, setup: bytes, local: int) -> None:
        super().__init__(rs, seed, setup, local, chooser=lambda game: None)

    def local_humans(self) -> list[int]:
        g = self.game
        return [s for s in g.seats() if self.owner[s] == self.local and g.controller(s) == "human"]

    def seat_person(self, driver) -> None:
        """The screen's person plays this unit's human seats."""
        for s in self.local_humans():
            self.match.drivers[s] = driver
