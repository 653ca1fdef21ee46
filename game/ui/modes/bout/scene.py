"""The Steel bout screen.

    app.open("bout_game", scenario="duel" | "one_vs_three" | "roguelike" | "brawl", level="hard", hotseat=False)

The person plays side 0 (fighter A); bots play the rest, a few frames apart so each declaration
can be read in the log. Hot-seat (`hotseat=True`): two people share the unit, one per side; before
each of their declarations a curtain hides the screen until the right person presses A, so
neither sees the other's secret throw or the dice he sets aside. On the roguelike room (and any
map larger than the duel's) a map panel shows where everyone stands. Keys (one hand): UP/DOWN pick a row of the chooser, LEFT/RIGHT change it,
A declares, B passes (no attack / no defence), L/R switch whose body diagram is shown, START
pauses (arena.py: the shared pause menu, B asks before passing, the results screen). The bots' initiative throws are never shown
before both throws are in.
"""

from __future__ import annotations

import os

import pygame

from game.match import BotDriver, Match
from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.bot import BoutBot
from game.modes.bout.commit import seal
from game.modes.bout.log import describe
from game.modes.bout.scenarios import BoutOptions, new_bout
from game.rules.bout.loader import load_bout_ruleset
from game.ui import theme as T
from game.ui.human import HumanDriver, offer_and_step
from game.ui.modes.bout.chooser import Chooser
from game.ui.modes.bout.panels import BoutPanels
from game.ui.modes.bout.plain import plain
from game.ui.modes.bout.summary import wounds_summary
from game.ui.scene import Scene
from game.ui.scenes.link.played import OnLink
from game.ui.widgets import bottom_rect, title_bar
from hw.input.buttons import Button, EventKind

BOT_PACE = 0.25           # seconds between two bot declarations
LOG_LINES = 500          # the whole bout, the screen shows the newest
_RULES = None


def bout_rules():
    global _RULES
    if _RULES is None:
        rules, problems = load_bout_ruleset()
        if rules is None:
            raise ValueError("; ".join(map(str, problems)))
        _RULES = rules
    return _RULES


class BoutScene(BoutPanels, Scene):
    """One bout, a Match (`game.match`): the person's declarations go to their sides' driver, the
    bots' (one bot for every bot side, threaded) are asked a pace apart, and every applied
    declaration reaches the log through the Match's listener. Linked (`run`): the link made the
    Match, this unit's person plays its own sides, the other unit's arrive through the link; the
    secret throw is sealed here with fresh random bytes and revealed by itself once every
    commitment is in."""

    title = "Steel bout"

    def __init__(self, app, scenario: str = "duel", level: str = "hard", seed: int | None = None,
                 hotseat: bool = False, match=None, run=None) -> None:
        super().__init__(app)
        self.run = run
        if run is not None:
            match, self.human = run.game.match, run.game.person
        elif match is None:
            match = self._new_match(app, scenario, level, seed, hotseat)
        self.match = match
        if run is None:
            self.human = self._seat_drivers(match)
        self.link = OnLink(self, run) if run is not None else None
        self.rules = match.rules
        self.seed = match.header.seed
        self.human_sides = {s for s, d in match.drivers.items() if d is self.human and d is not None}
        self.human_side = min(self.human_sides, default=0)
        self.hotseat = len(self.human_sides) > 1
        self.viewer = self.human_side       # the side whose person looks at the screen
        self.curtain: int | None = None     # hot-seat: side waiting to take the unit
        self.advisor = BoutBot("hard", self.seed, 7)        # only pre-selects the person's rows
        self.reveals: dict[int, object] = {}               # linked: sealed throws to reveal
        self.log: list[str] = [self._opening(scenario)]
        self.chooser = None
        self.wait = 0.0
        self.focus = next((i for i, f in enumerate(self.game.fighters) if f.side != self.human_side), 1)
        self._seen = self.match.game
        self._describe = None
        self._unlisten = self.match.listen(self._heard)

    @staticmethod
    def _new_match(app, scenario: str, level: str, seed: int | None, hotseat: bool):
        """A bout on this unit: the person plays side 0 (and side 1 hot-seat), one bot the rest."""
        from game.modes.bout.match import bout_header
        rules = bout_rules()
        seed = app.seed_source() if seed is None else seed
        sides = len({f.side for f in new_bout(rules, seed, BoutOptions(scenario=scenario)).fighters})
        seats = ["human"] + ["human" if hotseat and s == 1 else f"bot:{level}" for s in range(1, sides)]
        header = bout_header(rules, seed, BoutOptions(scenario=scenario), seats)
        header.meta["players"] = [app.player_name(min(s, 1)) if c == "human" else "" for s, c in enumerate(seats)]
        match = Match.start("bout", rules, header, keeper=app.keeper() if hasattr(app, "keeper") else None)
        human, bot = HumanDriver(), BotDriver(BoutBot(level, seed, 1), threaded=True)
        for side, ctrl in enumerate(seats):
            match.drivers[side] = human if ctrl == "human" else bot
        return match

    @staticmethod
    def _seat_drivers(match):
        """The person's driver of a Match made elsewhere (resumed): seats without a driver get
        one from their controller (the person's, or a bot of its level)."""
        human = next((d for d in match.drivers.values() if isinstance(d, HumanDriver)), None)
        for side, p in match.players.items():
            if side not in match.drivers:
                if p.is_bot:
                    match.drivers[side] = BotDriver(BoutBot(p.level, match.header.seed, 1), threaded=True)
                else:
                    human = human or HumanDriver()
                    match.drivers[side] = human
        return human

    def _opening(self, scenario: str) -> str:
        g = self.game
        if self.run is not None:
            kind = "duel" if len(g.fighters) == 2 else "bout"
            return f"A linked {kind} with {self.run.peer_name}. You are {self._side_names(self.human_side)}."
        start = f"A {scenario.replace('_', ' ')} begins. "
        if self.hotseat:
            return start + f"Player 1 plays {self._side_names(0)}, player 2 {self._side_names(1)}."
        return start + f"You are {g.fighters[0].t.name} (A)."

    @property
    def game(self):
        return self.match.game

    @property
    def bots(self):
        """This unit's bot driver (`thinking` while its worker decides), or None."""
        return next((d for d in self.match.drivers.values() if isinstance(d, BotDriver)), None)

    def _side_names(self, side: int) -> str:
        return ", ".join(f"{f.t.name} ({'ABCDEFGHIJKL'[i]})" for i, f in enumerate(self.game.fighters)
                         if f.side == side)

    # --------------------------------------------------------------------------- driving
    def human_to_act(self) -> bool:
        f = self.game.fighter_to_act()
        h = self.human
        return (f is not None and self.game.fighters[f].side in self.human_sides and h is not None
                and not self.match.over and h.plays(self.match) and h.pending is None)

    def me(self) -> int:
        """The fighter whose body diagram is drawn as 'yours': the viewer's first fighter."""
        return next((i for i, f in enumerate(self.game.fighters) if f.side == self.viewer), 0)

    def _apply(self, action) -> None:
        """The person's declaration: to their driver (a secret throw sealed first); the Match
        applies it (at once here, on the link's next poll when linked)."""
        g = self.game
        if g.phase == "commit" and isinstance(action, A.Orient):
            commit, reveal = seal(action, os.urandom(A.SECRET_BYTES))
            if self._offer(commit):
                self.reveals[action.f] = reveal
                self.log.append("your throw is sealed; it shows when every throw is in")
        else:
            self._offer(action)
        self.chooser = None
        self.dirty = True

    def _offer(self, action) -> bool:
        try:
            offer_and_step(self.match, self.human, action)
        except ActionError as exc:
            if self.chooser is not None:
                self.chooser.error = str(exc)
            else:
                self.app.toast(str(exc), 2.0)
            return False
        return True

    def _heard(self, match, applied) -> None:
        self.shown(applied.events)

    def shown(self, events) -> None:
        """Events that happened (here or, linked, on the other unit): into the log, redraw."""
        for ev in events:
            line = describe(self.game, ev)
            if line:
                self.log.append(plain(line, self.side_words()))
        del self.log[:-LOG_LINES]
        self.chooser = None
        self.dirty = True

    def _ensure_chooser(self) -> None:
        if self.chooser is None and self.human_to_act():
            g = self.game
            f = g.fighter_to_act()
            side = g.fighters[f].side
            if self.hotseat and side != self.viewer:
                self.curtain, self.viewer = side, side
                self.dirty = True
            suggestion = None if g.phase in ("commit", "reveal") else self.advisor.choose(g)
            self.chooser = Chooser(g, f, suggestion)
            foes = g.foes_of(f)
            if foes and self.focus not in foes:
                self.focus = foes[0]
            self.dirty = True

    def update(self, dt: float) -> None:
        if self.match.game is not self._seen:          # restored from the host's snapshot
            self._seen = self.match.game
            self.chooser = None
            self.reveals.clear()
            self.dirty = True
        if self.link is not None:
            self.match.step()                           # the link's poll: every action comes from it
            if not self.link.update():
                return
        if self.game.is_over():
            return
        if self.human_to_act():
            f = self.game.fighter_to_act()
            if self.game.phase == "reveal" and f in self.reveals:
                self._offer(self.reveals.pop(f))
                return
            self._ensure_chooser()
            return
        if self.link is not None:
            return
        self.wait -= dt
        if self.wait <= 0 and self.match.step() is not None:
            self.wait = BOT_PACE

    def over_lines(self) -> list[str]:
        g = self.game
        text = "Draw." if g.draw else ("You win!" if g.winner in self.human_sides else "You are beaten.")
        return [text] + self.log[-3:]

    def close(self) -> None:
        self._unlisten()
        m = self.match
        if m.result is None and not m.over and m.replay.actions and not getattr(self.app, "closing", False):
            m.finish(abandoned=True)            # left on purpose (an app shutting down keeps it)
        if self.link is not None:
            self.link.close()
        m.close()

    def handle(self, ev) -> None:
        if ev.kind not in (EventKind.PRESS, EventKind.REPEAT) or ev.button is None:
            return
        b = ev.button
        if self.curtain is not None:
            if b == Button.A and ev.kind == EventKind.PRESS:
                self.curtain = None
                self.dirty = True
            elif b == Button.START:
                self.app.goto_menu()
            return
        if b == Button.START or (self.game.is_over() and self.link is None and b in (Button.A, Button.B)):
            self.app.goto_menu()
            return
        if b in (Button.L, Button.R):
            others = [i for i in range(len(self.game.fighters)) if i != self.me()]
            k = others.index(self.focus) if self.focus in others else 0
            self.focus = others[(k + (1 if b == Button.R else -1)) % len(others)]
            self.dirty = True
            return
        c = self.chooser
        if c is None:
            return
        if b == Button.UP:
            c.move_row(-1)
        elif b == Button.DOWN:
            c.move_row(1)
        elif b == Button.LEFT:
            c.change(-1)
        elif b == Button.RIGHT:
            c.change(1)
        elif b == Button.A and ev.kind == EventKind.PRESS:
            if c.check():
                self._apply(c.action())
        elif b == Button.B and ev.kind == EventKind.PRESS and c.stage in ("declare", "respond"):
            self._apply(A.Done(c.f))           # refused with the reason (an aggressive fighter must attack)
        self.dirty = True

    # --------------------------------------------------------------------------- drawing
    def draw(self, surf) -> None:
        th, g = self.theme, self.game
        w = surf.get_width()
        surf.fill(T.BG)
        if self.curtain is not None:
            self._draw_curtain(surf)
            return
        phase = "over" if g.is_over() else g.phase
        title_bar(surf, th, "Steel bout", f"round {g.round} · exchange {g.exchange} · {phase}")
        top = th.line_height("big") + th.pad + 2
        th.text(surf, th.fit(wounds_summary(g, self.you()), w - 6, "tiny"), (3, top), T.ACCENT, "tiny")
        top += th.line_height("tiny") + 2
        bot = bottom_rect(surf, th)
        left = pygame.Rect(2, top, int(w * 0.46) - 3, bot.y - top - 2)
        right = pygame.Rect(left.right + 3, top, w - left.right - 5, left.h)
        cards_h = min(left.h * 3 // 5, (th.line_height("small") * 2 + self._die() + 8) * len(g.fighters) + 4)
        self._cards(surf, pygame.Rect(left.x, left.y, left.w, cards_h))
        self._log(surf, pygame.Rect(left.x, left.y + cards_h + 2, left.w, left.h - cards_h - 2))
        if g.width * g.height > 20:         # a room, not a duel's few squares: show the map
            map_h = min(right.h // 3, right.w * g.height // g.width + th.line_height("small") + 6)
            self._room(surf, pygame.Rect(right.x, right.y, right.w, map_h))
            right = pygame.Rect(right.x, right.y + map_h + 2, right.w, right.h - map_h - 2)
        body_h = right.h * 2 // 5
        self._bodies(surf, pygame.Rect(right.x, right.y, right.w, body_h))
        self._chooser(surf, pygame.Rect(right.x, right.y + body_h + 2, right.w, right.h - body_h - 2))
        from game.ui.widgets import hint_bar
        hint_bar(surf, th, bot, self.hints())

    def you(self):
        """The side drawn in the player's colour (None: hot-seat, each side its own look)."""
        return None if self.hotseat else self.human_side

    def side_words(self) -> dict:
        """Who each side is, for the log: "you", or its fighters' names."""
        out = {}
        for side in {f.side for f in self.game.fighters}:
            names = [f.t.name for f in self.game.fighters if f.side == side]
            out[side] = "you" if side == self.you() else " and ".join(names)
        return out

    def hints(self) -> list:
        if self.game.is_over():
            return [("A", "results")]
        if self.chooser is None:
            return [("LR", "look at a body"), ("START", "pause")]
        return [("UPDOWN", "row"), ("LEFTRIGHT", "change"), ("A", "declare"), ("B", "pass"), ("LR", "body"),
                ("START", "pause")]
