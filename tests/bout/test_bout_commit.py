"""Commit-reveal of secret throws: a changed throw, salt or a garbled message is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.modes.bout import actions as A
from game.modes.bout.commit import CommitError, SecretExchange, check_reveal, commitment, seal

S1, S2 = bytes(range(16)), bytes(range(16, 32))


ORIENT = A.KINDS.index(A.Orient)


def test_both_sides_learn_each_others_throw_only_after_committing():
    a = SecretExchange(A.Orient(0, 0, 1, 0), S1)
    b = SecretExchange(A.Orient(1, 2, 0, 0), S2)
    with pytest.raises(CommitError):
        a.reveal_message()                         # no reveal before the peer's commitment
    assert a.receive(b.commit_message()) is None
    assert b.receive(a.commit_message()) is None
    assert a.receive(b.reveal_message()) == A.Orient(1, 2, 0, 0)
    assert b.receive(a.reveal_message()) == A.Orient(0, 0, 1, 0)


def test_a_changed_throw_is_caught():
    a = SecretExchange(A.Orient(0, 0, 1, 0), S1)
    b = SecretExchange(A.Orient(1, 2, 0, 0), S2)
    a.receive(b.commit_message())
    cheat = b"R" + S2 + bytes((ORIENT, 1, 0, 0, 0))       # b saw nothing, but turns aggressive
    with pytest.raises(CommitError, match="does not match"):
        a.receive(cheat)
    assert not check_reveal(commitment(A.Orient(1, 2, 0, 0), S2), A.Orient(1, 2, 0, 0), S1)


@given(st.binary(max_size=80))
def test_garbage_never_crashes(msg):
    a = SecretExchange(A.Orient(0, 0, 1, 0), S1)
    for m in (msg, b"C" + bytes(32), msg):
        try:
            a.receive(m)
        except CommitError:
            pass


def test_secret_mode_bouts_commit_then_reveal_and_replay():
    from game.modes.bout.match import play_bout, to_replay, verify
    from game.modes.bout.scenarios import BoutOptions
    from game.rules.bout.loader import load_bout_ruleset
    rules, _ = load_bout_ruleset()
    res = play_bout(rules, 8, BoutOptions(secret=True), ("hard", "normal"))
    kinds = {A.KINDS[a[0]] for a in res.actions}
    assert A.Commit in kinds and A.Reveal in kinds and A.Orient not in kinds
    assert verify(rules, to_replay(res)).state_hash() == res.final_hash


def test_a_reveal_that_differs_from_the_commitment_is_illegal(tiny):
    from game.modes.base import ActionError
    from tests.bout.conftest import duel
    m = duel(tiny, secret=True)
    assert m.stage_of(0) == "commit"
    c0, r0 = seal(A.Orient(0, 0, 0, 0), S1)
    c1, r1 = seal(A.Orient(1, 2, 0, 0), S2)
    m.apply(c0)
    assert m.stage_of(1) == "commit"            # nothing is known before both have committed
    m.apply(c1)
    assert m.stage_of(0) == "reveal"
    with pytest.raises(ActionError, match="does not match"):
        m.apply(A.Reveal(0, 2, 0, 0, S1))      # fighter 0 committed to aggressive, tries defensive
    m.apply(r0)
    m.apply(r1)
    assert m.fighters[0].orientation == 0 and m.fighters[1].orientation == 2
    m.advance()
    m.apply(A.Target(0, 1))
    m.apply(A.Target(1, 0))
    assert m.holds(0, 1) and not m.holds(1, 0)   # aggressive over defensive
