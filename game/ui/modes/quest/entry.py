"""Hex quest's screens, main-menu line and screen hooks: the mode's UI part (found by
`game.ui.registry`; imports nothing else). The engine part is game/modes/quest/mode.py."""

from game.ui.mode_ui import MenuLine, ModeUI

UI = ModeUI(
    mode="quest",
    scenes={"quest_board": "game.ui.modes.quest.scene:QuestScene",
            "quest_hub": "game.ui.modes.quest.hub:QuestHub",
            "quest_map": "game.ui.modes.quest.campaign_map:CampaignMap",
            "quest_shop": "game.ui.modes.quest.shop:QuestShop",
            "quest_levels": "game.ui.modes.quest.levels:LevelList",
            "quest_imports": "game.ui.modes.quest.imported:ImportedScene"},
    menu=(MenuLine("Hex quest", 45, "quest_hub", "Boboban: the campaign, square puzzles, imported levels; undo any step"),),
    interrupted="game.ui.modes.quest.run:interrupted",
)
