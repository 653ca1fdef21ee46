"""The Steel bout's screens, main-menu line and screen hooks: the mode's UI part (found by
`game.ui.registry`; imports nothing else). The engine part is game/modes/bout/mode.py."""

from game.ui.mode_ui import MenuLine, ModeUI

UI = ModeUI(
    mode="bout",
    scenes={
        "bout_dungeon": "game.ui.modes.bout.dungeon.play:DungeonScene",
        "bout_dungeon_coop": "game.ui.modes.bout.dungeon.coop:CoopScene",
        "bout_menu": "game.ui.modes.bout.menu:BoutMenu",
        "bout_game": "game.ui.modes.bout.arena:ArenaScene",
        "bout_link_setup": "game.ui.modes.bout.linked:BoutLinkSetup",
    },
    menu=(MenuLine("Steel bout", 35, "bout_menu", "sword fights: dice pools, initiative, maneuvers"),),
    link_scene="game.ui.modes.bout.linked:open_linked_bout",
    link_host="game.ui.modes.bout.linked:open_link_host",
    resume="game.ui.modes.bout.dungeon.session:open_resumed",
    interrupted="game.ui.modes.bout.dungeon.session:interrupted",
    extra={"tour": "game.ui.modes.bout.tour:walk"},      # the UI tour's shots of this mode (tour.py)
)
