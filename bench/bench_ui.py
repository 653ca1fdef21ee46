"""UI benchmarks: full-frame battle render time at 480x320 and 1280x720, start to first frame,
peak RSS with the battle scene open. Budgets (DESIGN.md): <= 2 ms at 480x320, <= 0.5 s, <= 64 MB.

`run() -> dict` (called by bench/run.py); standalone: `python -m bench.bench_ui [--json]`.
The frame is the busiest ordinary one: 4 armies of 9 on the 32x32 map, a piece selected (purple
cells), the cursor on a purple cell (orange outlines), the info window and minimap up. "render"
is drawing the canvas; "present" is handing it to SDL (dummy driver here: a software scale);
"forecast" is the same frame with the cursor on an enemy (the dock's attack forecast drawn).
"quest_*" is the Hex quest board at 480x320 with a Fireball chosen and its preview drawn: the
largest shipped hex level, and the quest engine benchmark's radius-12 hex map with 30 NPCs and
its 60x24 Supaplex-size board (both scroll at a legible cell size). Plain: a redraw (the cells
layer and the preview kept); "_aim_turned": the aim changed, so the preview (a throwaway copy of
the game) is worked out anew; "_new_turn": the first frame of a new game state, every cell and
the preview drawn again.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench.common import call_times, standalone

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

BUDGET_RENDER_MS = 2.0
BUDGET_FIRST_FRAME_S = 0.5
BUDGET_RSS_MB = 64


def _battle_app(size, data_root):
    from game.app import App
    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import Participant
    from game.store import open_data_dir
    from game.ui.modes.skirmish.session import battle_match
    from hw.display import DisplayPlan, open_display
    screen = open_display(DisplayPlan("window", "dummy", size))
    app = App(screen, data=open_data_dir({"TACTIBOX_DATA": data_root}), fixed_dt=1 / 30, input_sources=())
    app.run_frames(2)
    rs = app.content.ruleset()
    gmap = rs.map("02_highlands")
    parts = [Participant("You", "human")] + [Participant("", "bot:hard") for _ in range(3)]
    app.replace("skirmish_battle", match=battle_match(app, rs, gmap, parts, 99, Options()))
    return app


def _ready_frame(app):
    """Run until the human's turn, select a piece, put the cursor on a far purple cell."""
    sc = app.top
    for _ in range(20000):
        if sc.control.my_turn() and not sc.anim.busy:
            break
        app.step()
        if getattr(sc.match.driver(), "thinking", False):
            time.sleep(0.0005)
    g = sc.game
    p = max(g.movable_pieces(), key=lambda q: len(g.reach(q).cells()))
    sc.control.choose(p)
    sc.control.cursor.put(max(g.reach(p).cells(), key=lambda c: g.reach(p).cost_to(c)))
    for _ in range(120):
        app.step()
    return sc


def _frame_times(size, data_root, n=300) -> dict:
    import pygame
    app = _battle_app(size, data_root)
    sc = _ready_frame(app)
    surf = app.surface
    marks = sc.marks()
    assert marks.purple and marks.orange_outline is not None
    draws, presents = [], []
    for _ in range(n):
        t = time.perf_counter()
        sc.draw(surf)
        t2 = time.perf_counter()
        pygame.display.flip()
        t3 = time.perf_counter()
        draws.append(t2 - t)
        presents.append(t3 - t2)
    info = sc.info.lines != []
    # the dock's attack forecast too: the cursor on the nearest enemy of the selected piece
    g = sc.game
    me = g.pieces[sc.control.selected]
    enemy = min((q for q in g.pieces if q.alive and q.seat != me.seat), key=lambda q: g.grid.distance(q.cell, me.cell))
    sc.control.cursor.put(enemy.cell)
    sc.draw(surf)
    assert sc.info.forecast
    fc = call_times(sc.draw, n, surf)
    app.close()
    return {"render_ms": round(statistics.median(draws) * 1000, 3), "forecast_ms": round(statistics.median(fc) * 1000, 3),
            "render_p95_ms": round(sorted(draws)[int(n * 0.95)] * 1000, 3),
            "present_ms": round(statistics.median(presents) * 1000, 3),
            "canvas": f"{surf.get_width()}x{surf.get_height()}", "purple_cells": len(marks.purple),
            "info_window": info}


def _quest_frame_ms(size, data_root, level_id: str | None = None, level=None, n: int = 200) -> float:
    """Median full-frame draw of the quest board with a Fireball aimed (preview recomputed each
    frame, as when the player turns the aim)."""
    from game.app import App
    from game.modes.quest.session import Session
    from game.modes.quest.spells import NAMES
    from game.store import open_data_dir
    from hw.display import DisplayPlan, open_display
    screen = open_display(DisplayPlan("window", "dummy", size))
    app = App(screen, data=open_data_dir({"TACTIBOX_DATA": data_root}), fixed_dt=1 / 30, input_sources=())
    app.open("quest_board", level=level_id or "hex/01_first_push")
    sc = app.top
    if level is None:
        from game.modes.quest.catalog import load_level
        level = load_level(level_id)[0]
    sc.session = Session(level, {"spells": {name: 3 for name in NAMES}, "items": [], "xp": 0, "coins": 0,
                                 "points": 0})
    sc.mode = sc.spells().index("fireball") + 1
    surf = app.surface
    turning = []
    sc.draw(surf)
    still = call_times(sc.draw, n, surf)   # a redraw: the preview is kept per state and aim
    for i in range(n):                          # the aim turned every frame: a new preview each time
        sc.aim = i % len(sc.game.g.dir_names)
        sc._previews = None
        t = time.perf_counter()
        sc.draw(surf)
        turning.append(time.perf_counter() - t)
    opened = []
    for i in range(n):                          # the first frame of the level: the whole map drawn
        sc.aim = i % len(sc.game.g.dir_names)
        sc._previews = sc._board_layers = None
        t = time.perf_counter()
        sc.draw(surf)
        opened.append(time.perf_counter() - t)
    turned = _new_turn_times(sc, surf, n)
    app.close()
    return tuple(round(statistics.median(x) * 1000, 3) for x in (still, turning, turned, opened))


def _new_turn_times(sc, surf, n: int) -> list[float]:
    """The first frame of each new game state along a line of moves: each frame one move on (redo,
    not timed), the preview worked out anew and the cells layer brought up to date (kept, as
    the screen keeps it). The line: 40 moves, each the first step (from the aim on; else a wait)
    that is legal and does not end the game."""
    from game.modes.base import ActionError
    from game.modes.quest.game import MOVE, WAIT
    s = sc.session
    dirs = len(sc.game.g.dir_names)
    for i in range(40):
        for a in [[MOVE, (i // 4 + k) % dirs] for k in range(dirs)] + [[WAIT]]:
            try:
                s.act(a)
            except ActionError:
                continue
            if sc.game.status == "play":
                break
            s.undo()
    s.restart()
    sc.draw(surf)
    times = []
    while len(times) < n:
        if not s.redo():
            s.restart()
            sc.draw(surf)
            continue
        t = time.perf_counter()
        sc.draw(surf)
        times.append(time.perf_counter() - t)
    return times


def quest_frames(data_root) -> dict:
    from bench.bench_quest import hexlevel, sqlevel
    from game.modes.quest.catalog import load_level, shipped_ids
    hexes = [lid for lid in shipped_ids() if lid.startswith("hex/")]
    largest = max(hexes, key=lambda lid: (len(load_level(lid)[0].grid.cells), lid))
    out = {"quest_largest_shipped_hex": largest}
    for name, kw in (("", {"level_id": largest}), ("_hex_r12_30npc", {"level": hexlevel()}),
                     ("_supaplex_60x24", {"level": sqlevel()})):
        still, turning, turned, opened = _quest_frame_ms((480, 320), data_root, **kw)
        out[f"quest_render_480x320{name}_ms"] = still
        out[f"quest_render_480x320{name}_aim_turned_ms"] = turning
        out[f"quest_render_480x320{name}_new_turn_ms"] = turned
        out[f"quest_render_480x320{name}_level_opened_ms"] = opened
    return out


def first_frame(runs: int = 5, bytecode: bool = True) -> float:
    """Median seconds from starting `python -m game --window` to its first frame on screen.

    `bytecode`: as installed on the SD image (pip compiles every module when it installs the
    wheel, so the appliance reads cached bytecode): the modules' bytecode is cached in a
    throwaway PYTHONPYCACHEPREFIX folder by one warm-up start that is not counted. Without it
    (PYTHONDONTWRITEBYTECODE and no cache, as an editable checkout with that variable set) every
    module is compiled from source on every start."""
    times = []
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as pyc:
        env = dict(os.environ, TACTIBOX_FIRST_FRAME_EXIT="1", TACTIBOX_DATA=tmp, SDL_VIDEODRIVER="dummy",
                   PYTHONPYCACHEPREFIX=pyc)
        if bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        for i in range(runs + (1 if bytecode else 0)):
            t = time.perf_counter()
            p = subprocess.Popen([sys.executable, "-m", "game", "--window", "--size", "480x320"], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, env=env, text=True)
            line = p.stdout.readline()
            dt = time.perf_counter() - t
            p.wait(30)
            if "first-frame" not in line:
                raise RuntimeError(f"no first frame reported (got {line!r})")
            if i or not bytecode:
                times.append(dt)
    return statistics.median(times)


def _rss_child() -> None:
    """In a fresh process: the app with a 4x9-piece battle open, 600 frames of bots playing."""
    import resource
    with tempfile.TemporaryDirectory() as tmp:
        app = _battle_app((480, 320), tmp)
        app.after_first_frame()
        sc = app.top
        for _ in range(600):
            app.step()
            if getattr(sc.match.driver(), "thinking", False):
                time.sleep(0.0005)
        sc.draw(app.surface)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        hwm = _vm_hwm_mb()
        actions = len(sc.match.replay.actions)
        app.close()
    print(json.dumps({"peak_rss_mb": round(peak, 1), "vm_hwm_mb": hwm, "actions": actions}))


def _vm_hwm_mb() -> float | None:
    """Linux's own peak RSS of this process image (VmHWM, reset by exec, unlike ru_maxrss)."""
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


def peak_rss() -> dict:
    r = subprocess.run([sys.executable, "-m", "bench.bench_ui", "--rss-child"], capture_output=True, text=True,
                       timeout=300, env=dict(os.environ))
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "rss child failed")
    return json.loads(r.stdout.strip().splitlines()[-1])


def run() -> dict:
    out = {}
    # first, while this process is still small: on Linux a child's ru_maxrss starts from the
    # forking parent's RSS (it survives exec), so measuring after the frame timings would
    # charge the child with the parent's memory
    rss = peak_rss()
    with tempfile.TemporaryDirectory() as tmp:
        small = _frame_times((480, 320), tmp)
        big = _frame_times((1280, 720), tmp)
    out["render_480x320_ms"] = small["render_ms"]
    out["render_480x320_p95_ms"] = small["render_p95_ms"]
    out["render_480x320_forecast_ms"] = small["forecast_ms"]
    out["present_480x320_ms(dummy)"] = small["present_ms"]
    out["render_1280x720_ms"] = big["render_ms"]
    out["render_1280x720_canvas"] = big["canvas"]
    out["present_1280x720_ms(dummy)"] = big["present_ms"]
    out["render_budget_ms"] = BUDGET_RENDER_MS
    with tempfile.TemporaryDirectory() as tmp:
        quest = quest_frames(tmp)
    out.update(quest)
    from bench.duel_ui import run as duel_frames
    duel = duel_frames()
    out.update(duel)
    out["render_ok"] = max(small["render_ms"], small["forecast_ms"], quest["quest_render_480x320_new_turn_ms"],
                           quest["quest_render_480x320_aim_turned_ms"], duel["duel_render_480x320_ms"],
                           duel["duel_render_480x320_fov_off_ms"]) <= BUDGET_RENDER_MS
    out["render_ok_quest_big_maps_new_turn"] = max(quest["quest_render_480x320_hex_r12_30npc_new_turn_ms"],
                                                   quest["quest_render_480x320_supaplex_60x24_new_turn_ms"]) <= BUDGET_RENDER_MS
    ff = first_frame()
    out["first_frame_s"] = round(ff, 3)
    out["first_frame_no_bytecode_s"] = round(first_frame(bytecode=False), 3)
    out["first_frame_budget_s"] = BUDGET_FIRST_FRAME_S
    out["first_frame_ok"] = ff <= BUDGET_FIRST_FRAME_S
    # VmHWM is the peak of the game's own process image; ru_maxrss of a child started from a
    # large parent (the whole `tactibox bench` run) still carries the parent's size from fork
    peak = rss["vm_hwm_mb"] if rss["vm_hwm_mb"] is not None else rss["peak_rss_mb"]
    out["peak_rss_battle_mb"] = peak
    out["peak_rss_battle_ru_maxrss_mb"] = rss["peak_rss_mb"]
    out["peak_rss_budget_mb"] = BUDGET_RSS_MB
    out["peak_rss_ok"] = peak <= BUDGET_RSS_MB
    return out


if __name__ == "__main__":
    if "--rss-child" in sys.argv:
        _rss_child()
    else:
        standalone(run)
