"""Scenes, the scene registry and main-menu entries contributed by game modes.

A scene is one screen (title, menu, battle...). The app keeps a stack of them; only the top one
gets input and time, and overlays (dialogs, the pause menu) are drawn over the scene below.

Adding a scene::

    from game.ui.scene import Scene, register_scene, add_menu_entry, MenuEntry

    @register_scene("duel_setup")
    class DuelSetup(Scene):
        title = "Wizard duel"
        def handle(self, ev): ...            # logical InputEvents (hw.input)
        def update(self, dt): ...            # seconds since the last frame
        def draw(self, surf): ...            # full redraw of the canvas

    add_menu_entry(MenuEntry("Wizard duel", order=20, scene="duel_setup"))

and list the module in ``game.ui.registry.UI_MODULES`` so the app imports it. Open scenes with
``app.open("duel_setup", **kwargs)`` (push), ``app.replace(...)``, ``app.back()`` (pop) or
``app.goto_menu()``.

Drawing: set ``self.dirty = True`` when the whole screen must be redrawn; for small changes
override ``draw_update(surf) -> list[Rect]`` and return the rectangles you repainted (the frame
loop sends only those to the screen). A scene with nothing new returns ``[]`` and costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

SCENES: dict[str, type] = {}
MENU_ENTRIES: list[MenuEntry] = []


def register_scene(name: str):
    """Class decorator: make a scene openable by name (``app.open(name)``)."""
    def deco(cls):
        if name in SCENES and SCENES[name] is not cls:
            raise ValueError(f"scene {name!r} is registered twice ({SCENES[name].__module__}, {cls.__module__})")
        cls.scene_name = name
        SCENES[name] = cls
        return cls
    return deco


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


def add_menu_entry(entry: MenuEntry) -> None:
    for i, e in enumerate(MENU_ENTRIES):
        if e.label == entry.label:
            MENU_ENTRIES[i] = entry
            break
    else:
        MENU_ENTRIES.append(entry)
    MENU_ENTRIES.sort(key=lambda e: (e.order, e.label))


def menu_entries(app) -> list[MenuEntry]:
    return [e for e in MENU_ENTRIES if e.visible is None or e.visible(app)]


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

    def render(self, surf: pygame.Surface, force: bool = False) -> list[pygame.Rect]:
        if self.dirty or force:
            self.dirty = False
            self.draw(surf)
            return [surf.get_rect()]
        return self.draw_update(surf)
