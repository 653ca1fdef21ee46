"""The Match: one game of any mode played by the drivers of its seats (docs/modes.md §7).

    from game.match import Match, BotDriver, ReplayDriver
"""

from game.match.core import Applied, Match, MatchError, MatchResult, Placement
from game.match.drivers import BotDriver, ChooserDriver, Driver, ElsewhereDriver, ReplayDriver
from game.match.rules import MatchRules, Player, Standing, rules_for

__all__ = ["Applied", "BotDriver", "ChooserDriver", "Driver", "ElsewhereDriver", "Match", "MatchError", "MatchResult", "MatchRules", "Placement",
           "Player", "ReplayDriver", "Standing", "rules_for"]
