"""The GDL game and the engine contract (game/modes/base.py): what tests/test_contract.py does
not reach with outpost.g."""

from game.modes.contract import check_contract
from game.modes.gdl.actions import End, Move
from game.modes.gdl.game import GdlGame
from game.modes.gdl.match import BotSeat
from tests.gdl.mini import cell, game

STACK = """
(add plains capacity 4)
(unit-type soldier (acp-per-turn 2))
(table hit-chance (soldier soldier 50))
(table damage (soldier soldier 1))
(soldier 5 5 1)
(soldier 6 5 1)
(soldier 8 5 2)
"""


def test_a_restored_game_lists_stacked_units_and_actions_in_the_same_order(tmp_path):
    """Unit 0 steps onto unit 1's cell: the cell lists them by id (0, 1), as a game restored from
    the snapshot does, so both offer the enemy's attacks in one order (cherbourg.g parted ways)."""
    g = game(tmp_path, STACK)
    g.apply(Move(0, cell(g, 6, 5)))
    assert g.at[cell(g, 6, 5)] == [0, 1]
    g.apply(End())
    again = GdlGame.restore(g.w, g.snapshot())
    assert again.legal_actions() == g.legal_actions() and again.state_hash() == g.state_hash()


def test_a_small_module_with_capture_and_construction_follows_the_contract(tmp_path):
    text = STACK + """
(unit-type town (hp-max 4) (capacity 2))
(table capture-chance (soldier town 50))
(table can-create (town soldier true))
(table acp-to-create (town soldier 1))
(table cp-per-build (town soldier 1))
(table can-build (town soldier true))
(table acp-to-build (town soldier 1))
(add soldier cp 2)
(add town acp-per-turn 1)
(town 7 5 0)
(town 4 6 1)
"""
    g0 = game(tmp_path, text)
    seats = {}

    def bot(g):
        return seats.setdefault(g.side, BotSeat()).choose(g)
    assert check_contract(lambda: GdlGame(g0.w, 5), rules=g0.w, steps=150) == []
    assert check_contract(lambda: GdlGame(g0.w, 5), rules=g0.w, steps=150, choose=bot) == []
