"""The scene table and the main menu: every scene by name, as ``"module:Class"``, imported only
when it is first opened (so each scene module imports what it needs at its top, and start-up
loads only the title).

Adding a scene: one line in ``SCENE_TABLE`` (or ``SCENES.add(name, "pkg.module:Class")`` from a
mode's own front-end package); a main-menu line: one ``MenuEntry`` in ``MENU`` (or
``add_menu_entry``). Nothing else: no decorator, no import list.
"""

from __future__ import annotations

from game.ui.scene import MenuEntry, SceneTable

SCENE_TABLE = {
    # the app
    "title": "game.ui.scenes.title:Title",
    "demo": "game.ui.scenes.demo:AttractDemo",
    "menu": "game.ui.scenes.menu:MainMenu",
    "confirm": "game.ui.scenes.dialog:Confirm",
    "choice": "game.ui.scenes.dialog:Choice",
    "message": "game.ui.scenes.dialog:Message",
    "textentry": "game.ui.scenes.textentry:TextEntry",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "keyremap": "game.ui.scenes.keyremap:KeyRemap",
    "stats": "game.ui.scenes.stats:StatsScene",
    "replays": "game.ui.scenes.replays:ReplaysScene",
    "controls": "game.ui.scenes.controls:ControlsTest",
    # Skirmish
    "setup": "game.ui.scenes.setup:SkirmishSetup",
    "formation": "game.ui.scenes.formation:Formation",
    "battle": "game.ui.scenes.battle.scene:BattleScene",
    "results": "game.ui.scenes.results:Results",
    # Wizard duel
    "duel_menu": "game.ui.scenes.duel.setup_menu:DuelMenu",
    "duel_options": "game.ui.scenes.duel.setup_menu:DuelOptionsScene",
    "duel": "game.ui.scenes.duel.scene:DuelScene",
    "duel_text": "game.ui.scenes.duel.chat_entry:ChatEntry",
    "duel_results": "game.ui.scenes.duel.results:DuelResults",
    # Steel bout
    "bout_menu": "game.ui.scenes.bout.menu:BoutMenu",
    "bout": "game.ui.scenes.bout.scene:BoutScene",
    # two units linked
    "link_setup": "game.ui.scenes.link.setup:LinkSetup",
    "link_skirmish_setup": "game.ui.scenes.link.skirmish_setup:LinkSkirmishSetup",
    "link_wait": "game.ui.scenes.link.wait:LinkWait",
    "link_battle": "game.ui.scenes.link.battle:LinkedBattle",
    "link_results": "game.ui.scenes.link.battle:LinkResults",
}


def _quit(app) -> None:
    app.quit(0)


def _shutdown(app) -> None:
    app.open("confirm", question="Switch the Tactibox off?", on_yes=app.shutdown)


MENU = (
    MenuEntry("Skirmish", 10, scene="setup", hint="a battle against bots or friends"),
    MenuEntry("Wizard duel", 20, scene="duel_menu", hint="two wizards, one maze"),
    MenuEntry("Link two units", 30, scene="link_setup", hint="a duel or a battle between two Tactiboxes"),
    MenuEntry("Steel bout", 35, scene="bout_menu", hint="sword fights: dice pools, initiative, maneuvers"),
    MenuEntry("Settings", 60, scene="settings", hint="screen, sound, controls, names, armies"),
    MenuEntry("Stats", 70, scene="stats", hint="your wins, losses and rating"),
    MenuEntry("Replays", 80, scene="replays", hint="watch a saved battle"),
    MenuEntry("Controls test", 90, scene="controls", hint="see each button light up"),
    MenuEntry("Quit", 100, action=_quit, visible=lambda app: not app.appliance, hint="leave Tactibox"),
    MenuEntry("Shutdown", 100, action=_shutdown, visible=lambda app: app.appliance, hint="switch the Tactibox off"),
)

SCENES = SceneTable(SCENE_TABLE)
MENU_ENTRIES: list[MenuEntry] = sorted(MENU, key=lambda e: (e.order, e.label))


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
