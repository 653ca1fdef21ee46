"""Start to first frame (DESIGN.md budget: <= 0.5 s): the title's first frame is drawn before any
game engine is imported. What the title needs (settings, the data folder, the Continue check of
every mode) is read through light modules; the engines (the Match, the bout's and the quest's
rules, the Skirmish ruleset loader) load after the first frame or when a game opens.

No timing here (bench/bench_ui.py measures it): the test checks *which* modules a fresh process
has imported when its first frame is on screen, so an eager import that slips back in fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

# heavy at import (dataclass-built event types, schemas, the loader): none is needed for the title
ENGINE_MODULES = ("game.match", "game.match.headless", "game.modes.bout.match", "game.modes.bout.events",
                  "game.modes.quest.session", "game.modes.quest.game", "game.modes.quest.events",
                  "game.modes.quest.creatures", "game.rules.skirmish.loader", "game.rules.skirmish.model")

CHILD = """
import json, os, sys
from game.app import App
from game.store import open_data_dir
from hw.display import DisplayPlan, open_display
screen = open_display(DisplayPlan("window", "dummy", (480, 320)))
app = App(screen, data=open_data_dir({"TACTIBOX_DATA": sys.argv[1]}), input_sources=())
app.step()                       # TACTIBOX_FIRST_FRAME_EXIT: the first frame, then stop
title = app.top.scene_name
app.close()
print(json.dumps({"title": title, "frames": app.frames, "loaded": sorted(m for m in sys.modules if m.startswith(("game.", "hw.")))}))
"""


def _first_frame_modules(data_root) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TACTIBOX_FIRST_FRAME_EXIT="1")
    r = subprocess.run([sys.executable, "-c", CHILD, str(data_root)], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_first_frame_imports_no_engine(tmp_path):
    out = _first_frame_modules(tmp_path)
    assert out["title"] == "title" and out["frames"] == 1
    loaded = set(out["loaded"])
    assert "game.ui.scenes.title" in loaded            # the check sees the real start path
    assert "game.store.quest_progress" in loaded       # the quest's Continue was asked
    assert [m for m in ENGINE_MODULES if m in loaded] == []
