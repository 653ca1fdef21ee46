"""Dungeon co-op (issue 18 item 7), the engine: two hero seats in one WE-GO step, each key sealed
(the bout's commitment) and revealed before the step runs; single-player runs unchanged."""

import hashlib
import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.replay import load_replay
from game.modes.base import ActionError
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon.actor import HERO, PARTNER
from game.modes.bout.dungeon.botplay import CoopBot
from game.modes.bout.dungeon.coop import CoopGame, seal_of
from game.modes.bout.dungeon.game import DungeonGame
from game.modes.bout.dungeon.level import WAIT
from game.modes.bout.hooks import verify as bout_verify

MAIN_REPLAYS = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "bout" / "dungeon_replays_main"
SALT = bytes(range(16))


def _bots(seed):
    return [CoopBot("hard", seed, s) for s in (0, 1)]


def play(rules, data, seed, limit=200_000):
    g = CoopGame(rules, data, seed)
    bots, n = _bots(seed), 0
    while not g.is_over() and n < limit:
        g.apply(bots[g.to_act()].choose(g))
        n += 1
    return g, n


@pytest.mark.parametrize("name", ["seed3.json", "seed11.json", "seed4.json"])
def test_single_player_replays_recorded_before_coop_still_verify(name):
    """Recorded by main ff0a1ef (before co-op) with `tactibox simulate --mode bout --scenario
    dungeon --seats bot:hard|normal|easy`; every turn hash and the final state still match."""
    rep = load_replay(MAIN_REPLAYS / name)
    v = bout_verify(rep)
    assert v.ok, v.problems
    assert v.turns_checked == len(rep.turns) > 100
    assert v.state_hash == rep.result["state_hash"]


def test_single_player_refuses_seals_and_reveals(rules, data):
    g = DungeonGame(rules, data, 3)
    for a in (A.Seal(0, bytes(16)), A.Open(0, SALT, ())):
        with pytest.raises(ActionError):
            g.check(a)


def test_two_heroes_seal_then_reveal_and_the_step_runs_after_the_second_reveal(rules, data):
    """Seat 0 seals, seat 1 seals, seat 0 reveals, seat 1 reveals: only then does the step run
    (turn 0 -> 1). The seal is the bout's commitment, cut to 16 bytes, worked by hand:
    BLAKE2b-256("tactibox/bout/commit/v1" + salt + bytes([0, 2]))[:16] for Step(2)."""
    g = CoopGame(rules, data, 1)
    assert [g.actors[0].role, g.actors[1].role] == [HERO, PARTNER]
    assert g.actors[1].t.name == data.companion["name"] and len(g.actors[1].items) == len(g.actors[0].items)
    want = hashlib.blake2b(b"tactibox/bout/commit/v1" + SALT + bytes([0, 2]), digest_size=32).digest()[:16]
    assert seal_of(A.Step(2), SALT) == want
    assert g.to_act() == 0
    g.apply(A.Seal(0, want))
    assert g.to_act() == 1 and g.turn == 0
    with pytest.raises(ActionError):
        g.check(A.Open(1, SALT, (0, 2)))                  # a reveal before his seal
    g.apply(A.Seal(1, seal_of(A.Step(WAIT), SALT)))
    assert g.to_act() == 0 and g.turn == 0
    with pytest.raises(ActionError, match="does not match"):
        g.check(A.Open(0, SALT, (0, 3)))                  # another key than the sealed one
    start = g.actors[0].pos
    g.apply(A.Open(0, SALT, (0, 2)))
    assert g.to_act() == 1 and g.turn == 0
    g.apply(A.Open(1, SALT, (0, WAIT)))
    assert g.turn == 1 and not g.sealed and not g.opened
    assert g.actors[0].pos != start or any(e.kind == "square_lost" for e in g.events)


def test_a_forfeit_reveal_waits(rules, data):
    g = CoopGame(rules, data, 1)
    g.apply(A.Seal(0, seal_of(A.Step(2), SALT)))
    g.apply(A.Seal(1, seal_of(A.Step(2), SALT)))
    here = [g.actors[0].pos, g.actors[1].pos]
    g.apply(A.Open(0, bytes(16), ()))
    g.apply(A.Open(1, bytes(16), ()))
    assert g.turn == 1 and [g.actors[0].pos, g.actors[1].pos] == here


def test_the_stairs_need_the_other_hero_out_of_a_fight(rules, data):
    g = CoopGame(rules, data, 1)
    g.actors[0].pos = g.level.stairs
    g._reindex()
    g.check_key(0, A.Descend())
    g.actors[1].eng = 99
    with pytest.raises(ActionError, match="middle of a fight"):
        g.check_key(0, A.Descend())


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_coop_run_is_deterministic_and_restores_mid_run(rules, data, seed):
    a, n = play(rules, data, seed)
    b, m = play(rules, data, seed)
    assert a.is_over() and n == m and a.state_hash() == b.state_hash()
    assert a.outcome in ("escaped", "fell", "timeout")
    g = CoopGame(rules, data, seed)
    bots = _bots(seed)
    for _ in range(n // 2):
        g.apply(bots[g.to_act()].choose(g))
    r = CoopGame.restore(rules, json.loads(json.dumps(g.snapshot())), data)
    assert r.state_hash() == g.state_hash() and r.to_act() == g.to_act()


def test_a_broken_coop_snapshot_is_refused(rules, data):
    g = CoopGame(rules, data, 1)
    g.apply(A.Seal(0, bytes(16)))
    snap = g.snapshot()
    for bad in ({**snap, "coop": 0}, {**snap, "sealed": [[5, "00" * 16]]}, {**snap, "sealed": [[0, "00"]]},
                {**snap, "opened": [[1, 0, 2]]}):
        with pytest.raises((ValueError, KeyError, TypeError)):
            CoopGame.restore(rules, bad, data)
    with pytest.raises(ValueError):
        DungeonGame.restore(rules, {**snap, "actors": snap["actors"]}, data)   # a partner is no lone run's


def test_simulate_coop_and_verify_its_replay(tmp_path, capsys):
    from game.cli import main
    out = tmp_path / "coop.json"
    assert main(["simulate", "--mode", "bout", "--scenario", "dungeon", "--seats", "bot:hard,bot:hard",
                 "--seed", "2", "--json", "--replay-out", str(out)]) == 0
    s = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert s["coop"] is True and len(s["heroes"]) == 2 and s["result"] in ("escaped", "fell", "timeout")
    for k in ("depth", "explored_cells", "foes_met", "exchanges"):
        assert k in s
    rep = json.loads(out.read_text())
    assert rep["options"] == {"scenario": "dungeon", "coop": True} and rep["setup"]["seats"] == ["bot:hard", "bot:hard"]
    assert main(["replay", str(out), "--verify"]) == 0
    rep["actions"][3] = [0, 4]                        # a step key where a seal belongs
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rep))
    assert main(["replay", str(bad), "--verify"]) != 0


@pytest.mark.parametrize("seats", ["bot:hard,human:x", "bot:hard,bot:hard,bot:hard", "bot:hard,bot:godlike"])
def test_bad_coop_seats_are_refused(capsys, seats):
    from game.cli import main
    assert main(["simulate", "--mode", "bout", "--scenario", "dungeon", "--seats", seats, "--seed", "2"]) != 0
    assert "seat" in capsys.readouterr().err


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 255), min_size=0, max_size=40))
def test_hostile_action_ints_are_refused_cleanly(ints):
    """Any list of ints decodes to an action or raises ActionError (a ValueError), never more."""
    try:
        a = A.decode(ints)
    except ActionError:
        return
    assert A.decode(A.encode(a)) == a
    assert len(ints) <= A.MAX_INTS
