"""The guided first Skirmish battle (issue 20, Build item 1): offered to a first-time player on
the set-up's "First battle (guided)" line, an 8x8 map with three pieces a side, a prompt for each
step of the turn that follows what the person did, remembered once played to its end. Played
from the title screen with the d-pad, A and B only."""

from __future__ import annotations

import pytest
from ui_harness import B, press, run_until, stack, walk_cursor

from game.ui.modes.skirmish import guided
from game.ui.modes.skirmish.steps import Browse, PieceChosen, WalkPreview
from game.ui.text_probe import TextProbe


def to_setup(app):
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    assert stack(app) == ["menu"]
    press(app, B.A)                                  # Skirmish is the first entry
    assert stack(app)[-1] == "skirmish_setup"
    return app.top


def to_guided(app):
    sc = to_setup(app)
    assert sc.menu.current.label == guided.GUIDED_LABEL      # a first-timer: pre-selected
    press(app, B.A)
    assert stack(app)[-1] == "skirmish_guided", stack(app)   # no formation, no how-to in the way
    return app.top


def my_turn(app, sc):
    g = sc.game
    return app.top is not sc or (sc.control.my_turn() and g.phase == "select" and not sc.anim.busy)


def test_a_first_time_player_gets_the_guided_battle_preselected(make_app):
    app = make_app((480, 320))
    assert app.settings.guided_battle_done is False
    sc = to_guided(app)
    g = sc.game
    assert g.gmap.id == guided.GUIDED_MAP and (g.grid.cols, g.grid.rows) == (8, 8)
    for seat in g.seats():
        assert len([p for p in g.pieces if p.seat == seat]) == 3
    me = sc.humans[0]
    assert sorted(g.piece_type(p).id for p in g.pieces if p.seat == me) == sorted(guided.GUIDED_ARMY)
    assert sorted(g.controller(s) for s in g.seats()) == sorted(["human", guided.GUIDED_BOT])


def test_the_guided_battle_from_the_title_to_the_result_with_dpad_a_and_b(make_app):
    """Each step's prompt shows when the person gets there: Step 1 (nothing chosen: B lets go of
    the piece chosen for them), Step 2 (A on the piece), Step 3 (A on a cell: the walk
    previewed), and the other side's turn; B takes a previewed walk back to Step 2. Played to its
    end, the battle is remembered: a second App on the same data no longer pre-selects it."""
    app = make_app((480, 320))
    sc = to_guided(app)
    g = sc.game
    run_until(app, lambda: my_turn(app, sc) and sc.time > sc.banner_until, what="the first turn")

    def shown():
        app.invalidate()
        app.run_frames(1)
        return sc.prompts_seen[-1]

    assert isinstance(sc.control.top, PieceChosen) and shown().startswith("Step 2")   # chosen for you
    press(app, B.B)                                  # let go of it
    assert isinstance(sc.control.top, Browse) and shown().startswith("Step 1")
    piece = g.movable_pieces()[0]
    assert walk_cursor(sc, piece.cell, lambda b: press(app, b), 40)
    press(app, B.A)                                  # select
    assert shown().startswith("Step 2")
    dest = next(c for c in g.reach(piece).cells() if c != piece.cell)
    assert walk_cursor(sc, dest, lambda b: press(app, b), 40)
    press(app, B.A)                                  # the walk previewed
    assert isinstance(sc.control.top, WalkPreview) and shown().startswith("Step 3")
    press(app, B.B)                                  # taken back
    assert isinstance(sc.control.top, PieceChosen) and shown().startswith("Step 2")

    for _ in range(300):
        run_until(app, lambda: my_turn(app, sc), max_frames=20000, what="the human's turn")
        if app.top is not sc:
            break
        if sc.control.selected < 0 or not g.can_act(g.pieces[sc.control.selected]):
            walk_cursor(sc, g.movable_pieces()[0].cell, lambda b: press(app, b), 40)
            press(app, B.A)
        piece = g.pieces[sc.control.selected]
        enemies = [e for e in g.pieces if e.alive and e.seat != piece.seat]
        dest = max([piece.cell] + g.reach(piece).cells(),
                   key=lambda c: (bool(g.targets_from(piece, c)), -min(g.grid.distance(c, e.cell) for e in enemies), -c))
        assert walk_cursor(sc, dest, lambda b: press(app, b), 40)
        press(app, B.A)                              # walk there (or stay)
        targets = g.targets_from(piece, dest)
        assert walk_cursor(sc, targets[0].cell if targets else dest, lambda b: press(app, b), 40)
        press(app, B.A)                              # attack, or wait
    run_until(app, lambda: stack(app)[-1] == "skirmish_results", max_frames=20000, what="the results")
    seen = " | ".join(sc.prompts_seen)
    assert "moves now" in seen                        # the bot's turn was told too
    assert "A on a red enemy" in seen                 # an attack was prompted
    assert app.settings.guided_battle_done is True
    res = app.top
    assert res.choices[res.sel][0] == "Play again"
    press(app, B.A)                                  # Play again: the guided battle once more
    assert stack(app)[-1] == "skirmish_guided", stack(app)
    assert app.top.game.gmap.id == guided.GUIDED_MAP and app.top is not sc

    app2 = make_app((480, 320))
    assert app2.settings.guided_battle_done is True
    sc2 = to_setup(app2)
    assert sc2.menu.current.label == "Form armies and fight"
    assert sc2.menu.items[-1].label == guided.GUIDED_LABEL   # still there, one line down


def test_an_abandoned_guided_battle_is_offered_again(make_app):
    app = make_app((480, 320))
    sc = to_guided(app)
    sc.abandon()
    app.run_frames(2)
    assert stack(app)[-1] == "skirmish_results" and app.settings.guided_battle_done is False


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_the_prompt_sits_inside_the_screen_above_the_board(make_app, size, artifacts):
    app = make_app(size)
    app.theme.probe = probe = TextProbe(large=app.theme.unit >= 2)
    sc = to_guided(app)
    run_until(app, lambda: my_turn(app, sc) and sc.time > sc.banner_until, what="the first turn")
    for step in ("2", "3"):
        probe.clear()
        app.invalidate()
        app.run_frames(1)
        text = sc.prompt()
        assert text.startswith(step) or text.startswith(f"Step {step}"), text
        drawn = [d for d in probe.drawn if d.text == text]
        assert drawn and all(sc.prompt_rect.contains(d.rect) for d in drawn), text
        assert app.surface.get_rect().contains(sc.prompt_rect)
        assert sc.prompt_rect.bottom <= sc.layout.view.top          # the board starts under it
        assert probe.problems(app.surface.get_rect()) == []
        app.screenshot(artifacts / f"skirmish_guided_step{step}_{size[0]}x{size[1]}.png")
        if step == "2":
            press(app, B.A)                          # A on the piece: stay, previewed (Step 3)
            assert isinstance(sc.control.top, WalkPreview)
