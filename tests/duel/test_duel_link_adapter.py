"""The duel's lockstep adapter, driven by hand the way firmware_bridge.lockstep drives it."""

from __future__ import annotations

import pytest

from game.modes.base import ActionError
from game.modes.duel.actions import Action, end_turn, step
from game.modes.duel.bot import DuelBot
from game.modes.duel.game import DuelGame
from game.modes.duel.link import DuelOverLink
from game.modes.duel.match import play_duel


def pair(seed=4, bots=("hard", "hard"), max_turns=200):
    host = DuelOverLink(DuelGame.new(seed), 0, DuelBot(bots[0]), max_turns=max_turns)
    guest = DuelOverLink(DuelGame.new(seed), 1, DuelBot(bots[1]), max_turns=max_turns)
    return host, guest


def test_two_adapters_play_a_whole_duel_in_step_with_one_frame_per_turn():
    host, guest = pair()
    sizes = []
    while not host.finished():
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        turn = mover.next_local_action()
        data = mover.encode_action(turn)
        sizes.append(len(data))
        mover.apply(turn)
        got = other.decode_action(data)
        assert other.is_legal(got)
        other.apply(got)
        assert mover.turn_hash() == other.turn_hash()
    assert guest.finished() and 1 <= max(sizes) <= 3
    # the same duel as the headless runner plays
    r = play_duel(4, bots=("hard", "hard"), max_turns=200)
    assert host.turn_hash().hex() == r.final_hash


def test_illegal_turns_are_refused_and_replaced():
    host, _ = pair()
    g = host.game
    p = g.state.current
    walls = [d for d in range(8) if not g.state.layout.is_open(g.state.layout.grid.step[g.state.wizards[p].pos][d])]
    assert walls
    assert not host.is_legal((step(walls[0]), end_turn()))
    assert not host.is_legal((step(0),))                   # no final action
    assert not host.is_legal(())
    assert host.replacement_for(None) == (end_turn(),)
    before = host.turn_hash()
    host.apply(host.replacement_for(None))
    assert host.turn_hash() != before and g.turn == 1
    with pytest.raises(ActionError):
        host.decode_action(b"\x07")


def test_snapshot_restore_resyncs_and_refuses_garbage():
    host, guest = pair()
    for _ in range(6):
        mover = host if host.whose_turn_is_local() else guest
        turn = mover.next_local_action()
        host.apply(turn)
        guest.apply(turn)
    guest.game.state.wizards[0].hp -= 1                    # desync the guest
    assert guest.turn_hash() != host.turn_hash()
    guest.restore(host.snapshot())
    assert guest.turn_hash() == host.turn_hash()
    before = guest.turn_hash()
    with pytest.raises(ValueError):
        guest.restore(b"WD\x01\x00garbage")
    assert guest.turn_hash() == before


def test_a_person_builds_a_turn_step_by_step():
    g = DuelGame.new(6)
    seat = g.state.current
    link = DuelOverLink(g, seat)
    assert link.next_local_action() is None
    legal_step = next(a for a in g.legal_actions() if a.is_step)
    link.play_local(legal_step)
    assert g.state.steps == 0, "steps are previewed, the real game waits for the whole turn"
    assert link.next_local_action() is None
    link.play_local(end_turn())
    turn = link.next_local_action()
    assert turn == (legal_step, end_turn())
    link.apply(turn)
    assert g.turn == 1
    with pytest.raises(ActionError):
        link.play_local(Action(8))
