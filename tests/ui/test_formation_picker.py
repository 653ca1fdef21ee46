"""The formation's piece picker shows scroll cues when more pieces are above or below the rows
that fit (issue: on wide screens the picker showed 7 of 9 pieces with no cue)."""

import pytest
from ui_harness import B, press, stack


def open_picker(app):
    press(app, B.A)                  # title -> menu
    press(app, B.A)                  # Skirmish -> setup
    press(app, B.START)              # -> formation
    assert stack(app)[-1] == "skirmish_formation"
    sc = app.top
    press(app, B.UP, B.A)            # a slot: the picker opens
    assert sc.picking
    return sc


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_picker_scroll_cues_follow_the_list(make_app, size):
    app = make_app(size)                 # wide screens draw on a 640x360 canvas: the list is cut
    sc = open_picker(app)
    n = len(sc.choices)
    for _ in range(sc.pick):         # the list wraps: walk up to its first entry
        press(app, B.UP)
    assert sc.pick == 0
    app.run_frames(1)
    up, down = sc.picker_more
    assert not up and down, "at the top only the 'more below' cue"
    for _ in range(n - 1):
        press(app, B.DOWN)
    assert sc.pick == n - 1
    app.run_frames(1)
    app.run_frames(1)
    up, down = sc.picker_more
    assert up and not down, "at the bottom only the 'more above' cue"


def test_no_cue_when_every_piece_fits(make_app):
    app = make_app((480, 320))
    sc = open_picker(app)
    app.run_frames(1)
    assert sc.picker_more == (False, False)
