"""Every linked mode is a Match on each unit (issue 23): two units play it over the memory wire
(a clean one and a lossy one), each through the one lockstep adapter; the other unit's seats
have Remote drivers; both end on the same state hash; each unit keeps the replay (it verifies)
and the stats; and a unit whose game went wrong is brought back by the host's snapshot (resync)
and the game still ends identical on both."""

from __future__ import annotations

import pathlib

import pytest
from link_dummy import PEBBLES
from linkkit import FakeClock, lossy_pair

from game.core.replay import parse_replay
from game.link.linked_match import LinkedMatch
from game.link.modes import guest_spec, host_spec
from game.link.remote import RemoteDriver
from game.link.run import spec_session
from game.modes import driver
from game.modes.registry import Request, get_mode, register, unregister
from game.store.keeper import MatchKeeper
from game.store.replays import ReplayStore
from game.store.stats import StatsStore

OUTPOST = pathlib.Path(__file__).resolve().parents[2] / "assets" / "gdl" / "outpost.g"
REQUESTS = {
    "skirmish": Request(seed=5, seats=("bot:easy", "bot:easy"), turn_limit=12, options={"map": "01_meadow"}),
    "duel": Request(seed=3, turn_limit=60),
    "bout": Request(seed=4, options={"scenario": "duel"}),
    "pebbles": Request(seed=2, options={"pebbles": 40}),
    "gdl": Request(seed=5, options={"module": str(OUTPOST)}),
}


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """Where a guest keeps what the host sends (the GDL module: <data>/gdl/link-received/)."""
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def pebbles():
    register(PEBBLES, replace=True)
    yield
    unregister("pebbles")


def keeper(folder):
    return MatchKeeper(replays=ReplayStore(folder / "replays"), stats=StatsStore(folder / "stats.sqlite"))


def play(mode: str, tmp_path, *, desync_after: int | None = None, **faults):
    clock = FakeClock()
    a, b, *_ = lossy_pair(clock, 11, **faults)
    hk, gk = keeper(tmp_path / "host"), keeper(tmp_path / "guest")
    hs = host_spec(mode, req=REQUESTS[mode], level="easy").played_by(None, hk)
    gs = guest_spec(level="normal").played_by(None, gk)
    host = spec_session(a, role="host", spec=hs, unit_name="Red unit", seed=REQUESTS[mode].seed)
    guest = spec_session(b, role="guest", spec=gs, unit_name="Blue unit")
    early, early_at = None, 0
    for _ in range(60_000):
        clock.advance(0.01)
        host.poll()
        guest.poll()
        g = guest.game
        if desync_after is not None and g is not None and early is None and g.match.replay.actions:
            early, early_at = g.hook.restore(g.match, g.snapshot()), len(g.match.replay.actions)
        if desync_after is not None and early is not None and not g.match.over \
                and len(g.match.replay.actions) >= early_at + desync_after:
            g.match.game = early                 # this unit's game goes back in time (not a resync)
            desync_after = None
        if host.finished and guest.finished:
            break
    assert host.finished and guest.finished, (mode, host.state, host.error, guest.state, guest.error)
    return host, guest, hk, gk


@pytest.mark.parametrize("mode", sorted(REQUESTS))
def test_a_linked_game_of_every_mode_is_a_match_on_both_units_and_kept_on_both(mode, tmp_path):
    host, guest, hk, gk = play(mode, tmp_path)
    h, g = host.game, guest.game
    assert isinstance(h, LinkedMatch) and isinstance(g, LinkedMatch) and h.link_mode == g.link_mode == mode
    assert h.match.over and g.match.over and h.game.state_hash() == g.game.state_hash()
    assert h.match.replay.actions == g.match.replay.actions
    for unit, other in ((h, 1), (g, 0)):             # the other unit's seats have Remote drivers
        remote = {s for s, d in unit.match.drivers.items() if isinstance(d, RemoteDriver)}
        assert remote and all(unit.match.drivers[s].unit == other for s in remote)
        assert sum(d.received for d in {id(d): d for d in unit.match.drivers.values()}.values()
                   if isinstance(d, RemoteDriver)) > 0
    assert host.counters.resyncs == 0
    for k, unit in ((hk, h), (gk, g)):               # the replay and the stats, on each unit
        saved = [r for r in k.replays.list() if r.ok]
        assert [r.mode for r in saved] == [mode]
        _, doc = k.replays.load(saved[0].name)
        verdict = driver.verify(get_mode(mode), parse_replay(doc), log=None)
        assert verdict.ok and verdict.state_hash == unit.game.state_hash(), verdict.problems
        assert k.stats.recent_games(1)


@pytest.mark.parametrize("mode", sorted(REQUESTS))
def test_every_mode_is_resynced_by_the_hosts_snapshot(mode, tmp_path):
    host, guest, _hk, gk = play(mode, tmp_path, desync_after=4)
    assert host.counters.resyncs >= 1 and guest.counters.resyncs >= 1
    assert host.game.game.state_hash() == guest.game.game.state_hash()
    assert guest.game.match.replay.meta.get("resynced_after_actions")       # the replay says so


@pytest.mark.parametrize("mode", ["skirmish", "duel", "bout", "gdl"])
def test_every_mode_ends_identical_over_a_lossy_wire(mode, tmp_path):
    host, guest, *_ = play(mode, tmp_path, p_drop=0.05, p_dup=0.05, p_byte=0.002)
    assert host.game.game.state_hash() == guest.game.game.state_hash()
    assert host.counters.retransmits + guest.counters.retransmits > 0


def test_the_host_replaces_an_illegal_move_and_the_guest_is_told(tmp_path):
    """The host may alter a turn (WoS): a guest move that decodes but is not legal on the host's
    game is replaced by the mode's replacement (Skirmish: end turn), the guest is rolled back by a
    snapshot and its Match gets a notice for the screen."""
    from game.link.run import LinkRun
    from game.modes.skirmish import actions as A
    from game.modes.skirmish.link import encode_wire
    clock = FakeClock()
    a, b, *_ = lossy_pair(clock, 3)
    hs = host_spec("skirmish", req=REQUESTS["skirmish"], level="easy")
    gs = guest_spec(level="easy")
    host = spec_session(a, role="host", spec=hs, seed=5)
    run = LinkRun(spec_session(b, role="guest", spec=gs), port="memory", role="guest", spec=gs)
    cheated, notices = False, []
    for _ in range(60_000):
        clock.advance(0.01)
        host.poll()
        run.poll()
        g = run.game
        if g is not None and not cheated and g.whose_turn_is_local():
            cheated = True

            def cheat(move, g=g):
                del g.encode_action                              # once
                return encode_wire(A.Walk(59, 0), g.game)        # no such piece on the host
            g.encode_action = cheat
        if g is not None:
            notices += g.match.take_notices()
        if host.finished and run.session.finished:
            break
    assert cheated and host.counters.rejected_actions == 1 and run.session.counters.resyncs >= 1
    assert host.game.game.state_hash() == run.game.game.state_hash()
    assert any("did not accept your last move" in n for n in notices), notices
