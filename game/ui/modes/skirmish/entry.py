"""Skirmish's screens, main-menu line and screen hooks: the mode's UI part (found by
`game.ui.registry`; imports nothing else). The engine part is game/modes/skirmish/mode.py."""

from game.ui.mode_ui import MenuLine, ModeUI

UI = ModeUI(
    mode="skirmish",
    scenes={
        "skirmish_setup": "game.ui.modes.skirmish.setup:SkirmishSetup",
        "skirmish_formation": "game.ui.modes.skirmish.formation:Formation",
        "skirmish_battle": "game.ui.modes.skirmish.battle:PlayScreen",
        "skirmish_replay": "game.ui.modes.skirmish.replay:ReplayScreen",
        "skirmish_curtain": "game.ui.modes.skirmish.curtain:HotSeatCurtain",
        "skirmish_book": "game.ui.modes.skirmish.book:Book",
        "skirmish_results": "game.ui.modes.skirmish.results:Results",
        "skirmish_link_setup": "game.ui.modes.skirmish.link_setup:LinkSkirmishSetup",
        "skirmish_link_battle": "game.ui.modes.skirmish.link_battle:LinkedBattle",
        "skirmish_link_results": "game.ui.modes.skirmish.link_battle:LinkResults",
    },
    menu=(MenuLine("Skirmish", 10, "skirmish_setup", "a battle against bots or friends"),),
    replay_scene="game.ui.modes.skirmish.replay:open_skirmish_replay",
    link_scene="game.ui.modes.skirmish.link_battle:open_linked_battle",
    link_host="game.ui.modes.skirmish.link_setup:open_link_host",
    link_guest="game.ui.modes.skirmish.formation:link_guest_side",
    resume="game.ui.modes.skirmish.session:open_resumed",
)
