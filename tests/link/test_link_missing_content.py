"""Issue 21 item 4: a paired unit whose HELLO lacks a content key the host expects (`duel-rules`,
`bout-rules`: keys the host cannot send) is refused with a clear reason — that unit only. Before,
the host's session failed and its game ended. The host keeps waiting, and the next unit that
pairs plays (and takes over a game in progress)."""

from __future__ import annotations

import pytest
from linkkit import FakeClock, pump, session_pair

from firmware_bridge.pairing import key_from_code
from firmware_bridge.reliable import ReliableLink
from firmware_bridge.session import Session
from game.link.modes import guest_spec, host_spec
from game.modes.registry import Request

KEY = key_from_code("271828")


def _sessions(mode: str, guest_content: dict, clock):
    spec = host_spec(mode, req=Request(turn_limit=16), level="easy")
    h, g, _ = session_pair(clock, host_game=spec.make_game, guest_game=lambda s, o: None,
                           host_kw=dict(content=spec.content, content_provider=spec.content_provider,
                                        install_content=spec.install_content, options=spec.options,
                                        prepare_options=spec.prepare_options, pairing_key=KEY),
                           guest_kw=dict(content=guest_content, pairing_key=KEY))
    return h, g, spec


def _next_unit(old: Session, clock) -> Session:
    """A proper joining unit on the same line (it connects after the refused one)."""
    spec = guest_spec(level="easy")
    return Session(ReliableLink(old.link.transport, now=clock), role="guest", app_version="test-1",
                   unit_name="good guest", content=spec.content, content_provider=spec.content_provider,
                   install_content=spec.install_content, make_game=spec.make_game, pairing_key=KEY)


@pytest.mark.parametrize("mode,key", [("duel", "duel-rules"), ("bout", "bout-rules")])
def test_a_paired_unit_lacking_a_content_key_is_refused_and_the_host_goes_on(mode, key):
    clock = FakeClock()
    h, bad, spec = _sessions(mode, {"something-else": b"x"}, clock)
    assert key in spec.content
    pump([h, bad], clock, 10.0, until=lambda: bad.failed)
    pump([h, bad], clock, 1.0)
    assert bad.failed and key in bad.error and "host cannot send" in bad.error
    assert not h.failed and key in h.notice and h.status_text() == h.notice
    assert h.state == "hello" and not h.paired and h.lockstep is None
    good = _next_unit(bad, clock)
    pump([h, good], clock, 300.0, until=lambda: h.finished and good.finished)
    assert h.finished and good.finished and h.result()["state_hash"] == good.result()["state_hash"]


def test_a_unit_that_reports_an_error_mid_game_leaves_the_game_to_the_next_unit():
    """A paired unit that gives up mid-game (its ERROR) no longer ends the host's game either."""
    clock = FakeClock()
    spec = guest_spec(level="easy")
    h, g, _ = _sessions("duel", spec.content, clock)
    g.make_game, g.install_content = spec.make_game, spec.install_content
    pump([h, g], clock, 60.0, until=lambda: h.lockstep is not None and h.lockstep.turns >= 4)
    g._fail(7, "this unit gave up")
    pump([h, g], clock, 2.0)
    assert not h.failed and "gave up" in h.notice and h._resume_pending and h.lockstep.turns >= 4
    good = _next_unit(g, clock)
    pump([h, good], clock, 300.0, until=lambda: h.finished and good.finished)
    assert h.finished and good.finished and h.result()["state_hash"] == good.result()["state_hash"]
