"""Bots: legal, deterministic, ordered by strength, and use what the combat table says."""

from game.modes.skirmish import actions as A
from game.modes.skirmish.bot import SkirmishBot
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant, parse_seats


def test_bot_actions_are_legal_and_deterministic(default_rs):
    g1 = SkirmishGame.new(default_rs, default_rs.map("04_four_rivers"), parse_seats("bot:hard,bot:normal,bot:easy"), 11)
    g2 = SkirmishGame.new(default_rs, default_rs.map("04_four_rivers"), parse_seats("bot:hard,bot:normal,bot:easy"), 11)
    bots1 = {s: SkirmishBot(g1.controller(s).split(":")[1]) for s in g1.seats()}
    bots2 = {s: SkirmishBot(g2.controller(s).split(":")[1]) for s in g2.seats()}
    for _ in range(300):
        if g1.is_over():
            break
        a1, a2 = bots1[g1.current].choose(g1), bots2[g2.current].choose(g2)
        assert a1 == a2
        assert a1 in g1.legal_actions()
        g1.apply(a1)
        g2.apply(a2)
    assert g1.state_hash() == g2.state_hash()


def test_hard_beats_easy_most_of_the_time(default_rs):
    wins = 0
    for seed in range(10):
        mid = ("01_meadow", "08_arena", "06_marsh_hexes")[seed % 3]
        g = SkirmishGame.new(default_rs, default_rs.map(mid), parse_seats("bot:hard,bot:easy"), seed, Options(turn_limit=300))
        bots = {s: SkirmishBot(g.controller(s).split(":")[1]) for s in g.seats()}
        while not g.is_over():
            g.apply(bots[g.current].choose(g))
        wins += g.controller(g.winner) == "bot:hard"
    assert wins >= 7


def test_bot_takes_the_sure_kill_with_the_right_weapon(mini):
    """A hard bot next to a wounded pike (scissors) and a full-HP brute attacks the pike."""
    parts = [Participant("A", "bot:hard", ("brute",)), Participant("B", "human", ("pike", "brute"))]
    for seed in range(100):
        g = SkirmishGame.new(mini, mini.map("duel"), parts, seed)
        if g.seat_part[0] == 0:
            break
    g.current = 0
    me = g.army(0)[0]
    pike, brute = g.army(1)
    c = g.grid.cell_at
    g._move(me, c(4, 1))
    g._move(pike, c(3, 1))
    g._move(brute, c(5, 1))
    pike.hp = 7                      # club vs pike: 8 damage (rock dominates scissors) -> a kill on a hit
    bot = SkirmishBot("hard")
    first = bot.choose(g)
    assert isinstance(first, (A.Stay, A.Walk))
    g.apply(first)
    assert bot.choose(g) == A.Attack(pike.id)


def test_bot_advances_when_nothing_is_in_reach(default_rs):
    g = SkirmishGame.new(default_rs, default_rs.map("02_highlands"), parse_seats("bot:hard,bot:hard"), 3)
    bot = SkirmishBot("hard")
    enemies = [p for p in g.pieces if p.seat != g.current]

    def nearest(p):
        return min(g.grid.distance(p.cell, e.cell) for e in enemies)

    a = bot.choose(g)
    assert isinstance(a, A.Walk)
    before = nearest(g.pieces[a.piece])
    g.apply(a)
    assert nearest(g.pieces[a.piece]) < before
