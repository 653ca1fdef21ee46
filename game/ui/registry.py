"""The scene table and the main menu: every scene by name, as ``"module:Class"``, imported only
when it is first opened (so each scene module imports what it needs at its top, and start-up
loads only the title).

Adding a scene: one line in ``SCENE_TABLE`` (or ``SCENES.add(name, "pkg.module:Class")``); a
main-menu line: one ``MenuEntry`` in ``MENU`` (or ``add_menu_entry``). Nothing else: no decorator,
no import list. A game mode's scenes and menu lines come from its UI part,
``UI = ModeUI(...)`` in ``game/ui/modes/<mode>/entry.py`` (``game.ui.mode_ui``, docs/modes.md),
found here by itself the way ``game.modes.registry`` finds each ``game/modes/<mode>/mode.py``.
"""

from __future__ import annotations

from game.modes.registry import ModeError, find_entries, modes
from game.ui.mode_ui import ModeUI
from game.ui.scene import MenuEntry, SceneTable

UI_ENTRY_MODULE = "entry"          # game/ui/modes/<mode>/entry.py

SCENE_TABLE = {
    # the app
    "title": "game.ui.scenes.title:Title",
    "demo": "game.ui.modes.skirmish.demo:AttractScreen",
    "menu": "game.ui.scenes.menu:MainMenu",
    "confirm": "game.ui.scenes.dialog:Confirm",
    "choice": "game.ui.scenes.dialog:Choice",
    "message": "game.ui.scenes.dialog:Message",
    # the frame every mode's board shares (game.ui.onboarding)
    "pause": "game.ui.scenes.pause:Pause",
    "howto": "game.ui.scenes.howto:HowTo",
    "glossary": "game.ui.scenes.howto:Glossary",
    "results": "game.ui.scenes.results:Results",
    "textentry": "game.ui.scenes.textentry:TextEntry",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "keyremap": "game.ui.scenes.keyremap:KeyRemap",
    "stats": "game.ui.scenes.stats:StatsScene",
    "replays": "game.ui.scenes.replays:ReplaysScene",
    "controls": "game.ui.scenes.controls:ControlsTest",
    # two units linked (each mode's own link screens come with its entry)
    "link_setup": "game.ui.scenes.link.setup:LinkSetup",
    "link_wait": "game.ui.scenes.link.wait:LinkWait",
    "link_lobby": "game.ui.scenes.link.lobby:LobbyScene",     # the host's LAN battle, up to four units
    "link_game": "game.ui.scenes.link.played:LinkedGame",     # a mode with no linked screen of its own
    "link_over": "game.ui.scenes.link.played:LinkOver",
}


def _quit(app) -> None:
    app.quit(0)


def _shutdown(app) -> None:
    app.open("confirm", question="Switch the Tactibox off?", on_yes=app.shutdown)


MENU = (
    MenuEntry("Link two units", 30, scene="link_setup", hint="play another Tactibox by cable or LAN"),
    MenuEntry("Settings", 60, scene="settings", hint="screen, sound, controls, names, armies"),
    MenuEntry("Stats", 70, scene="stats", hint="your wins, losses and rating"),
    MenuEntry("Replays", 80, scene="replays", hint="watch a saved battle"),
    MenuEntry("Controls test", 90, scene="controls", hint="see each button light up"),
    MenuEntry("Quit", 100, action=_quit, visible=lambda app: not app.appliance, hint="leave Tactibox"),
    MenuEntry("Shutdown", 100, action=_shutdown, visible=lambda app: app.appliance, hint="switch the Tactibox off"),
)

_uis: dict[str, ModeUI] = {}
_discovered = False


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for ui in find_entries("game.ui.modes", UI_ENTRY_MODULE, "UI", ModeUI):
        _uis.setdefault(ui.mode, ui)


def mode_uis() -> list[ModeUI]:
    """The UI part of every registered mode that has one, in the modes' menu order (a UI whose
    mode the engine registry does not know is left out)."""
    _discover()
    return [_uis[m.id] for m in modes() if m.id in _uis]


def ui_of(mode_id: str) -> ModeUI | None:
    """The mode's UI part, or None: a mode without one plays through the generic screens."""
    _discover()
    return _uis.get(mode_id)


def _menu_entry(line) -> MenuEntry:
    return MenuEntry(line.label, line.order, scene=line.scene, kwargs=dict(line.kwargs), hint=line.hint)


def register_ui(ui: ModeUI, *, replace: bool = False) -> ModeUI:
    """Add a mode's UI part (tests, plug-ins): its scenes join the table (a name already there keeps
    its first target), its menu lines the menu (replacing a line of the same label)."""
    _discover()
    if ui.mode in _uis and not replace and _uis[ui.mode] is not ui:
        raise ModeError(f"mode {ui.mode!r} has a UI part already")
    _uis[ui.mode] = ui
    for name, target in ui.scenes.items():
        if name not in SCENES:
            SCENES.add(name, target)
    for line in ui.menu:
        add_menu_entry(_menu_entry(line))
    return ui


def unregister_ui(mode_id: str) -> None:
    _uis.pop(mode_id, None)


SCENES = SceneTable(SCENE_TABLE)
MENU_ENTRIES: list[MenuEntry] = list(MENU)
for _ui in mode_uis():                   # every registered mode's screens and menu lines
    for _name, _target in _ui.scenes.items():
        SCENES.add(_name, _target)
    MENU_ENTRIES.extend(_menu_entry(m) for m in _ui.menu)
MENU_ENTRIES.sort(key=lambda e: (e.order, e.label))


def add_menu_entry(entry: MenuEntry) -> None:
    """Add (or replace, by label) a main-menu line."""
    for i, e in enumerate(MENU_ENTRIES):
        if e.label == entry.label:
            MENU_ENTRIES[i] = entry
            break
    else:
        MENU_ENTRIES.append(entry)
    MENU_ENTRIES.sort(key=lambda e: (e.order, e.label))


def menu_entries(app) -> list[MenuEntry]:
    return [e for e in MENU_ENTRIES if e.visible is None or e.visible(app)]
