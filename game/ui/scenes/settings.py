"""Settings: screen size and mode, frame cap, volume, player names, default armies, controls.

Every change is saved at once (``game.store.SettingsStore``, atomic). Screen size and mode apply
at the next start (the scene says so); the frame cap and the volume apply immediately.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.scene import Scene
from game.ui.widgets import Item, ListMenu, bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button

SIZES = ("auto", "320x240", "480x320", "800x480", "1280x720", "1920x1080")
MODES = ("auto", "window", "fullscreen")
FPS = (15, 20, 30, 45, 60)
VOLUMES = tuple(range(0, 101, 10))


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        s = lambda: app.settings  # noqa: E731
        self.note = ""
        items = [
            Item("Screen size", choices=SIZES, get=lambda: s().screen_size, set=self._set_size,
                 show=lambda v: "whole screen" if v == "auto" else v),
            Item("Display", choices=MODES, get=lambda: s().display_mode, set=self._set_mode),
            Item("Frames per second", choices=FPS, get=lambda: s().fps_cap, set=self._set_fps),
            Item("Volume", choices=VOLUMES, get=lambda: s().volume, set=self._set_volume, show=lambda v: f"{v}%"),
        ]
        for i in range(4):
            items.append(Item(f"Name {i + 1}", on_select=lambda i=i: self._edit_name(i),
                              get=lambda i=i: s().player_names[i]))
        for i in range(4):
            items.append(Item(f"Army of player {i + 1}", on_select=lambda i=i: self._edit_army(i),
                              get=lambda i=i: "saved" if s().default_armies.get(s().player_names[i]) else "default"))
        items += [Item("Controls", on_select=lambda: app.open("keyremap"), get=lambda: "remap buttons"),
                  Item("Back", on_select=app.back)]
        self.menu = ListMenu(items)

    def _set_size(self, v) -> None:
        self.app.update_settings(screen_size=v)
        self.note = "screen size applies at the next start"

    def _set_mode(self, v) -> None:
        self.app.update_settings(display_mode=v)
        self.note = "display mode applies at the next start"

    def _set_fps(self, v) -> None:
        self.app.update_settings(fps_cap=v)
        self.app.fps = v

    def _set_volume(self, v) -> None:
        self.app.update_settings(volume=v)
        self.app.sound.set_volume(v)
        self.app.sound.play("select")

    def _edit_name(self, i: int) -> None:
        names = list(self.app.settings.player_names)

        def done(text: str) -> None:
            if text in names[:i] + names[i + 1:]:
                self.app.toast(f"{text!r} is already another player's name")
                return
            old = names[i]
            names[i] = text
            armies = dict(self.app.settings.default_armies)
            if old in armies and text not in armies:
                armies[text] = armies.pop(old)
            self.app.update_settings(player_names=tuple(names), default_armies=armies)

        self.app.open("textentry", title=f"Name of player {i + 1}", text=names[i], on_done=done, max_len=16)

    def _edit_army(self, i: int) -> None:
        if self.app.content.ruleset() is None:
            self.app.toast("no ruleset loaded")
            return
        self.app.open("formation", player=self.app.settings.player_names[i])

    def handle(self, ev) -> None:
        if ev.pressed(Button.B):
            self.app.back()
            return
        if self.menu.handle(ev):
            self.app.sound.play("cursor")
        self.dirty = True

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        top = title_bar(surf, th, "Settings", f"{self.app.screen.screen_size[0]}x{self.app.screen.screen_size[1]}")
        bar = bottom_rect(surf, th)
        area = pygame.Rect(th.pad * 2, top.bottom + th.pad, w - 4 * th.pad,
                           bar.y - top.bottom - 2 * th.pad - th.line_height("tiny"))
        self.menu.draw(surf, th, area, size="small", value_x=area.w // 2)
        if self.note:
            th.text(surf, self.note, (w // 2, bar.y - th.line_height("tiny") - 1), T.ACCENT, "tiny", align="centre")
        elif not self.app.data.persistent:
            th.text(surf, "the data folder is not writable: changes last until the game stops",
                    (w // 2, bar.y - th.line_height("tiny") - 1), T.TEXT_BAD, "tiny", align="centre")
        hint_bar(surf, th, bar, [("UPDOWN", "choose"), ("DPAD", "change"), ("A", "edit"), ("B", "back")])
