"""The end of a Skirmish in a player's words: Victory / Defeat, kills, damage and the best piece
(counted from the engine's attack events); errors and places without programmer text."""

from __future__ import annotations

import errno
from types import SimpleNamespace

from game.match import Placement
from game.modes.skirmish.events import Attacked, BattleOver, Walked
from game.ui.input_words import input_words
from game.ui.modes.skirmish.results import verdict
from game.ui.modes.skirmish.session import Tally
from game.ui.words import map_words, place_words, problem_words
from hw.input.buttons import Physical


def test_tally_counts_hp_removed_and_kills_and_picks_the_best_piece():
    t = Tally()
    t.add([Attacked(1, 5, "hit", 9, 0, lost=2, killed=True), Attacked(2, 6, "miss", 0, 10),
           Attacked(2, 6, "crit", 7, 3, lost=7, killed=False), Walked(3, 0, 1, (1,))])
    assert t.damage == {1: 2, 2: 7} and t.kills == {1: 1}
    game = SimpleNamespace(pieces=[SimpleNamespace(id=i, seat=i % 2) for i in range(8)])
    assert t.seat_totals(game, 1) == (1, 2) and t.seat_totals(game, 0) == (0, 7)
    assert t.best_piece(game).id == 1                 # a kill beats more damage


def test_verdict_for_one_human_and_for_hot_seat():
    game = SimpleNamespace(seat_name=lambda s: ("red", "green")[s])
    me = Placement(1, 0, "Ann", "human", 3, 20)
    bot = Placement(2, 1, "", "bot:hard", 0, 0)
    won = SimpleNamespace(finished=True, placements=[me, bot])
    assert verdict(won, game)[0] == "Victory!"
    lost = SimpleNamespace(finished=True, placements=[replace_place(bot, 1), replace_place(me, 2)])
    assert verdict(lost, game)[0] == "Defeat"
    friend = Placement(1, 1, "Bo", "human", 2, 9)
    assert verdict(SimpleNamespace(finished=True, placements=[friend, me]), game)[0] == "Bo wins!"
    assert verdict(SimpleNamespace(finished=False, placements=[me]), game)[0] == "Battle abandoned"


def replace_place(p, place):
    from dataclasses import replace
    return replace(p, place=place)


def test_player_words():
    assert problem_words(FileNotFoundError(errno.ENOENT, "No such file or directory", "/dev/ttyS9")) == \
        "it is not there"
    assert "[Errno" not in problem_words(OSError(errno.EPROTO, "Protocol error"))
    assert problem_words(ValueError("[Errno 5] bad")) == "bad"
    assert place_words("tcp://:7777") == "the network (port 7777)"
    assert place_words("tcp://192.168.1.9:7777") == "192.168.1.9 on the network (port 7777)"
    assert map_words("08_arena") == "Arena"
    assert input_words(Physical("controller", code="lefty:-")) == "left stick up"
    assert input_words(Physical("joystick", code="hat0:up")) == "hat up"
    assert input_words(Physical("controller", code="dpdown")) == "d-pad down"
    assert input_words(Physical("gpio", code=17)) == "pin 17"


def test_duel_hints_offer_only_what_works():
    from game.ui.modes.duel.screen_parts import KEYPAD_HINTS, PAD_HINTS, REPLAY_HINTS, shown_hints
    bot = SimpleNamespace(mode="local", can_chat=False)
    linked = SimpleNamespace(mode="link", can_chat=True)
    assert all(text != "chat" for _, text in shown_hints(bot, False) + shown_hints(bot, True))
    assert shown_hints(linked, False) == PAD_HINTS and shown_hints(linked, True) == KEYPAD_HINTS
    assert shown_hints(SimpleNamespace(mode="replay", can_chat=False), False) == REPLAY_HINTS


def test_battle_message_line_has_no_ids_or_cells():
    from game.ui.modes.skirmish.battle_words import say
    rs = SimpleNamespace(pieces=[SimpleNamespace(name="Catapult"), SimpleNamespace(name="Knight")])
    game = SimpleNamespace(rs=rs, pieces=[SimpleNamespace(seat=3, kind=0), SimpleNamespace(seat=0, kind=1)],
                           player_name=lambda s: "Ann")
    assert say(game, Walked(0, 3, 9, (9,))) == "Blue's Catapult moves"
    line = say(game, Attacked(0, 1, "hit", 5, 2))
    assert line == "Blue's Catapult hits Red's Knight: 5 damage, 2 HP left"
    assert say(game, BattleOver("last army standing", (3, 0))) == \
        "The battle is over: Blue wins"
