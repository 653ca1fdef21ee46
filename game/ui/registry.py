"""Which UI modules the app imports (each registers its scenes and main-menu entries).

A new mode's front end (a Wizard duel screen, link-setup menus) adds its module here; the module
calls ``register_scene`` for its scenes and ``add_menu_entry`` for its main-menu line(s).
"""

from __future__ import annotations

import importlib

from game.ui.scene import MenuEntry, add_menu_entry

UI_MODULES = (
    "game.ui.scenes.title",
    "game.ui.scenes.menu",
    "game.ui.scenes.dialog",
    "game.ui.scenes.setup",
    "game.ui.scenes.formation",
    "game.ui.scenes.battle.scene",
    "game.ui.scenes.results",
    "game.ui.scenes.settings",
    "game.ui.scenes.keyremap",
    "game.ui.scenes.textentry",
    "game.ui.scenes.stats",
    "game.ui.scenes.replays",
    "game.ui.scenes.controls",
    "game.ui.scenes.duel",
    "game.ui.scenes.bout",
    "game.ui.scenes.link",
)

_loaded = False


def _quit(app) -> None:
    app.quit(0)


def _shutdown(app) -> None:
    app.open("confirm", question="Switch the Tactibox off?", on_yes=app.shutdown)


def load_ui_modules() -> None:
    global _loaded
    if _loaded:
        return
    for name in UI_MODULES:
        importlib.import_module(name)
    add_menu_entry(MenuEntry("Settings", 60, scene="settings", hint="screen, sound, controls, names, armies"))
    add_menu_entry(MenuEntry("Stats", 70, scene="stats", hint="your wins, losses and rating"))
    add_menu_entry(MenuEntry("Replays", 80, scene="replays", hint="watch a saved battle"))
    add_menu_entry(MenuEntry("Controls test", 90, scene="controls", hint="see each button light up"))
    add_menu_entry(MenuEntry("Quit", 100, action=_quit, visible=lambda app: not app.appliance,
                             hint="leave Tactibox"))
    add_menu_entry(MenuEntry("Shutdown", 100, action=_shutdown, visible=lambda app: app.appliance,
                             hint="switch the Tactibox off"))
    _loaded = True
