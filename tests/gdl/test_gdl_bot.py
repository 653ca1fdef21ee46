"""The GDL side bot (game/modes/gdl/bot.py, docs/rules/gdl-bot.md) on tiny modules of our own:
each test sets a position where one rule of the bot decides, works out by hand what the rule
says, and checks the bot's actions (fixed seeds; the bot has no randomness of its own)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.modes.gdl import actions as A
from game.modes.gdl import combat
from game.modes.gdl.bot import Bot
from game.modes.gdl.bot_v1 import Bot as OldBot
from game.modes.gdl.game import GdlGame
from game.modes.gdl.match import BOT_ACTIONS_PER_UNIT, BotSeat, play
from tests.gdl.mini import game, units


def side_turn(g, bot) -> list:
    """The actions a bot takes in the current side's turn (applied), END excluded."""
    seat = BotSeat()
    seat.bot = bot
    side, turn, out = g.side, g.turn, []
    while g.side == side and g.turn == turn and not g.over:
        a = seat.choose(g)
        if isinstance(a, A.End):
            g.apply(a)
            break
        out.append(a)
        g.apply(a)
    return out


def run_turns(g, n: int, bots=None) -> list:
    """Play n whole turns (every side by the side bot unless `bots` says otherwise); all actions."""
    bots = bots or {}
    seats = {}
    for s in g.sides:
        seats[s] = BotSeat()
        seats[s].bot = bots.get(s, Bot)()
    out, end = [], g.turn + n
    while g.turn < end and not g.over:
        a = seats[g.side].choose(g)
        out.append((g.side, a))
        g.apply(a)
    return out


def dist(g, u, v) -> int:
    return g.w.grid.distance(g.cell_of(u), g.cell_of(v))


# --- what the side sees -------------------------------------------------------------------------
SEEING = """
(unit-type soldier (acp-per-turn 1) (vision-range 0))
(table hit-chance (u* u* 100))
(table damage (u* u* 1))
(soldier 4 5 1)
(soldier 5 5 2)
"""


def test_the_bot_does_not_strike_a_unit_its_side_does_not_see(tmp_path):
    """vision-range 0: a soldier sees its own cell only (refman "Vision"), so side 1 does not see
    the enemy next door although the rules would let it attack (combat.targets lists it). The
    side bot does not attack it; with see-all the same position is an attack."""
    g = game(tmp_path, SEEING)
    me, foe = g.units
    assert A.Attack(me.id, foe.id) in combat.targets(g, me)
    assert not any(isinstance(a, A.Attack) for a in side_turn(g, Bot()))
    g = game(tmp_path, "(set see-all true)\n" + SEEING, name="seeall.g")
    assert side_turn(g, Bot()) == [A.Attack(0, 1)]


# --- concentration ------------------------------------------------------------------------------
OGRE = """
(set see-all true)
(unit-type man (acp-per-turn 1) (hp-max 2))
(unit-type ogre (acp-per-turn 2) (hp-max 12))
(table hit-chance (man ogre 100) (ogre man 100))
(table damage (man ogre 1) (ogre man 1))
(ogre 7 5 2)
"""


def test_one_man_waits_outside_the_ogres_reach_while_friends_are_on_their_way(tmp_path):
    """Rates (hp a turn): man vs ogre 100 % x 1 x 1 attack = 1; ogre vs man 100 % x 1 x 2 = 2.
    The man at (3,5) is 4 from the ogre; friends at (0,9), (1,9), (2,9) are 8-9 away, beyond
    the 3 turns x 1 step + reach 1 + group radius 2 = 6 that counts them in the fight, so the man
    fights alone: ogre 12 hp x 2 x 100 = 2400 > man 2 hp x 1 x 125 = 250: it would lose. The
    ogre reaches 2 steps + 1 = 3 cells; the man stays at distance >= 4. The old bot walks in."""
    g = game(tmp_path, OGRE + "(man 3 5 1) (man 0 9 1) (man 1 9 1) (man 2 9 1)")
    ogre, lone = g.units[0], g.units[1]
    side_turn(g, Bot())
    assert dist(g, lone, ogre) >= 4
    g = game(tmp_path, OGRE + "(man 3 5 1) (man 0 9 1) (man 1 9 1) (man 2 9 1)", name="old.g")
    side_turn(g, OldBot())
    assert dist(g, g.units[1], g.units[0]) == 3


def test_four_men_together_go_in(tmp_path):
    """Four men 4-5 from the ogre (within 6): 8 hp x 4 x 125 = 4000 >= 12 x 2 x 100 = 2400: the
    side wins the fight, so every man steps one cell closer, the two at 4 into its reach (3)."""
    g = game(tmp_path, OGRE + "(man 3 5 1) (man 3 6 1) (man 3 4 1) (man 2 6 1)")
    ogre = g.units[0]
    before = [dist(g, m, ogre) for m in units(g, "man")]
    assert before == [4, 4, 5, 5]
    side_turn(g, Bot())
    assert [dist(g, m, ogre) for m in units(g, "man")] == [3, 3, 4, 4]


def test_a_unit_with_no_friends_to_wait_for_goes_in(tmp_path):
    """Alone and no other man anywhere: waiting gains nothing, so the lone man advances."""
    g = game(tmp_path, OGRE + "(man 3 5 1)")
    side_turn(g, Bot())
    assert dist(g, g.units[1], g.units[0]) == 3


# --- retreat when hurt ----------------------------------------------------------------------------
def test_a_hurt_unit_that_can_recover_steps_away(tmp_path):
    """A man with 2 of 10 hp (20 % < 40 %) and hp-recovery 1.00 next to the ogre: it would not
    kill it (1 hp of 12), so it steps to a cell farther from the ogre instead of attacking."""
    g = game(tmp_path, OGRE.replace("(hp-max 2))", "(hp-max 10) (hp-recovery 1.00))") + "(man 6 5 1 (hp 2))")
    acts = side_turn(g, Bot())
    assert acts and isinstance(acts[0], A.Move) and dist(g, g.units[1], g.units[0]) == 2


# --- transports ---------------------------------------------------------------------------------
ISLANDS = """
(set see-all true)
(unit-type inf (acp-per-turn 1))
(unit-type ship (acp-per-turn 3) (capacity 4))
(table unit-size-as-occupant (u* ship 1))
(table mp-to-enter-terrain (inf sea 99) (ship plains 99))
(unit-type hut)
(table hit-chance (inf hut 100))
(table damage (inf hut 1))
(inf 2 2 1)
(ship 4 2 1)
(hut 10 2 2)
"""
ISLAND_ROWS = ["4a4b4a"] * 4


def test_a_unit_that_cannot_walk_to_the_enemy_takes_the_ship_and_lands(tmp_path):
    """West island x 0-3, sea x 4-7, east island x 8-11. The infantry cannot walk to the enemy
    hut, so it walks to the ship and boards it; the ship sails to a sea cell next to the east
    island (x 7), the infantry lands (x >= 8) and destroys the hut within 8 turns."""
    g = game(tmp_path, ISLANDS, size=(12, 4), rows=ISLAND_ROWS)
    inf, ship, foe = g.units
    port = g.cell_of(ship)
    acts = run_turns(g, 8)
    ours = [a for s, a in acts if s == 1 and not isinstance(a, A.End)]
    assert any(isinstance(a, A.Move) and a.unit == inf.id and a.cell == port for a in ours) \
        or any(isinstance(a, A.Enter) and a.unit == inf.id for a in ours)
    assert any(isinstance(a, A.Move) and a.unit == ship.id for a in ours)
    assert any(isinstance(a, A.Attack) and a.target == foe.id for a in ours) and not foe.alive
    assert g.w.grid.xs[g.cell_of(inf)] >= 8


# --- production -----------------------------------------------------------------------------------
TOWN = """
(set see-all true)
(unit-type inf (acp-per-turn 1))
(unit-type ship (acp-per-turn 3) (capacity 4))
(unit-type town (acp-per-turn 1) (speed 0) (capacity 8))
(table unit-size-as-occupant (u* ship 1) (u* town 1))
(table mp-to-enter-terrain (inf sea 99) (ship plains 99))
(table hit-chance (inf inf 100) (inf town 100))
(table damage (inf inf 1) (inf town 1))
(table can-create (town (inf ship) true))
(table acp-to-create (town (inf ship) 1))
(town 3 2 1)
(inf {foe} 2 2)
"""


def test_a_town_makes_a_ship_when_its_side_cannot_walk_to_the_enemy(tmp_path):
    """The town (a port at (3,2), holding what it makes) can create inf or ship. With the enemy
    on the east island, an own inf on the west island is stranded, so the side lacks a carrier:
    the town creates a ship. With the enemy on the same island the town creates inf (the
    fighter: the ship hurts nothing)."""
    g = game(tmp_path, TOWN.format(foe=10) + "(inf 1 2 1)", size=(12, 4), rows=ISLAND_ROWS)
    made = [a for a in side_turn(g, Bot()) if isinstance(a, (A.Create, A.CreateIn))]
    assert made and made[0].type == g.w.m.utypes.index("ship")
    g = game(tmp_path, TOWN.format(foe=3) + "(inf 1 2 1)", size=(12, 4), rows=["12a"] * 4, name="land.g")
    made = [a for a in side_turn(g, Bot()) if isinstance(a, (A.Create, A.CreateIn))]
    assert made and made[0].type == g.w.m.utypes.index("inf")


# --- supply -----------------------------------------------------------------------------------------
FUEL = """
(set see-all true)
(material-type fuel)
(unit-type plane (acp-per-turn 4))
(unit-type base (acp-per-turn 0))
(unit-type tank (acp-per-turn 1))
(table unit-storage-x (plane fuel 20) (base fuel 100))
(table consumption-per-move (plane fuel 1))
(table hp-per-starve (plane fuel 1.00))
(table unit-initial-supply (base fuel 100))
(table out-length (base fuel 3))
(table in-length (plane fuel 1))
(table hit-chance (plane tank 50))
(table damage (plane tank 1))
(base 2 5 1)
(tank 9 5 2)
"""


def test_a_plane_low_on_fuel_flies_home_and_a_full_one_goes_for_the_enemy(tmp_path):
    """The plane uses 1 fuel a move, 4 moves a turn: 4 a turn. At (4,5), 2 from its base, it
    needs (2 + 3) // 4 + 1 = 2 turns' fuel: with 3 fuel (0 turns) it flies home; with 20 (5
    turns) it flies toward the tank at (9,5)."""
    g = game(tmp_path, FUEL + "(plane 4 5 1 (m 3))")
    plane, base = g.units[2], g.units[0]
    acts = side_turn(g, Bot())
    assert acts and dist(g, plane, base) <= 1
    g = game(tmp_path, FUEL + "(plane 4 5 1 (m 20))", name="full.g")
    side_turn(g, Bot())
    assert g.w.grid.xs[g.cell_of(g.units[2])] > 4


# --- the side's turn, determinism, bounds -------------------------------------------------------------
def test_every_unit_of_the_side_acts_in_one_turn_and_the_bot_is_bounded(tmp_path):
    """Ten men in a column at x 6 (rows 1-10, off the area's edge rows) walk toward a dummy that
    cannot hurt them: each takes its 1 action (10 actions, one per man) before the side's END;
    the seat never lets a unit take more than BOT_ACTIONS_PER_UNIT (32) actions a turn."""
    men = " ".join(f"(man 6 {y} 1)" for y in range(1, 11))
    g = game(tmp_path, OGRE.replace("(ogre 7 5 2)", "(dummy 18 6 2)").replace(
        "(unit-type ogre", "(unit-type dummy (acp-per-turn 0))\n(unit-type ogre")
        + "(table hit-chance (man dummy 100)) (table damage (man dummy 1))" + men,
        size=(20, 12), rows=["20a"] * 12)
    acts = side_turn(g, Bot())
    assert len(acts) == 10 and len({a.unit for a in acts}) == 10
    assert BOT_ACTIONS_PER_UNIT == 32


def test_same_seed_same_game(tmp_path):
    """Two games of the islands with the same seed: the same actions and state hashes."""
    a = game(tmp_path, ISLANDS, size=(12, 4), rows=ISLAND_ROWS)
    b = GdlGame(a.w, 1)
    a = GdlGame(a.w, 1)
    assert run_turns(a, 10) == run_turns(b, 10) and a.state_hash() == b.state_hash()


@pytest.mark.parametrize("seed", [1])
def test_tokyo_bot_games_replay_identically(tokyo, seed):
    one, two = play(tokyo, seed), play(tokyo, seed)
    assert one.actions == two.actions and one.turns == two.turns


def test_tokyo_the_humans_kill_the_monster_in_at_least_two_of_seeds_1_to_5(tokyo):
    """Issue 19 item 9: both sides played by the side bot; the national guards gather and
    attack together (each 80 % x 4 hp against the monster's 100 hp) and keep out of burning
    buildings (their blast, 6 hp, kills a 5-hp guard)."""
    monster = tokyo.m.utypes.index("monster")
    killed = [s for s in range(1, 6)
              if not any(u.alive and u.type == monster for u in play(tokyo, s).game.units)]
    assert len(killed) >= 2, killed


# --- the bench's figures ----------------------------------------------------------------------
def test_bench_bot200_module_puts_200_units_on_each_side(tmp_path):
    """BOT200 (bench/gdl_bots.py) is the position the 200-unit bot-turn budget is measured on."""
    from bench.gdl_bots import bot200_text
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    p = tmp_path / "bot200.g"
    p.write_text(bot200_text())
    m = load_module(p)
    g = GdlGame(World(m), 1)
    assert not m.play_warnings()
    assert [sum(1 for u in g.units if u.alive and u.side == s and u.cell >= 0) for s in g.sides] == [200, 200]


def test_bench_head_to_head_on_duel(lib):
    """duel.g is symmetric (two tanks 6 apart): side 1 moves up first and side 2 gets the first
    blow, so each bot wins the seating where it plays side 2: one game each, no draw."""
    from bench.gdl_bots import head_to_head
    got = head_to_head(lib, ["duel.g"])
    assert got["bot_vs_v1_games_detail"] == {"duel.g:1": "old", "duel.g:2": "new"}
    assert (got["bot_vs_v1_new_wins"], got["bot_vs_v1_old_wins"], got["bot_vs_v1_draws"]) == (1, 1, 0)


# --- any position ---------------------------------------------------------------------------------
MIXED = """
(unit-type man (acp-per-turn 2) (hp-max 3) (vision-range 2))
(unit-type ogre (acp-per-turn 2) (hp-max 8) (hp-recovery 0.50))
(unit-type ship (acp-per-turn 3) (capacity 2))
(unit-type hut (capacity 1))
(table unit-size-as-occupant (u* ship 1) (u* hut 1))
(table mp-to-enter-terrain ((man ogre hut) sea 99) (ship plains 99))
(table hit-chance (man (man ogre hut) 60) (ogre (man hut) 80) (ship ship 50))
(table damage (u* u* 1) (ogre man 2))
(table capture-chance (man hut 50))
(table can-create (hut man true))
(table acp-to-create (hut man 1))
"""


@settings(derandomize=True, deadline=None, max_examples=25, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.sampled_from(["man", "ogre", "ship", "hut"]), st.integers(0, 11),
                          st.integers(1, 2), st.integers(0, 2)), min_size=2, max_size=12),
       st.booleans())
def test_any_position_gives_legal_actions_and_bounded_turns(tmp_path_factory, placed, seeall):
    """Random positions on the islands (fog or see-all): every action the bot returns is legal
    (apply checks it), and each side turn ends within 32 actions a unit + END."""
    rows = ISLAND_ROWS
    text = ("(set see-all true)\n" if seeall else "") + MIXED
    for ut, x, y, side in placed:
        land = x < 4 or x >= 8
        if (ut == "ship") == land:
            x = 5 if ut == "ship" else 1
        text += f"({ut} {x} {y} {side})\n"
    tmp = tmp_path_factory.mktemp("any")
    g = game(tmp, text, size=(12, 4), rows=rows)
    seats = {s: BotSeat() for s in g.sides}
    for _ in range(3 * len(g.sides)):
        if g.over:
            break
        side, n = g.side, 0
        while g.side == side and not g.over:
            g.apply(seats[side].choose(g))
            n += 1
            assert n <= BOT_ACTIONS_PER_UNIT * len(g.units) + 1
