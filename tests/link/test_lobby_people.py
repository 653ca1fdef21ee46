"""People leave and come back (issue 22 items 4 and 5), four units over memory wires: a unit
whose line goes dead has its army played by a bot at once (the battle does not wait) and gets
its seat back when it pairs again; a unit that joins after the launch watches (every move, no
seat, no effect); a unit that keeps the battle waiting past the idle limit is replaced by a bot.
Every unit still in the battle ends on the host's state hash."""

from __future__ import annotations

from linkkit import FakeClock
from lobbykit import Guest, run_all, skirmish_lobby

from game.link.lobby_seats import SPECTATOR
from game.link.remote import RemoteDriver
from game.match import BotDriver


def _launched(clock, **kw):
    lobby = skirmish_lobby(clock, **kw)
    guests = [Guest(lobby, clock, f"unit-{k}", link_seed=k) for k in (1, 2, 3)]
    assert run_all(lobby, guests, clock, 60, lambda: lobby.waiting_for() == 0)
    assert lobby.launch() == ""
    return lobby, guests


def _seat_of(lobby, unit):
    m = lobby.adapter.match
    return next(s for s, d in m.drivers.items() if getattr(d, "unit", None) == unit
                or s in getattr(lobby.adapter, "stood_in", {}) and lobby.adapter.stood_in[s].unit == unit)


def test_a_unit_that_drops_is_played_by_a_bot_and_gets_its_seat_back():
    clock = FakeClock()
    lobby, guests = _launched(clock, turn_limit=20)
    assert run_all(lobby, guests, clock, 300, lambda: lobby.star.turns >= 30)
    leaving = guests[1]
    unit = leaving.member.unit
    seat = _seat_of(lobby, unit)
    leaving.cut()                                    # the cable is pulled / the unit loses power
    guests.remove(leaving)
    assert run_all(lobby, guests, clock, 10, lambda: lobby.drops == 1)
    assert isinstance(lobby.adapter.match.drivers[seat], BotDriver)
    before = lobby.star.moves_by_unit.get(0, 0)
    turns = lobby.star.turns
    assert run_all(lobby, guests, clock, 300, lambda: lobby.star.turns >= turns + 20 or lobby.adapter.finished())
    assert lobby.star.moves_by_unit[0] > before      # the host's bot played the seat meanwhile: no waiting
    assert not lobby.adapter.finished()
    back = Guest(lobby, clock, leaving.name, link_seed=9)     # it starts again and pairs again
    guests.append(back)
    assert run_all(lobby, guests, clock, 60, lambda: back.member.launched)
    assert back.member.unit == unit and lobby.returns == 1
    assert isinstance(lobby.adapter.match.drivers[seat], RemoteDriver)
    assert run_all(lobby, guests, clock, 900, lambda: lobby.finished and all(g.session.finished for g in guests))
    res = lobby.result()
    assert {g.state_hash for g in guests} == {res["state_hash"]}
    assert back.session.counters.turns_sent > 0      # the returning unit played its own seat again
    assert back.session.counters.resyncs == 0        # it was sent the battle so far move by move
    assert back.session.counters.turns_received >= turns   # (test_lobby_records: its replay plays back)


def test_units_that_join_after_the_launch_watch_and_change_nothing():
    clock = FakeClock()
    lobby, guests = _launched(clock, seed=7)
    assert run_all(lobby, guests, clock, 300, lambda: lobby.star.turns >= 10)
    watchers = [Guest(lobby, clock, f"watcher-{k}", link_seed=20 + k) for k in (1, 2)]
    everyone = guests + watchers
    assert run_all(lobby, everyone, clock, 60, lambda: all(w.member.launched for w in watchers))
    assert all(w.member.unit == SPECTATOR for w in watchers) and len(lobby.spectators()) == 2
    assert run_all(lobby, everyone, clock, 900, lambda: lobby.finished and all(g.session.finished for g in everyone))
    res = lobby.result()
    assert {g.state_hash for g in everyone} == {res["state_hash"]}
    assert all(w.session.counters.turns_sent == 0 for w in watchers)
    assert set(res["moves_by_unit"]) == {"0", "1", "2", "3"}
    match = watchers[0].session.game.match
    assert all(isinstance(d, RemoteDriver) for d in match.drivers.values())   # no seat of its own


class Never:
    """A person who never moves (walked away, or a hostile unit stalling the battle)."""
    thinking = False

    def next_action(self, match, seat):
        return None

    def close(self):
        pass


def _launched_with_staller(clock, idle_limit: float):
    """A launched lobby of the host, two units and a staller (a person who never moves)."""
    from lobbykit import KEY

    from game.link.modes import guest_spec
    from game.link.run import spec_session
    lobby = skirmish_lobby(clock, idle_limit=idle_limit)
    guests = [Guest(lobby, clock, f"unit-{k}", link_seed=k) for k in (1, 2)]
    staller = Guest(lobby, clock, "staller", link_seed=3)
    staller.session = spec_session(staller.session.link, role="guest", spec=guest_spec(person=lambda: Never()),
                                   unit_name="staller", pairing_key=KEY)
    everyone = guests + [staller]
    assert run_all(lobby, everyone, clock, 60, lambda: lobby.waiting_for() == 0)
    assert lobby.launch() == ""
    return lobby, guests, everyone


def test_a_unit_that_keeps_the_battle_waiting_is_replaced_after_the_idle_limit():
    clock = FakeClock()
    lobby, guests, everyone = _launched_with_staller(clock, 15.0)
    waited = []

    def watch():
        w = lobby.waiting()
        if w:
            waited.append(w)
        return lobby.drops == 1
    assert run_all(lobby, everyone, clock, 300, watch)
    assert waited and waited[0][0] == "staller" and 10 <= max(s for _, s in waited) <= 15.1   # the timer showed
    assert run_all(lobby, guests, clock, 900, lambda: lobby.finished and all(g.session.finished for g in guests))
    assert {g.state_hash for g in guests} == {lobby.result()["state_hash"]}


def test_connections_are_bounded_and_seated_units_are_never_pushed_out():
    from linkkit import lossy_pair

    from game.link.lobby import MAX_MEMBERS, MAX_UNPAIRED
    clock = FakeClock()
    lobby, guests = _launched(clock)
    links = []
    for i in range(3 * MAX_MEMBERS):                 # strangers that connect and never pair
        a, b, _, _ = lossy_pair(clock, 100 + i)
        links.append(b)
        lobby.add(a)
        assert sum(1 for m in lobby.members if not m.paired) <= MAX_UNPAIRED
        assert len(lobby.members) <= MAX_MEMBERS
    assert len(lobby.seated()) == 3                  # the joined units kept their places
    assert run_all(lobby, guests, clock, 900, lambda: lobby.finished and all(g.session.finished for g in guests))
    assert {g.state_hash for g in guests} == {lobby.result()["state_hash"]}


def test_the_host_hands_an_idle_seat_to_a_bot_and_the_guests_see_the_timer():
    """The timer after 10 s shows on the host (LobbyRun.link_down) and on every guest (its
    LinkRun's GuestTimer, by the link's clock); the host need not wait for the idle limit (600 s
    here): its button drops the unit at once and a bot plays its seat."""
    from game.link.lobby_run import GuestTimer, LobbyRun
    clock = FakeClock()
    lobby, guests, everyone = _launched_with_staller(clock, 600.0)
    run = LobbyRun(lobby, port="mem")
    staller = everyone[-1]
    launched_at = clock()
    assert run.idle_name() == "" and run.hand_idle_to_bot() == "the battle is not waiting for anybody"
    timers = [GuestTimer(clock) for _ in guests]
    shown = []

    def waiting_long():
        texts = [t.text(g.session) for t, g in zip(timers, guests, strict=True)]
        if all(texts):
            shown.append(texts)
        return run.idle_name() == "staller" and bool(shown)
    assert run_all(lobby, everyone, clock, 300, waiting_long)
    assert run.link_down().startswith("waiting for staller: 1")
    assert all(t.startswith("waiting for ") and t.endswith(" s") for t in shown[0])
    assert "staller" in shown[-1][0]                  # the staller's army is named by its player
    assert lobby.drops == 0 and clock() - launched_at < lobby.idle_limit
    assert run.hand_idle_to_bot() == ""               # the host's button, long before 600 s
    assert lobby.drops == 1 and run.idle_name() == ""
    seat = next(s for s, d in lobby.adapter.stood_in.items() if d.unit == staller.member.unit)
    assert isinstance(lobby.adapter.match.drivers[seat], BotDriver)
    assert run_all(lobby, guests, clock, 900, lambda: lobby.finished and all(g.session.finished for g in guests))
    assert {g.state_hash for g in guests} == {lobby.result()["state_hash"]}


def test_a_crowd_from_one_address_cannot_push_out_units_pairing_from_others():
    """A hostile machine opening connection after connection while three units pair: it keeps
    at most MAX_UNPAIRED_PER_ADDRESS of them (its own oldest goes), and when the lobby's
    MAX_UNPAIRED are reached the busiest address pays, so no honest unit is ever closed.
    (Without the per-address rule the oldest pairing connection went: an honest one.)"""
    from linkkit import lossy_pair

    from game.link.lobby import MAX_UNPAIRED, MAX_UNPAIRED_PER_ADDRESS, address_of
    clock = FakeClock()
    lobby = skirmish_lobby(clock)
    guests, crowd = [], []
    for k in range(30):
        if k in (0, 5, 10):
            guests.append(Guest(lobby, clock, f"unit-{k}", link_seed=k, address=f"192.168.1.{20 + k}"))
        for j in range(5):                          # it opens five at a time
            a, b, _, _ = lossy_pair(clock, 100 + 5 * k + j)
            a.transport.peer_address = "192.168.1.66"
            crowd.append(b)
            lobby.add(a)
        unpaired = [m for m in lobby.members if not m.paired]
        assert sum(1 for m in unpaired if address_of(m.session.link) == "192.168.1.66") <= MAX_UNPAIRED_PER_ADDRESS
        assert len(unpaired) <= MAX_UNPAIRED
        assert all(g.member in lobby.members for g in guests)   # nobody pairing honestly was closed
        run_all(lobby, guests, clock, 0.05, lambda: False)
    assert run_all(lobby, guests, clock, 60, lambda: lobby.waiting_for() == 0)
    assert {m.name for m in lobby.seated()} == {"unit-0", "unit-5", "unit-10"}
    assert any("too many connections from 192.168.1.66" in line for line in lobby.log_lines)
