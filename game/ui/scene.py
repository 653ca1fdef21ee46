"""Scenes, the lazy scene table and main-menu entries.

A scene is one screen (title, menu, battle...). The app keeps a stack of them; only the top one
gets input and time, and overlays (dialogs, the pause menu) are drawn over the scene below.

Adding a scene: write the class (a ``Scene``, or a ``MenuScene`` for a list-of-options screen)
and name it in ``game.ui.registry.SCENE_TABLE`` as ``"name": "module:Class"``; the module is
imported the first time the scene opens, so it imports what it needs at its top. Open scenes
with ``app.open(name, **kwargs)`` (push), ``app.replace(...)``, ``app.back()`` (pop) or
``app.goto_menu()``.

Drawing: set ``self.dirty = True`` when the whole screen must be redrawn, or return a changing
``frame_key()`` (the screen is redrawn when the key changes); for small changes override
``draw_update(surf) -> list[Rect]`` and return the rectangles you repainted (the frame loop sends
only those to the screen). A scene with nothing new returns ``[]`` and costs nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame


class SceneTable:
    """Scene name -> class, each given as ``"module:Class"`` and imported on first use."""

    def __init__(self, entries: dict[str, str] | None = None) -> None:
        self._targets: dict[str, str | type] = dict(entries or {})
        self._classes: dict[str, type] = {}

    def add(self, name: str, target: str | type) -> None:
        """Name a scene: ``"pkg.module:Class"`` (lazy) or the class itself."""
        old = self._targets.get(name)
        if old is not None and old != target:
            raise ValueError(f"scene {name!r} is named twice ({old}, {target})")
        self._targets[name] = target

    def __contains__(self, name: str) -> bool:
        return name in self._targets

    def __iter__(self):
        return iter(sorted(self._targets))

    def target(self, name: str) -> str | type:
        return self._targets[name]

    def get(self, name: str) -> type:
        cls = self._classes.get(name)
        if cls is not None:
            return cls
        try:
            target = self._targets[name]
        except KeyError:
            raise KeyError(f"no scene {name!r}; known: {', '.join(self)}") from None
        if isinstance(target, str):
            module, _, attr = target.partition(":")
            cls = getattr(importlib.import_module(module), attr)
        else:
            cls = target
        if "scene_name" not in cls.__dict__:
            cls.scene_name = name
        self._classes[name] = cls
        return cls

    def loaded(self) -> list[str]:
        return sorted(self._classes)


@dataclass(frozen=True)
class MenuEntry:
    """A main-menu line. Either `scene` (opened with `kwargs`) or `action(app)`."""

    label: str
    order: int
    scene: str = ""
    kwargs: dict = field(default_factory=dict)
    action: Callable | None = None
    visible: Callable | None = None      # visible(app) -> bool; None = always
    hint: str = ""


class Scene:
    """Base class. Subclasses override what they need; every method has a harmless default."""

    scene_name = ""
    overlay = False         # drawn over the scene below (dialogs)
    title = ""

    def __init__(self, app, **kwargs) -> None:
        self.app = app
        self.theme = app.theme
        self.dirty = True

    # life cycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        """Became the top scene (first time or after the scene above closed)."""
        self.dirty = True

    def leave(self) -> None:
        """Another scene was pushed on top."""

    def close(self) -> None:
        """Removed from the stack for good (back, replace, back to menu, quit)."""

    # per frame ------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        """One logical input event (``hw.input.InputEvent``)."""

    def update(self, dt: float) -> None:
        """Advance animations/timers by `dt` seconds."""

    def draw(self, surf: pygame.Surface) -> None:
        """Repaint the whole canvas."""
        surf.fill((0, 0, 0))

    def draw_update(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Repaint what changed since the last frame; return those rectangles."""
        return []

    def frame_key(self):
        """What the screen shows, as a comparable value; a new key redraws the whole screen."""
        return None

    def render(self, surf: pygame.Surface, force: bool = False) -> list[pygame.Rect]:
        key = self.frame_key()
        if self.dirty or force or key != getattr(self, "_key", None):
            self.dirty = False
            self._key = key
            self.draw(surf)
            return [surf.get_rect()]
        return self.draw_update(surf)
