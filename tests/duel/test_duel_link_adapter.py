"""The duel's link hook through the one linked-game adapter (`game.link.linked_match.LinkedMatch`),
driven by hand the way firmware_bridge.lockstep drives it: a whole turn (steps, then the final
action) is one move, its steps on the board as they are made, sent when the turn is complete."""

from __future__ import annotations

import pytest

from game.link.linked_match import Move
from game.link.modes import bot_game
from game.modes.base import ActionError, why_not
from game.modes.duel.actions import Action, end_turn, step
from game.modes.duel.link import encode_duel_setup, link_rules_hash
from game.modes.duel.match import RULES_HASH, play_duel
from game.modes.duel.options import DuelOptions
from game.ui.human import HumanDriver

SETUP = encode_duel_setup(DuelOptions(), 200)


def pair(seed=4, bots=("hard", "hard")):
    return bot_game("duel", seed, SETUP, 0, bots[0]), bot_game("duel", seed, SETUP, 1, bots[1])


def test_two_units_play_a_whole_duel_turn_by_turn_in_lockstep():
    host, guest = pair()
    sizes, steps, logged = [], 0, []
    host.match.listen(lambda m, applied: logged.append(m.game.turn) if applied.turn_ended else None)
    while not host.finished():
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        before = other.turn_hash()
        move = mover.next_local_action()
        turn = move.actions
        assert not turn[-1].is_step and all(a.is_step for a in turn[:-1])
        assert move.applied == len(turn) - 1                  # the steps are on the mover's board already
        data = mover.encode_action(move)
        sizes.append(len(data))
        steps += len(turn) - 1
        got = other.decode_action(data)                       # decoded before the other applies it
        assert got.actions == turn and other.is_legal(got) and other.turn_hash() == before
        mover.apply(move)
        other.apply(got)
        assert mover.turn_hash() == other.turn_hash()
    assert guest.finished() and steps > 0 and max(sizes) <= 3
    assert sum(sizes) / len(sizes) < 2.0                     # 1.73 bytes a turn in this duel
    assert logged == list(range(1, host.game.turn + 1))       # the Match heard every completed turn
    assert host.match.replay.actions == guest.match.replay.actions
    # the same duel as the headless runner plays
    r = play_duel(4, bots=("hard", "hard"), max_turns=200)
    assert host.turn_hash().hex() == r.final_hash


def test_illegal_turns_are_refused_and_replaced():
    host, _ = pair()
    g = host.game
    p = g.state.current
    walls = [d for d in range(8) if not g.state.layout.is_open(g.state.layout.grid.step[g.state.wizards[p].pos][d])]
    assert walls
    assert not host.is_legal(Move((step(walls[0]), end_turn())))
    assert not host.is_legal(Move((step(0),)))               # a turn ends with its final action
    assert host.replacement_for(None) == Move((end_turn(),))
    before = host.turn_hash()
    host.apply(host.replacement_for(None))
    assert host.turn_hash() != before and host.game.turn == 1
    for garbage in (b"\x07\x07\x07\x07", b"\x01\x00", b"\xff\xff\xff"):
        with pytest.raises(ActionError, match="duel turn frame"):
            host.decode_action(garbage)


def test_snapshot_restore_resyncs_and_refuses_garbage():
    host, guest = pair()
    for _ in range(6):
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        move = mover.next_local_action()
        got = other.decode_action(mover.encode_action(move))
        mover.apply(move)
        other.apply(got)
    guest.game.state.wizards[0].hp -= 1                    # desync the guest
    assert guest.turn_hash() != host.turn_hash()
    old = guest.game
    guest.restore(host.snapshot())
    assert guest.turn_hash() == host.turn_hash() and guest.match.game is not old
    assert guest.match.replay.meta["resynced_after_actions"] == [len(guest.match.replay.actions)]
    before = guest.turn_hash()
    with pytest.raises(ValueError):
        guest.restore(b"WD\x01\x00garbage")
    assert guest.turn_hash() == before


def person_at(seed):
    """A unit whose wizard to move is played by a person (the screen's driver)."""
    unit = bot_game("duel", seed, SETUP, 0)
    seat = unit.game.state.current
    person = HumanDriver()
    unit.match.drivers[seat] = person
    return unit, unit.game, seat, person


def test_a_persons_steps_show_at_once_and_the_turn_goes_out_whole():
    unit, g, seat, person = person_at(6)
    assert unit.next_local_action() is None
    legal_step = next(a for a in g.legal_actions() if a.is_step)
    person.offer(unit.match, legal_step)
    assert unit.next_local_action() is None                  # still walking: nothing is sent ...
    assert unit.game.state.steps == 1                        # ... but the step is on the board
    person.offer(unit.match, end_turn())
    with pytest.raises(ActionError, match="sending your last action"):
        person.offer(unit.match, end_turn())
    move = unit.next_local_action()
    assert move.actions == (legal_step, end_turn()) and move.applied == 1
    data = unit.encode_action(move)
    assert unit.is_legal(move)
    unit.apply(move)
    assert unit.game.turn == 1
    assert unit.match.replay.actions == [list(unit.game.encode_action(a)) for a in move.actions]
    other = bot_game("duel", 6, SETUP, 1 - seat)
    assert other.decode_action(data).actions == move.actions   # coded against the turn's start
    with pytest.raises(ActionError):
        person.offer(unit.match, Action(8))                    # not this unit's turn now


def test_a_blocked_step_is_refused_before_it_reaches_the_board():
    unit, g, _seat, person = person_at(3)
    while g.state.steps < 5:
        a = next((a for a in g.legal_actions() if a.is_step), None)
        if a is None:
            break
        person.offer(unit.match, a)                          # legal after the steps before it
        unit.next_local_action()
    assert g.state.steps > 0
    blocked = next(a for a in (step(d) for d in range(8)) if why_not(g, a) is not None)
    with pytest.raises(ActionError):
        person.offer(unit.match, blocked)


def test_units_with_the_old_turn_format_refuse_at_hello():
    """The link content carries the TURN payload version; replays keep the rules hash."""
    assert link_rules_hash() != bytes.fromhex(RULES_HASH)
    assert len(link_rules_hash()) == len(bytes.fromhex(RULES_HASH))


def test_replays_are_untouched_by_the_link_format():
    """Replays store action codes under RULES_HASH; the link's turn code is not part of them, so
    replays made before turn code v2 still verify (checked by hand: a v1-era `simulate
    --replay-out` file verifies). Changing RULES_HASH would orphan every stored replay."""
    assert RULES_HASH == "5e7173000b3913462920a7a7f634e2fd"
