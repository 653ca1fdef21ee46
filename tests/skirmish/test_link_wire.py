"""Skirmish's TURN payload, wire version 2 (game/modes/skirmish/link.py; docs/protocol.md
"Skirmish's TURN payload"): hand-worked bytes, every legal action of real battles round-trips
(hex and square maps), and any bytes from the other unit decode to an action or fail with an
ActionError, changing nothing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.grid import Grid
from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish.bot import SkirmishBot
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.link import SETUP_VERSION, decode_setup, decode_wire, encode_wire
from game.modes.skirmish.setup import parse_seats


def _board():
    """A 32x32 square map; piece 2 on (4, 5), piece 7 on (30, 30)."""
    grid = Grid.square(32, 32)
    pieces = [SimpleNamespace(cell=grid.cell_at(0, i)) for i in range(8)]
    pieces[2].cell, pieces[7].cell = grid.cell_at(4, 5), grid.cell_at(30, 30)
    return SimpleNamespace(grid=grid, pieces=pieces)


def test_hand_worked_bytes():
    """Worked from the layout: one byte = group (2 bits) | piece (6 bits); groups 00 attack (and
    0x3C skip attack, 0x3D end turn), 01 stay, 10 near walk + 1 byte (dx mod 16) << 4 | (dy mod
    16), 11 far walk + the cell as 2 bytes, big-endian.
    - Attack(5): 0b00_000101 = 0x05.      Stay(3): 0b01_000011 = 0x43.
    - Walk(2) from (4, 5) to (6, 3): dx = 2, dy = -2 -> 0x82, 2 << 4 | 14 = 0x2E.
    - Walk(2) from (4, 5) to (4, 13): dy = 8 is past -8..7 -> far: 0xC2, cell 13*32 + 4 = 420 = 0x01A4.
    - Walk(7) from (30, 30) to (22, 30): dx = -8 -> near: 0x87, 8 << 4 | 0 = 0x80."""
    b = _board()
    g = b.grid
    assert encode_wire(A.Attack(5), b) == b"\x05"
    assert encode_wire(A.SkipAttack(), b) == b"\x3c"
    assert encode_wire(A.EndTurn(), b) == b"\x3d"
    assert encode_wire(A.Stay(3), b) == b"\x43"
    assert encode_wire(A.Walk(2, g.cell_at(6, 3)), b) == b"\x82\x2e"
    assert encode_wire(A.Walk(2, g.cell_at(4, 13)), b) == b"\xc2\x01\xa4"
    assert encode_wire(A.Walk(7, g.cell_at(22, 30)), b) == b"\x87\x80"
    for data, action in ((b"\x05", A.Attack(5)), (b"\x3c", A.SkipAttack()), (b"\x3d", A.EndTurn()),
                         (b"\x43", A.Stay(3)), (b"\x82\x2e", A.Walk(2, g.cell_at(6, 3))),
                         (b"\xc2\x01\xa4", A.Walk(2, 420)), (b"\x87\x80", A.Walk(7, g.cell_at(22, 30)))):
        assert decode_wire(data, b) == action


@pytest.mark.parametrize("data, why", [
    (b"", "empty"), (b"\x05\x00", "takes 0 more"), (b"\x3e", "unknown"), (b"\x7f", "no piece 63"),
    (b"\x82", "takes 1 more"), (b"\xc2\x01", "takes 2 more"), (b"\x88\x00", "no such piece"),
    (b"\x82\xa0", "leaves the map"),         # piece 2 on (4, 5), dx = 0xa ^ 8 - 8 = -6: x = -2
])
def test_malformed_bytes_are_refused_with_a_reason(data, why):
    with pytest.raises(ActionError, match=why):
        decode_wire(data, _board())


def test_pieces_past_the_numbering_cannot_be_sent():
    with pytest.raises(ActionError, match="cannot be sent"):
        encode_wire(A.Attack(60), _board())


@pytest.mark.parametrize("mid", ["04_four_rivers", "06_marsh_hexes", "05_hex_isle"])
def test_every_legal_action_of_a_battle_round_trips_in_at_most_3_bytes(default_rs, mid):
    g = SkirmishGame.new(default_rs, default_rs.map(mid), parse_seats("bot:easy,bot:normal"), 4)
    bots = {s: SkirmishBot(g.controller(s).split(":")[1]) for s in g.seats()}
    sizes = {}
    for _ in range(120):
        if g.is_over():
            break
        for a in g.legal_actions():
            data = encode_wire(a, g)
            assert decode_wire(data, g) == a
            assert len(data) <= 3
        a = bots[g.current].choose(g)
        sizes.setdefault(type(a).__name__, []).append(len(encode_wire(a, g)))
        g.apply(a)
    assert sizes["Walk"] and max(sizes["Walk"]) == 2          # a bot's walk is a near walk
    assert all(n == 1 for k, v in sizes.items() if k != "Walk" for n in v)


@pytest.fixture(scope="module")
def hostile_board(default_rs):
    g = SkirmishGame.new(default_rs, default_rs.map("06_marsh_hexes"), parse_seats("bot:easy,bot:easy"), 2)
    return g


@settings(max_examples=400, derandomize=True, deadline=None)
@given(data=st.binary(max_size=6))
def test_any_bytes_are_an_action_or_an_action_error(hostile_board, data):
    g = hostile_board
    before = g.state_hash()
    try:
        a = decode_wire(data, g)
    except ActionError:
        return
    finally:
        assert g.state_hash() == before
    assert len(data) <= 3
    assert encode_wire(a, g) == data or data[0] & 0xC0 == 0xC0    # far walks may be sent near


def test_a_unit_of_the_old_version_is_refused_at_start(default_rs):
    """START's setup begins with the Skirmish link version; version 1 sent 1-4 byte actions."""
    assert SETUP_VERSION == 2
    with pytest.raises(ValueError, match="speaks Skirmish link version 1, this unit version 2: update the older unit"):
        decode_setup(default_rs, bytes([1, 0, 0, 0, 0, 0, 2]))
