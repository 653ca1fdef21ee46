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


def test_the_registry_factories_make_and_play_a_dungeon_run(rules):
    """`scenario = "dungeon"` through the bout's `game` and `bot` factories (the Match's path):
    a run the registry bot plays to its end, following the contract on the way."""
    from game.modes.registry import get_mode
    entry = get_mode("bout")
    g = entry.hook("game")(rules, 3, {"scenario": "dungeon"}, ["bot:hard"])
    bot = entry.hook("bot")("hard", 0, 3)
    assert isinstance(g, DungeonGame) and g.to_act() == 0
    assert check_contract(lambda: entry.hook("game")(rules, 3, {"scenario": "dungeon"}, ["bot:hard"]),
                          rules=rules, steps=120, choose=bot.choose) == []
    for _ in range(20_000):
        if g.is_over():
            break
        g.apply(bot.choose(g))
    assert g.is_over() and g.result()["result"] in ("escaped", "fell", "timeout")
