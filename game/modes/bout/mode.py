"""The Steel bout's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import MenuLine, ModeEntry, Option

MODE = ModeEntry(
    id="bout", title="Steel bout", order=30,
    blurb="dice-pool melee, two exchanges a round (Riddle of Steel)",
    options=(
        Option("scenario", "duel", "bout: duel, one_vs_three or roguelike (default duel)"),
        Option("fighters", "", "bout: comma-separated fighter template ids"),
    ),
    rules="game.modes.bout.hooks:load_rules",
    describe="game.modes.bout.hooks:describe_events",
    simulate="game.modes.bout.hooks:simulate",
    verify="game.modes.bout.hooks:verify",
    link="game.modes.bout.hooks:LINK",
    balance="game.modes.bout.hooks:balance",
    schema="game.rules.bout.schema:bout_markdown",
    scenes={
        "bout_menu": "game.ui.modes.bout.menu:BoutMenu",
        "bout_game": "game.ui.modes.bout.scene:BoutScene",
        "bout_link_setup": "game.ui.modes.bout.linked:BoutLinkSetup",
        "bout_link": "game.ui.modes.bout.linked:LinkedBout",
    },
    menu=(MenuLine("Steel bout", 35, "bout_menu", "sword fights: dice pools, initiative, maneuvers"),),
    link_scene="game.ui.modes.bout.linked:open_linked_bout",
    link_host="game.ui.modes.bout.linked:open_link_host",
)
