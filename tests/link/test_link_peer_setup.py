"""START's setup and the guest's offer are the other unit's bytes: an engine that trips over them
with something other than a ValueError (its own bug, or a hostile peer) must refuse the game the
way a bad setup is refused - the joining unit fails with a clear error, the host is told and goes
on waiting for a unit (issue 21 item 4) - and never stop a unit with a stray exception."""

from __future__ import annotations

import link_dummy
import pytest
from link_dummy import PEBBLES
from linkkit import FakeClock, lossy_pair

from game.link.modes import guest_spec, host_spec, peer_bytes, tag_setup
from game.link.run import spec_session
from game.modes.registry import Request, register, unregister


@pytest.fixture(autouse=True)
def pebbles():
    register(PEBBLES, replace=True)
    yield
    unregister("pebbles")


def trip(rules, seed, options, seats):
    return [][int(options["pebbles"])]               # an engine's IndexError on these options


@pytest.mark.parametrize("error", [IndexError, KeyError, TypeError, ZeroDivisionError, AttributeError])
def test_an_engine_tripping_over_peer_bytes_is_a_clear_value_error(error):
    def boom():
        raise error("deep in the engine")
    with pytest.raises(ValueError, match=r"pebbles setup: this unit cannot start that game \(" + error.__name__):
        with peer_bytes("pebbles", "setup"):
            boom()


def test_the_guest_refuses_a_start_its_engine_trips_over(monkeypatch):
    clock = FakeClock()
    a, b, *_ = lossy_pair(clock, 7)
    hs = host_spec("pebbles", req=Request(seed=2, options={"pebbles": 40}), level="easy")
    host = spec_session(a, role="host", spec=hs, unit_name="Red unit", seed=2)
    guest = spec_session(b, role="guest", spec=guest_spec(level="easy"), unit_name="Blue unit")
    tripped = False
    for _ in range(5000):
        clock.advance(0.01)
        host.poll()
        if host.lockstep is not None and not tripped:    # the host's game is made; the guest's is next
            monkeypatch.setattr(link_dummy, "new_game", trip)
            tripped = True
        guest.poll()                                     # must not raise
        if guest.failed and host.notice:
            break
    assert tripped and guest.failed, (guest.state, guest.error)
    assert "cannot start the host's game" in guest.error and "IndexError" in guest.error, guest.error
    assert host.state == "hello" and not host.failed            # waits for another unit, its game kept
    assert "IndexError" in host.notice, host.notice              # and says why this one left


def test_the_guest_spec_refuses_a_setup_its_engine_trips_over(monkeypatch):
    spec = guest_spec(level="easy")
    setup = tag_setup("pebbles", host_spec("pebbles", req=Request(options={"pebbles": 9})).options[1 + len("pebbles"):])
    assert spec.make_game(3, setup).game.pile == 9      # the sound setup starts
    monkeypatch.setattr(link_dummy, "new_game", trip)
    with pytest.raises(ValueError, match="IndexError"):
        spec.make_game(3, setup)
