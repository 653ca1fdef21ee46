"""The dungeon co-op screen (scene `bout_dungeon_coop`): one hero on each linked unit, the
dungeon screen (play.py) played through the link (issue 18 item 7).

    app.replace("bout_dungeon_coop", run=run)    # the link's scene for a co-op run (linked.py)

The person's key (d-pad, A wait/stairs, B the pack menu) is sealed here with 16 fresh random
bytes (game/modes/bout/dungeon/coop.py `seal_of`) and offered to the link; the reveal follows by
itself once both heroes' seals are in, and the step runs on both units when both reveals are.
The goal line says whose move is awaited ("Waiting for <unit>"). Declarations in a fight are the
dungeon screen's. START: the pause menu (leaving closes the link, after a question); the end
of the run goes to the link's result screen on both units (replay and stats kept by each).
"""

from __future__ import annotations

import os

from game.modes.base import ActionError
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon.coop import seal_of
from game.ui import onboarding
from game.ui.human import offer_and_step
from game.ui.modes.bout.dungeon.play import MODE, DungeonScene
from game.ui.modes.bout.dungeon.session import result_lines
from game.ui.scenes.link.played import OnLink


class CoopScene(DungeonScene):
    title = "Steel dungeon co-op"

    def __init__(self, app, run) -> None:
        super().__init__(app, match=run.game.match)
        self.run = run
        self.human = run.game.person
        self.me = run.game.local_seats()[0]
        self.link = OnLink(self, run)
        self.sealed_key: A.Open | None = None          # this hero's reveal, once his seal is in
        g = self.game
        other = g.actors[1 - self.me].t.name
        self.log.append(f"You play {g.actors[self.me].t.name}; {run.peer_name or 'the other unit'} plays {other}.")

    def enter(self) -> None:
        super(DungeonScene, self).enter()               # no how-to overlay: the link keeps ticking

    # ------------------------------------------------------------------------------ whose move
    def my_key_awaited(self) -> bool:
        g = self.game
        return g.phase == "step" and g.to_act() == self.me and self.me not in g.sealed

    def waiting_for_other(self) -> bool:
        g = self.game
        return not g.is_over() and g.to_act() not in (None, self.me)

    def act(self, action) -> bool:
        """A step key is sealed and offered (its reveal kept for later); a declaration goes as it is."""
        g = self.game
        if not isinstance(action, A.KEYS):
            return super().act(action)
        if not self.my_key_awaited():
            self.error = f"waiting for {self.run.peer_name or 'the other unit'}"
            self.dirty = True
            return False
        try:
            g.check_key(self.me, action)
        except ActionError as exc:
            self.error = str(exc)
            self.dirty = True
            return False
        salt = os.urandom(A.SECRET_BYTES)
        if not super().act(A.Seal(self.me, seal_of(action, salt))):
            return False
        self.sealed_key = A.Open(self.me, salt, tuple(A.encode(action)))
        return True

    # ------------------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        self.clock += dt
        self.match.step()                                # the link's poll
        if not self.link.update():
            return
        g = self.game
        if self.match.over:
            return
        if g.phase == "step":
            if g.to_act() == self.me and self.me in g.sealed and self.sealed_key is not None:
                key, self.sealed_key = self.sealed_key, None
                try:
                    offer_and_step(self.match, self.human, key)
                except ActionError as exc:
                    self.error = str(exc)
                self.dirty = True
            elif self.my_key_awaited():
                d = self.keys.poll(self.clock)
                if d is not None:
                    self.act(A.Step(d))
        elif g.phase == "declare" and g.m.to_act() == self.me and self.chooser is None:
            from game.modes.bout.dungeon import screen as S
            from game.ui.modes.bout.chooser import Chooser
            sugg = S.default_declaration(g)
            self.chooser = Chooser(g.m, self.me, sugg.action if sugg is not None else None)
            self.dirty = True

    def handle(self, ev) -> None:
        g = self.game
        if g.phase == "declare" and g.m.to_act() != self.me and self.chooser is None:
            if onboarding.frame_keys(self.app, ev, MODE, pause=self.pause_menu):
                return
            return                                      # the other hero declares: nothing to do here
        super().handle(ev)

    def goal_text(self) -> str:
        peer = self.run.peer_name or "the other unit"
        g = self.game
        if g.phase == "step" and self.me in g.sealed:
            return f"Your move is sealed: waiting for {peer}"
        if self.waiting_for_other():
            return f"Waiting for {peer}"
        return super().goal_text()

    def draw(self, surf) -> None:
        super().draw(surf)
        self.link.draw(surf)

    def pause_menu(self) -> None:
        onboarding.open_pause(self.app, MODE, extras=[("Read the log", self.read_log)],
                              leave_label="Leave the linked run",
                              leave_question="Leave the co-op run? The link closes and the run ends unfinished.",
                              on_leave=self.app.goto_menu, bots=False)

    def over_lines(self) -> list[str]:
        g = self.game
        head = {"escaped": "The party escaped!", "fell": "Both heroes fell."}.get(g.outcome, "The run ended.")
        return [head] + [f"{k}: {v}" for k, v in result_lines(g)[:4]]

    def close(self) -> None:
        m = self.match
        if m.result is None and not m.over and m.replay.actions and not getattr(self.app, "closing", False):
            m.finish(abandoned=True)
        self.link.close()
        m.close()
