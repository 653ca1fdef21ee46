"""Text problems the tour's probe finds in screens today, each with its owner: the ratchet.

A shot's problem that matches an entry here (the shot's name, and a piece of the problem's
words) does not fail tests/ui/test_contact_sheet.py; an entry that matches nothing at any size
does ("fixed: remove the line"), so this list only shrinks. Mode engineers: fix yours and delete
the line; never add one to make a test pass without writing why and who fixes it.
"""

from __future__ import annotations

# (shot, words in the problem, owner, what is wrong)
KNOWN = (
)


def known(shot: str, problem: str) -> bool:
    return any(shot == s and words in problem for s, words, _, _ in KNOWN)
