"""NPCs cast every spell they carry (npc_casting.py): the intent is shown a turn ahead, the cast
goes through spells.py. HP values worked out by hand from decisions 17-22 (S = map spell base 5)."""

from test_quest_rules import sq

from game.modes.quest import npcs as N
from game.modes.quest.game import MOVE, WAIT

E, W = 1, 3
CAST = 3
ROW = ["##########", "#@-------#", "##########"]


def npc(x, spells, model="turret", hp=30, extra=""):
    return f"npc {x},2: name=Npc hp={hp} model={model} spells={spells} {extra}\n"


def test_npc_fireball_burst_and_burn_on_the_player():
    g = sq(ROW, npc(6, "fireball:2"))
    # shown before it happens: fireball (spell 1) towards W
    assert g.npcs[0]["intent"] == [CAST, W, 1]
    g.apply([WAIT])
    # 2 x 5 = 10 at impact (the player), burning 2 a turn for 2 turns, first tick this turn
    assert g.player["hp"] == 100 - 10 - 2 and g.player["burn"] == [2, 1]
    g.apply([WAIT])
    # another 10, the burn renewed to 2 turns and ticking: 88 - 10 - 2
    assert g.player["hp"] == 76 and g.player["burn"] == [2, 1]


def test_npc_lightning_within_its_level_and_fizzle_when_out_of_range():
    g = sq(ROW, npc(4, "lightning:2"))
    assert g.npcs[0]["intent"] == [CAST, 0, 2]
    g.apply([WAIT])
    assert g.player["hp"] == 90              # 2 x 5
    far = sq(ROW, npc(5, "lightning:2"))      # distance 3 > 2: nothing to cast
    assert far.npcs[0]["intent"] == [0, -1, -1]
    g = sq(["##########", "#-@------#", "##########"], npc(5, "lightning:2"))
    assert g.npcs[0]["intent"] == [CAST, 0, 2]
    ev = g.apply([MOVE, W])                  # step out of range: the shown lightning fizzles
    assert g.player["hp"] == 100 and any(e.kind == "fizzle" and e.spell == "lightning" for e in ev)


def test_npc_ice_spray_freezes_the_player_for_level_turns():
    g = sq(ROW, npc(4, "ice:2"))
    assert g.npcs[0]["intent"] == [CAST, W, 3]
    g.apply([WAIT])
    assert g.player["slow"] == [2, 2]
    assert g.problem([MOVE, E]) == "you are frozen by Ice Spray (2 more turn(s))"
    # while the player is slowed the turret has nothing better to do: it shows a wait
    assert g.npcs[0]["intent"] == [0, -1, -1]
    g.apply([WAIT])
    assert g.problem([MOVE, E]) is not None
    g.apply([WAIT])
    assert g.player["slow"] == [0, 0] and g.problem([MOVE, E]) is None
    assert g.npcs[0]["intent"] == [CAST, W, 3]   # and it will spray again


def test_npc_missile_and_fireball_choice_is_the_most_damage():
    # missile:1 (5) against fireball:1 (5 + burn 1): the fireball
    g = sq(ROW, npc(6, "missile:1,fireball:1"))
    assert g.npcs[0]["intent"] == [CAST, W, 1]
    # two foes in a line: missile:2 hits both for 10 each (20) > fireball:1 (6 + 6 for two in radius 1)
    g = sq(["##########", "#@-------#", "##########"],
           "npc 3,2: name=Dog hp=30 team=player model=still\n" + npc(9, "missile:2,fireball:1", extra="team=orcs"))
    assert g.npcs[1]["intent"] == [CAST, W, -1]
    g.apply([WAIT])
    assert g.npcs[0]["hp"] == 20 and g.player["hp"] == 90


def test_npc_never_fireballs_its_ally():
    g = sq(["##########", "#@-------#", "##########"],
           "npc 3,2: name=Pal hp=30 team=orcs model=still\n" + npc(6, "fireball:2", extra="team=orcs"))
    # the first creature W is its ally: no line for the fireball, nothing else known
    assert g.npcs[1]["intent"] == [0, -1, -1]


def test_caster_prefers_its_spell_to_a_blow_and_chase_blows():
    g = sq(ROW, npc(3, "missile:1", model="caster", extra="melee=1"))
    assert g.npcs[0]["intent"] == [CAST, W, -1]
    g.apply([WAIT])
    assert g.player["hp"] == 95
    g = sq(ROW, npc(3, "missile:1", model="chase", extra="melee=1"))
    assert g.npcs[0]["intent"][0] == N.ATTACK


def test_npc_teleport_escape_when_hurt_and_jump_to_close_in():
    g = sq(ROW, npc(3, "teleport:1", model="chase"))
    g.npcs[0]["hp"] = 10                      # a third of 30
    N.plan_all(g)
    assert g.npcs[0]["intent"] == [CAST, E, 5]
    g.apply([WAIT])
    assert g.g.coords(g.npcs[0]["cell"]) == (4, 1)       # 2 cells east: distance 3 from the player
    # jump:2 from x=8 towards the player: 2 cells W, then the shown random cell (W here)
    g = sq(["###########", "#@--------#", "###########"], npc(10, "jump:2", model="chase"))
    g.jump_dir = W
    N.plan_all(g)
    assert g.npcs[0]["intent"] == [CAST, W, 4]
    g.apply([WAIT])
    assert g.g.coords(g.npcs[0]["cell"]) == (6, 1)
    # teleport:1 to close in from distance 7: 2 cells nearer
    g = sq(["###########", "#@--------#", "###########"], npc(10, "teleport:1", model="caster"))
    assert g.npcs[0]["intent"] == [CAST, W, 5]


def test_npc_spell_intents_do_not_draw_randomness():
    g = sq(ROW, npc(6, "fireball:2,missile:1,ice:1", model="chase"))
    before = g.rng.get_state()
    N.plan_all(g)
    assert g.rng.get_state() == before


def test_a_frozen_player_may_still_strike_and_cast():
    g = sq(ROW, npc(4, "ice:1") + "npc 3,2: name=Imp hp=30 model=still melee=0\n")
    g.player["slow"] = [1, 1]
    assert g.problem([MOVE, E]) is None                 # a blow at the adjacent Imp
    g = sq(ROW, npc(4, "ice:1"))
    g.player["slow"] = [1, 1]
    g.player["spells"]["missile"] = 1
    assert g.problem([MOVE, E]) is not None and g.problem([1, 0, E]) is None and g.problem([WAIT]) is None   # cast missile, wait


def test_intents_read_as_text_for_the_board():
    from game.modes.quest.npc_casting import describe_intent
    g = sq(ROW, npc(6, "fireball:2") + npc(4, "lightning:2").replace("Npc", "Zap") + "npc 3,2: name=Imp hp=5 model=still\n")
    # the fireball would burst on its ally Zap: it waits
    assert [describe_intent(g, n) for n in g.npcs] == ["waits", "casts lightning", "strikes 2,2"]
    g = sq(ROW, npc(6, "fireball:2"))
    assert describe_intent(g, g.npcs[0]) == "casts fireball W"


def test_npc_shoots_a_disk_next_to_the_player_but_never_one_next_to_itself():
    # a yellow disk at (2,1) beside the player (1,1): its blast covers x 1..3
    g = sq(["##########", "#@Y------#", "##########"], npc(7, "missile:1"))
    # the missile W stops at the disk: no creature hit, but the blast reaches the player
    assert g.npcs[0]["intent"] == [CAST, W, -1]
    g.apply([WAIT])
    assert g.status == "lost"
    # the same disk next to the turret: its blast would take the turret too, so it holds fire
    g = sq(["##########", "#@----Y--#", "##########"], npc(8, "missile:1"))
    assert g.npcs[0]["intent"] == [0, -1, -1]
