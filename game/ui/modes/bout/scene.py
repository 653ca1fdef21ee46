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
from game.ui.modes.bout.plain import plain
from game.ui.modes.bout.summary import wounds_summary
from game.ui.scene import Scene
from game.ui.scenes.link.played import OnLink
from game.ui.widgets import bottom_rect, meter, panel, title_bar
from hw.input.buttons import Button, EventKind

BOT_PACE = 0.25           # seconds between two bot declarations
LOG_LINES = 500          # the whole bout, the screen shows the newest
WOUND_COLOURS = {1: (240, 220, 90), 2: (250, 170, 60), 3: (240, 110, 40), 4: (220, 40, 40), 5: (150, 0, 30)}
_RULES = None


def bout_rules():
    global _RULES
    if _RULES is None:
        rules, problems = load_bout_ruleset()
        if rules is None:
            raise ValueError("; ".join(map(str, problems)))
        _RULES = rules
    return _RULES


class BoutScene(Scene):
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

    def _draw_curtain(self, surf) -> None:
        th, g = self.theme, self.game
        w, h = surf.get_size()
        who = "Player 1" if self.curtain == 0 else "Player 2"
        names = ", ".join(f.t.name for f in g.fighters if f.side == self.curtain)
        th.text(surf, f"{who}'s turn", (w // 2, h // 3), T.team_colour(0 if self.curtain == 0 else 1), "big",
                align="centre")
        th.text(surf, th.fit(f"({names})", w - 8, "small"), (w // 2, h // 3 + th.line_height("big") + 4), T.TEXT,
                "small", align="centre")
        th.text(surf, th.fit("The other player looks away. Press A when ready.", w - 8, "small"),
                (w // 2, h * 2 // 3), T.TEXT_DIM, "small", align="centre")

    def _room(self, surf, rect) -> None:
        """The square-grid room: walls, and every fighter as his letter in his side's colour."""
        th, g = self.theme, self.game
        inner = panel(surf, rect, title="Room", th=th)
        cell = max(3, min(inner.w // g.width, inner.h // g.height))
        ox = inner.x + (inner.w - cell * g.width) // 2
        oy = inner.y + (inner.h - cell * g.height) // 2
        for c in range(g.width * g.height):
            x, y = ox + (c % g.width) * cell, oy + (c // g.width) * cell
            colour = (110, 100, 120) if c in g.walls else (44, 40, 56)
            pygame.draw.rect(surf, colour, (x, y, cell - 1, cell - 1))
        small = cell >= th.line_height("tiny")
        for i, f in enumerate(g.fighters):
            x, y = ox + (f.pos % g.width) * cell, oy + (f.pos // g.width) * cell
            col = T.side_colour(f.side, self.you())
            if f.dead:
                col = (90, 86, 96)
            pygame.draw.rect(surf, col, (x, y, cell - 1, cell - 1), border_radius=max(1, cell // 4))
            if i == g.fighter_to_act():
                pygame.draw.rect(surf, T.CURSOR, (x - 1, y - 1, cell + 1, cell + 1), 1)
            if small:
                th.text(surf, "ABCDEFGHIJKL"[i], (x + cell // 2, y + (cell - th.line_height("tiny")) // 2),
                        (16, 14, 20), "tiny", align="centre")

    def _die(self) -> int:
        return max(6, self.theme.canvas[1] // 34)

    def _initiative_text(self, i: int) -> str:
        """Who holds initiative, grouped so it fits a card: "B, C lead", "leads D", "ties with E"."""
        m = self.game.m
        groups: dict[str, list[str]] = {}
        for o in m.foes_of(i):
            letter = "ABCDEFGHIJKLMNOPQRSTUVWX"[o]
            kind = ("ties with {}" if m.contested(i, o) else "leads {}" if m.holds(i, o) else
                    "{} lead" if m.holds(o, i) else "faces {}")
            groups.setdefault(kind, []).append(letter)
        parts = []
        for kind, letters in groups.items():
            if kind == "{} lead" and len(letters) == 1:
                kind = "{} leads"
            parts.append(kind.format(", ".join(letters)))
        return "; ".join(parts) or "not engaged"

    def _cards(self, surf, rect) -> None:
        th, g = self.theme, self.game
        inner = panel(surf, rect, title="Fighters", th=th)
        y = inner.y
        lh = th.line_height("small")
        d = self._die()
        card_h = lh + d + 2 + th.line_height("tiny") + 2
        for i, f in enumerate(g.fighters):
            if y + card_h > inner.bottom + 2:          # no room for this card: none drawn half under the log
                break
            col = T.side_colour(f.side, self.you())
            active = g.fighter_to_act() == i
            if self.hotseat:
                you = " (P1)" if f.side == 0 else " (P2)"
            else:
                you = " (you)" if f.side == self.human_side else ""
            name = f"{'ABCDEFGHIJKL'[i]} {f.t.name}" + (you if f.side in self.human_sides else "")
            status = "dead" if f.dead else ("out" if f.out_rounds else ("prone" if f.prone else ""))
            th.text(surf, th.fit(name, inner.w // 2, "small"), (inner.x, y), T.ACCENT if active else col, "small")
            stance = g.m.orientation_of(i) if f.eng and g.m.orientation_of(i) != "auto" else ""
            info = " · ".join(x for x in (stance, status, f"HP {f.health}") if x)
            th.text(surf, info, (inner.right, y), T.TEXT_DIM, "small", align="right")
            y += lh
            # the pool as dice; carried shock as red outlines
            x = inner.x
            for _ in range(min(f.cp, 24)):
                r = pygame.Rect(x, y, d, d)
                pygame.draw.rect(surf, (232, 228, 240), r, border_radius=2)
                pygame.draw.circle(surf, (40, 36, 50), r.center, max(1, d // 6))
                x += d + 2
            for _ in range(min(f.shock_carry, 8)):
                pygame.draw.rect(surf, T.TEXT_BAD, (x, y, d, d), 1, border_radius=2)
                x += d + 2
            th.text(surf, f"{f.cp} dice", (x + 3, y + d // 2 - lh // 2), T.TEXT, "small")
            y += d + 2
            th.text(surf, th.fit(self._initiative_text(i), inner.w, "tiny"), (inner.x, y), T.TEXT_DIM, "tiny")
            y += th.line_height("tiny") + 2
            if y > inner.bottom:
                break

    def _log(self, surf, rect) -> None:
        from game.ui.modes.bout.dungeon.hud import draw_log
        draw_log(surf, self.theme, rect, self.log)         # whole lines, wrapped, the newest last

    def _bodies(self, surf, rect) -> None:
        th, g = self.theme, self.game
        inner = panel(surf, rect, title="Wounds", th=th)
        half = inner.w // 2
        me = self.me()
        other = self.focus if self.focus < len(g.fighters) and self.focus != me else (1 if me == 0 else 0)
        for k, i in enumerate((me, other)):
            self._body(surf, pygame.Rect(inner.x + k * half, inner.y, half - 2, inner.h), i)

    def _body(self, surf, rect, i: int) -> None:
        th, g = self.theme, self.game
        f = g.fighters[i]
        th.text(surf, th.fit(f"{'ABCDEFGHIJKL'[i]} {f.t.name}", rect.w, "tiny"), (rect.x, rect.y), T.TEXT_DIM, "tiny")
        area = pygame.Rect(rect.x, rect.y + th.line_height("tiny"), rect.w, rect.h - th.line_height("tiny"))
        cx, cy = max(2, area.w // 12), max(2, area.h // 33)
        ox = area.x + (area.w - 12 * cx) // 2 - 2 * cx
        cell = max(2, min(cx, cy * 2) // 2)
        worst: dict[int, int] = {}
        for wd in f.wounds:
            worst[wd[0]] = max(worst.get(wd[0], 0), wd[1])
        for loc in g.rules.locations:
            c = (ox + loc.x * cx + cx // 2, area.y + loc.y * cy + cy // 2)
            lv = worst.get(loc.index, 0)
            colour = WOUND_COLOURS.get(lv, (80, 76, 100))
            pygame.draw.circle(surf, colour, c, cell + (1 if lv else 0))
        if f.wounds:
            meter(surf, (rect.x, rect.bottom - 3, rect.w, 3), f.health / max(1, f.t.health))

    def _chooser(self, surf, rect) -> None:
        th, g = self.theme, self.game
        inner = panel(surf, rect, title="Your declaration", th=th)
        lh = th.line_height("small")
        if g.is_over():
            won = g.winner == self.human_side or (self.hotseat and g.winner in (0, 1))
            if self.hotseat:
                text = "Draw." if g.draw else (f"Player {g.winner + 1} wins!" if g.winner in (0, 1)
                                               else "The bots win.")
            else:
                text = "Draw." if g.draw else ("You win!" if won else "You are beaten.")
            th.text(surf, text, (inner.centerx, inner.y + lh), T.GOOD if won else T.TEXT_BAD, "big", align="centre")
            return
        c = self.chooser
        if c is None:
            th.text(surf, "the others declare...", (inner.x, inner.y), T.TEXT_DIM, "small")
            return
        head = {"move": "Step towards a foe", "orient": "Secret orientation", "target": "Choose your target",
                "commit": "Secret orientation (sealed until all are in)",
                "declare": "Declare (one line at a time)", "respond": "Answer attacks you did not see"}
        th.text(surf, head.get(c.stage, c.stage or ""), (inner.x, inner.y), T.ACCENT, "small")
        y = inner.y + lh
        cur = c.current()
        for row in c.visible_rows():
            sel = row is cur
            if sel:
                pygame.draw.rect(surf, T.PANEL_DARK, (inner.x - 1, y, inner.w + 2, lh))
            th.text(surf, row.name, (inner.x + 2, y), T.CURSOR if sel else T.TEXT_DIM, "small")
            th.text(surf, th.fit(f"< {row.label} >" if sel else row.label, inner.w // 2 + 10, "small"),
                    (inner.right - 2, y), T.CURSOR if sel else T.TEXT, "small", align="right")
            y += lh
        note = c.error or c.cost_text()
        if note and y + lh <= inner.bottom + 2:
            th.text(surf, th.fit(note, inner.w, "tiny"), (inner.x, y + 2), T.TEXT_BAD if c.error else T.TEXT_DIM, "tiny")
