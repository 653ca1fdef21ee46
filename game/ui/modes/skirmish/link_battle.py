"""A Skirmish battle over the link, on the ordinary play screen (battle.py).

The battle is a Match like any other (`game.link` made it: `run.game.match`); the link is its
conductor: on each frame's `match.step()` the lockstep polls, asks this unit's seat drivers (the
person's `HumanDriver`, this unit's bots) for their moves, sends them, and applies them and the
other unit's (its seats have Remote drivers) through the Match, whose listener hands every
applied action to the screen in order (no separate queue, no sentinel). The other unit's seats
never take this unit's keys. A resync (snapshot) rebuilds the view. The Match keeps the replay
and the stats as for any battle.
"""

from __future__ import annotations

from game.ui.modes.skirmish.battle import PlayScreen
from game.ui.modes.skirmish.results import Results
from game.ui.scenes.link.rematch import battle_again
from game.ui.scenes.link.wait import start_game


def linked_match(run):
    """The linked battle's Match: the link layer made it with this unit's person and bots, the
    other unit's Remote drivers, the app's keeper, and the link as its conductor."""
    return run.game.match


def open_linked_battle(app, run) -> None:
    """The `link_scene` hook of Skirmish's UI part (entry.py): the linked battle screen."""
    app.replace("skirmish_link_battle", run=run)


class LinkedBattle(PlayScreen):
    hot_seat_curtain = False    # the other person plays on the other unit
    first_game_howto = False    # the link must keep ticking: no overlay over a linked battle

    def __init__(self, app, run) -> None:
        self.run = run
        self.handed_over = False
        super().__init__(app, linked_match(run), label="link")

    def on_turn_began(self, events) -> None:
        g = self.game
        if not g.over and g.controller(g.current) == "human" and not self._mine(g.current):
            self.turn_started = self.time
            self.banner, self.banner_until = f"{self.run.peer_name}'s turn", self.time + 1.2
            return
        super().on_turn_began(events)

    def drive(self) -> None:
        self.match.step()                   # the link's poll: every action comes from it

    def pause_extra(self) -> list:
        """A lobby's host (issue 22): once the battle waited 10 s for a unit, START offers to hand
        its seat to a bot (it gets the seat back when it pairs again)."""
        who = self.run.idle_name() if hasattr(self.run, "idle_name") else ""
        if not who:
            return []

        def hand() -> None:
            why = self.run.hand_idle_to_bot()
            self.app.toast(why or f"a bot plays for {who}", 3.0)
        return [(f"A bot plays for {who}", hand)]

    def update(self, dt: float) -> None:
        self.run.poll()
        if self.match.game is not self.game:     # restored from the host's snapshot
            self.restart(self.match, self.tally)
            self.app.toast("back in step with the other unit", 3.0)
        super().update(dt)

    def finished(self) -> None:
        result = self.match.result or self.match.finish()
        self.handed_over = True
        self.app.replace("skirmish_link_results", run=self.run, result=result, match=self.match, tally=self.tally)

    def close(self) -> None:
        super().close()
        if not self.handed_over:
            self.run.close()

    def frame_key(self):
        return super().frame_key() + (self.run.link_down(),)

    def draw(self, surf) -> None:
        super().draw(surf)
        down = self.run.link_down()
        if down:
            self.draw_banner(surf, down)


class LinkResults(Results):
    """Battle results on a linked unit: Y (host) starts the next battle on both units."""

    def __init__(self, app, run, result, match, tally=None) -> None:
        super().__init__(app, result, match, tally)
        self.run = run
        self.game_no = run.session.game_no
        self.handed_over = False

    def play_again(self) -> None:
        battle_again(self.app, self.run)()

    def update(self, dt: float) -> None:
        super().update(dt)
        run = self.run
        run.poll()
        s = run.session
        if s.game_no != self.game_no and s.state == "playing":
            self.handed_over = True
            start_game(self.app, run)           # the next game's mode opens its own screen

    def close(self) -> None:
        if not self.handed_over:
            self.run.close()
