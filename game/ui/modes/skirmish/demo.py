"""The title's attract demo: bots play battle after battle on the battle screen (not recorded);
any button goes back to the title.

    app.open("demo", number=1)      # battle k uses attract_setup(ruleset, k, the app's seed source)
"""

from __future__ import annotations

from game.match import Match
from game.modes.skirmish.attract import attract_setup
from game.ui.modes.skirmish.battle import BattleScene
from game.ui.modes.skirmish.session import attract_match


def attract_session(rs, k: int, base_seed: int) -> Match:
    """Battle k of the demo: a Match of bots, nothing kept."""
    return attract_match(rs, *attract_setup(rs, k, base_seed))


class AttractDemo(BattleScene):
    def __init__(self, app, number: int = 1) -> None:
        self.number = number
        super().__init__(app, attract_session(app.content.ruleset(), number, app.seed_source()), mode="attract",
                         on_over=self._next)

    def _next(self) -> Match:
        self.number += 1
        return attract_session(self.app.content.ruleset(), self.number, self.app.seed_source())
