"""The Wizard duel's screens, main-menu line and screen hooks: the mode's UI part (found by
`game.ui.registry`; imports nothing else). The engine part is game/modes/duel/mode.py."""

from game.ui.mode_ui import MenuLine, ModeUI

UI = ModeUI(
    mode="duel",
    scenes={
        "duel_menu": "game.ui.modes.duel.setup_menu:DuelMenu",
        "duel_options": "game.ui.modes.duel.setup_menu:DuelOptionsScene",
        "duel_game": "game.ui.modes.duel.scene:DuelScene",
        "duel_text": "game.ui.modes.duel.chat_entry:ChatEntry",
        "duel_results": "game.ui.modes.duel.results:DuelResults",
    },
    menu=(MenuLine("Wizard duel", 20, "duel_menu", "two wizards, one maze"),),
    replay_scene="game.ui.modes.duel.replay_match:open_duel_replay",
    link_scene="game.ui.modes.duel.link_hooks:open_linked_duel",
    link_host="game.ui.modes.duel.link_hooks:open_link_host",
    options_scene="duel_options",
    resume="game.ui.modes.duel.setup_menu:open_resumed",
)
