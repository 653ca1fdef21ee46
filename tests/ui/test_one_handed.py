"""A whole Skirmish, title to results and back to the menu, with only the d-pad and A/B: no
START, SELECT, X, Y, L or R (they are shortcuts, never the only way)."""

from __future__ import annotations

import pytest
from ui_harness import B, cursor_to, press, run_until, settle, stack, to_battle

from hw.input.buttons import EventKind

ALLOWED = {B.UP, B.DOWN, B.LEFT, B.RIGHT, B.A, B.B}


def _plan(g, p):
    enemies = [e for e in g.pieces if e.alive and e.seat != p.seat]
    return max([p.cell] + g.reach(p).cells(),
               key=lambda c: (bool(g.targets_from(p, c)), -min(g.grid.distance(c, e.cell) for e in enemies), -c))


@pytest.mark.slow
def test_whole_skirmish_with_dpad_and_a_b_only(make_app, monkeypatch):
    app = make_app((320, 240))
    used = []
    real = app.dispatch

    def dispatch_logged(ev):                               # every button that reached a scene
        if ev.kind is EventKind.PRESS:
            used.append(ev.button)
        return real(ev)
    monkeypatch.setattr(app, "dispatch", dispatch_logged)
    to_battle(app, army_downs=7, turn_limit_rights=2)      # army size 2
    sc = app.top
    g = sc.game
    for _ in range(200):
        run_until(app, lambda: stack(app)[-1] != "skirmish_battle" or (sc.control.my_turn() and g.phase == "select"
                  and not sc.anim.busy and app.top is sc), 6000, "the human's turn")
        if stack(app)[-1] != "skirmish_battle":
            break
        if sc.control.selected < 0 or not g.can_act(g.pieces[sc.control.selected]):
            p = g.movable_pieces()[0]
            cursor_to(app, p.cell)
            press(app, B.A)
        p = g.pieces[sc.control.selected]
        dest = _plan(g, p)
        cursor_to(app, dest)
        press(app, B.A)                                   # walk there, or stay (previewed)
        assert sc.control.pending == dest
        targets = g.targets_from(p, dest)
        if targets:
            cursor_to(app, targets[0].cell)
        else:
            cursor_to(app, dest)
        press(app, B.A)                                   # attack / wait
        settle(app)
    assert stack(app)[-1] == "skirmish_results", stack(app)
    assert app.top.result.finished and g.over and g.turn >= 2, g.turn
    press(app, B.A)                                       # Play again: the same battle, a new seed
    assert stack(app)[-1] == "skirmish_battle", stack(app)
    app.goto_menu()
    assert set(used) <= ALLOWED, set(used) - ALLOWED
