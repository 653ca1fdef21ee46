"""Continue after a power cut: a unit is killed (SIGKILL, no clean exit) in the middle of a turn
of each mode; a new App on the same data folder offers Continue on its title screen, and A
brings the game back with the same state hash, on its own screen, to be played on."""

from __future__ import annotations

import json
import pathlib
import signal
import subprocess
import sys

import pytest
from ui_harness import B, press, stack

VICTIM = pathlib.Path(__file__).resolve().parent / "continue_victim.py"
SCREENS = {"skirmish": "skirmish_battle", "duel": "duel_game", "quest": "quest_board", "gdl": "gdl_game"}


def killed_mid_turn(mode: str, data: pathlib.Path) -> dict:
    out = subprocess.run([sys.executable, str(VICTIM), mode, str(data)], capture_output=True, text=True,
                         timeout=300, cwd=pathlib.Path(__file__).resolve().parents[2])
    assert out.returncode == -signal.SIGKILL, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def live_match(scene):
    m = getattr(scene, "match", None)
    if m is not None:
        return getattr(m, "match", m)          # the duel screen's DuelMatch wraps the Match
    return scene.session.match                 # the quest board's Session


@pytest.mark.parametrize("mode", sorted(SCREENS))
def test_a_game_killed_mid_turn_continues_from_the_title(make_app, tmp_path, mode):
    before = killed_mid_turn(mode, tmp_path / "data")
    assert before["actions"] > 0
    app = make_app()
    title = app.top
    assert stack(app) == ["title"] and [g.mode for g in title.games] == [mode]
    press(app, B.A)                            # "Continue" is chosen first
    assert stack(app)[-1] == SCREENS[mode], stack(app)
    m = live_match(app.top)
    assert m.game.state_hash() == before["hash"] and m.game.turn == before["turn"]
    assert len(m.replay.actions) == before["actions"]
    assert m.record and m.keeper is not None   # it goes on being saved and kept


def test_the_title_leads_to_the_menu_too_and_a_broken_save_is_set_aside(make_app, tmp_path):
    data = tmp_path / "data"
    killed_mid_turn("duel", data)
    save = data / "in-progress" / "duel.json"
    save.write_bytes(save.read_bytes()[:-40])  # cut short (as a file system without atomic renames might)
    app = make_app()
    assert app.top.games == []                 # nothing to continue: the broken save went aside
    assert (data / "in-progress" / "duel.json.corrupt-1").exists() and not save.exists()
    press(app, B.A)
    assert stack(app)[0] == "menu"
    assert any("duel.json" in m for m in app.shown_problems)


def _battle_with_a_move(app):
    from ui_harness import run_until

    from game.modes.skirmish import actions as A
    from game.modes.skirmish.setup import Participant
    from game.ui.modes.skirmish.session import battle_match
    rs = app.content.ruleset()
    parts = [Participant("Ann", "human"), Participant("", "bot:easy")]
    app.open("skirmish_battle", match=battle_match(app, rs, rs.map("01_meadow"), parts, 9))
    sc = app.top
    run_until(app, lambda: sc.control.my_turn() and not sc.anim.busy, 6000, "the human's turn")
    p = sc.game.movable_pieces()[0]
    sc.submit(A.Stay(p.id))
    return sc


def test_switching_off_keeps_the_battle_and_abandoning_drops_it(make_app, tmp_path):
    app = make_app()
    sc = _battle_with_a_move(app)
    h, n = sc.game.state_hash(), len(sc.match.replay.actions)
    app.close()                                        # Quit / the window closed: not abandoned
    again = make_app()
    assert [g.mode for g in again.top.games] == ["skirmish"]
    press(again, B.A)
    m = again.top.match
    assert m.game.state_hash() == h and len(m.replay.actions) == n
    again.top.abandon()                                 # the pause menu's "Abandon battle"
    assert stack(again)[-1] == "skirmish_results" and not again.top.result.finished
    assert again.in_progress.all() == [] and again.stats.recent_games()[0]["finished"] == 0
