"""LAN lobby benchmarks (issue 22): traffic per turn per guest of a four-unit Skirmish battle
through the host's star, at bot pace and at a person's pace, beside today's two-unit Skirmish
link measured the same way in the same run.

`run() -> dict` (bench/run.py); standalone: `python -m bench.bench_lobby [--json]`; only this
group: `tactibox bench lobby`.

Exact and machine-independent: the real stack (memory transport, framing, reliable link,
session, lockstep, star) on a fake clock; every byte written on a host<->guest connection after
the launch is counted, both directions, and divided by the battle's moves ("turns": one Skirmish
action, i.e. one TURN frame from the unit that made it). A guest receives every move of every
other unit, so its connection carries all moves; a two-unit link carries them too: the figures
per turn are comparable. A person's pace: every seat (bots standing in) waits 3 s before each
action, so heartbeats and stand-alone acks show.
`skirmish_code_*`: the bytes of one action's TURN code (Skirmish link version 2 against
version 1 and zlib / lzma), see `skirmish_codes`.
Budget (DESIGN.md): <= 8 framed bytes per turn on a link.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench.common import standalone

SEATS4 = ("human",) * 4


class _Paced:
    """A seat driver that waits `polls` polls before each of its inner driver's actions."""

    def __init__(self, inner, polls: int) -> None:
        self.inner, self.polls, self.left = inner, polls, None
        self.thinking = False

    def next_action(self, match, seat):
        if self.left is None:
            self.left = self.polls
        if self.left > 0:
            self.left -= 1
            return None
        a = self.inner.next_action(match, seat)
        if a is not None:
            self.left = None
        return a

    def close(self) -> None:
        pass


def _pace(adapter, polls: int) -> None:
    from game.link.remote import RemoteDriver
    m = adapter.match
    for s, d in list(m.drivers.items()):
        if not isinstance(d, RemoteDriver) and not isinstance(d, _Paced):
            m.drivers[s] = _Paced(d, polls)


def _kit():
    tests = Path(__file__).resolve().parents[1] / "tests"
    for p in (tests / "bridge", tests / "link"):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))


def lobby_battle(seats=SEATS4, *, think_s: float = 0.0, dt: float = 0.01, seed: int = 5, turn_limit: int = 8) -> dict:
    _kit()
    from linkkit import FakeClock
    from lobbykit import Guest, run_all, skirmish_lobby
    clock = FakeClock()
    lobby = skirmish_lobby(clock, seats=seats, seed=seed, turn_limit=turn_limit)
    guests = [Guest(lobby, clock, f"unit-{k}", link_seed=k) for k in range(1, len(seats))]
    assert run_all(lobby, guests, clock, 120, lambda: lobby.waiting_for() == 0, dt=dt)
    setup = sum(g.member.session.counters.bytes_sent + g.session.counters.bytes_sent for g in guests)
    assert lobby.launch() == ""
    polls = int(round(think_s / dt))
    paced = set()

    def until():
        if polls:
            for a in [lobby.adapter] + [g.session.game for g in guests if g.session.game is not None]:
                if id(a) not in paced:
                    paced.add(id(a))
                    _pace(a, polls)
        return lobby.finished and all(g.session.finished for g in guests)
    at = [(g.member.session.counters.copy(), g.session.counters.copy()) for g in guests]
    t0 = clock.t
    assert run_all(lobby, guests, clock, 36000, until, dt=dt), "benchmark battle did not finish"
    assert {g.state_hash for g in guests} == {lobby.result()["state_hash"]}
    turns = lobby.star.turns
    per_guest, acks = [], 0
    for g, (h0, g0) in zip(guests, at, strict=True):
        dh, dg = g.member.session.counters - h0, g.session.counters - g0
        per_guest.append((dh.bytes_sent + dg.bytes_sent) / turns)
        acks += dh.acks_sent + dg.acks_sent
    return {"turns": turns, "guests": len(guests), "setup_bytes_per_guest": round(setup / len(guests)),
            "bytes_per_turn_per_guest": round(sum(per_guest) / len(per_guest), 2),
            "host_bytes_per_turn_all_guests": round(sum(per_guest), 2),
            "standalone_acks": acks, "game_seconds": round(clock.t - t0, 1)}


def classic_two(*, think_s: float = 0.0, dt: float = 0.01, seed: int = 5, turn_limit: int = 8) -> dict:
    """Today's two-unit Skirmish link (no lobby): host and guest Sessions, measured the same way."""
    _kit()
    from linkkit import FakeClock, lossy_pair

    from game.link.modes import guest_spec, host_spec
    from game.link.run import spec_session
    from game.modes.registry import Request
    clock = FakeClock()
    a, b, _, _ = lossy_pair(clock, 0)
    hs = host_spec("skirmish", req=Request(seed=seed, seats=("bot:easy", "bot:easy"), turn_limit=turn_limit,
                                           options={"map": "04_four_rivers"}), level="easy")
    host = spec_session(a, role="host", spec=hs, seed=seed)
    guest = spec_session(b, role="guest", spec=guest_spec(level="easy"))
    polls, paced, at = int(round(think_s / dt)), set(), None
    for _ in range(int(36000 / dt)):
        clock.advance(dt)
        host.poll()
        guest.poll()
        if at is None and host.state == "playing" and guest.state == "playing":
            at = (host.counters.copy(), guest.counters.copy())
        for s in (host, guest):
            if polls and s.game is not None and id(s.game) not in paced:
                paced.add(id(s.game))
                _pace(s.game, polls)
        if host.finished and guest.finished:
            break
    assert host.finished and guest.finished and host.result()["state_hash"] == guest.result()["state_hash"]
    turns = host.lockstep.turns
    dh, dg = host.counters - at[0], guest.counters - at[1]
    return {"turns": turns, "bytes_per_turn": round((dh.bytes_sent + dg.bytes_sent) / turns, 2),
            "standalone_acks": dh.acks_sent + dg.acks_sent}


def skirmish_codes(seed: int = 5, turn_limit: int = 8, seats: str = "bot:easy,bot:easy") -> dict:
    """Bytes of one Skirmish action's TURN code, averaged over a bot battle on 04_four_rivers
    (the link benchmarks' battle, played here without a link): wire version 2 (the code sent
    now: game/modes/skirmish/link.py), version 1 (kind, piece, cell: walk 4, stay/attack 2, skip
    and end 1), and zlib / lzma of each version-1 action alone (a lockstep sends an action when
    it is made, so a compressor sees one action at a time)."""
    import lzma
    import zlib

    from game.modes.skirmish import actions as A
    from game.modes.skirmish.bot import SkirmishBot
    from game.modes.skirmish.game import SkirmishGame
    from game.modes.skirmish.link import encode_wire
    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import parse_seats
    from game.rules.skirmish.catalog import find_ruleset
    rs, _ = find_ruleset("default")
    g = SkirmishGame.new(rs, rs.map("04_four_rivers"), parse_seats(seats), seed, Options(turn_limit=turn_limit))
    bots = {s: SkirmishBot(g.controller(s).split(":")[1]) for s in g.seats()}
    rows = {"v2": 0, "v1": 0, "zlib_v1": 0, "lzma_v1": 0}
    n = 0
    while not g.is_over():
        a = bots[g.current].choose(g)
        v = A.encode_action(a)
        v1 = bytes([0, v[1], v[2] >> 8, v[2] & 255]) if v[0] == 0 else bytes(v)
        rows["v2"] += len(encode_wire(a, g))
        rows["v1"] += len(v1)
        rows["zlib_v1"] += len(zlib.compress(v1, 9))
        rows["lzma_v1"] += len(lzma.compress(v1, format=lzma.FORMAT_RAW, filters=[{"id": lzma.FILTER_LZMA2, "preset": 9}]))
        g.apply(a)
        n += 1
    return {"actions": n, **{f"{k}_bytes_per_action": round(v / n, 2) for k, v in rows.items()}}


def run() -> dict:
    fig: dict = {}
    fig.update({f"skirmish_code_{k}": v for k, v in skirmish_codes().items()})
    for name, seats in (("four", SEATS4), ("two", ("human", "human"))):
        fast = lobby_battle(seats)
        fig.update({f"{name}_bot_{k}": v for k, v in fast.items()})
        slow = lobby_battle(seats, think_s=3.0, dt=0.05, turn_limit=3)
        fig.update({f"{name}_human3s_{k}": v for k, v in slow.items()
                    if k in ("turns", "bytes_per_turn_per_guest", "standalone_acks", "game_seconds")})
    fig.update({f"today_two_unit_bot_{k}": v for k, v in classic_two().items()})
    fig.update({f"today_two_unit_human3s_{k}": v for k, v in classic_two(think_s=3.0, dt=0.05, turn_limit=3).items()})
    fig["budget_bytes_per_turn"] = 8
    return fig


if __name__ == "__main__":
    standalone(run)
