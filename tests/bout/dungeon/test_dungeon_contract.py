"""The dungeon run follows the engine contract (game/modes/base.py), checked by the one checker
(game/modes/contract.py) over random legal actions and over a bot-played run."""

from game.modes.bout.dungeon.botplay import DungeonBot
from game.modes.bout.dungeon.game import DungeonGame
from game.modes.contract import check_contract


def test_the_dungeon_follows_the_engine_contract(rules, data):
    assert check_contract(lambda: DungeonGame(rules, data, 7), rules=rules, steps=250) == []


def test_a_bot_played_run_follows_it_too(rules, data):
    bot = DungeonBot("hard")
    assert check_contract(lambda: DungeonGame(rules, data, 11), rules=rules, steps=250, choose=bot.choose) == []
