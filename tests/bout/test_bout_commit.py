"""Commit-reveal of secret throws: a changed throw, salt or a garbled message is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.modes.bout import actions as A
from game.modes.bout.commit import CommitError, SecretExchange, check_reveal, commitment, seal

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


def test_secret_mode_bouts_commit_then_reveal_and_replay():
    from game.modes.bout.match import play_bout, to_replay, verify
    from game.modes.bout.scenarios import BoutOptions
    from game.rules.bout.loader import load_bout_ruleset
    rules, _ = load_bout_ruleset()
    res = play_bout(rules, 8, BoutOptions(secret=True), ("hard", "normal"))
    kinds = {a[0] for a in res.actions}
    assert A.COMMIT in kinds and A.REVEAL in kinds and A.ORIENT not in kinds
    assert verify(rules, to_replay(res)).state_hash() == res.final_hash


def test_a_reveal_that_differs_from_the_commitment_is_illegal(tiny):
    from game.modes.base import ActionError
    from tests.bout.conftest import make
    g = make(tiny, secret=True)
    assert g.phase == "commit"
    c0, r0 = seal((A.ORIENT, 0, 0, 1), S1)
    c1, r1 = seal((A.ORIENT, 1, 0, 0), S2)
    g.apply(c0)
    assert g.phase == "commit"                   # nothing is known before both have committed
    g.apply(c1)
    assert g.phase == "reveal"
    with pytest.raises(ActionError, match="does not match"):
        g.apply((A.REVEAL, 0, 0, 0, *S1))          # fighter 0 committed to red, tries white
    g.apply(r0)
    g.apply(r1)
    assert g.phase == "attack" and g.pair(0, 1)[0] == 0
