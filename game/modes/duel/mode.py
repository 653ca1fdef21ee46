"""The Wizard duel's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import MenuLine, ModeEntry, Option

MODE = ModeEntry(
    id="duel", title="Wizard duel", order=20,
    blurb="two wizards in a random maze dungeon, three random spells a turn (War of Wizards)",
    options=(
        Option("level-size", 25, "duel: level size, odd 13-31 (default 25)", kind="int"),
        Option("no-fov", False, "duel: field of view off (the whole level is seen)", kind="flag"),
        Option("no-potions", False, "duel: no potions", kind="flag"),
    ),
    describe="game.modes.duel.log:describe",
    simulate="game.modes.duel.hooks:simulate",
    verify="game.modes.duel.hooks:verify",
    link="game.modes.duel.hooks:LINK",
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
)
