"""The host's lobby and battle for up to four units on a LAN (issue 22).

    lobby = LobbyHost(spec, seats=["human", "human", "bot:normal", "human"], pairing_key=key,
                      seed=1234, unit_name="Red cabinet")
    lobby.listen("", 7777)          # or lobby.add(ReliableLink(...)) for any link (tests: memory)
    lobby.poll()                    # every frame; never blocks
    lobby.launch()                  # "" or why not yet (fewer than two armies seated)
    lobby.result()                  # the battle's summary, the same `state_hash` on every unit

Each connection gets its own `Session` (its own SPAKE2 exchange; one shared `PeerThrottle`,
`TicketBook` and session id, so a guest that comes back resumes with its ticket). A paired unit
with the content is *in the lobby*: it takes a free human seat chosen at random (`entropy`,
uniform), or watches when none is free. Launch sends each guest its START (the same seed and
setup, with its unit number in front: `lobby_seats.with_unit`), then the battle is a star through
the host (`firmware_bridge.star`).

People leave and come back: a seated unit whose connection breaks, whose link goes quiet
(2.5 s), whose lockstep overflows, or who keeps the battle waiting longer than `idle_limit` has
its seats played by a bot at once (`lobby_seats.hand_to_bot`); a unit of the same name that
pairs again later gets them back and a snapshot. A unit that pairs after the launch without a
seat to come back to watches (spectator: every move, no seat). Bounds against a hostile joiner:
at most `MAX_UNPAIRED` connections that have not paired (the oldest goes), `pair_deadline`
seconds to pair, `MAX_MEMBERS` connections in all; every connection has the two-unit link's
bounds (docs/protocol.md).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from firmware_bridge.counters import Counters
from firmware_bridge.pairing import PeerThrottle, TicketBook, new_session_id
from firmware_bridge.reliable import ReliableLink
from firmware_bridge.session import Session
from firmware_bridge.star import StarHost
from game import __version__
from game.link.lobby_seats import SPECTATOR, give_back, hand_to_bot, unit_to_act, with_unit
from game.link.modes import LinkGameSpec, split_setup, tag_setup

MAX_UNPAIRED = 4            # connections still pairing; a fifth closes the oldest
MAX_UNPAIRED_PER_ADDRESS = 3  # of them from one address (three friends behind one router may join at
                              # once); a fourth closes that address's oldest
MAX_MEMBERS = 12            # connections in all (4 units, spectators, units pairing)
MAX_SEATS = 4               # armies (sides) in a lobby battle
PAIR_DEADLINE = 20.0        # seconds a connection may take to pair and fetch the content
IDLE_LIMIT = 60.0           # seconds a unit may keep the battle waiting before a bot plays for it
TIMER_AFTER = 10.0          # seconds of waiting before the others see a timer (WoS)


def address_of(link) -> str:
    """The peer's address (TCP: its IP, whatever the port; a memory wire: its name)."""
    t = link.transport
    return str(getattr(t, "peer_address", "") or getattr(t, "name", ""))


def pick(entropy: Callable[[int], bytes], n: int) -> int:
    """A uniform index below n from entropy bytes (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("nothing to pick from")
    limit = (1 << 32) - ((1 << 32) % n)
    while True:
        v = int.from_bytes(entropy(4), "big")
        if v < limit:
            return v % n


@dataclass(eq=False)
class Member:
    """One connection to the host."""
    session: Session
    since: float
    unit: int | None = None          # 1..3 a seated unit, SPECTATOR, None not yet placed
    view: object = None
    launched: bool = False
    dropped_why: str = ""
    waiting_since: float | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        p = self.session.peer
        return p.unit_name if p is not None and p.unit_name else "a unit"

    @property
    def paired(self) -> bool:
        return self.session.paired


class LobbyHost:
    def __init__(self, spec: LinkGameSpec, *, seats: list[str], pairing_key: bytes, seed: int,
                 unit_name: str = "host", now: Callable[[], float] = time.monotonic,
                 entropy: Callable[[int], bytes] = os.urandom, idle_limit: float = IDLE_LIMIT,
                 pair_deadline: float = PAIR_DEADLINE, bot_level: str = "normal", hash_len: int = 1,
                 app_version: str = __version__, link_config=None) -> None:
        if not 2 <= len(seats) <= 4:
            raise ValueError(f"a lobby battle has 2..4 seats, got {len(seats)}")
        self.spec = spec
        self.seats = list(seats)                    # controller per seat; seat 0 is the host's
        self.owner: list[int | None] = [0] + [None] * (len(seats) - 1)
        self.pairing_key = pairing_key
        self.seed = seed
        self.unit_name = unit_name
        self.now = now
        self.entropy = entropy
        self.idle_limit = idle_limit
        self.pair_deadline = pair_deadline
        self.bot_level = bot_level
        self.hash_len = hash_len
        self.app_version = app_version
        self.link_config = link_config
        self.throttle = PeerThrottle(now)
        self.tickets = TicketBook()
        self.session_id = new_session_id()
        self.members: list[Member] = []
        self.acceptor = None
        self.star: StarHost | None = None
        self.adapter = None
        self.options = b""                          # the launched battle's tagged setup
        self.dropped: dict[int, str] = {}           # unit -> the name of the unit that left it
        self.names: dict[int, str] = {0: unit_name}
        self.log_lines: list[str] = []
        self.counters_gone = Counters()             # traffic of connections already closed
        self.drops = self.returns = 0

    # --- connections ------------------------------------------------------------------------------
    def listen(self, host: str = "", port: int = 0) -> int:
        from firmware_bridge.transport_accept import TcpAcceptor
        self.acceptor = TcpAcceptor(host, port, now=self.now)
        return self.acceptor.port

    def announce(self, to: str, port: int | None = None, interval: float = 1.0) -> None:
        """Announce this lobby on the LAN (`to`: a broadcast address; tests: 127.255.255.255)."""
        from firmware_bridge.discovery import DISCOVERY_PORT, Announcer
        self.announcer = Announcer(self.announcement, to=to, port=port or DISCOVERY_PORT, interval=interval,
                                   now=self.now)

    announcer = None

    def announcement(self):
        from firmware_bridge.discovery import Announcement
        mode_id, setup = split_setup(self.spec.options)
        map_name = ""
        if self.spec.lobby_play is not None:
            play, rules = self.spec.lobby_play()
            try:
                map_name = play.lobby_map(rules, setup) if hasattr(play, "lobby_map") else ""
            except (ValueError, KeyError):
                map_name = ""
        return Announcement(port=self.acceptor.port if self.acceptor else 0, free=0 if self.launched else self.waiting_for(),
                            seats=len(self.seats), name=self.unit_name, mode=mode_id, map=map_name,
                            app_version=self.app_version, playing=self.launched)

    def add(self, link: ReliableLink) -> Member | None:
        """A new connection (paired, placed and started as it is polled)."""
        self._bound_address(address_of(link))
        self._bound_connections()
        if len(self.members) >= MAX_MEMBERS:
            link.close()                            # every place is a seated unit or a spectator
            return None
        s = Session(link, role="host", app_version=self.app_version, unit_name=self.unit_name,
                    content=self.spec.content, content_provider=self.spec.content_provider,
                    install_content=None, make_game=self._make_view, seed=self.seed, options=b"",
                    hash_len=self.hash_len, pairing_key=self.pairing_key, throttle=self.throttle,
                    tickets=self.tickets)
        s.session_id = self.session_id
        s.hold_start = True
        m = Member(s, self.now())
        s.prepare_options = lambda content, opts, m=m: with_unit(
            m.unit, self.options, self.star.catch_up() if self.star is not None else 0)
        self.members.append(m)
        return m

    def _bound_address(self, address: str) -> None:
        """One address (one machine: a crowd of connections from a hostile unit) keeps at most
        MAX_UNPAIRED_PER_ADDRESS connections pairing: its own oldest goes, so it can never push
        out a unit pairing from another address (only the global bound below spans addresses)."""
        while True:
            same = [m for m in self.members if not m.paired and address_of(m.session.link) == address]
            if len(same) < MAX_UNPAIRED_PER_ADDRESS:
                return
            self._close(same[0], f"too many connections from {address} at once")

    def _bound_connections(self) -> None:
        """Room for one more connection: the oldest that has not paired, from the address with the
        most such connections, goes when MAX_UNPAIRED have not; then the oldest not yet placed
        when MAX_MEMBERS are kept. Seated units and spectators are never pushed out by newcomers (the newcomer is closed instead: `add`)."""
        while True:
            unpaired = [m for m in self.members if not m.paired]
            if len(unpaired) >= MAX_UNPAIRED:       # the busiest address pays first (its oldest)
                count = Counter(address_of(m.session.link) for m in unpaired)
                crowd = max(count.values())
                self._close(next(m for m in unpaired if count[address_of(m.session.link)] == crowd),
                            "too many units connecting at once")
                continue
            if len(self.members) >= MAX_MEMBERS:
                waiting = [m for m in self.members if m.unit is None]
                if waiting:
                    self._close(waiting[0], "too many units connected")
                    continue
            return

    def _make_view(self, seed: int, options: bytes):
        m = self._starting
        if m is None or self.star is None:
            raise ValueError("no battle to start")
        return self.star.view(m, m.unit)

    _starting: Member | None = None

    # --- the lobby --------------------------------------------------------------------------------
    @property
    def launched(self) -> bool:
        return self.star is not None

    def free_seats(self) -> list[int]:
        return [i for i, c in enumerate(self.seats) if c == "human" and self.owner[i] is None]

    def reseat(self, count: int) -> str:
        """Before the launch, `count` seats (an Xconq module: one per side): the host keeps seat 0,
        joined units then bots keep theirs in order, the rest are free. "" or why not."""
        if self.launched or not 2 <= count <= MAX_SEATS:
            return "the battle is on" if self.launched else f"2 to {MAX_SEATS} seats, not {count}"
        rest = sorted(zip(self.owner[1:], self.seats[1:], strict=True), key=lambda oc: (oc[0] is None, oc[1] == "human"))
        if sum(o is not None for o, _ in rest) > count - 1:
            return f"{sum(o is not None for o, _ in rest)} units joined: a battle of {count} has room for {count - 1}"
        rest = (rest + [(None, "human")] * count)[:count - 1]
        self.owner, self.seats = [0] + [o for o, _ in rest], [self.seats[0]] + [c for _, c in rest]
        return ""

    def armies(self) -> int:
        """Armies that would fight at a launch now: the host's, the seated units', the bots'."""
        return sum(1 for i, c in enumerate(self.seats) if c != "human" or self.owner[i] is not None)

    def add_bot(self, level: str = "normal") -> str:
        """The host fills a free seat with a bot. "" or why not."""
        if self.launched:
            return "the battle is on"
        free = self.free_seats()
        if not free:
            return "every seat is taken"
        self.seats[free[-1]] = f"bot:{level}"
        return ""

    def waiting_for(self) -> int:
        return len(self.free_seats())

    def seated(self) -> list[Member]:
        return [m for m in self.members if m.unit not in (None, SPECTATOR)]

    def spectators(self) -> list[Member]:
        return [m for m in self.members if m.unit == SPECTATOR]

    def _place(self, m: Member) -> None:
        """A unit now in the lobby: a free human seat at random, else it watches."""
        name = m.name
        back = next((u for u, n in self.dropped.items() if n == name), None) if self.launched else None
        if back is not None:
            del self.dropped[back]
            m.unit = back
            self._start(m)
            give_back(self.adapter, back)
            self.returns += 1
            self._log(f"{name} is back (unit {back})")
            return
        seat = self.join(name)
        if seat is not None:
            m.unit = self.owner[seat]
            self._log(f"{name} joins: seat {seat} (unit {m.unit})")
            return
        m.unit = SPECTATOR
        self._log(f"{name} watches")
        if self.launched:
            self._start(m)

    def join(self, name: str) -> int | None:
        """A unit named `name` takes a free human seat, chosen uniformly at random (the next unit
        number); None when no seat is free or the battle is on."""
        free = self.free_seats()
        unit = next((u for u in (1, 2, 3) if u not in self.owner), None)
        if not free or self.launched or unit is None:
            return None
        seat = free[pick(self.entropy, len(free))]
        self.owner[seat] = unit
        self.names[unit] = name
        return seat

    def colour_seats(self) -> list[int] | None:
        """The battle seat (colour: 0 red .. 3 blue) each lobby seat will fight from: the seed
        decides it, so the player list shows it before the launch (None: the mode cannot say)."""
        key = (self.spec.options, self.seed, len(self.seats))
        if getattr(self, "_colours", (None, None))[0] == key:
            return self._colours[1]
        colours = None
        try:
            mode_id, setup = split_setup(self.spec.options)
            play, rules = self.spec.lobby_play()
            n = len(self.seats)
            setup = play.with_owners(rules, setup, [0] * n, ctrls=["human"] * n, names=["?"] * n)
            from game.match import rules_for
            from game.modes.registry import get_mode
            game = rules_for(get_mode(mode_id)).start(rules, play.header(rules, self.seed, setup))
            colours = [game.seat_part.index(i) for i in range(n)]
        except (ValueError, AttributeError, TypeError, IndexError):
            colours = None
        self._colours = (key, colours)
        return colours

    def launch(self) -> str:
        """Start the battle on every unit in the lobby. "" or why it cannot start yet."""
        if self.launched:
            return "the battle is on"
        if self.armies() < 2:
            return "at least two armies must be seated (a unit or Add bot)"
        owners, ctrls = [], []
        for i, c in enumerate(self.seats):
            if c == "human" and self.owner[i] is None:
                c = f"bot:{self.bot_level}"        # a seat nobody took: the host's bot
            owners.append(self.owner[i] or 0)
            ctrls.append(c)
        mode_id, setup = split_setup(self.spec.options)
        if self.spec.lobby_play is None or not hasattr(self.spec.lobby_play()[0], "with_owners"):
            return f"{mode_id} cannot be played by more than two units"
        play, rules = self.spec.lobby_play()
        names = [self.names.get(o, "") if c == "human" else "" for o, c in zip(owners, ctrls, strict=True)]
        setup = play.with_owners(rules, setup, owners, ctrls=ctrls, names=names)
        self.options = tag_setup(mode_id, setup)
        self.adapter = self.spec.make_game(self.seed, self.options)
        self.star = StarHost(self.adapter, unit_to_act=lambda: unit_to_act(self.adapter))
        for m in self.members:
            if m.session.state == "lobby" and m.unit is not None:
                self._start(m)
        self._log(f"launched: seats {owners}, seed {self.seed}")
        return ""

    def _start(self, m: Member) -> None:
        self._starting = m
        try:
            m.session.launch()
        finally:
            self._starting = None
        m.launched = True
        if m.session.lockstep is not None:
            m.view = m.session.lockstep.game
            m.view.lockstep = m.session.lockstep

    # --- running ----------------------------------------------------------------------------------
    def poll(self) -> None:
        if self.announcer is not None and self.acceptor is not None and not self.finished:
            self.announcer.poll()
        if self.acceptor is not None:
            for transport in self.acceptor.accept():
                self.add(ReliableLink(transport, now=self.now, config=self.link_config, counters=transport.counters))
        if self.star is not None:
            self.star.poll()
        for m in list(self.members):
            m.session.poll()
            self._check(m)
        if self.star is not None:
            self._idle_check()

    def _check(self, m: Member) -> None:
        s = m.session
        if m.unit is None and s.state == "lobby":
            self._place(m)
        if not m.paired and self.now() - m.since > self.pair_deadline:
            return self._close(m, "did not pair in time")
        if s.failed or (self.now() - m.since > self.pair_deadline and s.state in ("connecting", "hello")):
            return self._close(m, s.error or "did not pair")
        t = s.link.transport
        gone = not t.up or s.link_state in ("down", "left", "closed")
        if gone:
            return self._close(m, "connection lost" if not t.up else f"link {s.link_state}")
        if m.view is not None and m.view.overflowed and m.unit != SPECTATOR:
            return self._close(m, "fell too far behind")

    def _idle_check(self) -> None:
        u = self.star.unit_to_act()
        now = self.now()
        for m in self.seated():
            if m.unit != u or not m.launched:
                m.waiting_since = None
                continue
            ls = m.session.lockstep
            if ls is None or ls.state != "remote":
                m.waiting_since = None
                continue
            if m.waiting_since is None or self._turns_at != self.star.turns:
                m.waiting_since = now
            if now - m.waiting_since > self.idle_limit:
                self._close(m, f"kept the battle waiting {self.idle_limit:g} s")
        self._turns_at = self.star.turns

    _turns_at = -1

    def waiting(self) -> tuple[str, float] | None:
        """(who, seconds) when the battle waits for a unit more than TIMER_AFTER s (the timer)."""
        for m in self.seated():
            if m.waiting_since is not None and self.now() - m.waiting_since >= TIMER_AFTER:
                return m.name, self.now() - m.waiting_since
        return None

    def hand_idle_to_bot(self) -> str:
        """The host's button (issue 22 item 4): the unit the battle has waited for longer than the
        timer's 10 s is dropped now, as at the idle limit: a bot plays its seats, and it gets them
        back when it pairs again. "" or why not."""
        w = self.waiting()
        m = next((m for m in self.seated() if w and m.name == w[0] and m.waiting_since is not None), None)
        if m is None:
            return "the battle is not waiting for anybody"
        self._close(m, "the host gave its seat to a bot")
        return ""

    def _close(self, m: Member, why: str) -> None:
        if m not in self.members:
            return
        self.members.remove(m)
        m.dropped_why = why
        c = m.session.counters
        for k, v in c.as_dict().items():
            setattr(self.counters_gone, k, getattr(self.counters_gone, k) + v)
        m.session.close()
        if m.unit is None:
            self._log(f"a connection from {m.session.link.transport.peer_address} closed: {why}")
            return
        if m.unit == SPECTATOR:
            self._log(f"{m.name} stopped watching: {why}")
            if self.star is not None:
                self.star.forget(m)
            return
        self._log(f"{m.name} (unit {m.unit}) dropped: {why}")
        if not self.launched:
            self.owner = [None if o == m.unit else o for o in self.owner]
            return
        self.star.forget(m)
        self.dropped[m.unit] = m.name
        self.drops += 1
        hand_to_bot(self.adapter, m.unit, self.bot_level)

    def _log(self, text: str) -> None:
        self.log_lines.append(text)

    # --- the end ----------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        if self.star is None or not self.adapter.finished():
            return False
        return all(m.session.finished for m in self.members if m.launched)

    def status(self) -> str:
        if not self.launched:
            n = self.waiting_for()
            return f"lobby: {len(self.seated())} joined, waiting for {n} more" if n else "lobby: ready to launch"
        if self.finished:
            return "game over"
        w = self.waiting()
        if w:
            return f"waiting for {w[0]}: {w[1]:.0f} s"
        return f"battle: turn {self.star.turns}"

    def counters(self) -> Counters:
        total = Counters(**self.counters_gone.as_dict())
        for m in self.members:
            for k, v in m.session.counters.as_dict().items():
                setattr(total, k, getattr(total, k) + v)
        return total

    def result(self) -> dict:
        out = {"role": "host", "state": "finished" if self.finished else ("playing" if self.launched else "lobby"),
               "seed": self.seed, "units": {str(u): n for u, n in self.names.items()},
               "drops": self.drops, "returns": self.returns, "spectators": len(self.spectators()),
               "turns": self.star.turns if self.star else 0}
        if self.adapter is not None:
            out["state_hash"] = self.adapter.turn_hash().hex()
            out["moves_by_unit"] = {str(k): v for k, v in sorted(self.star.moves_by_unit.items())}
        out.update(self.counters().as_dict())
        out.update(self.spec.summary(self.adapter))
        return out

    def linger(self, timeout: float = 2.0, step: float = 0.005) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end and any(m.session.link.pending for m in self.members):
            self.poll()
            time.sleep(step)

    def close(self) -> None:
        for m in list(self.members):
            m.session.close()
        if self.acceptor is not None:
            self.acceptor.close()
        if self.announcer is not None:
            self.announcer.close()
