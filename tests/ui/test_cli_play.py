"""`tactibox play`: the headless attract mode (log, --turns, --shots) and flag errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from hw.display import has_kms


def run_play(*args, env_extra=None, drop=("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")):
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          timeout=120)


def test_headless_turns_exits_0_and_prints_the_log(tmp_path):
    r = run_play("--headless", "--turns", "3", "--seed", "5", env_extra={"TACTIBOX_DATA": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "headless attract mode" in out
    for n in (1, 2, 3):
        assert f"-- turn {n}:" in out
    assert "-- turn 4:" in out or out.count("-- turn") == 3
    assert " walks " in out


def test_headless_screenshots_every_n_turns(tmp_path):
    shots = tmp_path / "shots"
    r = run_play("--headless", "--turns", "4", "--seed", "5", "--shots", str(shots), "--shot-every", "2",
                 "--size", "320x240", env_extra={"TACTIBOX_DATA": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    files = sorted(p.name for p in shots.iterdir())
    assert files == ["turn-00002.png", "turn-00004.png"]
    img = pygame.image.load(str(shots / files[0]))
    assert img.get_size() == (320, 240)
    # the picture is a battle, not a blank canvas: many colours
    colours = {tuple(img.get_at((x, y))) for x in range(0, 320, 7) for y in range(0, 240, 7)}
    assert len(colours) > 20


@pytest.mark.skipif(has_kms(), reason="this machine has a DRM device: play would open it")
def test_no_display_at_all_falls_back_to_headless(tmp_path):
    r = run_play("--turns", "1", "--seed", "2", env_extra={"TACTIBOX_DATA": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    assert "no desktop session and no usable DRM device" in r.stdout


def test_bad_flags_are_explained(tmp_path):
    r = run_play("--headless", "--size", "big", env_extra={"TACTIBOX_DATA": str(tmp_path)})
    assert r.returncode == 2 and "screen size 'big'" in r.stderr
    r = run_play("--headless", "--fps", "1000", env_extra={"TACTIBOX_DATA": str(tmp_path)})
    assert r.returncode == 2 and "--fps" in r.stderr
