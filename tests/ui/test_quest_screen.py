"""The Hex quest screen from the main menu, by logical buttons only: pick a level, play its
shipped solution one-handed (one press a step: UP/DOWN, LEFT/RIGHT along the row, the corners;
quest_keys.py), undo/redo, pixels checked."""

import pygame
from quest_keys import step
from ui_harness import B, menu_open, menu_pick, press, stack

from game.core.replay import load_replay
from game.modes.quest.catalog import solution_path


def _open(app, lid):
    press(app, B.A)
    menu_open(app, "Hex quest")
    assert stack(app)[-1] == "quest_hub"
    app.open("quest_board")                     # every shipped level, free play (the hub's lists: test_quest_campaign.py)
    sc = app.top
    while sc.ids[sc.pick] != lid:
        press(app, B.DOWN)
    press(app, B.A)
    assert sc.session is not None and sc.level_id == lid
    return sc


def _play(app, sc, actions):
    for a in actions:
        assert a[0] == 0
        step(app, sc, a[1])


def test_hex_level_played_from_the_main_menu_with_undo(make_app, tmp_path):
    app = make_app()
    sc = _open(app, "hex/02_two_crates")
    app.run_frames(2)
    surf = app.surface
    # the player is a white disc on the board (left two thirds of the screen)
    w, h = surf.get_size()
    white = sum(1 for x in range(0, w * 2 // 3, 2) for y in range(0, h, 2) if surf.get_at((x, y))[:3] == (255, 255, 255))
    assert white >= 3
    rep = load_replay(solution_path("hex/02_two_crates"))
    acts = rep.actions
    _play(app, sc, acts[:2])
    assert sc.game.moves == 2
    press(app, B.B)
    assert sc.game.moves == 1
    press(app, B.X)
    assert sc.game.moves == 2
    _play(app, sc, acts[2:])
    assert sc.game.status == "won"
    app.run_frames(2)
    pygame.image.save(app.surface, str(tmp_path / "quest.png"))
    assert "Solved" in sc.message and stack(app)[-1] == "choice"
    menu_pick(app, "Back to the list")
    best = f"best {rep.result['moves']}/{rep.result['pushes']}"     # the stored solution's own counts
    assert sc.session is None and best in "".join(
        f"best {v['moves']}/{v['pushes']}" for v in sc.bests.data.values())


def test_square_level_and_small_screen(make_app):
    app = make_app(size=(320, 240))
    sc = _open(app, "square/01_corner")
    acts = load_replay(solution_path("square/01_corner")).actions
    for a in acts:
        press(app, {0: B.UP, 1: B.RIGHT, 2: B.DOWN, 3: B.LEFT}[a[1]])
    assert sc.game.status == "won"
    app.run_frames(1)
