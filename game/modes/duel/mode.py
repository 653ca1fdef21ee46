"""The Wizard duel's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import ModeEntry, Option

MODE = ModeEntry(
    id="duel", title="Wizard duel", order=20,
    blurb="two wizards in a random maze dungeon, three random spells a turn (War of Wizards)",
    options=(
        Option("level-size", 25, "duel: level size, odd 13-31 (default 25)", kind="int"),
        Option("no-fov", False, "duel: field of view off (the whole level is seen)", kind="flag"),
        Option("no-potions", False, "duel: no potions", kind="flag"),
    ),
    game="game.modes.duel.hooks:new_game",
    bot="game.modes.duel.hooks:new_bot",
    match="game.modes.duel.match:DuelRules",
    describe="game.modes.duel.log:describe",
    link="game.modes.duel.hooks:LINK",
)
