"""The dungeon screen's full-frame render (issue 18 item 5), for bench_bout: the map, panels,
minimap, log and hint bar redrawn whole, in the middle of a fight (arcs, d-pad marks), at 480x320
(DESIGN.md budget: <= 2 ms) and 1280x720; the Skirmish battle's frame (bench_ui) is the peer.
"""

from __future__ import annotations

import os
import statistics
import tempfile

from bench.common import call_times


def _fight_scene(size, root):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.modes.bout.dungeon.botplay import DungeonBot
    from game.store import open_data_dir
    from hw.display import DisplayPlan, open_display
    app = App(open_display(DisplayPlan("window", "dummy", size)), data=open_data_dir({"TACTIBOX_DATA": root}),
              fixed_dt=1 / 30, input_sources=())
    app.update_settings(howto_seen=("bout",))
    app.open("bout_dungeon", seed=3)
    sc = app.top
    bot = DungeonBot("hard", 3)
    for _ in range(200):                       # walk into the first fight
        g = sc.game
        if g.phase == "step" and g.m.engagement_of(0) is not None:
            break
        sc.act(bot.choose(g))
    return app, sc


def run(n: int = 200) -> dict:
    out = {}
    for size in ((480, 320), (1280, 720)):
        with tempfile.TemporaryDirectory() as root:
            app, sc = _fight_scene(size, root)
            surf = app.surface
            times = call_times(sc.draw, n, surf)
            app.close()
        out[f"dungeon_screen_render_{size[0]}x{size[1]}_ms"] = round(statistics.median(times) * 1000, 2)
    out["dungeon_screen_render_budget_480x320_ms"] = 2.0
    return out
