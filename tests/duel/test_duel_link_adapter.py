"""The duel's lockstep adapter, driven by hand the way firmware_bridge.lockstep drives it: a
whole turn (steps, then the final action) is one lockstep action, sent when it is complete."""

from __future__ import annotations

import pytest

from game.modes.base import ActionError, why_not
from game.modes.duel.actions import Action, end_turn, step
from game.modes.duel.bot import DuelBot
from game.modes.duel.game import DuelGame
from game.modes.duel.link import DuelOverLink, link_rules_hash
from game.modes.duel.match import RULES_HASH, play_duel


def pair(seed=4, bots=("hard", "hard"), max_turns=200):
    host = DuelOverLink(DuelGame.new(seed), 0, DuelBot(bots[0]), max_turns=max_turns)
    guest = DuelOverLink(DuelGame.new(seed), 1, DuelBot(bots[1]), max_turns=max_turns)
    return host, guest


def test_two_adapters_play_a_whole_duel_turn_by_turn_in_lockstep():
    host, guest = pair()
    sizes, steps, turns_logged = [], 0, []
    host.on_turn = lambda game, events: turns_logged.append(game.turn)
    while not host.finished():
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        turn = mover.next_local_action()
        assert isinstance(turn, tuple) and not turn[-1].is_step and all(a.is_step for a in turn[:-1])
        data = mover.encode_action(turn)
        sizes.append(len(data))
        steps += len(turn) - 1
        got = other.decode_action(data)                      # decoded before either applies it
        assert got == turn and other.is_legal(got)
        mover.apply(turn)
        other.apply(got)
        assert mover.turn_hash() == other.turn_hash()
    assert guest.finished() and steps > 0 and max(sizes) <= 3
    assert sum(sizes) / len(sizes) < 2.0                     # 1.73 bytes a turn in this duel
    assert turns_logged == list(range(1, host.game.turn + 1))  # one log call per completed turn
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
    assert not host.is_legal(step(0))                       # a single action is not a turn
    assert not host.is_legal((step(0),))                    # a turn ends with its final action
    assert not host.is_legal(None)
    assert host.replacement_for(None) == (end_turn(),)
    before = host.turn_hash()
    host.apply(host.replacement_for(None))
    assert host.turn_hash() != before and g.turn == 1
    for garbage in (b"\x07\x07\x07\x07", b"\x01\x00", b"\xff\xff\xff"):
        with pytest.raises(ActionError, match="duel turn frame"):
            host.decode_action(garbage)


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


def test_a_persons_turn_goes_out_whole_when_it_is_complete():
    g = DuelGame.new(6)
    seat = g.state.current
    link = DuelOverLink(g, seat)
    assert link.next_local_action() is None
    legal_step = next(a for a in g.legal_actions() if a.is_step)
    link.play_local(legal_step)
    assert g.state.steps == 0, "queued: the link's game changes only when the turn is applied"
    assert link.next_local_action() is None                   # still walking: nothing is sent
    link.play_local(end_turn())
    with pytest.raises(ActionError, match="already complete"):
        link.play_local(end_turn())
    turn = link.next_local_action()
    assert turn == (legal_step, end_turn()) and not link.pending
    assert link.decode_action(link.encode_action(turn)) == turn
    link.apply(turn)
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
    blocked = next(a for a in (step(d) for d in range(8)) if why_not(trial, a) is not None)
    with pytest.raises(ActionError):
        link.play_local(blocked)


def test_units_with_the_old_turn_format_refuse_at_hello():
    """The link content carries the TURN payload version; replays keep the rules hash."""
    assert link_rules_hash() != bytes.fromhex(RULES_HASH)
    assert len(link_rules_hash()) == len(bytes.fromhex(RULES_HASH))


def test_replays_are_untouched_by_the_link_format():
    """Replays store action codes under RULES_HASH; the link's turn code is not part of them, so
    replays made before turn code v2 still verify (checked by hand: a v1-era `simulate
    --replay-out` file verifies). Changing RULES_HASH would orphan every stored replay."""
    assert RULES_HASH == "5e7173000b3913462920a7a7f634e2fd"
