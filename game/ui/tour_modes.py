"""Tactibox's default tour steps for each mode (``game.ui.tour``): each function walks one mode's
screens by buttons where a player would, and takes a shot of each: set-up, the board, the
first-game how-to over it (``howto_<mode>``), the mode's own overlays, and the end of a game
(``results_<mode>``: a game played out by bots behind the scenes, then shown as the player sees
it). A mode's engineers may take theirs over with ``game/ui/modes/<mode>/tour.py: walk(tour)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from game.ui.registry import SCENES
from hw.input.buttons import Button as B


def nothing(t) -> Iterator:
    return iter(())


# --- Skirmish -------------------------------------------------------------------------------------
def skirmish(t) -> Iterator:
    app = t.app
    t.fresh("skirmish_setup")
    yield t.shot("skirmish_setup")
    t.press(B.DOWN, B.DOWN, B.DOWN, B.LEFT, B.LEFT, B.LEFT, B.LEFT)   # (from Fight) a smaller army: quicker
    t.press(B.START)
    yield t.shot("skirmish_formation")
    t.press(B.UP, B.A)                   # from "Done" up to a slot: the piece picker
    yield t.shot("skirmish_formation_picker")
    t.press(B.B, B.DOWN, B.A)            # back to "Done": fight
    sc = app.top
    if sc.scene_name != "skirmish_battle":
        raise RuntimeError(f"tour: no battle after the formation; scenes {t.stack()}")
    app.run_frames(2)
    yield t.shot("skirmish_battle_start")                     # the opening banner
    t.wait(lambda: sc.control.my_turn() and not sc.anim.busy and not sc.camera.moving, "the human's turn")
    yield t.howto("skirmish")
    yield t.shot("skirmish_battle")
    t.press(B.SELECT)
    yield t.shot("skirmish_battle_book")
    t.press(B.SELECT, B.START)
    yield t.shot("skirmish_pause")
    t.to_item("Abandon battle")
    t.press(B.A)
    yield t.shot("confirm_abandon")
    t.press(B.DOWN, B.A)
    yield t.shot("results_skirmish")
    top, res = app.top, app.top.result
    won = [replace(p, place=i + 1) for i, p in enumerate(res.placements)]
    app.replace("skirmish_results", result=replace(res, finished=True, placements=won), match=top.match,
                tally=top.tally)
    yield t.shot("victory")
    t.fresh("replays")
    t.press(B.A)                         # watch the battle just abandoned
    if t.top in ("skirmish_replay", "skirmish_battle"):
        app.run_frames(20)
        yield t.shot("replay_play")
    yield from _skirmish_curtain(t)


def _skirmish_curtain(t) -> Iterator:
    """Hot-seat: two people, the board hidden between their turns."""
    t.fresh("skirmish_setup")
    t.to_item("Player 2")
    while t.app.top.menu.current.value_text() != t.app.player_name(1):
        t.press(B.LEFT)
    t.to_item("Form armies and fight")
    t.press(B.A)
    for _ in range(4):
        if t.top != "skirmish_formation":
            break
        t.press(B.A)                     # each player's army: Done
    if t.top in ("skirmish_battle", "skirmish_curtain"):
        t.wait(lambda: t.top == "skirmish_curtain", "the hot-seat curtain")
        yield t.shot("curtain")


# --- Wizard duel ------------------------------------------------------------------------------------
def duel(t) -> Iterator:
    app = t.app
    for name in ("duel_menu", "duel_options"):
        t.fresh(name)
        yield t.shot(name)
    t.fresh("duel_menu")
    t.press(B.A)                                 # against a bot
    sc = app.top
    yield t.shot("duel_game")
    yield t.howto("duel")
    if sc.scene_name == "duel_game":
        dm = sc.match
        _bots_finish(dm.match)
        app.replace("duel_results", match=dm)
        yield t.shot("results_duel")


def _bots_finish(match, level: str = "easy", steps: int = 20000) -> None:
    """Play a Match to its end with bots in every seat, at once (behind the screen)."""
    from game.match.drivers import BotDriver
    for seat in list(match.players):
        old = match.drivers.get(seat)
        if old is not None and hasattr(old, "close"):
            old.close()
        match.drivers[seat] = BotDriver(match.mode_rules.new_bot(level, seat, match.header.seed))
    for _ in range(steps):
        if match.over:
            return
        match.step()
    raise RuntimeError("tour: the bots did not finish the game")


# --- Steel bout -------------------------------------------------------------------------------------
def bout(t) -> Iterator:
    app = t.app
    t.fresh("bout_menu")
    yield t.shot("bout_menu")
    t.press(B.A)                                 # Fight: a duel
    sc = app.top
    app.run_frames(10)
    for _ in range(6):                           # a few exchanges in: dice, wounds, the log
        t.wait(lambda: t.app.top is not sc or sc.game.is_over() or getattr(sc, "chooser", None) is not None,
               "the bout's declaration")
        if t.app.top is not sc or sc.game.is_over():
            break
        t.press(B.A)
        app.run_frames(8)
    yield t.shot("bout_fight")
    yield t.howto("bout")
    match = getattr(sc, "match", None)
    if match is not None and hasattr(match, "mode_rules"):
        _bots_finish(match)
        app.run_frames(2)
        yield t.shot("results_bout")
    if "bout_dungeon" in SCENES:                  # the Steel roguelike, once its screen lands
        t.fresh("bout_dungeon")
        app.run_frames(4)
        yield t.shot("dungeon")


# --- Xconq modules ------------------------------------------------------------------------------------
def gdl(t) -> Iterator:
    app = t.app
    t.fresh("gdl_menu")
    yield t.shot("gdl_menu")
    t.press(B.A)                                 # Tactibox's own module, you against bots
    t.press(B.R)                                 # pick a unit: the panel shows it
    sc = app.top
    yield t.shot("gdl_game")
    yield t.howto("gdl")
    match = getattr(sc, "match", None)
    if match is not None and hasattr(match, "mode_rules"):
        _bots_finish(match)
        app.run_frames(2)
        yield t.shot("results_gdl")


# --- Hex quest ---------------------------------------------------------------------------------------
def quest(t) -> Iterator:
    app = t.app
    for name in ("quest_hub", "quest_map", "quest_shop", "quest_levels", "quest_imports"):
        t.fresh(name)
        yield t.shot(name)
    t.fresh("quest_map")
    t.press(B.A)                                 # the first campaign level
    sc = app.top
    yield t.shot("quest_board")
    yield t.howto("quest")
    lid = getattr(sc, "level_id", None)
    if lid and getattr(sc, "session", None) is not None:
        from game.core.replay import load_replay
        from game.modes.quest.catalog import solution_path
        path = solution_path(lid)
        if path.is_file():
            for a in load_replay(path).actions:
                if sc.session is None or sc.game.status == "won" or t.top != "quest_board":
                    break
                sc.act(list(a))
            app.run_frames(2)
            yield t.shot("results_quest")
    t.fresh("quest_board", level="hex/06_missile")
    t.press(B.R, B.RIGHT, B.RIGHT)               # a spell chosen (L/R), the aim turned to the turret's side
    yield t.shot("quest_board_aim")
