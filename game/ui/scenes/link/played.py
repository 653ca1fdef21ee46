"""Linked games on screens that know no mode: what every linked game screen does the same way,
the result screen after any linked game, and a plain game screen for a mode with no
`link_scene` of its own.

Every linked game is a Match (`game.link.linked_match`): a mode's own play screen plays it as
it plays a local one, with `OnLink` for what is the link's (trouble on the cable, notices, the
result once both units agree).

    self.link = OnLink(self, run)                    # in a play screen made with `run=`
    app.replace("link_over", run=run)                # who won; the host's "Play again" (A) or Y
    app.replace("link_game", run=run)                # the generic screen (legal actions as a list)
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.modes.registry import get_mode
from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.scene import Scene
from game.ui.scenes.link.rematch import battle_again
from game.ui.widgets import Item, ListMenu, bottom_rect, hint_bar, panel, title_bar
from hw.input.buttons import Button, EventKind

LOG_LINES = 40


def summary_lines(run) -> list[str]:
    """What the link hook's summary says about the game that just ended, as a person reads it."""
    try:
        summary = run.spec.summary(run.game)
    except (ValueError, AttributeError, KeyError):
        summary = {}
    winner = summary.get("winner")
    lines = [f"winner: {winner}" if winner not in (None, "") else "no winner (a draw or stopped)"]
    for key in ("turns", "game_turns", "rounds", "exchanges", "module"):
        if key in summary:
            lines.append(f"{key.replace('_', ' ')}: {summary[key]}")
    g = run.game
    if g is not None:
        lines.append(f"state {g.game.state_hash()[:16]} (the same on both units)")
        replay = getattr(getattr(g, "match", None), "result", None)
        if replay is not None and replay.replay_name:
            lines.append("kept in Replays and Stats")
    return lines


class LinkOver(MenuScene):
    """After a linked game: the result, then "Play again" (the host: the same game again on both
    units; the guest's screen follows by itself) or "Leave the link". D-pad + A; B leaves too,
    Y is the host's shortcut for "Play again"."""

    hints = (("UPDOWN", "choose"), ("A", "go"), ("B", "leave"))

    def __init__(self, app, run, lines=()) -> None:
        super().__init__(app)
        self.run = run
        self.game_no = run.session.game_no
        self.handed_over = False
        self.heading = f"{get_mode(run.mode).title}: over" if run.mode else "Linked game over"
        self.lines = list(lines) + summary_lines(run)
        again = "Play again" if run.is_host else "Play again (the host starts it)"
        self.menu = ListMenu([Item(again, self.again, enabled=lambda: self.run.is_host,
                                   hint="the same game again on both units"),
                              Item("Leave the link", self.app.goto_menu)])
        if not run.is_host:
            self.menu.index = 1

    def heading_right(self) -> str:
        return "host" if self.run.is_host else "joined"

    def again(self) -> None:
        battle_again(self.app, self.run, "game")()

    def on_back(self) -> None:
        self.app.goto_menu()

    def handle_more(self, ev) -> bool:
        if ev.pressed(Button.Y) and self.run.is_host:
            self.again()
            return True
        return False

    def update(self, dt: float) -> None:
        run = self.run
        run.poll()
        s = run.session
        if s.game_no != self.game_no and s.state == "playing" and run.game is not None:
            from game.ui.scenes.link.wait import start_game
            self.handed_over = True
            start_game(self.app, run)

    def close(self) -> None:
        if not self.handed_over:
            self.run.close()

    def notes(self) -> list[tuple]:
        return [(line, T.ACCENT if k == 0 else T.TEXT, "small") for k, line in enumerate(self.lines)]


class LinkedGame(Scene):
    """A linked game of a mode with no screen of its own: the local person picks from the legal
    actions (UP/DOWN, A sends), the log shows what both units did (the mode's `describe`). The
    game is the link's Match: the person's choice goes to their seat's driver, the Match
    applies every action (theirs, the other unit's, this unit's bots) and the log hears it."""

    def __init__(self, app, run) -> None:
        super().__init__(app)
        self.run = run
        self.match = run.game.match
        self.human = run.game.person
        self.entry = get_mode(run.mode)
        self.game = self.match.game
        self.index = 0
        self.handed_over = False
        self.log: list[str] = [f"{self.entry.title} with {run.peer_name}"]
        self._unlisten = self.match.listen(self._heard)

    def close(self) -> None:
        self._unlisten()
        if not self.handed_over:
            self.run.close()

    def _heard(self, match, applied) -> None:
        lines = match.mode_rules.describe(match.game, applied.events)
        self.log.extend(lines or [f"turn {match.game.turn}"])
        del self.log[:-LOG_LINES]
        self.index = 0
        self.dirty = True

    def my_turn(self) -> bool:
        h = self.human
        return h is not None and not self.match.over and h.plays(self.match) and h.pending is None

    def choices(self) -> list:
        return list(self.game.legal_actions()) if self.my_turn() else []

    def handle(self, ev) -> None:
        if ev.kind not in (EventKind.PRESS, EventKind.REPEAT) or ev.button is None:
            return
        if ev.pressed(Button.START):
            self.app.goto_menu()
            return
        acts = self.choices()
        if not acts:
            return
        if ev.button in (Button.UP, Button.DOWN):
            self.index = (self.index + (1 if ev.button == Button.DOWN else -1)) % len(acts)
            self.dirty = True
        elif ev.pressed(Button.A):
            try:
                self.human.offer(self.match, acts[min(self.index, len(acts) - 1)])
            except ActionError as exc:
                self.app.toast(str(exc), 2.0)
            self.dirty = True

    def update(self, dt: float) -> None:
        self.match.step()                    # the link's poll: both units' actions come from it
        for text in self.match.take_notices():
            self.app.toast(text, 3.0)
        if self.match.game is not self.game:     # restored from the host's snapshot
            self.game = self.match.game
            self.dirty = True
        down = self.run.link_down()
        if down != getattr(self, "_down", ""):
            self._down = down
            self.dirty = True
        if self.match.over and self.run.session.state == "finished":
            self.handed_over = True
            self.app.replace("link_over", run=self.run)

    def draw(self, surf) -> None:
        th = self.theme
        w, _h = surf.get_size()
        surf.fill(T.BG)
        state = "your turn" if self.my_turn() else f"{self.run.peer_name}'s turn"
        top = title_bar(surf, th, self.entry.title, state)
        bar = bottom_rect(surf, th)
        half = (w - 6) // 2
        left = panel(surf, pygame.Rect(2, top.bottom + 2, half, bar.y - top.bottom - 4), title="Your move", th=th)
        right = panel(surf, pygame.Rect(half + 4, top.bottom + 2, half, bar.y - top.bottom - 4), title="Log", th=th)
        lh = th.line_height("small")
        for k, a in enumerate(self.choices()[: max(1, left.h // lh)]):
            sel = k == self.index
            if sel:
                pygame.draw.rect(surf, T.PANEL_DARK, (left.x - 1, left.y + k * lh, left.w + 2, lh))
            th.text(surf, th.fit(("> " if sel else "  ") + str(a), left.w, "small"), (left.x, left.y + k * lh),
                    T.CURSOR if sel else T.TEXT, "small")
        n = max(1, right.h // th.line_height("tiny"))
        for k, line in enumerate(self.log[-n:]):
            th.text(surf, th.fit(line, right.w, "tiny"), (right.x, right.y + k * th.line_height("tiny")), T.TEXT_DIM,
                    "tiny")
        hint_bar(surf, th, bar, [("UPDOWN", "choose"), ("A", "send"), ("START", "leave")])
        draw_link_down(self, surf, self.run)


class OnLink:
    """What any play screen does when its Match is linked (`run`, the `LinkRun`): the screen
    keeps playing the Match as it plays a local one (its `match.step()` polls the link); this
    says when the link is in trouble, tells the screen's person what the link noticed, and hands
    the screen on to the result once both units agree the game is over.

        self.link = OnLink(self, run) if run is not None else None
        ...update: if self.link and not self.link.update(): return   # handed over
        ...draw:   if self.link: self.link.draw(surf)
        ...close:  if self.link: self.link.close()
    """

    def __init__(self, scene, run) -> None:
        self.scene, self.run = scene, run
        self.handed_over = False
        self._down = ""

    @property
    def peer_name(self) -> str:
        return self.run.peer_name

    def update(self) -> bool:
        """False once the screen was handed on to the result (the caller returns at once)."""
        sc, m = self.scene, self.scene.match
        for text in m.take_notices():
            sc.app.toast(text, 3.0)
        down = self.run.link_down()
        if down != self._down:
            self._down = down
            sc.dirty = True
        if m.over and self.run.session.state == "finished":
            lines = sc.over_lines() if hasattr(sc, "over_lines") else []
            self.handed_over = True
            sc.app.replace("link_over", run=self.run, lines=lines)
            return False
        return True

    def draw(self, surf) -> None:
        draw_link_down(self.scene, surf, self.run)

    def close(self) -> None:
        if not self.handed_over:
            self.run.close()


def draw_link_down(scene, surf, run) -> None:
    """The link's trouble ("cable unplugged — waiting") over any linked game's screen."""
    down = run.link_down()
    if down:
        th = scene.theme
        w, h = surf.get_size()
        box = pygame.Rect(4, h // 2 - th.line_height("small"), w - 8, th.line_height("small") * 2)
        pygame.draw.rect(surf, T.PANEL_DARK, box)
        th.text(surf, th.fit(down, box.w - 8, "small"), box.center, T.TEXT_BAD, "small", align="centre")
