"""GDL games over the link, through the mode registry: each unit's game is a Match played through
the one lockstep adapter (`LinkedMatch`); two stay in step, the module is sent to a guest that
lacks it, broken packs, moves and snapshots are refused, a whole game over a noisy cable."""

import json
import pathlib
import sys
import zlib

import pytest

from game.link.modes import bot_game
from game.modes.gdl.actions import End, Move
from game.modes.gdl.hooks import GdlRules
from game.modes.gdl.link import pack_module, unpack_module
from game.modes.link_hook import encode_varints
from game.modes.registry import Request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bridge"))
from linkkit import FakeClock, lossy_pair, pump

OUTPOST = pathlib.Path(__file__).resolve().parents[2] / "assets" / "gdl" / "outpost.g"


@pytest.fixture(scope="module")
def world():
    return GdlRules(OUTPOST).world


def units(rules, seed):
    """The host's and the guest's linked game (LinkedMatch, bots in their own seats)."""
    return bot_game("gdl", seed, b"", 0, rules=rules), bot_game("gdl", seed, b"", 1, rules=rules)


def lockstep(host, guest, limit=100_000) -> int:
    """Both units' moves crossed by hand (the lockstep's part): each move encoded by the unit to
    act, decoded and checked by the other, applied on both; the hashes equal after each."""
    n = 0
    while not host.finished() and n < limit:
        mover, other = (host, guest) if host.whose_turn_is_local() else (guest, host)
        assert mover.whose_turn_is_local() and not other.whose_turn_is_local()
        move = mover.next_local_action()
        got = other.decode_action(mover.encode_action(move))
        assert got.actions == move.actions and other.is_legal(got)
        mover.apply(move)
        other.apply(got)
        assert mover.turn_hash() == other.turn_hash()
        n += 1
    return n


@pytest.fixture(scope="module")
def rules():
    return GdlRules(OUTPOST)


def test_two_units_stay_in_step_each_a_match(rules):
    host, guest = units(rules, 3)
    assert host.match.mode_rules.__class__.__name__ == "GdlMatchRules"
    assert lockstep(host, guest) > 10 and guest.finished() and host.match.over and guest.match.over
    assert host.match.replay.actions == guest.match.replay.actions
    assert host.match.replay.turns == guest.match.replay.turns and host.match.replay.turns[0][0] == 0
    fresh = bot_game("gdl", 99, b"", 1, rules=rules)
    fresh.restore(host.snapshot())
    assert fresh.turn_hash() == host.turn_hash()


def test_a_step_to_a_neighbour_crosses_in_two_bytes(rules):
    """[16 + which neighbour, unit]: the unit's cell's neighbours in the grid's order; any other
    action (a move into the own cell, an attack, End) as its `[code, *fields]`."""
    host, guest = units(rules, 4)
    g = host.game
    steps = [a for a in g.legal_actions() if isinstance(a, Move) and a.cell in g.w.grid.neighbours[g.cell_of(g.units[a.unit])]]
    assert steps
    for a in steps:
        here = g.cell_of(g.units[a.unit])
        data = host.hook.encode_move(g, [a])
        assert data == bytes([16 + g.w.grid.neighbours[here].index(a.cell), a.unit]) and len(data) == 2
        assert guest.hook.decode_move(guest.game, data) == [a]
    assert host.hook.decode_move(g, host.hook.encode_move(g, [End()])) == [End()]
    lonely = next(u for u in g.units if u.alive)
    for bad in ([22, lonely.id], [16, len(g.units)], [16, lonely.id, 1]):
        with pytest.raises(ValueError):
            host.hook.decode_move(g, encode_varints(bad))


def test_bad_moves_setups_and_snapshots_are_refused(rules):
    a, _ = units(rules, 1)
    for bad in (b"", b"\x80", b"\x01\x02\x03\x04\x05", b"\xff\xff\xff\xff\xff\x01", encode_varints([9, 0])):
        with pytest.raises(ValueError):
            a.decode_action(bad)
    from game.link.linked_match import Move as M
    assert not a.is_legal(M((Move(0, 0),))) and a.replacement_for(M((Move(0, 0),))).actions == (End(),)
    before = a.turn_hash()
    for bad in (b"{not json", b'{"units": []}', b'{"units": 5, "side": 1}'):
        with pytest.raises(ValueError):
            a.restore(bad)
    assert a.turn_hash() == before
    with pytest.raises(ValueError, match="gdl setup"):
        bot_game("gdl", 1, b"\x01", 1, rules=rules)
    with pytest.raises(ValueError, match="did not send"):
        bot_game("gdl", 1, b"", 1, rules=GdlRules())


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


def test_a_refused_module_from_the_host_leaves_nothing_and_keeps_the_last_good_one(world, tmp_path):
    """Issue 21 item 6: a module the guest cannot play (here a doubling define/append bomb, refused
    by the loader's list bound; before: MemoryError at 2.45 GB) raises ValueError, its file does not
    stay in link-received/, and the module received before stays installed and loaded."""
    from game.modes.gdl.link_hook import KEY, GdlLink
    hook, guest = GdlLink(install_dir=tmp_path), GdlRules()
    good = hook.install(guest, KEY, pack_module(world.m, OUTPOST.parent))
    before = guest.world
    bomb = "(define a0 (1 2 3 4 5 6 7 8))\n" + "".join(f"(define a{i} (append a{i - 1} a{i - 1}))\n"
                                                     for i in range(1, 41))
    blob = zlib.compress(json.dumps([["bomb.g", bomb]]).encode())
    with pytest.raises(ValueError, match=r"bomb\.g:\d+: .*more than"):
        hook.install(guest, KEY, blob)
    assert sorted(p.name for p in (tmp_path / "link-received").iterdir()) == ["outpost.g"]
    assert not (tmp_path / "link-received.new").exists()
    assert guest.world is before and hook.content(guest) == {KEY: good}


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


GENERATED = """(game-module "gen" (title "Generated"))
(unit-type scout (acp-per-turn 2) (hp-max 2) (vision-range 2)) (unit-type town (hp-max 4))
(terrain-type plain) (terrain-type hill)
(add t* wet-percentile-max 100) (add plain alt-percentile-max 70) (add hill alt-percentile-min 71)
(add hill alt-percentile-max 100)
(add (scout town) start-with (3 1)) (table favored-terrain (u* hill 0))
(table hit-chance (scout u* 60)) (table damage (scout u* 1)) (add town point-value 1) (add scout point-value 0)
(set country-radius-min 2) (set country-separation-min 6) (set last-turn 12)
(area 24 14)
(scorekeeper (do last-side-wins))
"""


def test_a_generated_world_with_fog_stays_in_step_and_restores(tmp_path):
    """Both ends make the same world from the seed; the views (fog) stay in step; a unit that
    joins with another seed restores the host's snapshot: same world (its seed is in the
    snapshot), same views, same hash."""
    p = tmp_path / "gen.g"
    p.write_text(GENERATED)
    rules = GdlRules(p)
    host, guest = units(rules, 7)
    assert host.game.w.m.generated_seed == 7 and host.game.views is not None
    lockstep(host, guest, 400)
    fresh = bot_game("gdl", 99, b"", 1, rules=rules)
    fresh.restore(host.snapshot())
    assert fresh.game.w.m.generated_seed == 7 and fresh.turn_hash() == host.turn_hash()
    assert fresh.game.views.snapshot() == host.game.views.snapshot()
