"""The frame loop: input -> the top scene -> draw what changed -> present -> wait for the next frame.

Nothing here blocks: bots think in a worker thread, the ruleset loads in another, sounds are
synthesised in a third. Each frame the visible scenes (the top one and any overlays' base) are
asked to repaint; a scene that has nothing new returns no rectangles and the frame costs almost
nothing. Only the changed rectangles are sent to the screen (``pygame.display.update(rects)``).
"""

from __future__ import annotations

import os

import pygame

from game.ui.pace import Pace
from hw.input.buttons import EventKind


class FrameLoop:
    """Mixed into ``game.app.App``; expects ``stack``, ``hub``, ``surface``, ``screen``, ``theme``."""

    def __init__(self) -> None:
        self._last_t: float | None = None
        self._force = True
        self._toast: tuple[str, float] | None = None
        self._toast_shown = False
        self._first_done = False
        self.last_rects: list[pygame.Rect] = []
        self.buttons_held: set = set()          # logical buttons down now (hold A: hurry the bots)
        self.pace = Pace(self)                  # how fast others' turns play out (game.ui.pace)

    def invalidate(self) -> None:
        """Repaint everything next frame (scene change, toast gone)."""
        self._force = True

    def toast(self, text: str, seconds: float = 4.0) -> None:
        """A one-line message over the bottom of any scene (errors, saved files, devices)."""
        self._toast = (text, self.now() + seconds)
        self._toast_shown = False

    def clear_toast(self) -> None:
        """Take the toast away now (a new screen, the tour's next shot)."""
        if self._toast is not None:
            self._toast = None
            self.invalidate()

    # ------------------------------------------------------------------------------------------
    def _dt(self) -> float:
        if self.fixed_dt:
            self._fake_now += self.fixed_dt
            return self.fixed_dt
        t = self.now()
        dt = 0.0 if self._last_t is None else min(0.25, t - self._last_t)
        self._last_t = t
        return dt

    def _input(self) -> list:
        events = pygame.event.get()
        for e in events:
            if e.type == pygame.QUIT:
                self.quit(0)
            elif e.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED):
                self.invalidate()
        if self.hub is None:
            return []
        self.hub.feed(events)
        return self.hub.poll()

    def dispatch(self, ev) -> None:
        if ev.button is not None:
            if ev.kind is EventKind.PRESS:
                self.buttons_held.add(ev.button)
            elif ev.kind is EventKind.RELEASE:
                self.buttons_held.discard(ev.button)
        if ev.kind is EventKind.BACK_TO_MENU:
            self.goto_menu()
            return
        if ev.kind is EventKind.DEVICE and ev.text:
            self.toast(ev.text, 3.0)
        if self.stack:
            self.stack[-1].handle(ev)

    def step(self) -> list[pygame.Rect]:
        """One frame. Returns the rectangles repainted (empty when nothing changed)."""
        dt = self._dt()
        for ev in self._input():
            if not self.running:
                break
            self.dispatch(ev)
        if not self.running or not self.stack:
            return []
        self.stack[-1].update(dt)
        rects = self.compose()
        if rects:
            self.screen.present(rects)
        self.last_rects = rects
        self.frames += 1
        if not self._first_done:
            self._first_done = True
            if os.environ.get("TACTIBOX_FIRST_FRAME_EXIT"):   # bench: start-to-first-frame
                print("first-frame", flush=True)
                self.quit(0)
                return rects
            self.after_first_frame()
        return rects

    def compose(self) -> list[pygame.Rect]:
        surf = self.surface
        base = len(self.stack) - 1
        while base > 0 and self.stack[base].overlay:
            base -= 1
        force, self._force = self._force, False
        rects: list[pygame.Rect] = []
        probe = self.theme.probe
        for scene in self.stack[base:]:
            if probe is not None and scene.overlay:
                probe.overlay(surf.get_rect())    # a dialog's background is not read (tests, the tour)
            r = scene.render(surf, force=force or bool(rects))
            rects += r
        rects += self._draw_toast(surf, bool(rects) or force)
        return rects

    def _draw_toast(self, surf, repaint: bool) -> list[pygame.Rect]:
        if self._toast is None:
            return []
        text, until = self._toast
        if self.now() >= until:
            self._toast = None
            self._force = True
            return []
        if self._toast_shown and not repaint:
            return []
        self._toast_shown = True
        th = self.theme
        w, h = surf.get_size()
        label = th.fit(text, w - 4 * th.pad, "small")
        img = th.render(label, (255, 255, 255), "small")
        box = pygame.Rect(0, 0, img.get_width() + 2 * th.pad, img.get_height() + th.pad)
        box.midbottom = (w // 2, h - th.pad)
        pygame.draw.rect(surf, (60, 20, 30), box)
        pygame.draw.rect(surf, (230, 120, 110), box, 1)
        th.put(surf, img, (box.x + th.pad, box.y + th.pad // 2), label, "small")
        return [box]

    def run(self) -> int:
        clock = pygame.time.Clock()
        try:
            while self.running:
                self.step()
                clock.tick(self.fps)
        except KeyboardInterrupt:
            self.exit_code = 130
        finally:
            self.close()
        return self.exit_code

    def run_frames(self, n: int) -> None:
        """Step `n` frames (tests, benchmarks)."""
        for _ in range(n):
            if not self.running:
                break
            self.step()

