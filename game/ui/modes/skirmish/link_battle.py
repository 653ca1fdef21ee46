"""A Skirmish battle over the link, on the ordinary battle screen.

The smallest change to the battle screen: its cursor control still produces the actions, but
`submit` hands a person's action to the link (`ScreenSkirmish.offer`) instead of applying it;
the lockstep applies it on its next poll — like the other unit's actions and this unit's bots —
and the screen animates every applied action's events from the adapter's queue, in order.
The other unit's seats never take this unit's keys. A resync (snapshot) rebuilds the view.
"""

from __future__ import annotations

from game.ui.modes.skirmish.battle import BattleScene
from game.ui.modes.skirmish.control import HumanControl
from game.ui.modes.skirmish.results import Results
from game.ui.modes.skirmish.session import BattleSession
from game.ui.scenes.link.rematch import battle_again
from game.ui.scenes.link.wait import start_game
from hw.input.buttons import Button

SHOWN = object()        # "apply" the next batch of events the link already applied


class LinkedBattleSession:
    """What the battle screen needs of a session, for a battle the link plays."""

    def __init__(self, run, app=None) -> None:
        self.run = run
        self.app = app
        self.result = None                     # game.ui.modes.skirmish.session.BattleResult once finished
        self.participants: list = []

    @property
    def adapter(self):
        return self.run.session.game

    @property
    def game(self):
        return self.adapter.game

    def apply(self, action) -> list:
        if action is SHOWN:
            return self.adapter.shown.popleft()
        self.adapter.offer(action)             # ActionError: the screen shows the reason
        return []

    def players(self) -> list[str]:
        g = self.game
        return [g.player_name(s) for s in g.seats()]

    def finish(self, abandoned: bool = False):
        """Results, with the replay saved and stats recorded as for any battle on this unit."""
        if self.result is None:
            app = self.app
            recorder = BattleSession(self.game, self.adapter.participants, replay=self.adapter.replay,
                                     stats=getattr(app, "stats", None), replays=getattr(app, "replays", None))
            self.result = recorder.finish(abandoned)
        return self.result


class LinkedControl(HumanControl):
    def __init__(self, game, submit, confirm_end_turn, on_select=None, adapter=None, ask=None) -> None:
        super().__init__(game, submit, confirm_end_turn, on_select, ask=ask)
        self.adapter = adapter

    def my_turn(self) -> bool:
        return super().my_turn() and self.adapter.whose_turn_is_local()


def open_linked_battle(app, run) -> None:
    """The `link_scene` hook of Skirmish's UI part (entry.py): the linked battle screen."""
    app.replace("skirmish_link_battle", run=run)


class LinkedBattle(BattleScene):
    hot_seat_curtain = False    # the other person plays on the other unit
    def __init__(self, app, run) -> None:
        self.run = run
        self.handed_over = False
        super().__init__(app, LinkedBattleSession(run, app), mode="play", label="link")

    def start(self, session) -> None:
        super().start(session)
        self.control = LinkedControl(self.game, self.submit, self.ask_end_turn, on_select=self._selected,
                                     adapter=session.adapter, ask=self._ask)
        if self.control.my_turn():
            self.control.reset_for_turn()

    def _turn_began(self, events) -> None:
        g = self.game
        if not g.over and g.controller(g.current) == "human" and not self.session.adapter.whose_turn_is_local():
            self.turn_started = self.time
            self.banner, self.banner_until = f"{self.run.peer_name}'s turn", self.time + 1.2
            return
        super()._turn_began(events)

    def _drive(self) -> None:
        if self.session.adapter.shown:
            self.submit(SHOWN)

    def update(self, dt: float) -> None:
        self.run.poll()
        if self.session.adapter.game is not self.game:      # restored from the host's snapshot
            self.start(self.session)
            self.app.toast("back in step with the other unit", 3.0)
        elif self.game.over and self.session.adapter.shown and not self.anim.busy:
            self.submit(SHOWN)
        super().update(dt)

    def _finished(self) -> None:
        result = self.session.finish()
        self.handed_over = True
        self.app.replace("skirmish_link_results", run=self.run, result=result, session=self.session)

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
            self._draw_banner(surf, down)


class LinkResults(Results):
    """Battle results on a linked unit: Y (host) starts the next battle on both units."""

    def __init__(self, app, run, result, session) -> None:
        super().__init__(app, result, session)
        self.run = run
        self.game_no = run.session.game_no
        self.handed_over = False

    def handle(self, ev) -> None:
        if ev.pressed(Button.Y):
            battle_again(self.app, self.run)()
            return
        super().handle(ev)

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
