"""The battle camera: which part of the board picture the view shows, gliding to its target.

``centre_on(point)`` aims at a point (the action: a bot's piece, the attack); ``keep_visible``
aims just enough to keep a rectangle (the cursor) inside the view with a margin. ``update(dt)``
glides there (fast at first, then settling) and snaps once close, so the camera never drifts
by sub-pixels (a steady picture costs nothing to redraw). Boards smaller than the view are
centred.
"""

from __future__ import annotations


class Camera:
    def __init__(self, view_size: tuple[int, int], world_size: tuple[int, int]) -> None:
        self.vw, self.vh = view_size
        self.ww, self.wh = world_size
        self.x = self.y = 0.0
        self.tx = self.ty = 0.0
        self.speed = 10.0      # fraction of the remaining distance per second (exponential glide)
        self.snap(self._clamp(self.ww / 2 - self.vw / 2, self.wh / 2 - self.vh / 2))

    def _clamp(self, x: float, y: float) -> tuple[float, float]:
        if self.ww <= self.vw:
            x = (self.ww - self.vw) / 2
        else:
            x = max(0.0, min(x, self.ww - self.vw))
        if self.wh <= self.vh:
            y = (self.wh - self.vh) / 2
        else:
            y = max(0.0, min(y, self.wh - self.vh))
        return x, y

    def snap(self, pos: tuple[float, float] | None = None) -> None:
        if pos is not None:
            self.tx, self.ty = self._clamp(*pos)
        self.x, self.y = self.tx, self.ty

    def centre_on(self, point: tuple[float, float]) -> None:
        self.tx, self.ty = self._clamp(point[0] - self.vw / 2, point[1] - self.vh / 2)

    def keep_visible(self, rect, margin: int = 24) -> None:
        x, y = self.tx, self.ty
        m = min(margin, self.vw // 4, self.vh // 4)
        if rect.left - m < x:
            x = rect.left - m
        elif rect.right + m > x + self.vw:
            x = rect.right + m - self.vw
        if rect.top - m < y:
            y = rect.top - m
        elif rect.bottom + m > y + self.vh:
            y = rect.bottom + m - self.vh
        self.tx, self.ty = self._clamp(x, y)

    def update(self, dt: float) -> bool:
        """Move toward the target; True while moving."""
        dx, dy = self.tx - self.x, self.ty - self.y
        if abs(dx) < 0.5 and abs(dy) < 0.5:
            moved = (self.x, self.y) != (self.tx, self.ty)
            self.x, self.y = self.tx, self.ty
            return moved
        k = min(1.0, self.speed * dt)
        step_x, step_y = dx * k, dy * k
        # at least a pixel a frame, so the glide always ends
        if abs(step_x) < 1 and dx:
            step_x = max(-abs(dx), min(abs(dx), 1 if dx > 0 else -1))
        if abs(step_y) < 1 and dy:
            step_y = max(-abs(dy), min(abs(dy), 1 if dy > 0 else -1))
        self.x += step_x
        self.y += step_y
        return True

    @property
    def offset(self) -> tuple[int, int]:
        return int(round(self.x)), int(round(self.y))

    @property
    def moving(self) -> bool:
        return (self.x, self.y) != (self.tx, self.ty)
