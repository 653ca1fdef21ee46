"""Which screen Tactibox uses, and opening it.

The choice (``plan_display``), first match wins:

1. ``--headless``: no screen at all; bots play an attract battle and the log prints.
2. ``--window`` / ``--fullscreen`` on the command line, then ``display.mode`` in the settings.
3. A desktop session (``DISPLAY`` or ``WAYLAND_DISPLAY`` set, or not Linux): a window.
4. ``SDL_VIDEODRIVER`` already set by the caller (tests use ``dummy``; an image may force
   ``kmsdrm``): that driver, fullscreen unless it is ``dummy``/``offscreen``.
5. Linux without a desktop but with a DRM device (``/dev/dri/card*`` we may open): fullscreen
   on KMS/DRM (``SDL_VIDEODRIVER=kmsdrm``) — a Pi booted straight into the game. SDL has no
   fbcon driver; under KMSDRM it reads ``/dev/input/event*`` itself, so the service user must be
   in the ``input`` group.
6. Otherwise headless.

``open_display`` then opens it: a small *canvas* (``canvas_size_for``) shown through
``pygame.SCALED``, so SDL's renderer scales it on the GPU with integer factors and the pixel art
stays crisp. If the chosen driver cannot start (no KMS permission, no GPU), it raises
``DisplayUnavailable`` with SDL's reason and the caller falls back to headless.
"""

from __future__ import annotations

import glob
import os
import sys
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass

WINDOW_DEFAULT = (960, 640)
SUPPORTED_SIZES = ((320, 240), (480, 320), (800, 480), (1280, 720), (1920, 1080))
MIN_CANVAS = (320, 240)
MAX_CANVAS = (640, 400)


class DisplayUnavailable(RuntimeError):
    """The planned display cannot be opened; the message says why (SDL's words)."""


@dataclass(frozen=True)
class DisplayPlan:
    kind: str                          # "window" | "fullscreen" | "headless"
    driver: str | None = None          # SDL_VIDEODRIVER to use; None = SDL's own choice
    size: tuple[int, int] | None = None  # requested screen/window size; None = automatic
    reason: str = ""


def parse_size(text: str | None) -> tuple[int, int] | None:
    """'800x480' -> (800, 480); 'auto', '' or None -> None. ValueError names the bad text."""
    if not text or text == "auto":
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"screen size {text!r}: expected WIDTHxHEIGHT, e.g. 480x320") from None
    if not (160 <= w <= 7680 and 120 <= h <= 4320):
        raise ValueError(f"screen size {text!r}: expected 160x120 .. 7680x4320")
    return w, h


def has_kms(pattern: str = "/dev/dri/card*") -> bool:
    """A DRM device this user may open read-write (the video group on Raspberry Pi OS)."""
    return any(os.access(p, os.R_OK | os.W_OK) for p in glob.glob(pattern))


def plan_display(*, headless: bool = False, window: bool = False, fullscreen: bool = False,
                 size: tuple[int, int] | None = None, settings_mode: str = "auto",
                 env: Mapping[str, str] | None = None, platform: str | None = None,
                 kms_probe: Callable[[], bool] = has_kms) -> DisplayPlan:
    env = os.environ if env is None else env
    platform = platform or sys.platform
    if headless:
        return DisplayPlan("headless", reason="--headless")
    forced = env.get("SDL_VIDEODRIVER", "").strip() or None
    desktop = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")) or not platform.startswith("linux")
    wish = "fullscreen" if fullscreen else "window" if window else settings_mode
    if forced in ("dummy", "offscreen"):
        return DisplayPlan("window", forced, size, f"SDL_VIDEODRIVER={forced}")
    if desktop and forced is None:
        kind = "fullscreen" if wish == "fullscreen" else "window"
        return DisplayPlan(kind, None, size, "desktop session")
    if forced:
        kind = "window" if wish == "window" else "fullscreen"
        return DisplayPlan(kind, forced, size, f"SDL_VIDEODRIVER={forced}")
    if kms_probe():
        return DisplayPlan("fullscreen", "kmsdrm", size, "no desktop, DRM device present")
    return DisplayPlan("headless", reason="no desktop session and no usable DRM device")


def canvas_size_for(screen: tuple[int, int]) -> tuple[int, int]:
    """The internal canvas for a screen: the smallest integer factor k that brings the screen
    within MAX_CANVAS, but never below MIN_CANVAS (320x240 and 480x320 are drawn 1:1,
    800x480 -> 400x240, 1280x720 and 1920x1080 -> 640x360)."""
    w, h = screen
    k = 1
    while (w // (k + 1) >= MIN_CANVAS[0] and h // (k + 1) >= MIN_CANVAS[1]
           and (w // k > MAX_CANVAS[0] or h // k > MAX_CANVAS[1])):
        k += 1
    return max(MIN_CANVAS[0], w // k), max(MIN_CANVAS[1], h // k)


@dataclass
class Screen:
    """An opened display: draw on ``surface`` (the canvas), then ``present(rects)``."""

    surface: object
    screen_size: tuple[int, int]
    canvas_size: tuple[int, int]
    kind: str
    driver: str

    def present(self, rects=None) -> None:
        import pygame
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)


def _desktop_size(pygame) -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes and sizes[0][0] > 0 else None


def open_display(plan: DisplayPlan, title: str = "Tactibox") -> Screen:
    """Open the planned display (not for headless plans). Raises DisplayUnavailable."""
    if plan.kind == "headless":
        raise DisplayUnavailable("a headless plan has no display")
    if plan.driver:
        os.environ["SDL_VIDEODRIVER"] = plan.driver
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise DisplayUnavailable(f"video driver {plan.driver or 'default'} cannot start: {exc}") from None
    desktop = _desktop_size(pygame)
    if plan.kind == "fullscreen":
        screen = plan.size or desktop or (800, 480)
    else:
        screen = plan.size or WINDOW_DEFAULT
        if desktop and plan.driver not in ("dummy", "offscreen"):
            screen = (min(screen[0], desktop[0]), min(screen[1], desktop[1] - 64))
    canvas = canvas_size_for(screen)
    flags = pygame.SCALED | (pygame.FULLSCREEN if plan.kind == "fullscreen" else 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # "no fast renderer available" on software-only SDL
        try:
            surface = pygame.display.set_mode(canvas, flags)
        except pygame.error as exc:
            pygame.display.quit()
            raise DisplayUnavailable(f"cannot open a {canvas[0]}x{canvas[1]} {plan.kind} "
                                     f"({plan.driver or pygame.display.get_driver()}): {exc}") from None
        if plan.kind == "window":
            try:
                pygame.Window.from_display_module().size = screen
            except (AttributeError, pygame.error):
                pass
    pygame.display.set_caption(title)
    if plan.kind == "fullscreen":
        pygame.mouse.set_visible(False)
    return Screen(surface, screen, canvas, plan.kind, pygame.display.get_driver())
