"""Golden tests for the [V] decisions in docs/rules/quest.md that the rule, spell and item tests
did not check on their own (worked out by hand from the decision text; square maps are written
with 1-based `x,y` in the extra lines and read back with 0-based `coords`)."""

import pytest
from quest_levels import level
from test_quest_rules import sq

from game.core.grid import Grid
from game.modes.quest import items as I
from game.modes.quest import tiles as T
from game.modes.quest.game import CAST, EQUIP, MOVE, TRACTOR, WAIT
from game.modes.quest.session import Session

N, E, S, W = 0, 1, 2, 3
MISSILE, FIREBALL, LIGHTNING = 0, 1, 2
FAR = "npc {}: name=Far hp=5 model=still\n"       # a foe out of the way keeps the level in play


def at(g, x, y):
    """The object at 0-based (x, y)."""
    return g.obj[g.g.cell_at(x, y)]


def pos(g, cr=None):
    return g.g.coords((cr or g.player)["cell"])


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_bottom_hex_of_every_ring_is_k_3k_minus_2(k):
    g = Grid.hexagon(6)
    c = g.cell_at_ring(1, 1)
    for _ in range(k - 1):
        c = g.step[c][3]                      # straight down (S) from the centre
    assert g.ring_address(c) == (k, 3 * (k - 1) + 1)
    assert len([x for x in g.cells if g.ring_address(x)[0] == k]) == 6 * (k - 1)


ROW7 = ["#########", "#@------#", "#########"]     # floor x = 2..8 (1-based), player at 2


def test_teleport_moves_npcs_too():
    # the Orc at 6,2 chases west onto the pad at 5,2 and lands on 8,2
    g = sq(ROW7, "teleport 5,2 -> 8,2\nnpc 6,2: name=Orc hp=50 model=chase")
    g.apply([WAIT])
    assert pos(g, g.npcs[0]) == (7, 1)


def test_teleport_never_moves_objects():
    g = sq(["#########", "#@m-----#", "#########"], "teleport 4,2 -> 7,2\n" + FAR.format("8,2"))
    g.apply([MOVE, E])                        # the movable is pushed onto the pad and stays
    assert at(g, 3, 1) == T.MOVABLE and at(g, 6, 1) == T.NONE and pos(g) == (2, 1)


@pytest.mark.parametrize("target_row,extra,lands", [
    ("#@--m---#", "", False),                 # an object on the target: nothing happens
    ("#@--^---#", "", True),                  # a trap is not in the way (and hits on arrival)
    ("#@------#", "port 5,2: E\n", False),    # a port: nothing happens
])
def test_teleport_target_must_be_free(target_row, extra, lands):
    g = sq(["#########", target_row, "#########"], "teleport 3,2 -> 5,2\n" + extra + FAR.format("8,2"))
    g.apply([MOVE, E])
    assert pos(g) == ((4, 1) if lands else (2, 1))
    assert g.player["hp"] == (90 if "^" in target_row else 100)


def test_arriving_by_teleport_never_teleports_again():
    g = sq(ROW7, "teleport 3,2 -> 5,2\nteleport 5,2 -> 7,2\n" + FAR.format("8,2"))
    g.apply([MOVE, E])
    assert pos(g) == (4, 1)


def test_trap_hits_npcs_too():
    g = sq(["#########", "#@--^---#", "#########"], "npc 6,2: name=Orc hp=50 model=chase")
    g.apply([WAIT])                           # the Orc steps west onto the trap at 5,2
    assert pos(g, g.npcs[0]) == (4, 1) and g.npcs[0]["hp"] == 40
    assert at(g, 4, 1) == T.TRAP              # the trap stays


def test_fireball_destroys_destructables_in_its_radius():
    # it bursts on the first object in line (x=4) and destroys what is within 1 of it: x=4, 5
    g = sq(["#########", "#@-%%%--#", "#########"], FAR.format("8,2"), spell=5)
    g.player["spells"]["fireball"] = 1
    g.apply([CAST, FIREBALL, E])
    assert [at(g, x, 1) for x in (3, 4, 5)] == [T.NONE, T.NONE, T.DESTRUCT]


def test_lightning_chain_jumps_to_destructables():
    # L2: the foe at 4,2 (distance 2) takes 10, then jumps to % at 5,2 (1 away), % at 7,2 (2 away);
    # the % at 9,2 is a third jump: it stays
    g = sq(["###########", "#@--%-%-%-#", "###########"], "npc 4,2: name=F hp=30 model=still", spell=5)
    g.player["spells"]["lightning"] = 2
    g.apply([CAST, LIGHTNING, 0])
    assert g.npcs[0]["hp"] == 20
    assert [at(g, x, 1) for x in (4, 6, 8)] == [T.NONE, T.NONE, T.DESTRUCT]


def test_npcs_neither_dig_nor_push():
    for wall in ("%", "m"):
        g = sq(["#######", f"#@-{wall}--#", "#######"], "npc 5,2: name=Orc hp=50 model=chase")
        for _ in range(3):
            g.apply([WAIT])
        assert at(g, 3, 1) == (T.DESTRUCT if wall == "%" else T.MOVABLE)
        assert pos(g, g.npcs[0]) == (4, 1) and g.player["hp"] == 100


def test_objects_are_never_pushed_into_ports_or_the_exit():
    g = sq(["#######", "#@m---#", "#######"], "port 4,2: E\n" + FAR.format("6,2"))
    assert g.problem([MOVE, E]) == "the object cannot be pushed there"
    h = sq(["######", "#@mE-#", "######"])   # no gems: the exit is open
    assert h.quota == 0 and h.problem([MOVE, E]) == "the object cannot be pushed there"


def test_victory_object_on_a_goal_stays_pushable():
    g = sq(["#######", "#@*.$-#", "#######"])
    g.apply([MOVE, E])                        # off one goal onto the next
    assert (at(g, 2, 1), at(g, 3, 1), g.pushes, g.status) == (T.NONE, T.VICTORY_OBJ, 1, "play")


def test_win_needs_the_goals_filled_and_the_exit_entered_with_the_quota():
    g = sq(["######", "#@-iE#", "#$---#", "#.---#", "######"])
    assert g.quota == 1                       # quota 0 in the level = every gem on the map
    g.apply([MOVE, S])                        # the box onto the goal: the exit is still to reach
    assert g.status == "play"
    for d in (N, E, E):
        g.apply([MOVE, d])
    assert g.gems == 1 and g.status == "play"
    g.apply([MOVE, E])
    assert g.status == "won"


def test_defensive_charge_drawn_when_the_hit_ends_at_zero():
    items = [["item", [["helmet", 5]]]]
    assert I.take_damage(items, 4, magic=False) == (0, 0)     # 4 - 6 -> 0, still one charge
    assert items == [["item", [["helmet", 4]]]]
    assert I.take_damage(items, 0, magic=False) == (0, 0)     # no raw damage: no charge
    assert items == [["item", [["helmet", 4]]]]


def test_equip_tractor_switch_are_free_actions():
    g = sq(["######", "#@---#", "######"], FAR.format("5,2"))
    g.player["items"] = [["item", [["staff", 5], ["tractor", 2]]], ["item", [["axe", 3]]]]
    assert I.worn(g.player["items"])[0][1][0][0] == "staff"
    g.apply([TRACTOR])
    g.apply([TRACTOR])
    g.apply([EQUIP, 1])                       # the Axe shares the Staff's slot: it is worn now
    assert g.turn == 0 and g.player["items"][0][1] == [["axe", 3]]
    assert I.worn(g.player["items"]) == [["item", [["axe", 3]]]]


def test_spell_granted_again_goes_up_a_level_or_to_the_granted_level():
    grants = ("grant 3,2: spell missile 1\ngrant 4,2: spell missile 1\ngrant 5,2: spell missile 1\n"
              "grant 6,2: spell missile 1\ngrant 7,2: spell fireball 1\ngrant 8,2: spell fireball 3\n")
    g = sq(["##########", "#@-------#", "##########"], grants + FAR.format("9,2"))
    seen = []
    for _ in range(6):
        g.apply([MOVE, E])
        seen.append(dict(g.player["spells"]))
    assert [s.get("missile") for s in seen] == [1, 2, 3, 3, 3, 3]
    assert [s.get("fireball") for s in seen] == [None, None, None, None, 1, 3]


def test_spells_have_no_cooldown_and_no_mana():
    g = sq(ROW7, "npc 5,2: name=F hp=30 model=still", spell=5)
    g.player["spells"]["missile"] = 1
    for want in (25, 20, 15):
        g.apply([CAST, MISSILE, E])
        assert g.npcs[0]["hp"] == want
    assert g.turn == 3


def test_missile_flies_over_traps_and_hits_allies():
    g = sq(["#########", "#@^-----#", "#########"],
           "npc 5,2: name=Dog hp=30 team=player model=still\n" + FAR.format("8,2"), spell=5)
    g.player["spells"]["missile"] = 1
    g.apply([CAST, MISSILE, E])
    assert g.npcs[0]["hp"] == 25 and g.npcs[1]["hp"] == 5


def test_npcs_never_fall():
    g = sq(["#####", "#-@-#", "#---#", "#---#", "#####"], "npc 2,2: name=Bat hp=5 model=still",
           gravity="S", player_gravity="no")
    for _ in range(2):
        g.apply([WAIT])
    assert pos(g, g.npcs[0]) == (1, 1)


def test_death_can_be_undone():
    lv = level("grid: square\nmap:\n#####\n#@^-#\n#####\nend\n" + FAR.format("4,2"), trap_damage=100)
    s = Session(lv)
    s.act([MOVE, E])
    assert s.game.status == "lost"
    assert s.undo() and s.game.status == "play" and s.game.player["hp"] == 100
    assert s.redo() and s.game.status == "lost"
