"""Golden tests for the six spells at their levels, NPC models and gravity."""

from test_quest_rules import sq

from game.modes.quest.game import CAST, MOVE, WAIT
from game.modes.quest.spells import NAMES, ice_cells

N, E, S, W = 0, 1, 2, 3
MISSILE, FIREBALL, LIGHTNING, ICE, JUMP, TELEPORT = range(6)
ROW = ["##########", "#@-------#", "##########"]


def foes(*xs, hp=30, model="still"):
    return "".join(f"npc {x},2: name=F{x} hp={hp} model={model}\n" for x in xs)


def hps(g):
    return [n["hp"] for n in g.npcs]


def with_spell(g, name, lv):
    g.player["spells"][name] = lv
    return g


def test_missile_levels_hit_n_targets_for_n_times_damage():
    for lv, want in ((1, [25, 30, 30]), (2, [20, 20, 30]), (3, [15, 15, 15])):
        g = with_spell(sq(ROW, foes(4, 5, 6), spell=5), "missile", lv)
        g.apply([CAST, MISSILE, E])
        assert hps(g) == want, lv


def test_missile_stopped_by_a_movable_and_digs_destructables():
    g = with_spell(sq(["##########", "#@-m-----#", "##########"], foes(6)), "missile", 3)
    g.apply([CAST, MISSILE, E])
    assert hps(g) == [30]
    g = with_spell(sq(["##########", "#@-%-----#", "##########"], foes(6), spell=5), "missile", 2)
    g.apply([CAST, MISSILE, E])
    assert g.obj[g.g.cell_at(3, 1)] == 0 and hps(g) == [20]


def test_fireball_bursts_on_first_hit_radius_and_burning():
    # Advanced: 2 x 5 = 10 to everything within 2 of the first foe (x=4): foes at 4, 6; not 7
    g = with_spell(sq(ROW, foes(4, 6, 7), spell=5), "fireball", 2)
    g.apply([CAST, FIREBALL, E])
    # the burn (2 a turn for 2 turns) ticks at the end of the same turn
    assert hps(g) == [30 - 10 - 2, 30 - 10 - 2, 30]
    g.apply([WAIT])
    assert hps(g) == [16, 16, 30]
    g.apply([WAIT])
    assert hps(g) == [16, 16, 30]


def test_lightning_nearest_within_level_then_jumps():
    g = with_spell(sq(ROW, foes(5)), "lightning", 2)
    assert g.problem([CAST, LIGHTNING, 0]) == "no hostile creature within 2"
    g = with_spell(sq(ROW, foes(4, 6, 7, 9), spell=5), "lightning", 2)
    g.apply([CAST, LIGHTNING, 0])
    # 10 to x=4, jump to x=6 (distance 2), jump to x=7 (distance 1); x=9 is beyond the two jumps
    assert hps(g) == [20, 20, 20, 30]


def test_ice_spray_slows_the_nearest_cells():
    g = with_spell(sq(["#####", "#@--#", "#####"], foes(4, model="chase")), "ice", 2)
    cells = ice_cells(g, g.player["cell"], 2, E)
    assert len(cells) == 4 and cells[0] == g.g.cell_at(2, 1) and g.player["cell"] not in cells
    assert len(ice_cells(g, g.player["cell"], 3, E)) == 9
    g.apply([CAST, ICE, E])
    orc = g.npcs[0]
    assert orc["slow"][0] == 2
    g.apply([WAIT])                  # speed 1 - 2 -> frozen this turn
    assert g.g.coords(orc["cell"]) == (3, 1)


def test_jump_against_gravity_then_the_shown_random_hex():
    g = with_spell(sq(["#####", "#---#", "#---#", "#-@-#", "#####"], "npc 2,2: name=Bat hp=5 model=still\n", gravity="S"), "jump", 2)
    g.jump_dir = E                   # what the board shows before the cast
    g.apply([CAST, JUMP, 0])
    # up 2 to (2,1), then east to (3,1), then gravity pulls the player down one
    assert g.g.coords(g.player["cell"]) == (3, 2)
    assert 0 <= g.jump_dir < 4


def test_teleport_exact_distance_through_rocks():
    g = with_spell(sq(["#######", "#@#---#", "#######"], foes(6)), "teleport", 1)
    g.apply([CAST, TELEPORT, E])
    assert g.g.coords(g.player["cell"]) == (3, 1)
    g = with_spell(sq(["#######", "#@#---#", "#######"], foes(5)), "teleport", 2)
    assert g.problem([CAST, TELEPORT, E]) == "the landing cell is not free"


def test_spell_unknown_is_illegal():
    g = sq(ROW, foes(5))
    assert g.problem([CAST, MISSILE, E]) == "you do not know that spell"
    assert NAMES[MISSILE] == "missile"


def test_npc_missile_and_allies_fight_foes():
    g = sq(ROW, "npc 6,2: name=Mage hp=9 model=turret spells=missile:1\n", spell=4)
    assert g.npcs[0]["intent"] == [3, W, -1]
    g.apply([WAIT])
    assert g.player["hp"] == 96
    g = sq(ROW, "npc 3,2: name=Dog hp=9 team=player model=chase melee=5\nnpc 4,2: name=Rat hp=5 model=still melee=1")
    g.apply([WAIT])
    assert g.status == "won"           # the dog killed the only foe; the player gets its XP
    assert g.player["xp"] == 16


def test_wall_follower_goes_round_a_pillar():
    g = sq(["#####", "#@--#", "#-#-#", "#---#", "#####"], "npc 4,4: name=Snik hp=1 model=wall_left melee=10000")
    seen = set()
    for _ in range(6):
        g.apply([WAIT]) if g.status == "play" else None
        seen.add(g.npcs[0]["cell"])
    assert len(seen) >= 3


def test_wander_draws_from_the_game_prng_deterministically():
    a = sq(["######", "#@---#", "#----#", "######"], "npc 4,3: name=Cat hp=5 model=wander")
    b = sq(["######", "#@---#", "#----#", "######"], "npc 4,3: name=Cat hp=5 model=wander")
    for _ in range(5):
        a.apply([WAIT])
        b.apply([WAIT])
    assert a.state_hash() == b.state_hash()


GRAV = ["#####", "#-o-#", "#---#", "#---#", "#@--#", "#####"]


def test_gravity_one_cell_per_turn_and_crush():
    g = sq(GRAV, "npc 3,5: name=Snik hp=50 model=still", gravity="S", player_gravity="no")
    g.apply([WAIT])
    assert g.obj[g.g.cell_at(2, 2)] == 7
    g.apply([WAIT])
    assert g.obj[g.g.cell_at(2, 3)] == 7
    g.apply([WAIT])                   # lands on the NPC below while falling: crushed
    assert g.npcs[0]["hp"] <= 0 and g.status == "won"


def test_rounded_objects_roll_left_first_on_square():
    g = sq(["#####", "#-i-#", "#-o-#", "#@###", "#####"], "npc 4,2: name=X hp=5 model=still",
           gravity="S", player_gravity="no")
    g.apply([WAIT])
    assert g.obj[g.g.cell_at(1, 1)] == 8    # the gem rolled to the left


def test_player_falls_when_player_gravity():
    g = sq(["#####", "#@--#", "#---#", "#---#", "#####"], "npc 4,4: name=X hp=5 model=still", gravity="S")
    g.apply([WAIT])
    assert g.g.coords(g.player["cell"]) == (1, 2)


def test_boulder_pushed_only_across_gravity():
    g = sq(["######", "#-@o-#", "#-####", "######"], "npc 2,3: name=X hp=5 model=still", gravity="S")
    assert g.problem([MOVE, E]) is None
    h = sq(["#####", "#-o-#", "#-@-#", "#####"], "npc 4,3: name=X hp=5 model=still", gravity="S")
    assert h.problem([MOVE, N]) == "a boulder rolls only across gravity"


def test_hex_gravity_gem_rolls_to_the_diagonal():
    from quest_levels import game
    g = game("grid: hex\ngravity: S\nplayer_gravity: no\nmap:\n~-i-~\n--o--\n-#@#-\n#####\n~~#~~\nend\nnpc 3,3: name=X hp=5 model=still\n")
    top = g.g.cell_at_ring(3, 1)
    assert g.obj[top] == 8
    g.apply([WAIT])
    assert g.obj[top] == 0
    moved = [c for c in g.g.cells if g.obj[c] == 8][0]
    assert moved == g.g.step[top][4]          # SW first (clockwise of S)


def test_a_falling_object_crushes_through_armour():
    # decision 26: a landing object kills; armour neither halves nor cuts it (and keeps its charges)
    g = sq(GRAV, "npc 3,5: name=Knight hp=50 model=still items=staff:5+spyked:5", gravity="S", player_gravity="no")
    for _ in range(3):
        g.apply([WAIT])
    knight = g.npcs[0]
    assert knight["hp"] <= 0 and g.status == "won"
    assert knight["items"] == [["item", [["staff", 5], ["spyked", 5]]]]
