"""Skirmish's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import MenuLine, ModeEntry, Option

MODE = ModeEntry(
    id="skirmish", title="Skirmish", order=10,
    blurb="2-4 armies of up to 9 pieces: move, then attack (WoS Tactics)",
    options=(
        Option("map", "", "map id or name (default: the ruleset's first map)"),
        Option("pieces-per-turn", "rested", "1, 2, 3, 4 or 'rested' (default rested)"),
        Option("army-limit", 9, "pieces per army, 1-9 (default 9)", kind="int"),
    ),
    rules="game.modes.skirmish.hooks:load_rules",
    describe="game.modes.skirmish.hooks:describe_events",
    simulate="game.modes.skirmish.hooks:simulate",
    verify="game.modes.skirmish.hooks:verify",
    link="game.modes.skirmish.hooks:LINK",
    rules_transfer=True,
    balance="game.modes.skirmish.hooks:balance",
    schema="game.cli.schema:markdown",
    scenes={
        "skirmish_setup": "game.ui.modes.skirmish.setup:SkirmishSetup",
        "skirmish_formation": "game.ui.modes.skirmish.formation:Formation",
        "skirmish_battle": "game.ui.modes.skirmish.battle:BattleScene",
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
)
