"""Play rules on the real modules with a seeded PRNG: hit chances, counterattacks, wrecks,
movement limits, the end of Tokyo, replays."""

import pytest

from game.core.replay import parse_replay
from game.modes.base import ActionError
from game.modes.gdl import combat, movement
from game.modes.gdl.actions import Attack, Move
from game.modes.gdl.events import Hit
from game.modes.gdl.game import GdlGame
from game.modes.gdl.match import ReplayError, play, to_replay, verify


def units_of(g, tname):
    t = g.w.m.utypes.index(tname)
    return [u for u in g.units if u.type == t and u.alive]


def put(g, u, x, y):
    g.detach(u)
    g.place(u, g.w.grid.cell_at(x, y))


def test_hill_kid_on_the_hill_is_hit_63_percent(hill):
    g = GdlGame(hill, 1)
    a, b = units_of(g, "kid")[0], units_of(g, "kid")[8]
    put(g, b, 15, 10)                 # the hill
    put(g, a, 14, 10)
    o = combat.odds(g, a, b)
    assert o["hit"] == 90 * 70 // 100 == 63
    assert o["withdraw"] == 50 and o["counter"] == 0
    # mp-to-enter-terrain of the hill is 2: two movement points, 2 ACP at speed 100
    assert movement.total_move_cost(g, 0, -1, hill.grid.cell_at(14, 11), hill.grid.cell_at(15, 10)) == 2


def test_hill_hit_rate_over_many_seeded_attacks(hill):
    hits = 0
    n = 400
    for seed in range(n):
        g = GdlGame(hill, seed)
        a, b = units_of(g, "kid")[0], units_of(g, "kid")[8]
        put(g, b, 15, 10)
        put(g, a, 14, 10)
        ev = []
        combat.attack(g, a, b, ev)
        hits += any(isinstance(e, Hit) and not e.counter for e in ev)
        assert not any(getattr(e, "counter", False) for e in ev)     # counterattack 0
    # half the attacks are withdrawn from, 63 % of the rest hit: about 31.5 %
    assert 0.24 < hits / n < 0.39


def test_tank_hit_brings_a_full_counterattack_while_the_defender_has_acp(duel):
    g = GdlGame(duel, 3)
    a, b = g.units
    put(g, a, 10, 9)
    put(g, b, 10, 10)
    assert combat.odds(g, a, b)["counter"] == 100
    ev = g.apply(Attack(a.id, b.id))
    assert any(isinstance(e, Hit) and not e.counter for e in ev) and any(isinstance(e, Hit) and e.counter for e in ev)
    assert b.acp == 1
    b.acp = 0
    assert combat.odds(g, a, b)["counter"] == 0


def test_monster_wrecks_a_building_into_a_burning_building_with_6_hp(tokyo):
    g = GdlGame(tokyo, 5)
    m = tokyo.m
    mon = units_of(g, "monster")[0]
    bld = next(u for u in g.units if u.name == "Beach Hotel")
    assert tokyo.damage[mon.type][bld.type] == 3
    for _ in range(2):
        ev = []
        mon.acp = 2
        combat.attack(g, mon, bld, ev)       # hit chance 100 (block has no terrain effect)
        assert Hit(mon.id, bld.id, 3) in ev
        assert not any(getattr(e, "counter", False) for e in ev)   # a building never strikes back
    assert m.utypes[bld.type] == "burning building" and bld.hp == 6 and bld.alive


def test_buildings_never_counterattack_even_with_a_hit_chance(tokyo):
    g = GdlGame(tokyo, 1)
    mon = units_of(g, "monster")[0]
    bld = units_of(g, "building")[0]
    assert tokyo.hit[bld.type][mon.type] == 10 and bld.acp == 0
    assert combat.odds(g, mon, bld)["counter"] == 0


def test_movement_limits_in_tokyo(tokyo):
    w, m = tokyo, tokyo.m
    t = {n: m.ttypes.index(n) for n in m.ttypes}
    u = {n: m.utypes.index(n) for n in m.utypes}
    cells = {n: next(c for c in w.grid.cells if w.terrain[c] == t[n] and not w.edge[c]) for n in t}
    for mover in ("mob", "fire department"):
        assert not any(movement.could_enter(w, u[mover], cells[x]) for x in ("sea", "beach", "block", "fields", "trees"))
        assert movement.could_enter(w, u[mover], cells["street"])
    assert movement.could_enter(w, u["monster"], cells["sea"])
    assert not movement.could_enter(w, u["national guard"], cells["sea"])
    g = GdlGame(tokyo, 1)
    guard = units_of(g, "national guard")[0]
    for b in ("building", "wrecked building", "rubble pile"):
        # mp-to-enter-unit 1 (ferry-on-entry over-border: no terrain cost) = 1 ACP, + acp-to-enter-unit 1
        assert movement.total_entry_cost(g, u["national guard"], -1, g.cell_of(guard), u[b], g.cell_of(guard)) == 1
    assert w.mp_enter_unit[u["national guard"]][u["burning building"]] == 99
    for mob in units_of(g, "mob"):
        for a in g.unit_actions(mob):
            if isinstance(a, Move):
                assert w.terrain[a.cell] == t["street"]


def test_tokyo_ends_when_the_monster_dies(tokyo):
    g = GdlGame(tokyo, 2)
    mon = units_of(g, "monster")[0]
    guard = units_of(g, "national guard")[0]
    put(g, mon, 20, 8)
    put(g, guard, 21, 8)
    mon.hp = 1
    for _ in range(30):
        if g.over:
            break
        guard.acp = 2
        g.side_index = g.sides.index(guard.side)
        try:
            g.apply(Attack(guard.id, mon.id))
        except ActionError:
            put(g, mon, 20, 8)
    assert g.over and g.winner_side == 1 and not mon.alive


def test_edge_ring_cannot_be_entered(duel):
    g = GdlGame(duel, 1)
    a = g.units[0]
    w = duel
    edge = [c for c in w.grid.cells if w.edge[c]]
    assert edge
    put(g, a, *w.grid.coords(w.grid.neighbours[edge[0]][0]))
    for act in g.unit_actions(a):
        if isinstance(act, Move):
            assert not w.edge[act.cell]


def test_illegal_and_malformed_actions_are_refused(duel):
    g = GdlGame(duel, 1)
    before = g.state_hash()
    for bad in (Move(0, 0), Move(99, 1), Attack(0, 1), g.decode_action([9, 9, 9, 9]), [1, 0, 0], "x"):
        with pytest.raises(ActionError):
            g.apply(bad)
    for data in ([0, 1], [15, 1, 1], "x", [], [-1], [True], [1, 0, 1 << 20], [1, 0, 0, 0, 0]):
        with pytest.raises(ActionError):
            g.decode_action(data)
    assert g.state_hash() == before


@pytest.mark.parametrize("name", ["duel", "hill", "tokyo"])
def test_bot_games_end_and_replay_identically(name, request):
    world = request.getfixturevalue(name)
    res = play(world, 1)
    assert res.game.over
    again = play(world, 1)
    assert again.game.state_hash() == res.game.state_hash() and again.actions == res.actions
    rp = parse_replay(to_replay(res).to_data())
    assert verify(rp, world).state_hash() == res.game.state_hash()
    rp.actions[len(rp.actions) // 2] = [0]             # an End where the bot acted
    with pytest.raises(ReplayError):
        verify(rp, world)


def test_replays_of_older_rules_are_refused_with_a_clear_message(duel):
    rp = parse_replay(to_replay(play(duel, 1)).to_data())
    assert rp.options["gdl-rules"] == 2 and verify(rp, duel).over
    del rp.options["gdl-rules"]
    with pytest.raises(ReplayError, match="version 1 of Tactibox's GDL rules"):
        verify(rp, duel)
