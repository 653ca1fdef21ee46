"""The Steel bout's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import MenuLine, ModeEntry, Option

MODE = ModeEntry(
    id="bout", title="Steel bout", order=30,
    blurb="dice-pool melee, two exchanges a round (Riddle of Steel)",
    options=(
        Option("scenario", "duel", "bout: duel, one_vs_three, roguelike or dungeon (default duel)"),
        Option("fighters", "", "bout: comma-separated fighter template ids"),
        Option("dungeon", "", "bout: the dungeon folder for --scenario dungeon (default the shipped one)"),
    ),
    rules="game.modes.bout.hooks:load_rules",
    describe="game.modes.bout.hooks:describe_events",
    simulate="game.modes.bout.hooks:simulate",
    verify="game.modes.bout.hooks:verify",
    link="game.modes.bout.hooks:LINK",
    balance="game.modes.bout.hooks:balance",
    schema="game.rules.bout_schema:bout_markdown",
    scenes={
        "bout_menu": "game.ui.scenes.bout.menu:BoutMenu",
        "bout": "game.ui.scenes.bout.scene:BoutScene",
        "bout_link_setup": "game.ui.scenes.bout.linked:BoutLinkSetup",
        "link_bout": "game.ui.scenes.bout.linked:LinkedBout",
    },
    menu=(MenuLine("Steel bout", 35, "bout_menu", "sword fights: dice pools, initiative, maneuvers"),),
    link_scene="game.ui.scenes.bout.linked:open_linked_bout",
    link_host="game.ui.scenes.bout.linked:open_link_host",
)
