"""The Xconq GDL mode's entry in the mode registry (read by `game.modes.registry`; imports nothing
else). `tactibox gdl PATH.g` plays a module; simulate, replay --verify and link go through here."""

from game.modes.registry import ModeEntry, Option

MODE = ModeEntry(
    id="gdl", title="Xconq module", order=45,
    blurb="rules as data: an Xconq GDL module played by bots",
    options=(Option("module", "", "gdl: the .g module to play (host; the guest receives it)"),),
    rules="game.modes.gdl.hooks:load_rules",
    verify="game.modes.gdl.hooks:verify",            # finds the module; then through the Match
    game="game.modes.gdl.hooks:new_game",
    bot="game.modes.gdl.hooks:new_bot",
    describe="game.modes.gdl.hooks:describe",
    match="game.modes.gdl.match_rules:GdlMatchRules",
    link="game.modes.gdl.link_hook:LINK",
)
