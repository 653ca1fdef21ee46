"""hw.display: which display is chosen, the canvas per screen size, opening on the dummy driver."""

from __future__ import annotations

import pytest

from hw.display import (
    SUPPORTED_SIZES,
    DisplayPlan,
    DisplayUnavailable,
    canvas_size_for,
    open_display,
    parse_size,
    plan_display,
)

LINUX = "linux"


def plan(env, kms=False, **kw):
    return plan_display(env=env, platform=kw.pop("platform", LINUX), kms_probe=lambda: kms, **kw)


def test_desktop_gets_a_window():
    assert plan({"DISPLAY": ":0"}).kind == "window"
    assert plan({"WAYLAND_DISPLAY": "wayland-0"}).kind == "window"
    assert plan({"DISPLAY": ":0"}, fullscreen=True).kind == "fullscreen"
    assert plan({"DISPLAY": ":0"}, settings_mode="fullscreen").kind == "fullscreen"
    assert plan({}, platform="darwin").kind == "window"


def test_pi_without_desktop_uses_kmsdrm_fullscreen():
    p = plan({}, kms=True)
    assert (p.kind, p.driver) == ("fullscreen", "kmsdrm")


def test_no_display_at_all_is_headless():
    p = plan({}, kms=False)
    assert p.kind == "headless" and "no desktop" in p.reason
    assert plan({"DISPLAY": ":0"}, headless=True).kind == "headless"


def test_forced_driver_is_honoured():
    assert plan({"SDL_VIDEODRIVER": "dummy"}) == DisplayPlan("window", "dummy", None, "SDL_VIDEODRIVER=dummy")
    p = plan({"SDL_VIDEODRIVER": "kmsdrm"})
    assert (p.kind, p.driver) == ("fullscreen", "kmsdrm")
    assert plan({"SDL_VIDEODRIVER": "kmsdrm"}, window=True).kind == "window"


def test_size_is_passed_on():
    assert plan({"DISPLAY": ":0"}, size=(800, 480)).size == (800, 480)


@pytest.mark.parametrize("screen,canvas", [((320, 240), (320, 240)), ((480, 320), (480, 320)),
                                           ((800, 480), (400, 240)), ((1280, 720), (640, 360)),
                                           ((1920, 1080), (640, 360)), ((1024, 600), (512, 300)),
                                           ((3840, 2160), (640, 360)), ((160, 120), (320, 240))])
def test_canvas_per_screen(screen, canvas):
    assert canvas_size_for(screen) == canvas


def test_every_supported_size_scales_by_a_whole_factor():
    for w, h in SUPPORTED_SIZES:
        cw, ch = canvas_size_for((w, h))
        assert w % cw == 0 and h % ch == 0 and w // cw == h // ch


def test_parse_size():
    assert parse_size("480x320") == (480, 320)
    assert parse_size("auto") is None and parse_size(None) is None
    for bad in ("480", "axb", "10x10", "480x320x2"):
        with pytest.raises(ValueError, match="screen size"):
            parse_size(bad)


def test_open_dummy_window_and_headless_refusal():
    s = open_display(DisplayPlan("window", "dummy", (800, 480)))
    assert s.canvas_size == (400, 240) and s.surface.get_size() == (400, 240) and s.driver == "dummy"
    with pytest.raises(DisplayUnavailable):
        open_display(DisplayPlan("headless"))
