"""Turn structure, legality, winning, determinism and the Game protocol."""

from __future__ import annotations

import pytest
from duel_levels import duel, of_type

from game.modes.base import ActionError, Game
from game.modes.duel import messages as m
from game.modes.duel.actions import Action, cast, end_turn, step
from game.modes.duel.events import GameOver, Message, Moved, TurnEnded
from game.modes.duel.game import DuelGame
from game.modes.duel.layout import board_mask
from game.modes.duel.options import DuelOptions
from game.modes.duel.spells import DEALABLE, SPELLS

N, E, S, W, NE, SE, SW, NW = range(8)

ROW = """
#############
#@..........#
#.#########.#
#.#.......#.#
#.#.......#.#
#.#.......#.#
#.#...&...#.#
#.#.......#.#
#.#.......#.#
#.#.......#.#
#.#########.#
#...........#
#############
"""


def test_protocol_and_a_fresh_duel():
    g = DuelGame.new(7)
    assert isinstance(g, Game) and g.mode == "duel" and g.turn == 0
    st = g.state
    assert [w.hp for w in st.wizards] == [5, 5]
    assert len(st.dealt) == 3 == len(set(st.dealt)) and set(st.dealt) <= set(DEALABLE)
    firsts = {DuelGame.new(s).state.first for s in range(20)}
    assert firsts == {0, 1}, "a random player takes the first move"


def test_up_to_five_steps_then_only_final_actions():
    g = DuelGame(duel(ROW))
    for i in range(5):
        ev = g.apply(step(E))
        assert ev == [Moved(0, 14 + i, 15 + i, E)]
    assert g.state.wizards[0].pos == 19 and g.state.steps == 5
    assert all(not a.is_step for a in g.legal_actions())
    with pytest.raises(ActionError, match="no steps left"):
        g.apply(step(E))
    g.apply(end_turn())
    assert g.turn == 1 and g.state.current == 1 and g.state.steps == 0


def test_rock_and_the_other_wizard_block_steps():
    g = DuelGame(duel(ROW))
    with pytest.raises(ActionError, match="rock"):
        g.apply(step(N))
    with pytest.raises(ActionError, match="rock"):
        g.apply(step(SE))
    st = duel(ROW.replace("#@..", "#@&.").replace("&...#", "....#"))
    g = DuelGame(st)
    assert step(E) not in g.legal_actions()
    with pytest.raises(ActionError, match="other wizard"):
        g.apply(step(E))


def test_diagonal_steps_and_facing():
    g = DuelGame(duel(ROW))
    g.apply(step(S))
    g.apply(step(S))
    assert g.state.wizards[0].facing == S
    g.apply(step(N))
    assert g.state.wizards[0].facing == N


def test_turn_passes_with_a_new_deal_and_turn_events():
    g = DuelGame.new(3)
    p = g.state.current
    ev = g.apply(end_turn())
    (te,) = of_type(ev, TurnEnded)
    assert te.player == p and te.next_player == 1 - p and te.turn == 1 and te.dealt == g.state.dealt
    assert g.state.current == 1 - p


def test_death_ends_the_duel():
    st = duel(ROW.replace("#@..", "#@&.").replace("&...#", "....#"), hp=(5, 1))
    # spell 1 of the default deal (0, 1, 2) is Rays of Cold: from (1, 1) it hits (2, 1)
    g = DuelGame(st)
    ev = g.apply(cast(0))
    assert g.is_over() and g.winner == 0 and g.state.over == "death"
    assert of_type(ev, GameOver) == [GameOver(0, "death")]
    assert [e.msg for e in of_type(ev, Message) if e.to == 0][-1] == m.YOU_WIN
    assert [e.msg for e in of_type(ev, Message) if e.to == 1] == [m.YOU_LOSE]
    assert g.legal_actions() == []
    with pytest.raises(ActionError, match="over"):
        g.apply(end_turn())


def test_same_seed_same_actions_same_hashes():
    def play(seed):
        g = DuelGame.new(seed)
        hashes = []
        for _ in range(30):
            acts = g.legal_actions()
            g.apply(acts[(g.turn * 7 + g.state.steps) % len(acts)])
            hashes.append(g.state_hash())
            if g.is_over():
                break
        return hashes
    assert play(11) == play(11)
    assert play(11) != play(12)


def test_rejected_actions_leave_the_state_untouched():
    g = DuelGame(duel(ROW))
    before = g.state_hash()
    for bad in (step(N), "x", None, 3):
        with pytest.raises(ActionError):
            g.apply(bad)
    assert g.state_hash() == before


def test_decode_action_rejects_garbage():
    g = DuelGame.new(1)
    for data in ([], [23], [-1], [1, 2], ["a"], [True], None, "8"):
        with pytest.raises(ActionError):
            g.decode_action(data)
    for a in g.legal_actions():
        assert g.decode_action(g.encode_action(a)) == a
    assert all(Action(c) == g.decode_action([c]) for c in range(23))


def test_fov_off_everyone_sees_everything():
    g = DuelGame.new(5, DuelOptions(fov=False))
    for p in (0, 1):
        v = g.view(p)
        assert v.visible == board_mask(25) and v.opponent == g.state.wizards[1 - p].pos


def test_view_hides_the_opponent_out_of_sight_and_remembers_last_seen():
    st = duel(ROW)                     # the other wizard is boxed in at (6, 6)
    g = DuelGame(st)
    v = g.view(0)
    assert v.opponent is None and v.last_seen is None
    assert v.dealt == (0, 1, 2) and g.view(1).dealt == ()
    assert v.known_open == st.wizards[0].seen & st.layout.open
    st2 = duel(ROW.replace("#@..", "#@.&").replace("&...#", "....#"))
    g2 = DuelGame(st2)
    assert g2.view(0).opponent == 16 and g2.view(0).last_seen == (16, 0)
    g2.apply(end_turn())
    g2.apply(step(E))                  # player 1 walks to (4, 1), still in view
    assert g2.view(0).last_seen == (17, 1)


def test_every_spell_has_a_name_and_alignment():
    assert len(SPELLS) == 20
    names = [s.name for s in SPELLS.values()]
    for name in ("Rays of Cold", "Fire Storm", "Lightning Bolts", "Magic Mapping", "Alter Dungeon",
                 "Identify", "Item Detection", "Life Detection", "Restoration", "Take Life",
                 "Mirror Earth", "Random", "Demolition", "Navigate", "Create Potions", "Blink",
                 "Blink All", "Scream", "Forgetfulness", "Acid Rain"):
        assert name in names
    assert len(DEALABLE) == 18
