"""The title's attract demo (scene `demo`): the shared board view with a bot in every seat,
battle after battle (not recorded); any button goes back to the title.

    app.open("demo", number=1)      # battle k uses attract_setup(ruleset, k, the app's seed source)
"""

from __future__ import annotations

from game.match import Match
from game.modes.skirmish.attract import attract_setup
from game.ui.modes.skirmish.board_screen import BoardScreen
from game.ui.modes.skirmish.session import attract_match
from hw.input.buttons import EventKind


def attract_session(rs, k: int, base_seed: int) -> Match:
    """Battle k of the demo: a Match of bots, nothing kept."""
    return attract_match(rs, *attract_setup(rs, k, base_seed))


class AttractScreen(BoardScreen):
    label = "demo"
    over_pause = 2.5

    def __init__(self, app, number: int = 1) -> None:
        self.number = number
        super().__init__(app, attract_session(app.content.ruleset(), number, app.seed_source()))

    def handle(self, ev) -> None:
        if ev.kind is EventKind.PRESS:
            self.app.back()

    def finished(self) -> None:
        """The next battle."""
        self.number += 1
        self.match.close()
        self.restart(attract_session(self.app.content.ruleset(), self.number, self.app.seed_source()))

    def bottom_hints(self) -> list[tuple[str, str]]:
        return [("A", "any button: back to the title")]
