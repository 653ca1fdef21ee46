"""The dungeon screen (scene `bout_dungeon`): a Steel dungeon run played with the d-pad and A/B.

    app.open("bout_dungeon")                 # a new run (seed from the app)
    app.open("bout_dungeon", match=resumed)  # Continue (session.resumed_run)

Keys (one hand; what each direction does now is marked on the map around the hero):
- d-pad: step, bump a foe, footwork or target in that direction (keys.py: two arrows together,
  or L/R + up/down, are the diagonals); A: wait a step (in a fight: defend, facing the foe who
  presses you), or go down when standing on the stairs; B: the run menu (wait, pack, orders);
- in your declarations: up/down a row, left/right change it, A declare (the suggested line is
  pre-selected), B declare nothing more (asks first);
- START: the pause menu; SELECT: the words (glossary).
Every action goes through the Match (the in-progress save after each one: Continue after a
power cut); the log hears every applied action.
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon import screen as S
from game.modes.bout.dungeon.actor import COMPANION, ORDER_NAMES
from game.modes.bout.dungeon.log import describe_events
from game.ui import onboarding
from game.ui import theme as T
from game.ui.human import offer_and_step
from game.ui.modes.bout.chooser import Chooser
from game.ui.modes.bout.dungeon import hud
from game.ui.modes.bout.dungeon.board import MapView
from game.ui.modes.bout.dungeon.keys import DpadReader
from game.ui.modes.bout.dungeon.session import new_run, open_results
from game.ui.modes.bout.plain import plain
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, goal_line, hint_bar, panel, title_bar
from hw.input.buttons import Button, EventKind

LOG_LINES = 400
MODE = "bout"
STAGE_HEADS = {"declare": "Your move in the fight", "respond": "Answer the attacks you did not see"}


class DungeonScene(Scene):
    title = "Steel dungeon"

    def __init__(self, app, match=None, seed: int | None = None) -> None:
        super().__init__(app)
        self.match = match if match is not None else new_run(app, app.seed_source() if seed is None else seed)
        self.human = self.match.drivers[0]
        g = self.game
        if self.match.replay.actions:
            self.log = [f"Your run goes on: level {g.depth}, step {g.turn}."]
        else:
            self.log = [f"{g.hero.t.name} goes down into {g.data.name}. Find the stairs on each level; "
                        f"the way out is on level {g.data.dungeon['levels']}."]
            self.log += [plain(line) for line in describe_events(g, self.match.mode_rules.opening(g))]
        self.match.listen(self._heard)
        self.keys = DpadReader()
        self.clock = 0.0
        self.chooser: Chooser | None = None
        self.error = ""
        self.ended = False
        self.asked = False                   # the pursue question is up
        self.me = 0                          # the hero this screen plays (co-op: this unit's seat)

    @property
    def game(self):
        return self.match.game

    def enter(self) -> None:
        super().enter()
        onboarding.first_game_howto(self.app, MODE)

    # ------------------------------------------------------------------------------ playing
    def _heard(self, match, applied) -> None:
        self.log += [plain(line) for line in describe_events(match.game, applied.events) if line]
        del self.log[:-LOG_LINES]
        self.chooser = None
        self.dirty = True

    def act(self, action) -> bool:
        """Give the hero's action to the Match; False (and the reason shown) when refused."""
        try:
            offer_and_step(self.match, self.human, action)
        except ActionError as exc:
            self.error = str(exc)
            self.dirty = True
            return False
        self.error = ""
        return True

    def update(self, dt: float) -> None:
        self.clock += dt
        g = self.game
        if self.match.over:
            if not self.ended:
                self.ended = True
                open_results(self.app, self.match)
            return
        if g.phase == "step":
            d = self.keys.poll(self.clock)
            if d is not None:
                self.act(A.Step(d))
        elif g.phase == "declare" and self.chooser is None:
            sugg = S.default_declaration(g)
            self.chooser = Chooser(g.m, self.me, sugg.action if sugg is not None else None)
            self.dirty = True
        elif g.phase == "pursue" and not self.asked:
            self.ask_pursuit()

    def ask_pursuit(self) -> None:
        g = self.game
        foe = g.actors[g.pursuit[0]].t.name if g.pursuit else "the foe"

        def answer(follow: int):
            self.asked = False
            self.act(A.Pursue(follow))
        self.asked = True
        self.app.open("confirm", question=f"The {foe} you bumped stepped back. Follow him?",
                      on_yes=lambda: answer(1), on_no=lambda: answer(0), yes="Follow", no="Stay",
                      default_yes=True)

    def handle(self, ev) -> None:
        if onboarding.frame_keys(self.app, ev, MODE, pause=self.pause_menu):
            return
        if ev.kind not in (EventKind.PRESS, EventKind.REPEAT) or ev.button is None or self.match.over:
            return
        g = self.game
        if g.phase == "declare" and self.chooser is not None:
            self._declare_keys(ev)
        elif g.phase == "step":
            self._walk_keys(ev)
        self.dirty = True

    def _walk_keys(self, ev) -> None:
        b = ev.button
        d = self.keys.press(b, self.clock, self.app.buttons_held)
        if d is not None:
            self.act(A.Step(d))
            return
        if ev.kind != EventKind.PRESS:
            return
        if b == Button.A:
            self.keys.cancel()
            if self.on_stairs():
                self.act(A.Descend())
            else:
                self.act(A.Step(8))
        elif b == Button.B:
            self.keys.cancel()
            self.run_menu()

    def on_stairs(self) -> bool:
        g = self.game
        h = g.actors[self.me]
        return h.pos == g.level.stairs and not h.eng

    def _declare_keys(self, ev) -> None:
        c, b = self.chooser, ev.button
        if c.steer(b):                                   # up/down a row, left/right its value
            return
        if b == Button.A and ev.kind == EventKind.PRESS:
            if c.check():
                self.act(A.Declare(c.action()))
        elif b == Button.B and ev.kind == EventKind.PRESS:
            self.ask_pass()

    def ask_pass(self) -> None:
        """B in the declarations: declare nothing more this exchange - after a question."""
        from game.modes.bout import actions as BA
        done = A.Declare(BA.Done(self.me))
        try:
            self.game.check(done)
        except ActionError as exc:
            if self.chooser is not None:
                self.chooser.error = str(exc)        # e.g. an aggressive throw must attack
            return
        self.app.open("confirm", question="Declare nothing more this exchange? Your dice left stay unused.",
                      on_yes=lambda: self.act(done), yes="Pass", no="Keep choosing")

    # ------------------------------------------------------------------------------ menus
    def run_menu(self) -> None:
        """B while walking: wait, the pack (use, take up, drop), the companion's orders, the stairs."""
        g = self.game
        opts = [("Wait a step", lambda: self.act(A.Step(8)))]
        if self.on_stairs():
            last = g.depth >= g.data.dungeon["levels"]
            opts.append(("Leave the dungeon" if last else "Go down the stairs", lambda: self.act(A.Descend())))
        for slot, k in enumerate(g.actors[self.me].items):
            it = g.data.items[k]
            for kind, verb in ((A.Use, "Take"), (A.Equip, "Take up"), (A.Drop, "Drop")):
                try:
                    g.check_key(self.me, kind(slot))
                except ActionError:
                    continue
                opts.append((f"{verb} {it.name}", lambda kind=kind, slot=slot: self.act(kind(slot))))
        if len(g.actors) > 1 and g.actors[1].role == COMPANION and not g.actors[1].dead:
            for o, words in enumerate(ORDER_NAMES):
                if o != g.actors[1].order:
                    opts.append((f"{g.actors[1].t.name}: {words}", lambda o=o: self.act(A.Order(o))))
        opts.append(("Back", None))
        self.app.open("choice", title="Your move", options=opts)

    def pause_menu(self) -> None:
        onboarding.open_pause(self.app, MODE, extras=[("Read the log", self.read_log)],
                              leave_label="Leave the run",
                              leave_question="Leave the dungeon? The run is saved: Continue on the title screen "
                                             "brings it back.",
                              on_leave=self.app.goto_menu, bots=False)

    def read_log(self) -> None:
        """The whole log kept (the last LOG_LINES lines), newest first: UP/DOWN scroll back
        through it, nothing is cut."""
        self.app.open("message", title="What happened (newest first)", lines=list(reversed(self.log)))

    # ------------------------------------------------------------------------------ drawing
    def layout(self, surf):
        th = self.theme
        w, h = surf.get_size()
        top = th.line_height("big") + th.pad
        bar = bottom_rect(surf, th)
        goal = pygame.Rect(2, top + 1, w - 4, th.line_height("tiny") + 2)
        body = pygame.Rect(2, goal.bottom + 1, w - 4, bar.y - goal.bottom - 3)
        side_w = max(108, int(body.w * 0.3))
        left = pygame.Rect(body.x, body.y, body.w - side_w - 2, body.h)
        side = pygame.Rect(left.right + 2, body.y, side_w, body.h)
        low_h = int(left.h * (0.5 if self.chooser is not None else 0.26))
        low_h = max(low_h, th.line_height("small") + 3 * th.line_height("tiny") + 8)
        low = pygame.Rect(left.x, left.bottom - low_h, left.w, low_h)
        board = pygame.Rect(left.x, left.y, left.w, low.y - left.y - 2)
        return goal, board, low, side, bar

    def map_view(self, board) -> MapView:
        cell = max(6, min(board.w // 17, board.h // 11))
        view = MapView(board, cell)
        view.centre_on(self.game.level, self.game.actors[self.me].pos)
        view.me = self.me
        return view

    def draw(self, surf) -> None:
        th, g = self.theme, self.game
        surf.fill(T.BG)
        levels = g.data.dungeon["levels"]
        title_bar(surf, th, "Dungeon", f"level {g.depth} of {levels} · score {g.score()}")
        goal, board, low, side, bar = self.layout(surf)
        goal_line(surf, th, goal, self.goal_text())
        pygame.draw.rect(surf, T.PANEL_EDGE, board.inflate(2, 2), 1)
        self.view = self.map_view(board)
        self.view.draw(surf, th, g)
        hud.draw_side(surf, th, side, g, player=self.match.player(self.me).name, me=self.me)
        if self.chooser is not None:
            self._draw_chooser(surf, low)
        else:
            hud.draw_log(surf, th, low, self.log + ([self.error] if self.error else []))
        hint_bar(surf, th, bar, self.hints())

    def goal_text(self) -> str:
        g = self.game
        if g.m.engagement_of(self.me) is not None:
            return "Win the fight, or step away to break off"
        if self.on_stairs():
            return "On the stairs: A goes down" if g.depth < g.data.dungeon["levels"] else "The way out: A leaves"
        last = g.depth >= g.data.dungeon["levels"]
        return "Find the way out (the gold stairs)" if last else "Find the stairs down (gold steps)"

    def hints(self) -> list:
        g = self.game
        if self.chooser is not None:
            return [("UPDOWN", "row"), ("LEFTRIGHT", "change"), ("A", "declare"), ("B", "pass"), ("START", "pause")]
        if g.m.engagement_of(self.me) is not None:
            return [("DPAD", "fight/step (see marks)"), ("A", "defend"), ("B", "menu"), ("START", "pause")]
        return [("DPAD", "walk"), ("A", "go down" if self.on_stairs() else "wait"), ("B", "pack"),
                ("LR", "+up/down: diagonal"), ("START", "pause")]

    def _draw_chooser(self, surf, rect) -> None:
        th, c = self.theme, self.chooser
        inner = panel(surf, rect, title=STAGE_HEADS.get(c.stage, "Your move in the fight"), th=th)
        lh = th.line_height("small")
        y = inner.y
        cur = c.current()
        for row in c.visible_rows():
            if y + lh > inner.bottom:
                break
            sel = row is cur
            if sel:
                pygame.draw.rect(surf, T.PANEL_DARK, (inner.x - 1, y, inner.w + 2, lh))
            label = {"Declare": "Do", "Dice": "Dice"}.get(row.name, row.name)
            th.text(surf, label, (inner.x + 2, y), T.CURSOR if sel else T.TEXT_DIM, "small")
            text = f"< {row.label} >" if sel else row.label
            th.text(surf, th.fit(text, inner.w - th.text_width("Maneuver ", "small") - 4, "small"),
                    (inner.right - 2, y), T.CURSOR if sel else T.TEXT, "small", align="right")
            y += lh
        note = c.error or c.cost_text()
        if note and y + th.line_height("tiny") <= inner.bottom:
            th.text(surf, th.fit(note, inner.w, "tiny"), (inner.x, y + 1), T.TEXT_BAD if c.error else T.TEXT_DIM, "tiny")
