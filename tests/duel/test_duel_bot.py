"""Bots: sensible choices on hand-made situations, fog respected, determinism, strength order."""

from __future__ import annotations

import pytest
from duel_levels import duel

from game.modes.duel.actions import Action
from game.modes.duel.bot import DuelBot
from game.modes.duel.game import DuelGame
from game.modes.duel.match import play_duel
from game.modes.duel.potions import BY_KEY as P
from game.modes.duel.spells import BY_KEY as S
from game.modes.duel.view import view_of

SP = {k: s.id for k, s in S.items()}
PT = {k: t.id for k, t in P.items()}

OPEN = """
#############
#...........#
#...........#
#...........#
#...........#
#...........#
#.....@.....#
#...........#
#...........#
#...........#
#...........#
#........&..#
#############
"""

SPLIT = """
#############
#.....#.....#
#.....#.....#
#.....#.....#
#.....#.....#
#.....#.....#
#..@..#.....#
#.....#.....#
#.....#.....#
#.....#.....#
#.....#...&.#
#.....#.....#
#############
"""


def finish_turn(g: DuelGame, bot: DuelBot) -> list:
    """Let the bot play the current player's whole turn; returns its actions."""
    p = g.state.current
    done = []
    while g.state.current == p and not g.is_over():
        a = bot.choose(g.view(p))
        g.apply(a)
        done.append(a)
        if not a.is_step:
            break
    return done


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_casts_a_damage_spell_that_hits(level):
    st = duel(OPEN, dealt=(SP["demolition"], SP["rays_of_cold"], SP["navigate"]))
    g = DuelGame(st)
    acts = finish_turn(g, DuelBot(level))
    assert acts[-1] == Action(10), "casts spell 2, Rays of Cold"
    assert st.wizards[1].hp == 4


def test_kills_when_it_can():
    st = duel(OPEN, hp=(1, 1), dealt=(SP["restoration"], SP["lightning_bolts"], SP["take_life"]))
    g = DuelGame(st)
    finish_turn(g, DuelBot("hard"))
    assert g.is_over() and g.winner == 0


def test_heals_when_low_and_alone():
    st = duel(SPLIT, hp=(2, 5), dealt=(SP["demolition"], SP["restoration"], SP["blink_all"]))
    g = DuelGame(st)
    acts = finish_turn(g, DuelBot("hard"))
    assert acts[-1] == Action(10) and st.wizards[0].hp == 3


def test_drinks_known_healing_when_low():
    st = duel(SPLIT, hp=(2, 5), inventories=([3, 0], []), known=(1 | 1 << 3, 0),
              types=(PT["healing"], 1, 2, 3, 4), dealt=(SP["demolition"], SP["navigate"], SP["mirror_earth"]))
    g = DuelGame(st)
    acts = finish_turn(g, DuelBot("hard"))
    assert acts[-1] == Action(14 + 1) and st.wizards[0].hp == 4


def test_fetches_a_potion_within_reach():
    level = SPLIT.replace("#..@..#", "#..@.y#")
    st = duel(level, dealt=(SP["demolition"], SP["navigate"], SP["mirror_earth"]))
    g = DuelGame(st)
    acts = finish_turn(g, DuelBot("hard"))
    assert acts[-1] == Action(13) and st.wizards[0].inventory == [0]


def _acid_turn(hp):
    """The hard bot's turn with the opponent beside him and one known acid potion in his bag
    (`hp`: both wizards' hit points): (its actions, the game after them)."""
    level = OPEN.replace("#.....@.....#", "#.....@&....#").replace("#........&..#", "#...........#")
    st = duel(level, hp=hp, inventories=([0], []), known=(1, 0), types=(PT["acid"], 0, 1, 2, 3),
              dealt=(SP["demolition"], SP["navigate"], SP["mirror_earth"]))
    g = DuelGame(st)
    return finish_turn(g, DuelBot("hard")), g


def test_never_drinks_acid_that_would_kill_both():
    acts, g = _acid_turn((1, 1))
    assert acts[-1] != Action(14) and not g.is_over()


def test_drinks_acid_when_only_the_opponent_dies():
    acts, g = _acid_turn((2, 1))
    assert acts[-1] == Action(14) and g.winner == 0


def test_identifies_unknown_potions():
    st = duel(SPLIT, inventories=([1, 2], []), known=(0, 0),
              dealt=(SP["demolition"], SP["identify"], SP["mirror_earth"]))
    g = DuelGame(st)
    acts = finish_turn(g, DuelBot("normal"))
    assert acts[-1] == Action(10) and st.wizards[0].known == 0b110


def test_looks_for_a_hidden_opponent():
    st = duel(SPLIT, dealt=(SP["demolition"], SP["life_detection"], SP["navigate"]))
    g = DuelGame(st)
    assert g.view(0).opponent is None
    acts = finish_turn(g, DuelBot("hard"))
    assert acts[-1] == Action(10) and st.wizards[0].last_seen[0] == st.wizards[1].pos


def test_the_bot_sees_only_its_players_view():
    """Moving the hidden opponent or changing rock the bot has never seen changes nothing."""
    st = duel(SPLIT, dealt=(SP["rays_of_cold"], SP["fire_storm"], SP["take_life"]))
    st.wizards[0].seen &= ~(1 << 5 * 13 + 9)
    a = view_of(st, 0)
    hidden = SPLIT.replace("#.....#...&.#", "#.....#....&#").replace("#.....#.....#", "#.....#..#..#", 1)
    st2 = duel(hidden,
               dealt=(SP["rays_of_cold"], SP["fire_storm"], SP["take_life"]))
    st2.wizards[0].seen = st.wizards[0].seen
    st2.ground = {5 * 13 + 9: 3}
    b = view_of(st2, 0)
    assert st2.layout != st.layout and st2.wizards[1].pos != st.wizards[1].pos
    assert a == b
    for level in ("easy", "normal", "hard"):
        assert DuelBot(level).choose(a) == DuelBot(level).choose(b)


def test_deterministic_and_refuses_the_wrong_turn():
    g = DuelGame.new(12)
    p = g.state.current
    bot = DuelBot("hard")
    assert bot.choose(g.view(p)) == bot.choose(g.view(p))
    with pytest.raises(ValueError, match="other player's turn"):
        bot.choose(g.view(1 - p))
    with pytest.raises(ValueError, match="level"):
        DuelBot("godlike")


def test_hard_beats_easy_and_normal():
    hard_wins = 0
    for seed in range(6):
        for seats in (("hard", "easy"), ("easy", "hard")):
            r = play_duel(seed, bots=seats, max_turns=200)
            hard_wins += r.winner is not None and seats[r.winner] == "hard"
    assert hard_wins >= 10, hard_wins
    wins = {"hard": 0, "normal": 0}
    for seed in range(6):
        for seats in (("hard", "normal"), ("normal", "hard")):
            r = play_duel(100 + seed, bots=seats, max_turns=200)
            if r.winner is not None:
                wins[seats[r.winner]] += 1
    assert wins["hard"] > wins["normal"], wins
