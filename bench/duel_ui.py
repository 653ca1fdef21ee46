"""The duel screen's full-frame render (issue 20 item 3), for bench_ui: the tile board (25x25,
field of view on and off), the side panel with this turn's spells explained, the action bar and
the hint bar redrawn whole, with the cursor's walk previewed, at 480x320 (DESIGN.md budget:
<= 2 ms) and 1280x720; the Skirmish battle's frame beside it in bench_ui is the peer. The
pictures are made once per size (sprites.py caches them): `first` is the frame that makes them.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

from bench.common import call_times


def _duel_scene(size, root, fov: bool):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.modes.duel.options import DuelOptions
    from game.store import open_data_dir
    from game.ui.modes.duel.match import BOT, HUMAN, DuelMatch, Seat
    from hw.display import DisplayPlan, open_display
    from hw.input.buttons import Button
    app = App(open_display(DisplayPlan("window", "dummy", size)), data=open_data_dir({"TACTIBOX_DATA": root}),
              fixed_dt=1 / 30, input_sources=())
    match = DuelMatch.new(4242, DuelOptions(fov=fov, level_size=25), [Seat(HUMAN, "You"), Seat(BOT, "Bot", "normal")])
    app.open("duel_game", match=match)
    sc = app.top
    for _ in range(400):                       # the person's first turn
        if sc.match.human_to_move() and not sc.busy():
            break
        app.step()
        time.sleep(0.001)
    sc.keys.press(Button.RIGHT)                # the cursor off the wizard: a walk previewed
    sc.keys.press(Button.DOWN)
    return app, sc


def run(n: int = 200) -> dict:
    out = {}
    for size, fov in (((480, 320), True), ((480, 320), False), ((1280, 720), True)):
        with tempfile.TemporaryDirectory() as root:
            app, sc = _duel_scene(size, root, fov)
            surf = app.surface
            from game.ui.modes.duel import sprites
            for fn in (sprites.tile, sprites.potion, sprites.wizard, sprites.burst, sprites.ring, sprites.last_seen):
                fn.cache_clear()
            t = time.perf_counter()
            sc.draw(surf)
            first = time.perf_counter() - t
            times = call_times(sc.draw, n, surf)
            app.close()
        tag = f"{size[0]}x{size[1]}" + ("" if fov else "_fov_off")
        out[f"duel_render_{tag}_ms"] = round(statistics.median(times) * 1000, 3)
        out[f"duel_render_{tag}_first_ms"] = round(first * 1000, 3)
    return out
