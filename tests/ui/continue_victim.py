"""A unit that loses its power in the middle of a turn: run as a program, it starts a game of
MODE in the real app (data folder DATA), makes a few moves as the person at the screen, prints
the game's state as JSON and kills itself with SIGKILL (no clean exit, no close, no flush of
anything but that line). tests/ui/test_continue.py then starts a new App on the same folder."""

from __future__ import annotations

import json
import os
import signal
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ui_harness import new_app, run_until


def skirmish(app):
    from game.modes.skirmish import actions as A
    from game.modes.skirmish.setup import Participant
    from game.ui.modes.skirmish.session import battle_match
    rs = app.content.ruleset()
    parts = [Participant("Ann", "human"), Participant("", "bot:easy")]
    app.open("skirmish_battle", match=battle_match(app, rs, rs.map("01_meadow"), parts, 4242))
    sc = app.top
    run_until(app, lambda: sc.control.my_turn() and not sc.anim.busy and app.top is sc, 6000, "the human's turn")
    g = sc.game
    p = g.movable_pieces()[0]
    sc.submit([A.Walk(p.id, max(g.reach(p).cells()))])     # the walk: the piece now may attack
    assert g.phase == "attack" or g.turn_open
    return sc.match


def duel(app):
    from game.modes.duel import actions as A
    from game.ui.modes.duel.setup_menu import start_local
    app.update_settings(howto_seen=("duel",))
    start_local(app, "bot", "easy")
    sc = app.top
    run_until(app, lambda: sc.match.human_to_move() and not sc.busy(), 6000, "the person's turn")
    for _ in range(2):                                       # two steps of the five: mid-turn
        step = next(a for a in sc.game.legal_actions() if a.is_step)
        sc.act(A.step(step.arg))
        run_until(app, lambda: not sc.busy(), 200, "the step shown")
    assert sc.game.state.steps == 2
    return sc.match.match


def quest(app):
    from game.ui.modes.quest.run import open_level
    assert open_level(app, "hex/05_goblins", "free")
    sc = app.top
    for _ in range(3):
        legal = [a for a in sc.game.legal_actions() if sc.game.encode_action(a)[0] == 0]
        sc.act(legal[0])
    return sc.session.match


def dungeon(app):
    from game.modes.bout.dungeon import actions as A
    from game.ui.human import offer_and_step
    app.update_settings(howto_seen=("bout",))
    app.open("bout_dungeon")
    sc = app.top
    for d in (2, 2, 4, 4, 8):
        offer_and_step(sc.match, sc.human, A.Step(d))
    return sc.match


def gdl(app):
    from game.core.datafile import ASSETS
    from game.modes.gdl.actions import Move
    app.update_settings(howto_seen=("gdl",))                 # the first game's how-to is not the point here
    app.open("gdl_game", path=str(ASSETS / "gdl" / "outpost.g"), humans=(1,), seed=4242)
    sc = app.top
    run_until(app, lambda: sc.human_turn(), 6000, "the person's turn")
    for _ in range(2):                                       # two steps, the turn not ended
        step = next(a for a in sc.game.legal_actions() if isinstance(a, Move))
        sc.apply(step)
    assert sc.human_turn()
    return sc.match


def main() -> None:
    mode, data = sys.argv[1], sys.argv[2]
    app = new_app((480, 320), data)
    app.content.ruleset()                                   # loaded (it loads in the background)
    match = {"skirmish": skirmish, "duel": duel, "quest": quest, "dungeon": dungeon, "gdl": gdl}[mode](app)
    g = match.game
    print(json.dumps({"mode": mode, "hash": g.state_hash(), "actions": len(match.replay.actions),
                      "turn": g.turn}), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)


if __name__ == "__main__":
    main()
