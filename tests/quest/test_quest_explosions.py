"""Explosions and the Supaplex objects (explosions.py, supaplex_objects.py), worked out by hand."""

import pytest
from quest_levels import game
from test_quest_rules import sq

from game.modes.base import ActionError
from game.modes.quest import supaplex_objects as SX
from game.modes.quest import tiles as T
from game.modes.quest.events import Spark
from game.modes.quest.explosions import blast_cells
from game.modes.quest.game import CAST, DROP, MOVE, WAIT

N, E, S, W = 0, 1, 2, 3
OLD_KEYS = {"obj", "player", "npcs", "rng", "turn", "moves", "pushes", "gems", "granted", "falling", "status", "jump_dir"}


def at(g, x, y):
    return g.obj[g.g.cell_at(x, y)]


def test_orange_disk_falls_then_explodes_on_landing_3x3():
    g = sq(["#######",
            "#@-O-!#",
            "#-#---#",
            "#--%i-#",
            "#######"], "npc 5,3: name=Imp hp=10 model=still\n", gravity="S", player_gravity="no")
    g.apply([WAIT])                               # the disk falls to (3,2)
    assert at(g, 3, 2) == T.ORANGE_DISK and g.npcs[0]["hp"] == 10
    ev = g.apply([WAIT])                          # it has fallen and lands on the base: boom
    assert [e.at for e in ev if e.kind == "explode"] == [g.g.cell_at(3, 2)]
    # the 3x3 around (3,2): x 2..4, y 1..3; rock stays, base, gem and the Imp (4,2) go; (5,1) is outside
    assert at(g, 2, 2) == T.ROCK and at(g, 3, 3) == T.NONE and at(g, 4, 3) == T.NONE and at(g, 3, 2) == T.NONE
    assert g.npcs[0]["hp"] == 0 and g.player["xp"] == 16
    assert at(g, 5, 1) == T.BLOCKER and g.status == "play"


def test_terminal_detonates_yellow_disks_and_the_blast_chains():
    g = sq(["##########",
            "#@T------#",
            "#---Y----#",
            "#----O---#",
            "#-----m--#",
            "##########"], "npc 5,5: name=A hp=10 model=still\nnpc 8,5: name=B hp=10 model=still\n")
    ev = g.apply([MOVE, E])                       # use the terminal: the player stays
    assert g.g.coords(g.player["cell"]) == (1, 1) and g.moves == 0 and g.turn == 1
    blasts = [g.g.coords(e.at) for e in ev if e.kind == "explode"]
    assert blasts == [(4, 2), (5, 3)]             # yellow, then the orange disk it reached
    assert at(g, 4, 2) == at(g, 5, 3) == at(g, 6, 4) == T.NONE     # the movable (6,4) only in the 2nd
    assert [n["hp"] for n in g.npcs] == [0, 10]   # A at (4,4) in the 2nd blast, B at (7,4) outside
    assert at(g, 2, 1) == T.TERMINAL


def test_yellow_disk_pushed_any_way_orange_disk_only_across_gravity():
    g = sq(["#####", "#---#", "#-Y-#", "#-@-#", "#####"], "npc 4,4: name=X hp=5 model=still\n",
           gravity="S", player_gravity="no")
    g.apply([MOVE, N])                             # pushed against gravity
    assert at(g, 2, 1) == T.YELLOW_DISK
    assert g.problem([MOVE, N]) == "the object cannot be pushed there"
    g = sq(["#####", "#-@-#", "#-Y-#", "#---#", "#####"], "npc 4,2: name=X hp=5 model=still\n",
           gravity="S", player_gravity="no")
    g.apply([MOVE, S])                             # pushed along gravity, and it does not fall
    g.apply([WAIT])
    assert at(g, 2, 3) == T.YELLOW_DISK
    g = sq(["#####", "#-@-#", "#-O-#", "#---#", "#####"], "npc 4,2: name=X hp=5 model=still\n",
           gravity="S", player_gravity="no")
    assert g.problem([MOVE, S]) == "an orange disk rolls only across gravity"


def test_red_disk_picked_up_dropped_and_explodes_after_the_fuse():
    g = sq(["#########", "#@R-----#", "#########"], "npc 8,2: name=Far hp=5 model=still\n")
    g.apply([MOVE, E])
    assert g.red == 1 and at(g, 2, 1) == T.NONE and g.snapshot()["red"] == 1
    with pytest.raises(ActionError, match="no free cell"):
        g.apply([DROP, N])
    g.apply([DROP, W])                             # lit on (1,1): fuse 5, ticking this turn too
    assert at(g, 1, 1) == T.RED_LIT and g.fuses == {g.g.cell_at(1, 1): SX.FUSE - 1} and g.red == 0
    g.apply([MOVE, E])
    g.apply([MOVE, E])                             # the player at (4,1): outside x 0..2
    g.apply([WAIT])
    assert at(g, 1, 1) == T.RED_LIT and g.fuses == {g.g.cell_at(1, 1): 1}
    ev = g.apply([WAIT])                           # the 5th turn counting the drop: boom
    assert any(e.kind == "explode" for e in ev) and at(g, 1, 1) == T.NONE and g.status == "play"
    assert "fuses" not in g.snapshot() and "red" not in g.snapshot()
    # standing next to it at the end of the 5th turn is death
    g = sq(["#########", "#@R-----#", "#########"], "npc 8,2: name=Far hp=5 model=still\n")
    g.apply([MOVE, E])
    g.apply([DROP, W])
    for _ in range(3):
        g.apply([WAIT])
    assert g.status == "play"
    g.apply([WAIT])
    assert g.status == "lost"


def test_bug_sparks_on_its_shown_countdown_and_kills_next_to_it():
    text = ["#######", "#@-B--#", "#######"]
    npcs = "npc 5,2: name=Imp hp=10 model=still\nnpc 6,2: name=Far hp=10 model=still\n"
    g = sq(text, npcs)
    bug = g.g.cell_at(3, 1)
    k = g.bugs[bug]
    assert SX.BUG_SLEEP_MIN <= k <= SX.BUG_SLEEP_MAX
    for t in range(k - 1):                         # the count shown on the board goes down by one
        g.apply([WAIT])
        assert g.bugs[bug] == k - 1 - t and g.npcs[0]["hp"] == 10
    ev = g.apply([WAIT])                           # it reaches 0: it sparks, the Imp beside it dies
    assert g.bugs[bug] == 0 and Spark(bug) in ev and g.npcs[0]["hp"] == 0
    assert g.npcs[1]["hp"] == 10
    g.apply([WAIT])                                # the spark ends: a new sleep from the PCG32
    assert SX.BUG_SLEEP_MIN <= g.bugs[bug] <= SX.BUG_SLEEP_MAX and "bugs" in g.snapshot()
    # the same seed gives the same schedule; the schedule comes from the game's PCG32
    assert [sq(text, npcs).bugs[bug] for _ in range(2)] == [k, k]
    seeds = {sq(text, npcs, seed=s).bugs[bug] for s in range(12)}
    assert len(seeds) > 1


def test_digging_a_quiet_bug_is_base_a_sparking_one_kills():
    g = sq(["#######", "#@B---#", "#######"], "npc 6,2: name=Imp hp=10 model=still\n")
    bug = g.g.cell_at(2, 1)
    g.bugs[bug] = 2
    g.apply([MOVE, E])
    assert g.status == "play" and g.player["cell"] == bug and bug not in g.bugs
    g = sq(["#######", "#@B---#", "#######"], "npc 6,2: name=Imp hp=10 model=still\n")
    g.bugs[bug] = 0                                # sparking now (shown as 0)
    ev = g.apply([MOVE, E])
    assert g.status == "lost" and any(e.kind == "spark" for e in ev)


def test_npc_with_a_blast_crushed_by_a_boulder_explodes_into_gems():
    rows = ["########", "#@--o--#", "#------#", "#------#", "########"]
    g = sq(rows, "npc 5,4: name=Electron hp=5 model=still blast=gems\n", gravity="S", player_gravity="no")
    g.apply([WAIT])                                # the boulder falls to (4,2)
    ev = g.apply([WAIT])                           # lands on the electron: crushed, it explodes
    assert any(e.kind == "slain" and e.cause == "crush" for e in ev) and any(e.kind == "explode" and e.gems for e in ev)
    gems = sorted(g.g.coords(c) for c in g.g.cells if g.obj[c] == T.GEM)
    assert gems == [(x, y) for x in (3, 4, 5) for y in (2, 3)]   # the 3x3 minus the walls below
    assert g.status == "won"                       # no hostile NPC left
    g = sq(rows, "npc 5,4: name=Snik hp=5 model=still blast=plain\n", gravity="S", player_gravity="no")
    g.apply([WAIT])
    g.apply([WAIT])
    assert not any(g.obj[c] in (T.GEM, T.BOULDER) for c in g.g.cells)   # the boulder went too


def test_a_boulder_landing_on_an_orange_disk_detonates_it():
    g = sq(["#####", "#@o-#", "#---#", "#-O-#", "#####"], "npc 4,2: name=X hp=5 model=still\n",
           gravity="S", player_gravity="no")
    g.apply([WAIT])
    assert at(g, 2, 2) == T.BOULDER and at(g, 2, 3) == T.ORANGE_DISK
    ev = g.apply([WAIT])                           # it has fallen onto the disk: the disk explodes
    assert [g.g.coords(e.at) for e in ev if e.kind == "explode"] == [(2, 3)]
    assert at(g, 2, 2) == T.NONE and at(g, 2, 3) == T.NONE and g.status == "play"


def test_hex_explosion_is_the_hex_and_its_six_neighbours():
    g = game("grid: hex\nmap:\n~---~\n-----\n--@--\n-----\n~~-~~\nend\nnpc 3,7: name=In hp=9 model=still\n"
             "npc 3,1: name=Out hp=9 model=still\n")
    centre = g.player["cell"]
    assert blast_cells(g, centre) == sorted((centre, *g.g.neighbours[centre]))
    g.red = 1
    g.apply([DROP, 3])                             # lit on the S neighbour of the centre
    disk = g.g.step[centre][3]
    assert g.obj[disk] == T.RED_LIT
    g.apply([MOVE, 0])                             # the player steps N, 2 hexes from the disk
    for _ in range(2):
        g.apply([WAIT])
    ev = g.apply([WAIT])
    boom = [e for e in ev if e.kind == "explode"]
    assert len(boom) == 1 and list(boom[0].cells) == sorted((disk, *g.g.neighbours[disk])) and len(boom[0].cells) == 7
    assert [n["hp"] > 0 for n in g.npcs] == [False, True] and g.status == "play"


def test_old_levels_keep_their_snapshot_keys():
    g = sq(["#####", "#@-$.#", "#####"])
    g.apply([MOVE, E])
    assert set(g.snapshot()) == OLD_KEYS


def test_spells_detonate_disks():
    g = sq(["##########", "#@---Y---#", "##########"], "npc 8,2: name=Imp hp=30 model=still\n")
    g.player["spells"]["missile"] = 1
    ev = g.apply([CAST, 0, E])                     # cast missile E: it stops at the yellow disk, which explodes
    assert [g.g.coords(e.at) for e in ev if e.kind == "explode"] == [(5, 1)]
    assert at(g, 5, 1) == T.NONE and g.npcs[0]["hp"] == 30   # the Imp (7,1) is outside x 4..6
    g = sq(["##########", "#@-----O-#", "##########"], "npc 7,2: name=Imp hp=30 model=still\n")
    g.player["spells"]["fireball"] = 1
    g.apply([CAST, 1, E])                          # fireball: bursts on the Imp (6,1): radius 1 holds the disk (7,1)
    assert at(g, 7, 1) == T.NONE and g.npcs[0]["hp"] == 0     # 5 from the fire, then the blast


def test_board_marks_show_bug_and_fuse_timings():
    g = sq(["#######", "#@-B--#", "#######"], "npc 6,2: name=Far hp=10 model=still\n")
    bug = g.g.cell_at(3, 1)
    g.bugs[bug], g.red = 2, 1
    assert g.problem([DROP, S]) == "no free cell to drop the red disk on"
    g.apply([DROP, E])
    lit = g.g.cell_at(2, 1)
    assert SX.board_marks(g) == {bug: "1", lit: str(SX.FUSE - 1)}
    g.apply([WAIT])
    assert SX.board_marks(g)[bug] == "!"
