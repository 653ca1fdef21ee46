"""The Xconq GDL mode's screens, main-menu line and screen hooks: the mode's UI part (found by
`game.ui.registry`; imports nothing else). The engine part is game/modes/gdl/mode.py."""

from game.ui.mode_ui import MenuLine, ModeUI

UI = ModeUI(
    mode="gdl",
    scenes={
        "gdl_menu": "game.ui.modes.gdl.picker:GdlMenu",
        "gdl_game": "game.ui.modes.gdl.scene:GdlScene",
        "gdl_link_setup": "game.ui.modes.gdl.linked:GdlLinkSetup",
        "gdl_lobby": "game.ui.modes.gdl.lobby:GdlLobbyScene",          # a LAN battle of 2-4 units
    },
    menu=(MenuLine("Xconq modules", 40, "gdl_menu", "Xconq game modules: Tokyo, hill, your own .g files"),),
    link_scene="game.ui.modes.gdl.linked:open_linked_gdl",
    link_host="game.ui.modes.gdl.linked:open_link_host",
    resume="game.ui.modes.gdl.session:open_resumed",
    replay_scene="game.ui.modes.gdl.session:open_replay",
    extra={"tour": "game.ui.modes.gdl.tour:walk",       # the UI tour's shots of this mode (tour.py)
           "link_lobby": "game.ui.modes.gdl.lobby:open_gdl_lobby"},    # Link -> "LAN battle" (setup.py)
)
