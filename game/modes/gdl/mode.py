"""The Xconq GDL mode's entry in the mode registry (read by `game.modes.registry`; imports nothing
else). `tactibox gdl PATH.g` plays a module; `tactibox replay` checks its replays through `verify`."""

from game.modes.registry import ModeEntry

MODE = ModeEntry(
    id="gdl", title="Xconq module", order=45,
    blurb="rules as data: an Xconq GDL module played by bots",
    verify="game.modes.gdl.hooks:verify",
)
