"""The arena bout screen's frame (issue 18 / 20): the shared pause menu on START (leaving asks),
B asks before it passes (declaring nothing more throws the rest of your dice away), and at the
end the shared results screen with a rematch. The board itself is `scene.BoutScene`; this
subclass only adds the frame, so the scene's drawing and driving stay as they are.

    app.open("bout_game", scenario="duel", level="hard", hotseat=False)   # scene id bout_game
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.bot import BoutBot
from game.ui import onboarding
from game.ui.modes.bout.scene import BoutScene
from game.ui.modes.bout.summary import wounds_summary
from hw.input.buttons import Button, EventKind

MODE = "bout"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"
END_PAUSE = 1.5             # seconds the last blow stays on screen before the results


class ArenaScene(BoutScene):
    def __init__(self, app, **kw) -> None:
        self.setup_args = {k: v for k, v in kw.items() if k in ("scenario", "level", "hotseat")}
        super().__init__(app, **kw)
        # the pre-selected rows: a sensible line, not always the winning one (issue 18: A twice on
        # the hard bot's pick won whole bouts) - the normal bot's choice
        self.advisor = BoutBot("normal", self.seed, 7)
        self.results_open = False
        self.end_wait = 0.0

    def enter(self) -> None:
        super().enter()
        if not self.linked():               # a linked bout must keep its link ticking: no overlay
            onboarding.first_game_howto(self.app, MODE)

    def linked(self) -> bool:
        return getattr(self, "link", None) is not None or getattr(self, "run", None) is not None

    # ------------------------------------------------------------------------------ keys
    def handle(self, ev) -> None:
        if self.linked():                   # the linked screen's own keys (its link, its leaving)
            super().handle(ev)
            return
        if onboarding.frame_keys(self.app, ev, MODE, pause=self.pause_menu):
            return
        pressed = ev.kind == EventKind.PRESS and ev.button is not None
        if pressed and self.game.is_over() and not self.linked():
            self.open_results()
            return
        c = self.chooser
        if (pressed and ev.button == Button.B and self.curtain is None and c is not None
                and c.stage in ("declare", "respond")):
            self.ask_pass(c.f)
            return
        super().handle(ev)

    def ask_pass(self, f: int) -> None:
        """B: declare nothing more this exchange - after a question (refused at once, with the
        reason, when the throw must attack)."""
        try:
            self.game.check(A.Done(f))
        except ActionError as exc:
            self.chooser.error = str(exc)
            self.dirty = True
            return
        self.app.open("confirm", question="Declare nothing more this exchange? Your dice left stay unused.",
                      on_yes=lambda: self._apply(A.Done(f)), yes="Pass", no="Keep choosing")

    def pause_menu(self) -> None:
        onboarding.open_pause(self.app, MODE, leave_label="Leave the bout",
                              leave_question="Leave this bout? It counts as unfinished.", on_leave=self.app.goto_menu)

    # ------------------------------------------------------------------------------ the end
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.game.is_over() and not self.linked() and not self.results_open:
            self.end_wait += dt                  # a moment to read the last blow, then the results
            if self.end_wait >= END_PAUSE:
                self.open_results()

    def open_results(self) -> None:
        if self.results_open:
            return
        self.results_open = True
        g = self.game
        sides = getattr(self, "human_sides", {0})
        if g.draw:
            head, tone = "Draw", "draw"
        elif len(sides) > 1:
            head, tone = (f"Player {g.winner + 1} wins!" if g.winner in (0, 1) else "The bots win"), "win"
        elif g.winner in sides:
            head, tone = "Victory!", "win"
        else:
            head, tone = "Beaten", "loss"
        you = None if len(sides) > 1 else min(sides, default=0)
        lines = [(f"{LETTERS[i]} {f.t.name}", "fell" if f.dead else ("out of the fight" if f.out_rounds else
                                                                      f"{len(f.wounds)} wounds, health {max(0, f.health)}"))
                 for i, f in enumerate(g.fighters)]
        lines.append((f"{g.round} rounds", wounds_summary(g, you).split(" · ")[0]))
        args = dict(self.setup_args)
        self.app.replace("results", mode=MODE, headline=head, tone=tone, lines=lines,
                         again=lambda: self.app.replace("bout_game", **args))
