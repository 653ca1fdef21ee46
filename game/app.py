"""The Tactibox application: the services every scene uses, the scene stack, the frame loop.

    screen = hw.display.open_display(plan)
    app = App(screen)
    app.run()                      # until Quit / window closed; returns the exit status

Services on ``app``: ``theme`` (sizes and fonts for the canvas), ``settings`` / ``update_settings``
(``game.store``), ``stats``, ``replays``, ``in_progress`` (games to Continue), ``keeper()`` (what
keeps a Match's game), ``data``, ``content`` (the ruleset, loaded in the
background), ``hub`` (``hw.input.InputHub``), ``sound``, ``toast(text)``. The scene stack:
``open(name, **kw)``, ``push(scene)``, ``replace(...)``, ``back()``, ``goto_menu()``, ``quit()``.

Tests build an App on the dummy video driver with a fixed time step and the ``mock`` input
source (``input_sources=("keyboard", "numpad", "mock")``); they press buttons through it
(``game.ui.scripted_input``), so every press goes through debounce and the key map as a real one
does, and ``app.step()`` is the same code path as the real loop.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable

import pygame

from game.store import ReplayStore, SettingsStore, StatsStore, open_data_dir
from game.store.in_progress import InProgressStore
from game.store.keeper import MatchKeeper
from game.ui.app_loop import FrameLoop
from game.ui.content import Content
from game.ui.registry import SCENES
from game.ui.scene import Scene
from game.ui.sound import Sound
from game.ui.theme import Theme

POWEROFF = ("systemctl", "poweroff")


class App(FrameLoop):
    def __init__(self, screen, *, data=None, clock: Callable[[], float] | None = None,
                 fixed_dt: float | None = None, fps: int | None = None,
                 input_sources: tuple[str, ...] | None = None, audio: bool = True, appliance: bool | None = None,
                 ruleset: str = "default", first_scene: str = "title", safe_mode=None) -> None:
        self.screen = screen
        self.surface = screen.surface
        self.theme = Theme(screen.canvas_size)
        self.fixed_dt = fixed_dt
        self._fake_now = 0.0
        self.clock = clock or (self._fake_clock if fixed_dt else time.monotonic)
        self.data = data or open_data_dir()
        self.messages: list[str] = list(self.data.messages)
        self.shown_problems: set[str] = set()      # start-up problems the menu has reported
        self.settings_store = SettingsStore(self.data.settings_file)
        self.settings_store.load()
        self.messages += self.settings_store.messages
        self.stats = StatsStore(self.data.stats_file)
        self.replays = ReplayStore(self.data.replays)
        self.in_progress = InProgressStore(self.data.in_progress)
        self.closing = False            # close(): games in progress stay saved for Continue
        self.content = Content(ruleset)
        self.fps = fps or self.settings.fps_cap
        self.hub = None                         # made after the first frame (gpiozero is slow to import)
        self.input_sources = input_sources      # None: TACTIBOX_INPUT or hw.input's defaults
        self.sound = Sound(self.settings.volume if audio else 0, enabled=audio)
        self.appliance = (os.environ.get("TACTIBOX_APPLIANCE") == "1") if appliance is None else appliance
        self.poweroff_command: tuple[str, ...] = POWEROFF
        self.seed_source: Callable[[], int] = lambda: int.from_bytes(os.urandom(4), "little")
        self.last_battle_players: list[str] = []
        self.stack: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.frames = 0
        FrameLoop.__init__(self)
        self.open(first_scene)
        self.safe_mode = safe_mode                  # game.store.safe_mode.SafeMode on a safe-mode start
        self.restore_after_safe_mode = False        # the player chose "Put them back"
        if safe_mode is not None:
            from game.ui.safe_mode import show_safe_mode
            show_safe_mode(self, safe_mode)

    # --- time ---------------------------------------------------------------------------------
    def _fake_clock(self) -> float:
        return self._fake_now

    def now(self) -> float:
        return self.clock()

    # --- settings -----------------------------------------------------------------------------
    @property
    def settings(self):
        return self.settings_store.settings

    def update_settings(self, **changes):
        s = self.settings_store.update(**changes)
        if self.settings_store.messages:
            self.toast(self.settings_store.messages[-1])
            self.settings_store.messages.clear()
        return s

    def player_name(self, index: int) -> str:
        return self.settings.player_names[index]

    # --- services started after the first frame -------------------------------------------------
    def after_first_frame(self) -> None:
        self.content.start()
        if self.hub is None:
            from hw.input import InputHub
            self.hub = InputHub.create(
                overrides=self.settings.keymap, gpio_file=self.data.gpio_file, clock=self.clock,
                sources=self.input_sources, on_keymap_change=lambda o: self.update_settings(keymap=o))
            self.messages += self.hub.messages
        self.sound.start()
        self.stats.open()
        self.messages += self.stats.messages
        self.stats.messages.clear()

    # --- the scene stack ------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def make(self, name: str, **kwargs) -> Scene:
        return SCENES.get(name)(self, **kwargs)

    def push(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack[-1].leave()
        self.stack.append(scene)
        scene.enter()
        self.invalidate()
        return scene

    def open(self, name: str, **kwargs) -> Scene:
        return self.push(self.make(name, **kwargs))

    def back(self) -> None:
        if len(self.stack) <= 1:
            return
        self.stack.pop().close()
        self.stack[-1].enter()
        self.invalidate()

    def replace(self, scene: Scene | str, **kwargs) -> Scene:
        if isinstance(scene, str):
            scene = self.make(scene, **kwargs)
        if self.stack:
            self.stack.pop().close()
        self.stack.append(scene)
        scene.enter()
        self.invalidate()
        return scene

    def goto_menu(self) -> None:
        """Back to the main menu from anywhere (START+SELECT held, or a scene asking)."""
        while self.stack and self.stack[-1].scene_name != "menu":
            self.stack.pop().close()
        if not self.stack:
            self.stack.append(self.make("menu"))
        self.stack[-1].enter()
        self.invalidate()

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def shutdown(self) -> None:
        """Power the appliance off (the menu's Shutdown, after a confirm).

        On the SD image the game runs unprivileged: it creates the file named by
        TACTIBOX_POWEROFF_REQUEST and a root path unit (tactibox-poweroff.path) powers off.
        Elsewhere it runs `systemctl poweroff`."""
        self.close_scenes()
        request = os.environ.get("TACTIBOX_POWEROFF_REQUEST")
        try:
            if request:
                with open(request, "w") as fh:
                    fh.write("poweroff\n")
            else:
                subprocess.run(self.poweroff_command, check=True, timeout=30)
        except (OSError, subprocess.SubprocessError) as exc:
            self.toast(f"shutdown failed: {exc}")
            self.open("menu")
            return
        self.quit(0)

    def close_scenes(self) -> None:
        while self.stack:
            self.stack.pop().close()

    def close(self) -> None:
        """Release everything (stores close). A game still in progress is not abandoned: its
        save stays for the title's Continue."""
        self.closing = True
        self.close_scenes()
        self.sound.close()
        if self.hub is not None:
            self.hub.close()
        self.stats.close()

    # --- games ----------------------------------------------------------------------------------------
    def keeper(self) -> MatchKeeper:
        """What keeps a Match's game on this unit: in progress, then replay and stats."""
        from game.ui.words import problem_words
        return MatchKeeper(replays=self.replays, stats=self.stats, in_progress=self.in_progress, words=problem_words)

    def screenshot(self, path) -> None:
        pygame.image.save(self.surface, str(path))
