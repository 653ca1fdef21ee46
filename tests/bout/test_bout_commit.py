"""Commit-reveal of secret throws: a changed throw, salt or a garbled message is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.modes.bout import actions as A
from game.modes.bout.commit import CommitError, SecretExchange, check_reveal, commitment

S1, S2 = bytes(range(16)), bytes(range(16, 32))


def test_both_sides_learn_each_others_throw_only_after_committing():
    a = SecretExchange((A.ORIENT, 0, 1, 1), S1)
    b = SecretExchange((A.ORIENT, 1, 0, 0), S2)
    with pytest.raises(CommitError):
        a.reveal_message()                         # no reveal before the peer's commitment
    assert a.receive(b.commit_message()) is None
    assert b.receive(a.commit_message()) is None
    assert a.receive(b.reveal_message()) == (A.ORIENT, 1, 0, 0)
    assert b.receive(a.reveal_message()) == (A.ORIENT, 0, 1, 1)


def test_a_changed_throw_is_caught():
    a = SecretExchange((A.ORIENT, 0, 1, 1), S1)
    b = SecretExchange((A.ORIENT, 1, 0, 0), S2)
    a.receive(b.commit_message())
    cheat = b"R" + S2 + bytes((A.ORIENT, 1, 0, 1))        # b saw nothing, but tries red instead
    with pytest.raises(CommitError, match="does not match"):
        a.receive(cheat)
    assert not check_reveal(commitment((A.ORIENT, 1, 0, 0), S2), (A.ORIENT, 1, 0, 0), S1)


@given(st.binary(max_size=80))
def test_garbage_never_crashes(msg):
    a = SecretExchange((A.ORIENT, 0, 1, 1), S1)
    for m in (msg, b"C" + bytes(32), msg):
        try:
            a.receive(m)
        except CommitError:
            pass
