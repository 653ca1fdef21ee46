"""A dummy mode for the link menu's tests: Pebbles (take 1 or 2; the last pebble wins), declared
only here, with a game and a bot, so the registry links it with the generic link hook."""

from __future__ import annotations

from take_away import Take, TakeAway

from game.modes.registry import ModeEntry, Option


class Pebbles(TakeAway):
    mode = "pebbles"
    MOST = 2


def new_game(rules, seed: int, options: dict, seats: list[str]) -> Pebbles:
    return Pebbles(int(options["pebbles"]), seats)


class PebbleBot:
    def __init__(self, level: str, seat: int, seed: int) -> None:
        pass

    def choose(self, game: Pebbles) -> Take:
        return Take(game.pile % 3 or 1)


HERE = __name__
PEBBLES = ModeEntry(id="pebbles", title="Pebbles", order=98,
                    options=(Option("pebbles", 11, "pebbles on the pile", kind="int"),),
                    game=f"{HERE}:new_game", bot=f"{HERE}:PebbleBot", describe="take_away:describe")
