"""The hub, campaign map, shop and win box at 320x240 .. 1920x1080: no text off the screen,
overlapping other text or left out (the contact sheet's text probe), every node on the screen."""

import dataclasses

import pytest
from ui_harness import B, menu_open, press, stack

from game.core.replay import load_replay
from game.modes.quest.catalog import solution_path
from game.modes.quest.textformat import parse_item
from game.ui.modes.quest import flow
from game.ui.theme import TextProbe

SIZES = [(320, 240), (480, 320), (800, 480), (1920, 1080)]


def shot(app, probe, must_show: str = ""):
    probe.clear()
    app.invalidate()
    app.top.dirty = True
    app.run_frames(1)
    texts = [d.text for d in probe.drawn]
    assert any(must_show in t for t in texts), (must_show, texts)     # the probe saw the screen
    return probe.problems(app.surface.get_rect())


@pytest.mark.parametrize("size", SIZES)
def test_quest_screens_have_no_clipped_text(make_app, size, monkeypatch):
    c = dataclasses.replace(flow.campaign(), shop=[{"item": parse_item("staff=20+healing=10+mirroring=5"), "price": 15}])
    monkeypatch.setattr(flow, "_campaign", lambda: (c, ()))           # the longest item name
    app = make_app(size=size)
    probe = app.theme.probe = TextProbe()
    press(app, B.A)
    menu_open(app, "Hex quest")
    assert stack(app)[-1] == "quest_hub"
    assert shot(app, probe, "Square puzzles") == [], "hub"
    press(app, B.A)
    m = app.top
    assert stack(app)[-1] == "quest_map" and shot(app, probe, "not solved yet") == [], "map"
    press(app, B.A)
    assert stack(app)[-1] == "howto"
    press(app, B.A)                                   # the first campaign level's how-to: A plays
    sc = app.top
    for a in load_replay(solution_path(sc.level_id)).actions:
        sc.act(a)
    assert stack(app)[-1] == "choice"
    assert shot(app, probe, "Back to the map") == [], "win box"
    press(app, B.A)                                   # back to the map: won, open, new levels
    assert stack(app)[-1] == "quest_map"
    problems = shot(app, probe, "[open, new]")
    assert problems == [], problems
    w, h = size
    for lid, (x, y) in m.centres.items():
        assert 0 <= x - m.radius and x + m.radius < w and 0 <= y - m.radius and y + m.radius < h, lid
    press(app, B.X)
    assert stack(app)[-1] == "quest_shop" and shot(app, probe, "coins") == [], "shop"
    press(app, B.A)                                   # refused: the note must fit too
    assert shot(app, probe, "Cannot buy") == [], "shop note"
    assert flow.quest_store(app).progress.won
