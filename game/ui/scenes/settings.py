"""Settings: screen size and mode, frame cap, volume, player names, default armies, controls.

Every change is saved at once (``game.store.SettingsStore``, atomic). Screen size and mode apply
at the next start (the scene says so); the frame cap and the volume apply immediately.
"""

from __future__ import annotations

from game.store.settings_schema import BOT_SPEEDS
from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.widgets import Item, ListMenu

SIZES = ("auto", "320x240", "480x320", "800x480", "1280x720", "1920x1080")
MODES = ("auto", "window", "fullscreen")
FPS = (15, 20, 30, 45, 60)
VOLUMES = tuple(range(0, 101, 10))


class SettingsScene(MenuScene):
    heading = "Settings"
    hints = (("UPDOWN", "choose"), ("DPAD", "change"), ("A", "edit"), ("B", "back"))

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
        items += [
            Item("Bot speed", choices=BOT_SPEEDS, get=lambda: s().bot_speed,
                 set=lambda v: app.update_settings(bot_speed=v), hint="hold A while a bot plays: 4x faster"),
            Item("How-to at a first game", choices=(True, False), get=lambda: s().howto_first_game,
                 set=lambda v: app.update_settings(howto_first_game=v), show=lambda v: "show" if v else "never",
                 hint="each mode explains itself over the board the first time"),
            Item("Show the how-tos again", on_select=self._howtos_again,
                 get=lambda: f"{len(s().howto_seen)} seen" if s().howto_seen else "none seen yet"),
            Item("Controls", on_select=lambda: app.open("keyremap"), get=lambda: "remap buttons"),
            Item("Back", on_select=app.back),
        ]
        self.menu = ListMenu(items)

    def _howtos_again(self) -> None:
        self.app.update_settings(howto_seen=(), howto_first_game=True)
        self.note = "each mode's how-to shows again at its next game"

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
        self.app.open("skirmish_formation", player=self.app.settings.player_names[i])

    def heading_right(self) -> str:
        w, h = self.app.screen.screen_size
        return f"{w}x{h}"

    def notes(self) -> list[tuple]:
        if self.note:
            return [(self.note, T.ACCENT)]
        if not self.app.data.persistent:
            return [("the data folder is not writable: changes last until the game stops", T.TEXT_BAD)]
        return []
