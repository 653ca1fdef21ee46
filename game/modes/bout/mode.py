"""The Steel bout's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import ModeEntry, Option

MODE = ModeEntry(
    id="bout", title="Steel bout", order=30,
    blurb="dice-pool melee, two exchanges a round (Riddle of Steel)",
    options=(
        Option("scenario", "duel", "bout: duel, one_vs_three, roguelike, brawl or dungeon (default duel)"),
        Option("fighters", "", "bout: comma-separated fighter template ids"),
        Option("dungeon", "", "bout: the dungeon folder for --scenario dungeon (default the shipped one)"),
    ),
    rules="game.modes.bout.hooks:load_rules",
    game="game.modes.bout.hooks:new_game",
    bot="game.modes.bout.hooks:new_bot",
    describe="game.modes.bout.hooks:describe_events",
    match="game.modes.bout.match:BoutRules",
    verify="game.modes.bout.hooks:verify",          # engine 1 replays; the rest through the Match
    link="game.modes.bout.hooks:LINK",
    balance="game.modes.bout.hooks:balance",
    schema="game.rules.bout.schema:bout_markdown",
    extra={"balance_games": "game.modes.bout.balance:DEFAULT_GAMES"},
)
