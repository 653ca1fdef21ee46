"""The Steel bout screen, driven by logical buttons only: whole bouts from the main menu
(duel and 1 vs 3) accepting the pre-selected declarations, the chooser, screen sizes."""

import pygame
import pytest
from ui_harness import B, menu_open, press, run_until, stack


def _play_out(app, max_presses=400):
    sc = app.top
    for _ in range(max_presses):
        if sc.game.is_over():
            return sc
        run_until(app, lambda: sc.game.is_over() or sc.chooser is not None, 400, "your turn")
        if sc.chooser is not None:
            press(app, B.A)
    assert sc.game.is_over()
    return sc


@pytest.mark.parametrize("label, fighters", [("Steel bout", 2), ("Steel bout: 1 vs 3", 4)])
def test_a_whole_bout_from_the_main_menu(make_app, label, fighters, tmp_path):
    app = make_app()
    press(app, B.A)
    menu_open(app, label)
    assert stack(app)[-1] == "bout"
    sc = app.top
    assert len(sc.game.fighters) == fighters
    app.run_frames(2)
    pygame.image.save(app.surface, str(tmp_path / "bout.png"))
    # pools are drawn as light dice in the fighters panel (left, upper part)
    w, h = app.surface.get_size()
    light = sum(1 for x in range(0, w // 2, 2) for y in range(0, h // 2, 2)
                if app.surface.get_at((x, y))[:3] == (232, 228, 240))
    assert light > 10
    _play_out(app)
    app.run_frames(2)
    assert any("over" in line for line in sc.log)
    press(app, B.A)
    assert stack(app) == ["menu"]


def test_chooser_rows_keys_and_pass(make_app):
    app = make_app(size=(320, 240))
    press(app, B.A)
    menu_open(app, "Steel bout")
    sc = app.top
    run_until(app, lambda: sc.chooser is not None, 200, "the first throw")
    c = sc.chooser
    assert sc.game.phase == "orient" and [r.name for r in c.visible_rows()] == ["Stance", "Throw"]
    press(app, B.DOWN)
    before = c.current().label
    press(app, B.RIGHT)
    assert c.current().label != before
    press(app, B.A)                                  # the throw is declared; bots go on
    for _ in range(60):
        run_until(app, lambda: sc.chooser is not None or sc.game.is_over(), 400, "a declaration")
        if sc.game.is_over() or sc.game.phase in ("attack", "defence"):
            break
        press(app, B.A)
    if sc.game.phase in ("attack", "defence") and sc.chooser is not None:
        turn = sc.game.turn
        names = [r.name for r in sc.chooser.visible_rows()]
        assert "Dice" in names
        press(app, B.B)                               # pass / no defence
        assert sc.chooser is None or sc.game.turn >= turn


@pytest.mark.parametrize("size", [(320, 240), (1920, 1080)])
def test_draws_at_small_and_large_sizes(make_app, size):
    app = make_app(size=size)
    app.open("bout", scenario="one_vs_three", seed=3)
    app.run_frames(3)
    w, h = app.surface.get_size()                  # the canvas (large screens scale it up)
    assert w >= 320 and h >= 240 and app.top.scene_name == "bout"
