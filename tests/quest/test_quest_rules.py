"""Golden tests for the quest rules: objects, properties, player numbers, turn order."""

import pytest
from quest_levels import HEX3, corridor, game

from game.modes.base import ActionError
from game.modes.quest.creatures import player_level
from game.modes.quest.game import EQUIP, MOVE, SKILL, TRACTOR, WAIT

N, E, S, W = 0, 1, 2, 3
# a goal that can never be filled keeps corridor levels in play
KEEP = "npc 1,1: name=Far hp=5 model=still\n"


def sq(rows, extra="", **head):
    w = max(len(r) for r in rows)
    text = "grid: square\nmap:\n" + "\n".join(r.ljust(w, "~") for r in rows) + "\nend\n" + extra
    return game(text, **head)


def test_hexagon_ring_addresses_three_map():
    g = game(HEX3)
    assert len(g.g.cells) == 19
    centre = g.player["cell"]
    assert g.g.ring_address(centre) == (1, 1)
    assert g.g.ring_address(g.g.step[centre][0]) == (2, 1)            # north of the centre
    assert g.g.cell_at_ring(3, 7) == g.g.step[g.g.step[centre][3]][3]  # bottom = (k, 3(k-1)+1)


def test_push_and_win_counts_moves_and_pushes():
    g = game(corridor("@$.-"))
    g.apply([MOVE, E])
    assert (g.status, g.moves, g.pushes, g.turn) == ("won", 1, 1, 1)


def test_no_push_chains():
    g = game(corridor("@$$..-"))
    assert g.problem([MOVE, E]) == "the object cannot be pushed there"
    with pytest.raises(ActionError):
        g.apply([MOVE, E])
    assert g.turn == 0


def test_victory_blocker_prevents_win_until_dug():
    g = game(corridor("!@$.-"))
    g.apply([MOVE, E])
    assert g.status == "play"
    g.apply([MOVE, W])
    g.apply([MOVE, W])                # digs the blocker (player moves in)
    assert g.status == "won" and g.obj[g.player["cell"]] == 0


def test_destructable_dug_by_stepping_in():
    g = sq(["#####", "#@%-#", "#####"], KEEP.replace("1,1", "4,2"))
    g.apply([MOVE, E])
    assert g.obj[g.player["cell"]] == 0 and g.g.coords(g.player["cell"]) == (2, 1)


def test_trap_hits_every_entry_and_armour_cuts_it():
    g = sq(["#####", "#@^-#", "#####"], KEEP.replace("1,1", "4,2"), trap_damage=10)
    g.apply([MOVE, E])
    assert g.player["hp"] == 90
    g.apply([MOVE, W])
    g.apply([MOVE, E])
    assert g.player["hp"] == 80
    h = sq(["#####", "#@^-#", "#####"], KEEP.replace("1,1", "4,2") + "grant 2,2: item helmet=3", trap_damage=10)
    h.player["items"].append(["item", [["helmet", 3]]])
    h.apply([MOVE, E])
    assert h.player["hp"] == 96       # 10 - 6


def test_teleport_sends_player_and_not_onto_occupied():
    g = sq(["#######", "#@----#", "#######"], "teleport 3,2 -> 6,2\nnpc 5,2: name=Statue hp=5 model=still")
    g.apply([MOVE, E])
    assert g.g.coords(g.player["cell"]) == (5, 1)
    g2 = sq(["#######", "#@----#", "#######"], "teleport 3,2 -> 6,2\nnpc 6,2: name=Statue hp=5 model=still")
    g2.apply([MOVE, E])
    assert g2.g.coords(g2.player["cell"]) == (2, 1)


def test_grant_only_on_first_visit_and_xp_levels():
    g = sq(["#####", "#@--#", "#####"], KEEP.replace("1,1", "4,2") + "grant 3,2: xp 600; coins 7; spell missile 2")
    g.apply([MOVE, E])
    pl = g.player
    assert (pl["xp"], player_level(pl["xp"]), pl["points"], pl["coins"], pl["spells"]) == (600, 3, 2, 7, {"missile": 2})
    g.apply([MOVE, W])
    g.apply([MOVE, E])
    assert pl["xp"] == 600 and pl["coins"] == 7


@pytest.mark.parametrize("xp,lvl", [(0, 1), (255, 1), (256, 2), (511, 2), (512, 3)])
def test_a_level_per_256_xp(xp, lvl):
    assert player_level(xp) == lvl


def test_skill_points_bruiser_wizard_tough_are_free_actions():
    g = sq(["#####", "#@--#", "#####"], KEEP.replace("1,1", "4,2") + "grant 3,2: xp 768", melee=5, spell=4)
    g.apply([MOVE, E])
    assert g.player["points"] == 3
    for k in (0, 1, 2):
        g.apply([SKILL, k])
    assert g.turn == 1
    assert (g.player["max_hp"], g.player["hp"]) == (101, 101)
    from game.modes.quest.creatures import melee_of, spell_of
    assert (melee_of(g.level, g.player), spell_of(g.level, g.player)) == (6, 5)
    assert g.problem([SKILL, 0]) == "no skill points"


def test_healing_one_percent_of_max_and_no_charge_at_full():
    g = sq(["#####", "#@--#", "#####"], KEEP.replace("1,1", "4,2"))
    g.player["items"] = [["item", [["staff", 5], ["healing", 5]]]]
    g.apply([WAIT])
    assert g.player["items"][0][1][1] == ["healing", 5]
    g.player["hp"] = 50
    g.apply([WAIT])
    assert g.player["hp"] == 51 and g.player["items"][0][1][1] == ["healing", 4]


def test_cursed_takes_a_hundredth_of_coins_or_one_hp_and_will_not_come_off():
    g = sq(["#####", "#@--#", "#####"], KEEP.replace("1,1", "4,2"))
    g.player["items"] = [["item", [["helmet", 9], ["cursed", 2]]], ["item", [["hat", 3]]]]
    g.player["coins"] = 250
    g.apply([WAIT])
    assert g.player["coins"] == 248          # 250 // 100 = 2
    assert g.problem([EQUIP, 1]) == "the worn item is cursed and will not come off"
    g.player["coins"] = 0
    g.apply([WAIT])
    assert g.player["hp"] == 99
    assert g.player["items"][0][1] == [["helmet", 9]]    # curse used up
    assert g.problem([EQUIP, 1]) is None


def test_step_cost_never_below_zero():
    g = sq(["######", "#@---#", "######"], KEEP.replace("1,1", "5,2"), step_cost=2)
    g.player["coins"] = 5
    for d, want in ((E, 3), (W, 1), (E, 0)):
        g.apply([MOVE, d])
        assert g.player["coins"] == want
    g.apply([WAIT])
    assert g.player["coins"] == 0


def test_tractor_pulls_the_object_behind_one_charge_a_pull():
    g = sq(["#######", "#$@--.#", "#######"])
    assert g.problem([TRACTOR]) == "no Tractor item worn"
    g.player["items"] = [["item", [["staff", 5], ["tractor", 1]]]]
    g.apply([TRACTOR])
    g.apply([MOVE, E])
    assert g.obj[g.g.cell_at(2, 1)] == 6 and g.pushes == 1
    g.apply([MOVE, E])                       # no charge left: nothing follows
    assert g.obj[g.g.cell_at(2, 1)] == 6 and g.obj[g.g.cell_at(3, 1)] == 0


def test_melee_kill_gives_xp_and_coins():
    g = sq(["#####", "#@--#", "#####"], "npc 3,2: name=Rat hp=5 model=still xp=300 coins=4", melee=5)
    g.apply([MOVE, E])
    assert g.status == "won" and g.player["xp"] == 300 and g.player["coins"] == 4 and g.player["points"] == 1


def test_npc_intent_is_shown_and_stepping_away_makes_it_miss():
    g = sq(["######", "#@---#", "######"], "npc 3,2: name=Orc hp=50 model=chase melee=7")
    orc = g.npcs[0]
    assert orc["intent"] == [2, g.player["cell"], -1]     # ATTACK the player's cell
    g2 = sq(["######", "#-@--#", "######"], "npc 4,2: name=Orc hp=50 model=chase melee=7")
    assert g2.npcs[0]["intent"][0] == 2
    g2.apply([MOVE, W])                                    # step away: the blow misses
    assert g2.player["hp"] == 100
    assert g2.npcs[0]["intent"] == [1, g2.g.cell_at(2, 1), -1]   # now it shows a move
    g2.apply([WAIT])
    assert g2.npcs[0]["intent"][0] == 2
    g2.apply([WAIT])
    assert g2.player["hp"] == 93


def test_exit_opens_after_the_gem_quota():
    g = sq(["######", "#@iE-#", "######"])
    assert g.quota == 1
    g2 = sq(["######", "#@-Ei#", "######"])
    assert "opens after 1 gems" in g2.problem([MOVE, E]) if g2.problem([MOVE, E]) else True
    g.apply([MOVE, E])
    g.apply([MOVE, E])
    assert g.status == "won" and g.gems == 1


def test_death_loses_the_level():
    g = sq(["#####", "#@^-#", "#####"], KEEP.replace("1,1", "4,2"), trap_damage=100)
    g.apply([MOVE, E])
    assert g.status == "lost" and g.legal_actions() == []


def test_one_way_port_is_crossed_in_one_turn():
    h = sq(["######", "#@---#", "######"], "port 3,2: E\n" + KEEP.replace("1,1", "5,2"))
    h.apply([MOVE, E])
    assert h.g.coords(h.player["cell"]) == (3, 1) and h.turn == 1
    assert h.problem([MOVE, W]) == "the port does not open this way"


def test_tractor_never_pulls_an_object_onto_a_trap():
    # the player leaves a trap with a movable behind: the movable cannot enter the trap's cell
    # (one object per cell), so nothing follows, no charge is drawn and the trap stays
    g = sq(["#######", "#m^@--#", "#######"], KEEP.replace("1,1", "6,2"), trap_damage=10)
    g.player["items"] = [["item", [["axe", 5], ["tractor", 3]]]]
    g.apply([MOVE, W])                       # onto the trap (tractor off)
    assert g.player["hp"] == 90
    g.apply([TRACTOR])
    g.apply([MOVE, E])
    trap, box = g.g.cell_at(2, 1), g.g.cell_at(1, 1)
    assert (g.obj[trap], g.obj[box], g.pushes) == (2, 5, 0)
    assert g.player["items"][0][1] == [["axe", 5], ["tractor", 3]]
    g.apply([MOVE, W])                       # the trap still bites
    assert g.player["hp"] == 80


def test_a_fast_wanderer_draws_nothing_it_has_not_shown():
    # a speed-2 wanderer at the top of a dead-end corridor: its shown intent is the step S; its
    # second action used to draw a fresh random step (N or S) that no one had seen
    rows = ["#####", "#-#@#", "#-#-#", "#-#-#", "#-#-#", "#####"]
    fast = sq(rows, "npc 2,2: name=Cat hp=5 model=wander speed=2\n" + KEEP.replace("1,1", "2,5"))
    slow = sq(rows, "npc 2,2: name=Cat hp=5 model=wander speed=1\n" + KEEP.replace("1,1", "2,5"))
    assert fast.npcs[0]["intent"] == [1, fast.g.cell_at(1, 2), -1]
    fast.apply([WAIT])
    slow.apply([WAIT])
    assert fast.rng.get_state() == slow.rng.get_state()
    assert fast.g.coords(fast.npcs[0]["cell"]) == (1, 3)          # kept going S
    assert slow.g.coords(slow.npcs[0]["cell"]) == (1, 2)


def test_tractor_pulls_a_boulder_only_across_gravity_and_not_after_death():
    # decision 56: a pull is a push from behind, so the push rules hold: a boulder moves only
    # across gravity (here S), and a player who dies on the step pulls nothing
    up = sq(["#####", "#---#", "#-@-#", "#-o-#", "#####"], KEEP.replace("1,1", "2,2"), gravity="S")
    up.player["items"] = [["item", [["axe", 5], ["tractor", 3]]]]
    up.apply([TRACTOR])
    up.apply([MOVE, N])                      # away from the boulder below: it would rise
    assert up.obj[up.g.cell_at(2, 3)] == 7 and up.obj[up.g.cell_at(2, 2)] == 0 and up.pushes == 0
    assert up.player["items"][0][1] == [["axe", 5], ["tractor", 3]]
    side = sq(["#######", "#o@---#", "#######"], KEEP.replace("1,1", "6,2"), gravity="S")
    side.player["items"] = [["item", [["axe", 5], ["tractor", 3]]]]
    side.apply([TRACTOR])
    side.apply([MOVE, E])                    # across gravity: the boulder follows
    assert side.obj[side.g.cell_at(2, 1)] == 7 and side.pushes == 1
    dies = sq(["#######", "#m@^--#", "#######"], KEEP.replace("1,1", "6,2"), trap_damage=10)
    dies.player["items"] = [["item", [["axe", 5], ["tractor", 3]]]]
    dies.player["hp"] = 5
    dies.apply([TRACTOR])
    dies.apply([MOVE, E])                    # onto the trap: 10 damage kills
    assert dies.status == "lost" and dies.obj[dies.g.cell_at(1, 1)] == 5 and dies.pushes == 0
