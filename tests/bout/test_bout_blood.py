"""Blood loss at the round's start, health 1 halving the pool, health 0 ending the fighter."""

from game.modes.bout import actions as A
from tests.bout.conftest import Script, make


def _bleeding(tiny, health, bl=3):
    g = make(tiny)
    b = g.fighters[1]
    b.health = health
    b.wounds = [[0, bl + 1, 0, bl, 0, 0]]
    return g, b


def test_blood_loss_check_passes_on_one_success(tiny):
    g, b = _bleeding(tiny, 4)
    s = Script(g, [[3, 1, 1, 1]])               # EN 4 dice at TN = total BL 3: one success
    g._start_round()
    assert s.calls == [("attr", 4, 3)] and b.health == 4


def test_health_1_halves_the_pool(tiny):
    g, b = _bleeding(tiny, 2)
    Script(g, [[2, 2, 2, 2]])
    g._start_round()
    assert b.health == 1 and b.cp == (5 + 4) // 2      # no pain (pain 0 in this wound)


def test_health_0_puts_the_fighter_out_and_ends_the_bout(tiny):
    g, b = _bleeding(tiny, 1)
    Script(g, [[2, 2, 2, 2]])
    g.phase = "attack"
    g.queue = [0]
    g.pairs[(0, 1)][0] = 0
    g.exchange = 2
    g.apply((A.PASS, 0))                               # end of exchange 2 -> round 2 -> BL check
    assert b.dead and g.is_over() and g.winner == 0


def test_no_bleeding_no_roll(tiny):
    g = make(tiny, start=False)
    s = Script(g, [])
    g.round = 1
    g._start_round()
    assert s.calls == []
