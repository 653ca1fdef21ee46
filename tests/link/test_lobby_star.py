"""Four units, one battle (issue 22): a host lobby and three joiners over memory wires, clean and
lossy (drops, duplicates, reordering), play a whole Skirmish battle through the host-authoritative
star; every unit ends with the same state hash and winner."""

from __future__ import annotations

from linkkit import FakeClock
from lobbykit import Guest, run_all, skirmish_lobby


def _battle(faults: dict, seed: int = 5):
    clock = FakeClock()
    lobby = skirmish_lobby(clock, seed=seed)
    guests = [Guest(lobby, clock, f"unit-{k}", link_seed=k, **faults) for k in (1, 2, 3)]
    assert run_all(lobby, guests, clock, 60, lambda: lobby.waiting_for() == 0)
    colours = lobby.colour_seats()
    assert lobby.launch() == ""
    g = lobby.adapter.match.game                     # the player list's colours were the battle's
    assert colours == [g.seat_part.index(i) for i in range(4)]
    assert run_all(lobby, guests, clock, 900, lambda: lobby.finished and all(g.session.finished for g in guests))
    return lobby, guests


def test_four_units_play_a_battle_to_the_same_hash():
    lobby, guests = _battle({})
    res = lobby.result()
    assert res["winner"] and res["turns"] > 20
    assert {g.state_hash for g in guests} == {res["state_hash"]}
    # every unit made moves of its own: it was a four-unit battle, not the host's bots
    assert set(res["moves_by_unit"]) == {"0", "1", "2", "3"}
    units = sorted(g.member.unit for g in guests)
    assert units == [1, 2, 3]


def test_four_units_over_a_lossy_network_end_equal():
    lobby, guests = _battle({"p_drop": 0.08, "p_dup": 0.08, "p_reorder": 0.05}, seed=9)
    res = lobby.result()
    assert {g.state_hash for g in guests} == {res["state_hash"]}
    assert res["retransmits"] > 0 and res["duplicates"] > 0
    summaries = [g.session.game.match.game.placements() for g in guests]
    assert all(s == summaries[0] for s in summaries)
