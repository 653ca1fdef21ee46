"""The duel's lockstep adapter, driven by hand the way firmware_bridge.lockstep drives it: every
step and final action is its own lockstep action, sent as it is made."""

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


def test_two_adapters_play_a_whole_duel_step_by_step_in_lockstep():
    host, guest = pair()
    sizes, steps, turns_logged = [], 0, []
    host.on_turn = lambda game, events: turns_logged.append(game.turn)
    while not host.finished():
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        action = mover.next_local_action()
        data = mover.encode_action(action)
        sizes.append(len(data))
        steps += action.is_step
        mover.apply(action)
        got = other.decode_action(data)
        assert got == action and other.is_legal(got)
        other.apply(got)
        assert mover.turn_hash() == other.turn_hash()          # exact after every single step
    assert guest.finished() and set(sizes) == {1} and steps > 0
    assert turns_logged == list(range(1, host.game.turn + 1))  # one log call per completed turn
    # the same duel as the headless runner plays
    r = play_duel(4, bots=("hard", "hard"), max_turns=200)
    assert host.turn_hash().hex() == r.final_hash


def test_illegal_actions_are_refused_and_replaced():
    host, _ = pair()
    g = host.game
    p = g.state.current
    walls = [d for d in range(8) if not g.state.layout.is_open(g.state.layout.grid.step[g.state.wizards[p].pos][d])]
    assert walls
    assert not host.is_legal(step(walls[0]))
    assert not host.is_legal((step(0), end_turn()))          # a whole turn is not an action any more
    assert not host.is_legal(None)
    assert host.replacement_for(None) == end_turn()
    before = host.turn_hash()
    host.apply(host.replacement_for(None))
    assert host.turn_hash() != before and g.turn == 1
    for garbage in (b"", b"\x07\x07", bytes([200])):
        with pytest.raises(ActionError):
            host.decode_action(garbage)


def test_snapshot_restore_resyncs_and_refuses_garbage():
    host, guest = pair()
    for _ in range(12):
        mover = host if host.whose_turn_is_local() else guest
        action = mover.next_local_action()
        host.apply(action)
        guest.apply(action)
    guest.game.state.wizards[0].hp -= 1                    # desync the guest
    assert guest.turn_hash() != host.turn_hash()
    guest.restore(host.snapshot())
    assert guest.turn_hash() == host.turn_hash()
    before = guest.turn_hash()
    with pytest.raises(ValueError):
        guest.restore(b"WD\x01\x00garbage")
    assert guest.turn_hash() == before


def test_a_persons_steps_go_out_one_by_one():
    g = DuelGame.new(6)
    seat = g.state.current
    link = DuelOverLink(g, seat)
    assert link.next_local_action() is None
    legal_step = next(a for a in g.legal_actions() if a.is_step)
    link.play_local(legal_step)
    assert g.state.steps == 0, "queued: the lockstep takes it on its next poll"
    assert link.next_local_action() == legal_step             # sent on its own, before the turn ends
    link.apply(legal_step)
    assert g.state.steps == 1 and g.turn == 0
    assert link.next_local_action() is None
    link.play_local(end_turn())
    with pytest.raises(ActionError, match="already complete"):
        link.play_local(end_turn())
    assert link.next_local_action() == end_turn()
    link.apply(end_turn())
    assert g.turn == 1
    with pytest.raises(ActionError):
        link.play_local(Action(8))                          # not this unit's turn now


def test_queued_steps_are_checked_against_the_queue():
    g = DuelGame.new(3)
    link = DuelOverLink(g, g.state.current)
    trial = DuelGame(g.state.clone())
    while trial.state.steps < 5:
        a = next((a for a in trial.legal_actions() if a.is_step), None)
        if a is None:
            break
        link.play_local(a)                                  # legal after the steps queued before it
        trial.apply(a)
    assert len(link.pending) == trial.state.steps > 0 and g.state.steps == 0
    blocked = next(a for a in (step(d) for d in range(8)) if trial.illegal_reason(a) is not None)
    with pytest.raises(ActionError):
        link.play_local(blocked)
