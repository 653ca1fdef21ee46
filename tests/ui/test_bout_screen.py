"""The Steel bout screens, driven by logical buttons only: whole bouts from the main menu
(duel, 1 vs 3, the room, a brawl, hot-seat) accepting the pre-selected declarations, the hot-seat
curtain, the room map, the chooser, screen sizes."""

import pygame
import pytest
from ui_harness import B, menu_open, menu_pick, press, run_until, stack


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


def open_bout(app, setups: int = 0, against: int = 0) -> None:
    """Main menu -> Steel bout -> choose the set-up and opponent with RIGHT presses -> Fight."""
    press(app, B.A)
    menu_open(app, "Steel bout")
    assert stack(app)[-1] == "bout_menu"
    menu = app.top.menu
    press(app, B.DOWN)
    press(app, *[B.RIGHT] * setups)
    press(app, B.DOWN)
    press(app, *[B.RIGHT] * against)
    press(app, B.UP, B.UP)
    assert menu.current.label == "Fight"
    press(app, B.A)
    if stack(app)[-1] == "howto":                 # the first bout on this unit: how to play (A: play)
        press(app, B.A)
    assert stack(app)[-1] == "bout_game"


@pytest.mark.parametrize("setups, fighters", [(0, 2), (1, 4)])
def test_a_whole_bout_from_the_main_menu(make_app, setups, fighters, tmp_path):
    app = make_app()
    open_bout(app, setups)
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
    press(app, B.A)                               # any key once it is over: the results
    assert stack(app)[-1] == "results", stack(app)
    res = app.top
    assert res.headline in ("Victory!", "Beaten", "Draw") and res.menu.current.label == "Play again"
    assert len(res.lines) == fighters + 1
    press(app, B.A)                               # a rematch: the same set-up, a new bout
    assert stack(app)[-1] == "bout_game" and app.top is not sc and len(app.top.game.fighters) == fighters
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    menu_pick(app, "Leave the bout")
    assert stack(app)[-1] == "confirm"            # leaving asks
    press(app, B.DOWN, B.A)
    assert stack(app) == ["menu"]


def test_the_results_open_by_themselves_after_the_last_blow(make_app):
    app = make_app()
    open_bout(app)
    _play_out(app)
    run_until(app, lambda: stack(app)[-1] == "results", 200, "the results")
    assert app.top.lines[-1][1].startswith("You:")            # the wounds summary, you first


def _team_pixels(surf, rect, colour) -> int:
    return sum(1 for x in range(rect.x, rect.right, 2) for y in range(rect.y, rect.bottom, 2)
               if surf.get_at((x, y))[:3] == colour)


def test_the_room_shows_a_map_and_plays_to_the_end(make_app):
    from game.ui import theme as T
    app = make_app(size=(640, 480))
    open_bout(app, setups=2)
    sc = app.top
    g = sc.game
    assert (g.width, g.height) == (12, 8) and len(g.fighters) == 4
    app.run_frames(2)
    w, h = app.surface.get_size()
    right = pygame.Rect(w // 2, 0, w - w // 2, h // 2)
    # the map panel (right, top) holds a square per fighter in his side's colour, and the walls
    assert _team_pixels(app.surface, right, T.YOU[:3]) > 2            # you (one fighter) in the shared "you" colour
    assert _team_pixels(app.surface, right, T.FOE[:3]) > 6            # the three foes
    assert _team_pixels(app.surface, right, (110, 100, 120)) > 4
    start = [f.pos for f in g.fighters]
    _play_out(app, max_presses=800)
    assert [f.pos for f in g.fighters] != start          # they walked to meet
    assert any("over" in line for line in sc.log)


def test_a_brawl_shows_three_sides_and_plays_to_the_end(make_app):
    from game.ui import theme as T
    app = make_app(size=(640, 480))
    open_bout(app, setups=3)
    sc = app.top
    g = sc.game
    assert sorted({f.side for f in g.fighters}) == [0, 1, 2] and sc.human_sides == {0}
    app.run_frames(2)
    w, h = app.surface.get_size()
    right = pygame.Rect(w // 2, 0, w - w // 2, h // 2)
    for side in (0, 1, 2):                                # each pair in its own colour on the map
        assert _team_pixels(app.surface, right, T.side_colour(side, 0)[:3]) > 2, side
    _play_out(app, max_presses=800)
    assert any("over" in line for line in sc.log)


def test_hot_seat_curtain_hides_the_screen_between_the_two_people(make_app):
    app = make_app(size=(480, 320))
    open_bout(app, setups=0, against=3)                   # a second person
    sc = app.top
    assert sc.hotseat and sc.human_sides == {0, 1}
    seen = []
    for _ in range(300):
        if sc.game.is_over():
            break
        run_until(app, lambda: sc.game.is_over() or sc.chooser is not None or sc.curtain is not None,
                  400, "a person's turn")
        if sc.curtain is not None:
            seen.append(sc.curtain)
            app.run_frames(1)
            # the curtain hides the dice of both pools (drawn top left on the bout screen)
            w, h = app.surface.get_size()
            pools = pygame.Rect(0, 0, w // 3, h // 2)
            assert _team_pixels(app.surface, pools, (232, 228, 240)) == 0
            hidden = pygame.image.tobytes(app.surface.subsurface(pools), "RGB")
            press(app, B.A)
            assert sc.curtain is None
            assert pygame.image.tobytes(app.surface.subsurface(pools), "RGB") != hidden   # the pools show
            continue
        if sc.chooser is not None:
            assert sc.game.fighters[sc.chooser.f].side == sc.viewer   # only the viewer declares
            press(app, B.A)
    assert sc.game.is_over()
    assert 1 in seen and 0 in seen                         # the unit changed hands both ways
    app.run_frames(1)
    assert sc.game.winner is not None or sc.game.draw


def test_chooser_rows_keys_and_pass(make_app):
    app = make_app(size=(320, 240))
    open_bout(app)
    sc = app.top
    run_until(app, lambda: sc.chooser is not None, 200, "the first throw")
    c = sc.chooser
    assert sc.game.phase == "orient"
    assert [r.name for r in c.visible_rows()] == ["Orientation", "Stance", "Footing dice"]
    press(app, B.DOWN)
    before = c.current().label
    press(app, B.RIGHT)
    assert c.current().label != before
    press(app, B.A)                                  # the throw is declared; bots go on
    for _ in range(60):
        run_until(app, lambda: sc.chooser is not None or sc.game.is_over(), 400, "a declaration")
        if sc.game.is_over() or sc.game.phase == "declare":
            break
        press(app, B.A)
    if sc.game.phase == "declare" and sc.chooser is not None:
        turn = sc.game.turn
        c = sc.chooser
        c.rows[0].select(3)                           # an action type: the line's rows appear
        c._refresh_dependent()
        assert "Dice" in [r.name for r in c.visible_rows()]
        n = len(sc.match.replay.actions) if hasattr(sc, "match") else None
        press(app, B.B)                               # done: no (more) lines - after a question
        if stack(app)[-1] == "confirm":
            press(app, B.B)                           # keep choosing: nothing declared
            assert stack(app)[-1] == "bout_game" and sc.chooser is not None and sc.game.phase == "declare"
            press(app, B.B)
            press(app, B.DOWN, B.A)                   # "Pass"
        else:
            assert sc.chooser.error                   # this throw must attack: refused, with the reason
        assert sc.chooser is None or sc.game.turn >= turn or n is not None


@pytest.mark.parametrize("size", [(320, 240), (1920, 1080)])
def test_draws_at_small_and_large_sizes(make_app, size):
    app = make_app(size=size)
    app.update_settings(howto_seen=("bout",))
    app.open("bout_game", scenario="one_vs_three", seed=3)
    app.run_frames(3)
    w, h = app.surface.get_size()                  # the canvas (large screens scale it up)
    assert w >= 320 and h >= 240 and app.top.scene_name == "bout_game"


def test_a_bout_switched_off_continues_from_the_title_on_the_bout_screen(make_app):
    """The arena bout is saved after every declaration (in-progress/bout.json); the dungeon's run
    has its own folder, so both can wait for Continue."""
    app = make_app()
    open_bout(app)
    sc = app.top
    run_until(app, lambda: sc.chooser is not None, 400, "the first throw")
    press(app, B.A)
    run_until(app, lambda: len(sc.match.replay.actions) >= 2, 400, "the throws")
    h, n = sc.game.state_hash(), len(sc.match.replay.actions)
    app.close()                                   # switched off: not abandoned
    again = make_app()
    assert [g.mode for g in again.top.games] == ["bout"]
    press(again, B.A)
    assert stack(again)[-1] == "bout_game"
    m = again.top.match
    assert m.game.state_hash() == h and len(m.replay.actions) == n
