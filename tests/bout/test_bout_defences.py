"""Every defence of the maneuver tree, the limits on what one fighter may declare (hands, voids,
the full evasion alone), off-hand and side/rear penalties, the roots' defaults and wounds that
stack, worked by hand on the tiny ruleset (fighters: test_bout_exchange.py and
test_bout_attacks.py docstrings). a (aggressive) swings at b (cautious) with 2 dice at TN 6
unless said otherwise."""

import dataclasses

import pytest

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.consts import AGGRESSIVE, ATTACK, CAUTIOUS, DEFEND, NO_INIT
from tests.bout.conftest import E, N, Script, W, at_declare, declare, man, melee, target, to_declarations, zone


def swing_at(m, tiny, a=0, t=1, dice=2, key="swing", z="high"):
    declare(m, a, (ATTACK, t, man(tiny, key), zone(tiny, z), dice))


def test_counter_turns_the_margin_into_free_dice(tiny):
    """Counter (cost 2): 9,9,9 against 2,2: margin 3 becomes 3 free dice on b's next attack; b
    takes the initiative; 9 - 3 - 2 = 4 left."""
    m = at_declare(tiny)
    swing_at(m, tiny)
    declare(m, 1, (DEFEND, 0, man(tiny, "counter"), 0, 3))
    Script(m, [[2, 2], [9, 9, 9]])
    m.advance()
    b = m.fighters[1]
    assert b.cp == 4 and b.bonus_dice == 3 and m.pair(0, 1)[0] == 1


def test_expulsion_only_against_thrusts_and_drains_the_attacker(tiny):
    m = at_declare(tiny)
    swing_at(m, tiny)
    with pytest.raises(ActionError, match="only against a thrust"):
        m.apply(A.Line(1, DEFEND, 0, man(tiny, "expulsion"), 0, 2))
    m = at_declare(tiny)
    swing_at(m, tiny, key="thrust", z="low")
    declare(m, 1, (DEFEND, 0, man(tiny, "expulsion"), 0, 2))
    Script(m, [[2, 2], [9, 9]])
    m.advance()
    assert m.fighters[0].cp == 9 - 2 - 2 and m.pair(0, 1)[0] == 1


def test_disarm_needs_a_margin_of_two(tiny):
    """Disarm: a parry at TN 6 + 1 (cost 1): 9,9,1 = 2 against 0: a's sword falls."""
    m = at_declare(tiny)
    swing_at(m, tiny)
    declare(m, 1, (DEFEND, 0, man(tiny, "disarm"), 0, 3))
    s = Script(m, [[2, 2], [9, 9, 1]])
    m.advance()
    assert s.calls[1] == ("combat", 3, 7) and m.fighters[0].weapon == tiny.index("weapons", "fist")


def test_duck_and_weave_takes_initiative_and_ignores_length(tiny):
    """b's sword (reach 3) against c's dagger (1): c is short by 2. c ducks and weaves (TN 9) with
    4 dice, 2 thrown (the dagger still pays reach on defence): 9,9 against 2,2,2,2: c takes the
    initiative, closes in (the penalty passes to b) and b loses half the dice he used (4 // 2)."""
    m = at_declare(tiny, keys=("b", "c"))
    swing_at(m, tiny, dice=4)
    declare(m, 1, (DEFEND, 0, man(tiny, "duck_weave"), 0, 4))
    s = Script(m, [[2, 2, 2, 2], [9, 9]])
    m.advance()
    assert s.calls[1] == ("combat", 2, 9)
    assert m.pair(0, 1)[0] == 1 and m.fighters[1].ignore_length and m.pair(0, 1)[2] == 0
    assert m.fighters[0].cp == 9 - 4 - 2


def test_a_knockdown_roll_from_a_leg_wound(tiny):
    """A thrust at the leg, 9,9 against a parry of 1,2: level 2 + 5 - 4 = 3 ("kd"); shock 6 from
    b's 7 leaves 1; KD 4 dice at TN 2 x 2 show 1,2,3,2: prone, the pool halved to 0."""
    m = at_declare(tiny)
    swing_at(m, tiny, key="thrust", z="low")
    declare(m, 1, (DEFEND, 0, man(tiny, "parry"), 0, 2))
    s = Script(m, [[9, 9], [1, 2], [1, 2, 3, 2]])
    m.advance()
    assert s.calls[2] == ("attr", 4, 4)
    b = m.fighters[1]
    assert b.prone and b.cp == 0 and b.wounds[0][1] == 3


def test_a_mortal_wound_ends_the_fight(tiny):
    """Five successes against none: level 5 + 6 - 4 = 7, capped at 5 on the torso: death."""
    m = at_declare(tiny)
    swing_at(m, tiny, dice=5)
    declare(m, 1, (DEFEND, 0, man(tiny, "parry"), 0, 2))
    Script(m, [[9, 9, 9, 9, 9], [1, 2]])
    m.advance()
    assert m.fighters[1].dead and not m.engs


def test_rota_parries_a_swing_and_cuts_back(tiny):
    """Rota (proficiency 5, cost 1, parry at TN 6 + 1, against swings only): 7,7,7 against 2,2:
    margin 3, and b cuts back at once with 3 dice at his swing TN 6, undefended: 6,6,1 = 2:
    level 2 + 5 - 4 = 3 on the torso (the zone named in his line)."""
    m = at_declare(tiny)
    swing_at(m, tiny)
    declare(m, 1, (DEFEND, 0, man(tiny, "rota"), zone(tiny, "high"), 3))
    s = Script(m, [[2, 2], [7, 7, 7], [6, 6, 1]])
    m.advance()
    assert s.calls == [("combat", 2, 6), ("combat", 3, 7), ("combat", 3, 6)]
    assert m.fighters[0].wounds[0][1] == 3
    m = at_declare(tiny)
    swing_at(m, tiny, key="thrust", z="low")
    with pytest.raises(ActionError, match="only against a swing"):
        m.apply(A.Line(1, DEFEND, 0, man(tiny, "rota"), zone(tiny, "high"), 3))


def test_block_open_and_strike_thrusts_back(tiny):
    """d blocks at the shield's TN 5 + 1 (cost 1, both hands): 6,6,6 against 2,2: margin 3, then a
    thrust with 3 dice at TN 7, undefended: 7,7,1 = 2: level 2 + 4 - 4 = 2 on the leg."""
    m = at_declare(tiny, keys=("a", "d"))
    swing_at(m, tiny)
    declare(m, 1, (DEFEND, 0, man(tiny, "block_open_strike"), zone(tiny, "low"), 3))
    Script(m, [[2, 2], [6, 6, 6], [7, 7, 1]])
    m.advance()
    assert m.fighters[0].wounds[0][1] == 2


def test_a_master_strike_lands_its_margin(tiny):
    """Master strike as a defence (proficiency 8: b is given 8; cost 2, parry at TN 6 + 1):
    7,7,7 against 2,2: its margin 3 lands as the blow's margin: level 3 + 5 - 4 = 4 on the torso
    ("kd": a's KD 5 dice at TN 2 x 3 (6s) hold)."""
    m = at_declare(tiny)
    b = m.fighters[1]
    b.t = dataclasses.replace(b.t, prof=8)
    swing_at(m, tiny)
    declare(m, 1, (DEFEND, 0, man(tiny, "master_strike"), zone(tiny, "high"), 3))
    Script(m, [[2, 2], [7, 7, 7], [6, 6, 6, 6, 6]])
    m.advance()
    assert m.fighters[0].wounds[0][1] == 4


def test_overrun_knocks_the_attacker(tiny):
    """Overrun (proficiency 6: b is given 6; cost 1, TN 8): 8,8 against 2,2: margin 2: a rolls
    KD 5 dice at TN 4 + 2 = 6: 1,1,1,1,1 fails: prone, his 7 halved to 3."""
    m = at_declare(tiny)
    b = m.fighters[1]
    b.t = dataclasses.replace(b.t, prof=6)
    swing_at(m, tiny)
    declare(m, 1, (DEFEND, 0, man(tiny, "overrun"), 0, 2))
    s = Script(m, [[2, 2], [8, 8], [1, 1, 1, 1, 1]])
    m.advance()
    assert s.calls[2] == ("attr", 5, 6) and m.fighters[0].prone and m.fighters[0].cp == 3


def test_a_void_never_takes_initiative_and_a_closing_void_does(tiny):
    """A won void (TN 8: 8,8 against 2,2) leaves the initiative with the attacker; a won closing
    void (TN 8, cost 1) takes it and closes in."""
    m = at_declare(tiny)
    swing_at(m, tiny)
    declare(m, 1, (DEFEND, 0, man(tiny, "void"), 0, 2))
    Script(m, [[2, 2], [8, 8]])
    m.advance()
    assert m.pair(0, 1)[0] == 0
    m = at_declare(tiny)
    swing_at(m, tiny)
    declare(m, 1, (DEFEND, 0, man(tiny, "closing_void"), 0, 2))
    Script(m, [[2, 2], [8, 8]])
    m.advance()
    assert m.pair(0, 1)[0] == 1 and m.fighters[1].cp == 9 - 2 - 1 + 0


def ringed(tiny, hero, foes, hero_o=CAUTIOUS, target_o=AGGRESSIVE):
    """The hero at (2,2) facing north, foes (b's) at north, east, south, west in that order, all
    targeting him, he targeting the north one. His footing roll (3+ foes: TN 8) is scripted to
    pass with 1 die (9): 9 - 1 = 8 dice left. The foes' orientations: the north one's as given,
    the others aggressive."""
    cells = ((2, 1, 4), (3, 2, W), (2, 3, N), (1, 2, E))
    m = melee(tiny, [(hero, 0, (2, 2), N)] + [("b", 1, (x, y), fc) for x, y, fc in cells[:foes]])
    Script(m, [[9]])
    m.apply(A.Orient(0, hero_o, 0, 1))
    for g in range(1, foes + 1):
        m.apply(A.Orient(g, target_o if g == 1 else AGGRESSIVE))
    m.advance()
    target(m, {0: 1, **{g: 0 for g in range(1, foes + 1)}})
    m.advance()
    return m


def _ring(tiny, hero="a"):
    """a ringed by three aggressive b's who all swing at him with 2 dice (they hold initiative
    over him and declare first)."""
    m = ringed(tiny, hero, 3)
    for g in (1, 2, 3):
        declare(m, g, (ATTACK, 0, man(tiny, "swing"), zone(tiny, "high"), 2))
    return m


def test_one_action_per_hand_and_voids_beside_an_attack(tiny):
    """a has one sword and nothing in the off hand: one parry, the second needs another hand;
    partial evades go against each attacker, one each; a full evasion only alone."""
    m = _ring(tiny)
    m.apply(A.Line(0, DEFEND, 1, man(tiny, "parry"), 0, 2))
    with pytest.raises(ActionError, match="no free hand"):
        m.apply(A.Line(0, DEFEND, 2, man(tiny, "parry"), 0, 2))
    m.apply(A.Line(0, DEFEND, 2, man(tiny, "partial_evasion"), 0, 2))
    m.apply(A.Line(0, DEFEND, 3, man(tiny, "partial_evasion"), 0, 2))
    with pytest.raises(ActionError, match="already defend"):
        m.apply(A.Line(0, DEFEND, 3, man(tiny, "partial_evasion"), 0, 1))
    with pytest.raises(ActionError, match="full evasion"):
        m.apply(A.Line(0, DEFEND, -1, man(tiny, "flee"), 0, 1))


def test_at_most_two_voids_beside_an_attack(tiny):
    """d (sword and shield) is ringed by four who all attack him; he strikes back at the north one
    without initiative (main hand), blocks the east one (off hand), voids two more; a partial
    evade beside the attack, or a third void, is refused."""
    m = ringed(tiny, "d", 4)
    for g in (1, 2, 3, 4):
        declare(m, g, (ATTACK, 0, man(tiny, "swing"), zone(tiny, "high"), 1))
    m.apply(A.Line(0, NO_INIT, 1, man(tiny, "swing"), zone(tiny, "high"), 1))
    m.apply(A.Line(0, DEFEND, 2, man(tiny, "block"), 0, 1))
    with pytest.raises(ActionError, match="does not go with an attack"):
        m.apply(A.Line(0, DEFEND, 3, man(tiny, "partial_evasion"), 0, 1))
    m.apply(A.Line(0, DEFEND, 3, man(tiny, "void"), 0, 1))
    m.apply(A.Line(0, DEFEND, 4, man(tiny, "void"), 0, 1))
    with pytest.raises(ActionError, match="at most two voids"):
        m.apply(A.Line(0, DEFEND, 1, man(tiny, "void"), 0, 1))


def test_the_off_hand_and_the_flank_cost_dice(tiny):
    """f (sword and knife) parries the north b with his sword and the east b with the knife in
    his off hand: 3 dice - 2 (off hand) - 1 (the east foe is at his side: f faces north) = 0:
    one die at the knife's DTN 8 + 1."""
    m = melee(tiny, [("f", 0, (2, 2), N), ("b", 1, (2, 1), 4), ("b", 1, (3, 2), W)])
    to_declarations(m, {0: CAUTIOUS, 1: AGGRESSIVE, 2: AGGRESSIVE}, {0: 1, 1: 0, 2: 0})
    for g in (1, 2):
        declare(m, g, (ATTACK, 0, man(tiny, "swing"), zone(tiny, "high"), 2))
    declare(m, 0, (DEFEND, 1, man(tiny, "parry"), 0, 3), (DEFEND, 2, man(tiny, "parry"), 0, 3))
    s = Script(m, [[2, 2], [2, 2, 2], [2, 2], [2]])
    m.advance()
    assert s.calls == [("combat", 2, 6), ("combat", 3, 6), ("combat", 2, 6), ("combat", 1, 9)]


def test_a_blow_from_behind_costs_two_dice(tiny):
    """a faces north (his target b1 there); b3 strikes from the south, behind him: his partial
    evade of 3 dice throws 3 - 2 = 1 die."""
    m = _ring(tiny)
    declare(m, 0, (DEFEND, 3, man(tiny, "partial_evasion"), 0, 3))
    s = Script(m, [[2, 2], [2, 2], [2, 2], [2]])
    m.advance()
    assert s.calls[3] == ("combat", 1, 7)


def test_each_root_defaults_to_its_cheapest_lowest_tn_entry(tiny):
    """The seed: a regular defence is a parry or a block, whichever has the lower TN (d: the
    block, shield DTN 5 < sword 6); a regular attack is a swing or a thrust (sword: swing 6 <
    thrust 7); an evasion is a partial evade, a void when the partial evade is not available
    (beside an attack); an unarmed attack is the lowest TN at no cost (a punch at 5; with a
    shield in the off hand a head butt at 6)."""
    m = at_declare(tiny, keys=("d", "a"))
    ids = {(k, r): (m.default_maneuver(0, k, r).id if m.default_maneuver(0, k, r) else None)
           for k, r in (("defence", "regular"), ("attack", "regular"), ("defence", "evasion"),
                        ("attack", "unarmed"), ("defence", "advanced"), ("defence", "flee"))}
    assert ids == {("defence", "regular"): "block", ("attack", "regular"): "swing",
                   ("defence", "evasion"): "partial_evasion", ("attack", "unarmed"): "head_butt",
                   ("defence", "advanced"): None, ("defence", "flee"): "flee"}
    assert m.default_maneuver(1, "attack", "unarmed").id == "punch"
    assert m.default_maneuver(1, "defence", "regular").id == "parry"
    m.apply(A.Line(0, ATTACK, 1, man(tiny, "swing"), zone(tiny, "high"), 2))
    assert m.default_maneuver(0, "defence", "evasion").id == "partial_evasion"


def test_a_wounded_part_gives_way(tiny):
    """Two blows on the torso: the second wound is one level deeper (wound_stacking 1): a level
    1 blow becomes level 2."""
    from game.modes.bout.wounds import wound
    m = at_declare(tiny)
    wound(m, None, 1, 0, 1, 0, 0, 1, False)
    wound(m, None, 1, 0, 1, 0, 0, 1, False)
    assert [w[1] for w in m.fighters[1].wounds] == [1, 2]


def test_a_target_declared_first_in_the_target_stage(tiny):
    m = melee(tiny, [("a", 0, (1, 1), E), ("b", 1, (2, 1), W)])
    m.apply(A.Orient(0, CAUTIOUS))
    m.apply(A.Orient(1, CAUTIOUS))
    m.advance()
    with pytest.raises(ActionError, match="not a foe in reach"):
        m.apply(A.Target(0, 0))
    target(m, {0: 1, 1: 0})
    assert m.fighters[0].facing == E and m.fighters[1].facing == W
