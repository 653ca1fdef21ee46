"""Hex quest's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import ModeEntry, Option

MODE = ModeEntry(
    id="quest", title="Hex quest", order=40,
    blurb="Boboban: ring/angle hex maps, Sokoban and Supaplex objects, items, spells, NPCs",
    options=(
        Option("level", "", "quest: a shipped level id or a level file (FILE.xsb#N, FILE.hsb#N, LEVELS.DAT#N, FILE.quest)"),
        Option("solution", "", "quest: the solution to verify (a replay .json or a moves text file)"),
    ),
    simulate="game.modes.quest.hooks:simulate",     # its own: a puzzle has no bots; it checks a solution
    match="game.modes.quest.match:QuestRules",      # replays verify (and levels play) through the Match
)
