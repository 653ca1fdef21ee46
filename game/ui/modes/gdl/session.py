"""A module game on this unit as a Match (`game.match`): made, resumed (Continue after a power
cut) and given its seat drivers. The module screen (`gdl_game`, scene.py) plays it; a linked game
is the link's Match, played on the same screen (`run=`).

    match = module_match(app, world, path, humans=(1,), seed=7)   # humans: the side ids people play
    app.open("gdl_game", match=match)
    open_resumed(app, saved)       # the `resume` hook: an interrupted game back where it stopped
    open_replay(app, replay)       # the `replay_scene` hook: a kept game played back (ReplayDriver)

The person's sides share one `HumanDriver` (hot-seat when there are several); every other side
has its own `BotDriver` over the table bot (`BotSeat`), asked a pace apart by the screen. The
Match saves the game in progress after every action (the app's keeper) and keeps the replay
and the stats at the end.
"""

from __future__ import annotations

from game.match import BotDriver, Match
from game.match.headless import resume
from game.modes.gdl.match_rules import HeldModule, gdl_header
from game.modes.registry import get_mode
from game.ui.human import HumanDriver


def _keeper(app):
    return app.keeper() if hasattr(app, "keeper") else None


def module_match(app, world, path, humans=(), seed: int = 0) -> Match:
    """A new game of the loaded module `world` (from file `path`): people play the side ids in
    `humans`, bots the rest."""
    from game.modes.gdl.game import GdlGame
    game = GdlGame(world, seed)                  # a generated world: made once, from this seed
    sides = game.sides
    seats = ["human" if s in humans else "bot:hard" for s in sides]
    people = [k for k, c in enumerate(seats) if c == "human"]
    names = ["" if c != "human" else _person(app, people.index(k)) for k, c in enumerate(seats)]
    rules = HeldModule(world, path)
    header = gdl_header(rules, seed, seats, names if people else None, path=str(path))
    match = Match.start("gdl", rules, header, game=game, keeper=_keeper(app))
    seat_drivers(match)
    return match


def _person(app, k: int) -> str:
    """The k-th person's name (the settings name seats 1-4; a fifth hot-seat person and on: by seat)."""
    try:
        return app.player_name(k)
    except (IndexError, AttributeError):
        return f"Player {k + 1}"


def seat_drivers(match) -> HumanDriver | None:
    """Drivers for the seats that have none: the person's (one for all people's seats) or a bot.
    The person's driver, or None when bots play every seat."""
    from game.match.rules import Player
    human = next((d for d in match.drivers.values() if isinstance(d, HumanDriver)), None)
    if match.everyone is not None:                 # a replay plays every seat
        return human
    for seat, p in match.players.items():
        if seat in match.drivers:
            continue
        if p.controller == "human":
            human = human or HumanDriver()
            match.drivers[seat] = human
        else:
            if not p.is_bot:                       # a seat nobody plays here any more: a bot
                match.players[seat] = Player(p.name, "bot:hard")
            match.drivers[seat] = BotDriver(match.mode_rules.new_bot(p.level, seat, match.header.seed))
    return human


def module_of(app, replay):
    """The rules holding the module a kept game names, found only inside this unit's module
    folders (a replay may not open any file it likes); ReplayError when it is not there."""
    from game.core.replayfile import file_in_folders
    from game.modes.gdl.hooks import GdlRules
    from game.rules.gdl.folders import module_folders
    data = getattr(app, "data", None)
    path = file_in_folders(replay.options.get("module", "") if isinstance(replay.options, dict) else "",
                           module_folders(getattr(data, "root", None)), suffixes=(".g",), what="module")
    return GdlRules(path)


def resumed(app, saved) -> Match:
    """An interrupted module game (`game.store.in_progress.Saved`) back where it stopped, every
    turn hash checked on the way; ValueError (ReplayError) when it cannot be: the module is gone
    or changed, or an action no longer applies."""
    match = resume(get_mode("gdl"), module_of(app, saved.replay), saved.replay, keeper=_keeper(app))
    match.context = dict(saved.context)
    seat_drivers(match)
    return match


def open_resumed(app, saved) -> None:
    """The GDL UI's `resume` hook: Continue an interrupted module game on its screen."""
    app.open("gdl_game", match=resumed(app, saved))


def open_replay(app, replay) -> None:
    """The GDL UI's `replay_scene` hook: a kept module game played back on its screen, every seat
    driven by the recording (a ReplayDriver), a pace apart; nothing is recorded again.
    ReplayError when the module is not here or differs, or the recording is another version."""
    from game.match import ReplayDriver
    match = Match.start("gdl", module_of(app, replay), replay, everyone=ReplayDriver(replay.actions), record=False)
    app.open("gdl_game", match=match)
