"""Skirmish's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import ModeEntry, Option

MODE = ModeEntry(
    id="skirmish", title="Skirmish", order=10,
    blurb="2-4 armies of up to 9 pieces: move, then attack (WoS Tactics)",
    options=(
        Option("map", "", "map id or name (default: the ruleset's first map)"),
        Option("pieces-per-turn", "rested", "1, 2, 3, 4 or 'rested' (default rested)"),
        Option("army-limit", 9, "pieces per army, 1-9 (default 9)", kind="int"),
    ),
    rules="game.modes.skirmish.hooks:load_rules",
    game="game.modes.skirmish.hooks:new_game",
    bot="game.modes.skirmish.hooks:new_bot",
    match="game.modes.skirmish.match:SkirmishRules",
    describe="game.modes.skirmish.hooks:describe_events",
    link="game.modes.skirmish.hooks:LINK",
    rules_transfer=True,
    balance="game.modes.skirmish.hooks:balance",
    schema="game.cli.schema:markdown",
)
