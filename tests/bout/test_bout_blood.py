"""Blood loss: checked at the end of each round (exchange 2 or a pause) in combat, every 6
steps walked or 18 waited out of combat; health 1 halves the pool; health 0 is death. First aid,
healing and painkillers (the seed's cards; our numbers in the tiny ruleset's defaults)."""

from game.modes.bout.consts import CAUTIOUS
from tests.bout.conftest import Script, done, duel, melee, orient, target

WOUND = [0, 4, 0, 3, 0, 0, 0, 0]          # torso, level 4, cut, BL 3, pain 0


def _to_round_end(m):
    """A round with nobody attacking: a lull, a pause, the round ends at the next advance."""
    orient(m, {0: CAUTIOUS, 1: CAUTIOUS})
    m.advance()
    target(m, {0: 1, 1: 0})
    m.advance()
    done(m, 0)
    done(m, 1)


def _bleeding(tiny, health):
    m = duel(tiny)
    b = m.fighters[1]
    b.health = health
    b.wounds = [list(WOUND)]
    return m, b


def test_blood_loss_check_passes_on_one_success(tiny):
    """EN 4 dice at TN = total BL 3: 3,1,1,1 is one success, health stays 4."""
    m, b = _bleeding(tiny, 4)
    _to_round_end(m)
    s = Script(m, [[3, 1, 1, 1]])
    m.advance()
    assert s.calls == [("attr", 4, 3)] and b.health == 4


def test_health_1_halves_the_pool(tiny):
    """2,2,2,2 fails: health 2 -> 1, and at health 1 the refreshed pool is halved: (5 + 4) // 2."""
    m, b = _bleeding(tiny, 2)
    _to_round_end(m)
    Script(m, [[2, 2, 2, 2]])
    m.advance()
    assert b.health == 1 and b.cp == (5 + 4) // 2


def test_health_0_is_death_and_ends_the_fight(tiny):
    m, b = _bleeding(tiny, 1)
    _to_round_end(m)
    Script(m, [[2, 2, 2, 2]])
    m.advance()
    assert b.dead and not m.engs and any(ev == ("dies", 1, "blood loss") for ev in m.events)


def test_no_bleeding_no_roll(tiny):
    m = duel(tiny)
    _to_round_end(m)
    s = Script(m, [])
    m.advance()
    assert s.calls == []


def test_out_of_combat_a_check_every_6_steps_walked_or_18_waited(tiny):
    """Thirds of a step: a step walked counts 3, a step waited 1; the check comes at 18 thirds."""
    m = melee(tiny, [("b", 0, (0, 0), 2)])
    b = m.fighters[0]
    b.wounds = [list(WOUND)]
    s = Script(m, [[9, 9, 9, 9]] * 3)
    for _ in range(5):
        m.out_of_combat_step(0, moved=True)
    assert s.calls == []
    m.out_of_combat_step(0, moved=True)                     # the 6th step walked
    assert s.calls == [("attr", 4, 3)]
    for _ in range(17):
        m.out_of_combat_step(0, moved=False)
    assert len(s.calls) == 1
    m.out_of_combat_step(0, moved=False)                    # the 18th step waited
    assert len(s.calls) == 2
    for _ in range(3):
        m.out_of_combat_step(0, moved=False)
    for _ in range(5):
        m.out_of_combat_step(0, moved=True)                 # 3 + 15 = 18 thirds
    assert len(s.calls) == 3


def test_first_aid_after_6_waited_steps_comes_before_the_check(tiny):
    """After 6 uninterrupted steps of waiting, a first aid roll (WT 4 dice + 2 for a bandage at
    TN 7: 7,8,1,1,1,1 = 2 successes) stops 2 of the 3 points of bleeding before that step's check
    would have come; a step walked resets the count."""
    m = melee(tiny, [("b", 0, (0, 0), 2)])
    b = m.fighters[0]
    b.wounds = [list(WOUND), [1, 2, 0, 0, 1, 1, 0, 0]]
    s = Script(m, [[7, 8, 1, 1, 1, 1]])
    for _ in range(5):
        m.out_of_combat_step(0, moved=False, aid=True, bandage=True)
    m.out_of_combat_step(0, moved=True, aid=True, bandage=True)
    assert s.calls == []                                    # interrupted: the count starts again
    for _ in range(6):
        m.out_of_combat_step(0, moved=False, aid=True, bandage=True)
    assert s.calls == [("attr", 6, 7)] and b.bl_total() == 1
    assert b.waited == 0


def test_healing_only_at_blood_loss_0_and_painkillers_fade(tiny):
    """Healing rolls TO 4 dice at TN 7 every 30 steps at BL 0: 7,7,1,1 takes 2 points of pain off
    the worst wound (pain 3 -> 1); a wound with no pain and no bleeding closes and gives back a
    point of health. A painkiller takes 3 pain off each wound, 2 on the second dose; a new wound
    on the same body part loses the relief."""
    m = melee(tiny, [("b", 0, (0, 0), 2)])
    b = m.fighters[0]
    b.health = 3
    b.wounds = [[0, 2, 0, 0, 3, 0, 0, 0], [1, 1, 0, 0, 0, 1, 0, 0]]
    s = Script(m, [[7, 7, 1, 1]])
    for _ in range(29):
        m.out_of_combat_step(0, moved=True)
    assert s.calls == []
    m.out_of_combat_step(0, moved=True)
    assert s.calls == [("attr", 4, 7)]
    assert [w[4] for w in b.wounds] == [1] and b.health == 4
    b.wounds[0][4] = 5
    m.painkiller(0)
    assert b.pain_total() == 5 - 3
    b.wounds[0][6] = 0
    m.painkiller(0)
    assert b.pain_total() == 5 - 2
    from game.modes.bout.wounds import wound
    b.wounds[0][5] = tiny.part_of[0]                        # the first wound is on the torso
    wound(m, None, 0, 0, 1, 0, 0, 1, False)                 # hit again on the torso
    assert b.wounds[0][6] == 0
