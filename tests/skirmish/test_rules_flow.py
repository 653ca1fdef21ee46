"""Skirmish turn flow on the mini ruleset: placement, rest, pieces per turn, attacks, elimination."""

import pytest

from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.rules.skirmish.schema import SEAT_NAMES


def duel(rs, red_army=("brute", "pike"), green_army=("brute", "pike"), seed=0, **opts):
    """Two humans on the 9x2 'Duel Strip'; returns the game with seat 0 = red."""
    gmap = rs.map("duel")
    parts = [Participant("Ann", "human", tuple(red_army)), Participant("Bob", "human", tuple(green_army))]
    for s in range(200):   # find a seed where Ann sits red (seats are random, as in WoS)
        g = SkirmishGame.new(rs, gmap, parts, seed + s, Options(**opts))
        if g.seat_part[0] == 0:
            return g
    raise AssertionError("no seed seats Ann on red")


def cell(g, x, y):
    return g.grid.cell_at(x, y)


def test_formation_by_hand(mini):
    g = duel(mini)
    red = {g.rs.pieces[p.kind].id: g.grid.coords(p.cell) for p in g.army(0)}
    green = {g.rs.pieces[p.kind].id: g.grid.coords(p.cell) for p in g.army(1)}
    # red starts at (0,0) facing east (map centre (4,1)): slot 1 (front-left) is off the map and
    # falls back to the start cell; slot 2 (front-centre) is (1,0)
    assert red == {"brute": (0, 0), "pike": (1, 0)}
    # green starts at (8,0) facing west, so its left is south: front-left (7,1), front-centre (7,0)
    assert green == {"brute": (7, 1), "pike": (7, 0)}


def test_pieces_start_fully_rested_and_movement_rules(mini):
    g = duel(mini)
    brute = next(p for p in g.army(0) if g.rs.pieces[p.kind].id == "brute")
    assert brute.rest == 3 and brute.hp == 12
    dest = set(g.reach(brute).cells())
    # brute (MOB 3, movement E) at (0,0); pike stands on (1,0) and blocks it.
    # (0,1) 1 step, (1,1) 2, (2,1) 3, (2,0) mud costs 2: 3+2 > 3 -> out of reach
    assert dest == {cell(g, 0, 1), cell(g, 1, 1), cell(g, 2, 1)}


def test_water_mud_and_cliffs(mini):
    g = duel(mini, red_army=("brute", "sprite"), green_army=("brute",))
    brute, sprite = g.army(0)
    # row 0 is R . m ~ ^ . # . G ; the brute stands on (0,0), the sprite (MOB 4, flies) on (1,0)
    assert g.grid.coords(sprite.cell) == (1, 0)
    reach = g.reach(sprite)
    assert reach.cost_to(cell(g, 2, 0)) == 2           # mud costs 2
    assert reach.cost_to(cell(g, 3, 0)) == 3           # water is open to Air
    assert reach.cost_to(cell(g, 4, 0)) == 4           # the cliff: flyers ignore elevation
    assert cell(g, 5, 0) not in reach                  # a 5th point of movement
    # the cliff tile stands 2 higher than its neighbours: walkers (step limit 1) never enter it
    g._move(brute, cell(g, 4, 1))
    assert cell(g, 4, 0) not in g.reach(brute)
    assert cell(g, 3, 0) not in g.reach(brute)         # nor water
    assert cell(g, 6, 0) not in g.reach(sprite)        # the wall is closed to every movement type


def test_walk_attack_and_rest_under_all_rested(mini):
    g = duel(mini, red_army=("pike",), green_army=("brute",), pieces_per_turn=0)
    if g.current != 0:
        g.apply(A.EndTurn())
    pike, brute = g.army(0)[0], g.army(1)[0]
    assert g.grid.coords(pike.cell) == (0, 0) and g.grid.coords(brute.cell) == (7, 1)
    g.apply(A.Walk(pike.id, cell(g, 1, 1)))            # 2 steps (MOB 2)
    assert pike.rest == 2 and g.phase == "select"      # brute is 6 away: no target, the move ends
    assert g.current == 1                              # the only piece moved: the turn ends by itself
    g.apply(A.Walk(brute.id, cell(g, 4, 1)))           # 3 steps west: the pike is 3 away, club reaches 1
    assert g.current == 0
    assert pike.rest == 3                              # +1 rest at the start of red's turn
    g.apply(A.Walk(pike.id, cell(g, 2, 1)))            # the spear reaches 2: brute in range
    assert g.phase == "attack" and pike.rest == 2
    assert [t.id for t in g.targets_from(pike, pike.cell)] == [brute.id]
    ev = g.apply(A.Attack(brute.id))
    assert pike.rest == 1
    hit = next(e for e in ev if e.kind == "attack")
    # pike -> brute: 10 % miss, 2 damage, crit 3.5 -> 4 (see the golden test)
    assert (hit.result, hit.damage) in {("miss", 0), ("hit", 2), ("crit", 4)}
    assert brute.hp == 12 - hit.damage
    # next red turn: rest 1 + 1 = 2 >= 2, the pike may act again; one more attack leaves it at 0 + 1
    g.apply(A.EndTurn())
    assert g.current == 0 and pike.rest == 2 and g.can_act(pike)


def test_all_rested_needs_two_rest(mini):
    g = duel(mini, red_army=("pike",), green_army=("brute",), pieces_per_turn=0)
    pike = g.army(0)[0]
    pike.rest = 1
    g.current = 0
    assert not g.can_act(pike)
    pike.rest = 2
    assert g.can_act(pike)


def test_pieces_per_turn_count_and_end_turn(mini):
    g = duel(mini, red_army=("brute", "pike"), pieces_per_turn=1)
    seat = g.current
    first = g.army(seat)[0]
    g.apply(A.Stay(first.id))
    if g.phase == "attack":
        g.apply(A.SkipAttack())
    assert g.current != seat            # one piece per turn: the turn ended by itself
    seat = g.current
    g.apply(A.EndTurn())                # end turn at any time
    assert g.current != seat


def test_illegal_actions_are_rejected_without_change(mini):
    g = duel(mini)
    before = g.state_hash()
    enemy = g.army(1 - g.current)[0]
    own = g.army(g.current)[0]
    for bad in (A.Walk(enemy.id, enemy.cell), A.Walk(own.id, own.cell), A.Walk(own.id, cell(g, 8, 1)),
                A.Attack(enemy.id), A.SkipAttack(), A.Stay(99)):
        with pytest.raises(ActionError):
            g.apply(bad)
    assert g.state_hash() == before


def test_kills_elimination_and_placements(mini):
    g = duel(mini, red_army=("titan",), green_army=("pike",))
    titan, pike = g.army(0)[0], g.army(1)[0]
    g.current = 0
    g._move(pike, cell(g, 1, 1))
    g._move(titan, cell(g, 1, 0))                      # adjacent
    g.apply(A.Stay(titan.id))
    g.apply(A.Attack(pike.id))                         # miss 0 %: 60 damage kills the pike (10 HP)
    assert not pike.alive and g.is_over()
    assert g.placements() == [0, 1] and g.winner == 0
    assert g.scores() == {0: (1, 40), 1: (0, 0)}
    assert (titan.level, titan.xp) == (1, 20)          # a kill gives double XP: 2 x 10, level 2 needs 30


def test_level_up_recharges(mini):
    g = duel(mini, red_army=("titan",), green_army=("pike", "pike"))
    titan = g.army(0)[0]
    a, b = g.army(1)
    g.current = 0
    titan.hp, titan.rest = 5, 2
    g._move(titan, cell(g, 3, 1))
    g._move(a, cell(g, 4, 1))
    g.apply(A.Stay(titan.id))
    g.apply(A.Attack(a.id))                            # kill: 10 XP doubled = 20
    assert (titan.level, titan.xp) == (1, 20) and titan.hp == 5
    g.current, g.used, titan.rest = 0, 0, 2            # (a later red turn)
    g._move(b, cell(g, 2, 1))
    g.apply(A.Stay(titan.id))
    ev = g.apply(A.Attack(b.id))                       # another 20: 40 >= 30 -> level 2, 10 carried
    assert any(e.kind == "levelup" for e in ev)
    assert (titan.level, titan.xp) == (2, 10)
    assert titan.hp == 42 and titan.rest == 3          # HP, MP and rest recharge: 40 + 2*(2-1)


def test_unnamed_seats_are_named_for_their_seat(mini):
    """A participant without a name (a link set-up or a lobby may send one) is named when the
    battle starts: a bot for its seat and level ("Bot Red (Easy)"), a person for their seat
    ("Green player"); a nameless person used to raise IndexError (no ":" in "human")."""
    parts = [Participant("", "human", ("brute",)), Participant("", "bot:easy", ("brute",))]
    g = SkirmishGame.new(mini, mini.map("duel"), parts, 3, Options())
    seat_of = {g.seat_part[s]: s for s in g.seats()}           # participant -> seat (drawn by the seed)
    assert sorted(seat_of) == [0, 1]
    assert g.player_name(seat_of[0]) == f"{SEAT_NAMES[seat_of[0]].title()} player"
    assert g.player_name(seat_of[1]) == f"Bot {SEAT_NAMES[seat_of[1]].title()} (Easy)"
