"""Safe mode as the player meets it (issue 21, item 22): `tactibox` started again and again by the
image's unit (Restart=always), failing each time, then a safe-mode start whose screen names what
was set aside; d-pad and A/B only, at 320x240 and 1280x720."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from ui_harness import B, new_app, press, stack

from game.store.safe_mode import set_aside_suspects
from game.store.start_guard import COUNTER_FILE, read_count
from game.ui.safe_mode import KEEP, PUT_BACK_QUIT, PUT_BACK_RESTART, TITLE


def unit_start(data, *args, first_frame_exit=True, **kw):
    """`tactibox $TACTIBOX_ARGS` as the image's unit starts it (with SDL's dummy drivers)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(TACTIBOX_DATA=str(data), TACTIBOX_SAFE_MODE_AFTER="3", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", TACTIBOX_APPLIANCE="1",
               TACTIBOX_RULESET_PATH=str(data.parent / "boot-rulesets"))
    if first_frame_exit:
        env["TACTIBOX_FIRST_FRAME_EXIT"] = "1"      # quit with status 0 after the first frame
    return subprocess.Popen([sys.executable, "-m", "game", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, **kw)


def finish(proc) -> tuple[int, str]:
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out + err


def test_a_bad_tactibox_args_loops_three_times_then_safe_mode_starts_the_game(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text("volume = 7\n")
    (tmp_path / "boot-rulesets/mine").mkdir(parents=True)          # the boot partition's rulesets
    (tmp_path / "boot-rulesets/mine/units.toml").write_text("broken = \n")
    for n in (1, 2, 3):                                   # tactibox.env: TACTIBOX_ARGS=--sise 480x320
        code, text = finish(unit_start(data, "--sise", "480x320"))
        assert code == 2 and "unrecognized arguments" in text
        assert read_count(data / COUNTER_FILE) == n
    code, text = finish(unit_start(data, "--sise", "480x320"))
    assert code == 0, text                                # the game came up (first frame)
    assert "safe mode" in text and "TACTIBOX_ARGS=--sise 480x320" in text
    assert "Not read this time: TACTIBOX_RULESET_PATH=" in text
    assert (data / "safe-mode-1/settings.toml").read_text() == "volume = 7\n"
    assert read_count(data / COUNTER_FILE) == 0           # a clean exit is a healthy run
    code, _ = finish(unit_start(data))                   # the owner fixed tactibox.env
    assert code == 0 and not (data / "safe-mode-2").exists()


def test_a_killed_game_counts_as_a_failed_start(tmp_path):
    """A crash that Python never sees (SIGKILL: the OOM killer, a segfault) still counts."""
    data = tmp_path / "data"
    data.mkdir()
    proc = unit_start(data, "--headless", first_frame_exit=False)
    try:
        for _ in range(1200):                             # bounded wait until the start is counted
            if read_count(data / COUNTER_FILE) == 1:
                break
            time.sleep(0.05)
        assert read_count(data / COUNTER_FILE) == 1
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
    assert read_count(data / COUNTER_FILE) == 1


def safe_mode_in(root):
    (root / "settings.toml").write_text("volume = 7\n")
    (root / "gpio.toml").write_text("[buttons]\n")
    return set_aside_suspects(root, 3, env={}, dropped_args=["--bogus"])


def dialog_text(app) -> str:
    return "\n".join(getattr(app.top, "lines", []))


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_the_screen_names_what_was_set_aside_and_keeping_the_defaults_goes_on(tmp_path, size):
    mode = safe_mode_in(tmp_path)
    app = new_app(size, tmp_path, safe_mode=mode, appliance=True)
    assert stack(app) == ["title", "message"]
    assert app.top.title_text == TITLE
    text = dialog_text(app)
    assert "safe-mode-1" in text and "settings.toml" in text and "gpio.toml" in text and "--bogus" in text
    # every wrapped line fits the box at this size
    assert all(app.theme.text_width(line, "tiny") <= app.top.box.w for line in app.top._wrapped)
    press(app, B.A)
    assert stack(app) == ["title", "choice"]
    assert app.top.labels == [KEEP, PUT_BACK_RESTART]
    press(app, B.A)                                       # Keep the defaults
    assert stack(app) == ["title"] and app.running and not app.restore_after_safe_mode
    press(app, B.A)
    assert stack(app) == ["menu"]                         # the game goes on
    assert (tmp_path / "safe-mode-1/settings.toml").exists()
    app.close()


def test_put_them_back_quits_and_the_files_return(tmp_path):
    mode = safe_mode_in(tmp_path)
    app = new_app((320, 240), tmp_path, safe_mode=mode, appliance=False)
    press(app, B.A)
    assert app.top.labels == [KEEP, PUT_BACK_QUIT]
    press(app, B.DOWN, B.A)
    assert not app.running and app.restore_after_safe_mode
    app.close()
    assert mode.restore() == []
    assert (tmp_path / "settings.toml").read_text() == "volume = 7\n" and (tmp_path / "gpio.toml").exists()


def test_nothing_set_aside_means_no_choice(tmp_path):
    mode = set_aside_suspects(tmp_path, 4, env={})
    app = new_app((320, 240), tmp_path, safe_mode=mode)
    assert "Nothing in the data folder needed setting aside." in dialog_text(app)
    press(app, B.B)
    assert stack(app) == ["title"]
    app.close()
