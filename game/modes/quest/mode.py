"""Hex quest's entry in the mode registry (read by `game.modes.registry`; imports nothing else)."""

from game.modes.registry import MenuLine, ModeEntry, Option

MODE = ModeEntry(
    id="quest", title="Hex quest", order=40,
    blurb="Boboban: ring/angle hex maps, Sokoban and Supaplex objects, items, spells, NPCs",
    options=(
        Option("level", "", "quest: a shipped level id or a level file (FILE.xsb#N, FILE.hsb#N, LEVELS.DAT#N, FILE.quest)"),
        Option("solution", "", "quest: the solution to verify (a replay .json or a moves text file)"),
    ),
    simulate="game.modes.quest.hooks:simulate",
    verify="game.modes.quest.hooks:verify",
    scenes={"quest_board": "game.ui.modes.quest.scene:QuestScene",
            "quest_hub": "game.ui.modes.quest.hub:QuestHub",
            "quest_map": "game.ui.modes.quest.campaign_map:CampaignMap",
            "quest_shop": "game.ui.modes.quest.shop:QuestShop",
            "quest_levels": "game.ui.modes.quest.levels:LevelList",
            "quest_imports": "game.ui.modes.quest.imported:ImportedScene"},
    menu=(MenuLine("Hex quest", 45, "quest_hub", "Boboban: the campaign, square puzzles, imported levels; undo any step"),),
)
