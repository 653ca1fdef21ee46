"""Peer bytes that are JSON inside (snapshots, a generic mode's setup, a GDL module pack) go
through the one bounded JSON reader (`game.core.replayfile.loads_bounded`): brackets nested a
million deep, or a 5000-digit number, are a clean ValueError — not a RecursionError that the
session does not catch (it would end the unit)."""

from __future__ import annotations

import zlib

import pytest

from game.modes.link_hook import GenericLink, read_snapshot

DEEP = b"[" * 100_000 + b"]" * 100_000
SETUP_DEEP = b"[" * 600 + b"]" * 600            # fits the 1 KiB setup limit
BIG_NUMBER = b'{"n": ' + b"9" * 5000 + b"}"


@pytest.mark.parametrize("data", [DEEP, BIG_NUMBER, b"{", b"\xff"])
def test_a_hostile_snapshot_is_a_clean_error(data):
    with pytest.raises(ValueError, match="duel snapshot"):
        read_snapshot(data, "duel", lambda doc: doc)


def test_a_hostile_skirmish_snapshot_is_a_clean_error():
    from types import SimpleNamespace

    from game.modes.skirmish.hooks import LINK
    match = SimpleNamespace(game=SimpleNamespace(rs=None, gmap=None))     # restore() reads nothing else first
    for data in (DEEP, BIG_NUMBER):
        with pytest.raises(ValueError, match="skirmish snapshot"):
            LINK.restore(match, data)


def test_a_hostile_generic_setup_is_a_clean_error():
    from game.modes.registry import modes
    link = GenericLink(next(iter(modes())))
    for data in (SETUP_DEEP, b'{"options": {"a": {"b": [[[[[[[[[1]]]]]]]]]}}'):      # over 8 levels
        with pytest.raises(ValueError, match="setup"):
            link.decode_setup(data)


def test_a_hostile_module_pack_is_a_clean_error():
    from game.modes.gdl.link import unpack_module
    for data in (DEEP, BIG_NUMBER):
        with pytest.raises(ValueError, match="module pack"):
            unpack_module(zlib.compress(data))
