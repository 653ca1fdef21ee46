"""Linked Skirmish: the joining unit's formation travels in its HELLO (`offer:skirmish`) and the
host merges it into the setup before START, so the guest fights with its own army on both units;
a broken or other-ruleset offer changes nothing (the default army)."""

from __future__ import annotations

import pytest
from linkkit import FakeClock, lossy_pair, pump

from firmware_bridge.session import Session
from game.link.modes import guest_spec, host_spec, split_setup
from game.link.ruleset_holder import RulesetHolder
from game.modes.skirmish.hooks import LINK
from game.modes.skirmish.link import GUEST, HOST, LinkedSeat, decode_setup, encode_setup
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant


@pytest.fixture(scope="module")
def rs():
    from game.rules.skirmish.catalog import find_ruleset
    r, _ = find_ruleset("default")
    return r


def _army(rs):
    ids = [p.id for p in rs.pieces if not p.bot_only]
    return tuple(ids[i % len(ids)] for i in (2, 2, 1, 0, 3, 1, 0, 4, 2)[:9])


def _setup(rs):
    return encode_setup(rs, rs.maps[0].id, Options(pieces_per_turn=0, army_limit=9, turn_limit=3),
                        [LinkedSeat(HOST, Participant("", "bot:easy")), LinkedSeat(GUEST, Participant("Guest", "human"))])


def test_guest_formation_is_merged_before_start_and_both_units_play_it(rs, tmp_path):
    from game.modes.skirmish.setup import check_army
    army = tuple(check_army(rs, list(_army(rs)), False))
    clock = FakeClock()
    a, b, *_ = lossy_pair(clock, 3)
    hs = host_spec("skirmish", setup=_setup(rs), holder=RulesetHolder(rs, tmp_path), level="easy")
    gs = guest_spec(RulesetHolder(rs, tmp_path), level="easy", sides={"skirmish": Participant("Ann", "human", army)})
    assert "offer:skirmish" in gs.content and len(gs.content["offer:skirmish"]) <= 34
    host = Session(a, role="host", app_version="t", content=hs.content, content_provider=hs.content_provider,
                   make_game=hs.make_game, seed=5, options=hs.options, prepare_options=hs.prepare_options)
    guest = Session(b, role="guest", app_version="t", content=gs.content, install_content=gs.install_content,
                    make_game=gs.make_game)
    pump([host, guest], clock, 300.0, until=lambda: host.finished and guest.finished)
    assert host.finished and guest.finished, (host.error, guest.error)
    for unit in (host, guest):
        parts = unit.game.match.header.setup["participants"]
        assert parts[1][0] == "Ann" and tuple(parts[1][2]) == army       # on both units
    assert host.game.game.state_hash() == guest.game.game.state_hash()
    _, _, seats = decode_setup(rs, split_setup(host._start.options)[1])
    assert seats[1].participant.army == army


def test_offers_that_do_not_fit_change_nothing(rs):
    setup = _setup(rs)
    good = LINK.guest_offer(rs, Participant("Ann", "human", _army(rs)))
    assert LINK.merge_offer(rs, setup, good) != setup
    other_ruleset = bytes(8) + good[8:]
    broken = [b"", good[:10], good[:-1], good[:8] + bytes([250]) * 9 + good[17:], good[:-3] + b"\xff\xfe\xfd",
              other_ruleset]
    for offer in broken:
        assert LINK.merge_offer(rs, setup, offer) == setup, offer
    # a host seat is never changed; only the guest's human seats take the offer
    _, _, seats = decode_setup(rs, LINK.merge_offer(rs, setup, good))
    assert seats[0].participant.controller == "bot:easy" and not any(seats[0].participant.army)
