"""GDL games over the link: two lockstep adapters in step, the module sent to a guest that lacks
it, broken packs and actions refused, and a whole game over a noisy cable."""

import pathlib
import sys
import zlib

import pytest

from game.link.gdl_link import GdlOverLink, ModuleHolder, decode_varints, encode_varints, pack_module, unpack_module
from game.modes.gdl.world import World
from game.rules.gdl.loader import load_module

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bridge"))
from linkkit import FakeClock, pump, session_pair

OUTPOST = pathlib.Path(__file__).resolve().parents[2] / "assets" / "gdl" / "outpost.g"


@pytest.fixture(scope="module")
def world():
    return World(load_module(OUTPOST))


def test_two_adapters_stay_in_step(world):
    host, guest = GdlOverLink(world, 3, True), GdlOverLink(world, 3, False)
    n = 0
    while not host.finished():
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        a = mover.next_local_action()
        got = other.decode_action(mover.encode_action(a))
        assert got == list(a) and other.is_legal(got)
        mover.apply(a)
        other.apply(got)
        assert mover.turn_hash() == other.turn_hash()
        n += 1
    assert guest.finished() and n > 10
    snap = host.snapshot()
    fresh = GdlOverLink(world, 99, False)
    fresh.restore(snap)
    assert fresh.turn_hash() == host.turn_hash()


def test_bad_actions_snapshots_and_varints_are_refused(world):
    a = GdlOverLink(world, 1, True)
    assert decode_varints(encode_varints([3, 300, 70000])) == [3, 300, 70000]
    for bad in (b"", b"\x80", b"\x01\x02\x03\x04", b"\xff\xff\xff\xff\xff\x01"):
        with pytest.raises(ValueError):
            a.decode_action(bad)
    assert not a.is_legal([1, 0, 0]) and a.replacement_for([1, 0, 0]) == [0]
    before = a.turn_hash()
    for bad in (b"{not json", b'{"units": []}', b'{"units": 5, "side": 1}'):
        with pytest.raises(ValueError):
            a.restore(bad)
    assert a.turn_hash() == before


def test_module_pack_round_trip_and_limits(world, tmp_path):
    blob = pack_module(world.m, OUTPOST.parent)
    files = unpack_module(blob)
    assert [f for f, _ in files] == ["outpost.g"] and files[0][1] == OUTPOST.read_text()
    for bad in (b"junk", zlib.compress(b"[1,2]"), zlib.compress(b'[["../x.g", "a"]]'),
                zlib.compress(b" " * (5 * 1024 * 1024)), zlib.compress(b"[]")):
        with pytest.raises(ValueError):
            unpack_module(bad)
    guest = ModuleHolder(None, tmp_path)
    assert guest.content_hash == b""
    assert guest.install("gdl-module", blob) == bytes.fromhex(world.m.content_hash)
    assert (tmp_path / "link-received" / "outpost.g").exists()


def test_noisy_cable_whole_game_with_the_module_sent_to_the_guest(world, tmp_path):
    host_holder = ModuleHolder(OUTPOST, tmp_path / "h")
    guest_holder = ModuleHolder(None, tmp_path / "g")
    games = {}

    def host_game(s, o):
        games["host"] = GdlOverLink(host_holder.world, s, True)
        return games["host"]

    def guest_game(s, o):
        games["guest"] = GdlOverLink(guest_holder.world, s, False)
        return games["guest"]

    clock = FakeClock()
    h, g, _ = session_pair(
        clock, seed=5, host_game=host_game, guest_game=guest_game, p_drop=0.03, p_dup=0.03, p_byte=0.005,
        link_seed=2,
        host_kw={"content": {"gdl-module": host_holder.content_hash}, "content_provider": host_holder.provide},
        guest_kw={"content": {"gdl-module": guest_holder.content_hash}, "install_content": guest_holder.install})
    pump([h, g], clock, 900.0, until=lambda: h.finished and g.finished)
    assert h.finished and g.finished
    assert games["host"].turn_hash() == games["guest"].turn_hash()
    assert games["host"].game.over and games["guest"].game.winner == games["host"].game.winner
