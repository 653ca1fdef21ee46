"""Counting button presses for a typical first turn: nine pieces, each walks as far towards the
enemy as it may (attacking when an enemy is in reach), entered at the cursor like a player would:
the d-pad to the piece (unless the screen already selected it), A, the d-pad to the cell, A, and
whatever the screen asks next (A on the piece again to wait, A on a target to attack).

`python -m tests.ui.press_count` (from the repo root, SDL dummy drivers) prints the count; the
test `test_press_count.py` keeps it below the figure measured before the battle screen's rework
(126). The script uses only the cursor, A and the control's public state, so the same file runs
against older versions of the screen.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _goal(g, p):
    enemies = [e for e in g.pieces if e.alive and e.seat != p.seat]
    best = None
    for c in [p.cell] + g.reach(p).cells():
        hit = bool(g.targets_from(p, c))
        score = (hit, -min(g.grid.distance(c, e.cell) for e in enemies), -c)
        if best is None or score > best[0]:
            best = (score, c)
    return best[1]


def first_turn_presses(app) -> int:
    from ui_harness import B, press, run_until, settle, walk_cursor
    sc = app.top
    g = sc.game
    count = 0

    def tap(b):
        nonlocal count
        press(app, b)           # through the input stack: until its press and release reached the screen
        count += 1

    def cursor_to(cell):
        if not walk_cursor(sc, cell, tap, 80):
            raise AssertionError("cursor stuck")

    def ready():
        return (sc.control.my_turn() and g.phase == "select" and not sc.anim.busy and not sc.camera.moving
                and sc.time >= sc.banner_until and app.top is sc)

    run_until(app, ready, what="the human's first turn")
    seat, turn = g.current, g.turn
    for _ in range(30):
        if g.current != seat or g.turn != turn or g.over:
            break
        run_until(app, lambda: (not sc.anim.busy and app.top is sc) or g.current != seat, what="still")
        if g.current != seat:
            break
        sel = sc.control.selected
        if sel >= 0 and g.can_act(g.pieces[sel]):
            p = g.pieces[sel]
        else:
            cur = sc.control.cell
            p = min(g.movable_pieces(), key=lambda q: g.grid.distance(cur, q.cell))
            cursor_to(p.cell)
            tap(B.A)
        dest = _goal(g, p)
        cursor_to(dest)
        tap(B.A)
        settle(app)
        pending = getattr(sc.control, "pending", None)
        if g.phase == "attack" or (pending is not None and pending >= 0):
            targets = g.targets_from(p, dest)
            if targets:
                cursor_to(targets[0].cell)
                tap(B.A)
            elif pending is not None and pending >= 0:
                cursor_to(dest)
                tap(B.A)       # wait here
            settle(app)
    return count


def main() -> int:
    import pathlib
    import tempfile
    here = pathlib.Path(__file__).resolve().parent
    sys.path.insert(0, str(here))
    from ui_harness import new_app, to_battle
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TACTIBOX_DATA"] = tmp
        app = new_app((480, 320), pathlib.Path(tmp))
        to_battle(app, army_downs=0)
        n = first_turn_presses(app)
        g = app.top.game
        print(f"presses for a first turn of {len(g.army(0 if g.controller(0) == 'human' else g.current))} pieces: {n}")
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
