"""Peer bytes that are JSON inside (snapshots, a generic mode's setup, a GDL module pack) go
through the one bounded JSON reader (`game.core.replayfile.loads_bounded`): brackets nested a
million deep, or a 5000-digit number, are a clean ValueError — not a RecursionError that the
session does not catch (it would end the unit)."""

from __future__ import annotations

import zlib

import pytest

from game.modes.lockstep_game import AdapterBase

DEEP = b"[" * 100_000 + b"]" * 100_000
SETUP_DEEP = b"[" * 600 + b"]" * 600            # fits the 1 KiB setup limit
BIG_NUMBER = b'{"n": ' + b"9" * 5000 + b"}"


@pytest.mark.parametrize("data", [DEEP, BIG_NUMBER, b"{", b"\xff"])
def test_a_hostile_snapshot_is_a_clean_error(data):
    with pytest.raises(ValueError, match="duel snapshot"):
        AdapterBase.read_snapshot(data, "duel", lambda doc: doc)


def test_a_hostile_skirmish_snapshot_is_a_clean_error():
    from game.modes.skirmish.link import SkirmishOverLink
    adapter = SkirmishOverLink.__new__(SkirmishOverLink)       # restore() needs nothing built yet
    for data in (DEEP, BIG_NUMBER):
        with pytest.raises(ValueError, match="skirmish snapshot"):
            adapter.restore(data)


def test_a_hostile_generic_setup_is_a_clean_error():
    from game.modes.driver import GenericLink
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
