"""GDL games over the link, through the mode registry: two lockstep adapters in step, the module
sent to a guest that lacks it, broken packs and actions refused, a whole game over a noisy cable."""

import pathlib
import sys
import zlib

import pytest

from game.modes.gdl.hooks import GdlRules
from game.modes.gdl.link import GdlOverLink, decode_varints, encode_varints, pack_module, unpack_module
from game.modes.registry import Request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bridge"))
from linkkit import FakeClock, lossy_pair, pump

OUTPOST = pathlib.Path(__file__).resolve().parents[2] / "assets" / "gdl" / "outpost.g"


@pytest.fixture(scope="module")
def world():
    return GdlRules(OUTPOST).world


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
    fresh = GdlOverLink(world, 99, False)
    fresh.restore(host.snapshot())
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
    from game.modes.gdl.link_hook import KEY, GdlLink
    blob = pack_module(world.m, OUTPOST.parent)
    files = unpack_module(blob)
    assert [f for f, _ in files] == ["outpost.g"] and files[0][1] == OUTPOST.read_text()
    for bad in (b"junk", zlib.compress(b"[1,2]"), zlib.compress(b'[["../x.g", "a"]]'),
                zlib.compress(b" " * (5 * 1024 * 1024)), zlib.compress(b"[]")):
        with pytest.raises(ValueError):
            unpack_module(bad)
    hook = GdlLink(install_dir=tmp_path)
    guest = GdlRules()
    assert hook.content(guest) == {KEY: b""}
    with pytest.raises(ValueError):
        hook.install(guest, KEY, b"junk")
    assert guest.world is None
    assert hook.install(guest, KEY, blob) == bytes.fromhex(world.m.content_hash)
    assert (tmp_path / "link-received" / "outpost.g").exists() and guest.world is not None


def test_noisy_cable_whole_game_with_the_module_sent_to_the_guest(world, tmp_path, monkeypatch):
    from firmware_bridge.session import Session
    from game.link.modes import guest_spec, host_spec
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "guest-data"))
    clock = FakeClock()
    a, b, _, _ = lossy_pair(clock, 2, p_drop=0.03, p_dup=0.03, p_byte=0.003)
    hs = host_spec("gdl", req=Request(seed=5, options={"module": str(OUTPOST)}), level="hard")
    gs = guest_spec(level="normal")
    assert gs.content["gdl-module"] == b""
    host = Session(a, role="host", app_version="t", content=hs.content, make_game=hs.make_game, seed=5,
                   options=hs.options, content_provider=hs.content_provider)
    guest = Session(b, role="guest", app_version="t", content=gs.content, make_game=gs.make_game,
                    install_content=gs.install_content)
    pump([host, guest], clock, 900.0, until=lambda: host.finished and guest.finished)
    assert host.finished and guest.finished, (host.state, host.error, guest.state, guest.error)
    assert host.game.turn_hash() == guest.game.turn_hash() and host.game.game.over
    assert (tmp_path / "guest-data" / "gdl" / "link-received" / "outpost.g").exists()
    assert hs.summary(host.game)["winner"] == gs.summary(guest.game)["winner"]
