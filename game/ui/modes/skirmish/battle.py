"""The play screen: a Skirmish battle played at the cursor (scene `skirmish_battle`).

    app.open("skirmish_battle", match=battle_match(app, rs, gmap, participants, seed))

The shared board view (board_screen.py) with the person's input, as the tcod tutorial does it:
`handle` gives a button to the cursor control (control.py), which returns the actions to submit
- a walk and its attack together -; `submit` offers them to the person's seat driver
(`game.ui.human.HumanDriver`), the one place actions leave the screen, and the Match applies
them (at once here, in lockstep over the link). The bots' seats are asked by the board view.
Sub-steps are pushed, not flags: the pause menu and the yes/no questions are dialogs, the Book
of Tactics an overlay (`skirmish_book`), the hot-seat curtain a scene (`skirmish_curtain`).
"""

from __future__ import annotations

from game.modes.base import Action as BaseAction
from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.ui import onboarding
from game.ui import theme as T
from game.ui.human import HumanDriver, offer_and_step
from game.ui.modes.skirmish.board import Marks
from game.ui.modes.skirmish.board_screen import BoardScreen
from game.ui.modes.skirmish.control import HumanControl
from game.ui.widgets import hint_bar
from hw.input.buttons import Button, EventKind

MODE = "skirmish"


class PlayScreen(BoardScreen):
    hot_seat_curtain = True     # people sharing this device: hide the board between their turns
    first_game_howto = True     # the mode's how-to over the board at the first battle (remembered:
    #                             only a battle begun at the set-up asks; a continued one does not)

    def __init__(self, app, match, label: str = "", tally=None, howto: bool = False) -> None:
        self.label = label
        self.howto_due = howto      # a new battle from the set-up: the first one shows the how-to
        self.curtain_due: int | None = None
        super().__init__(app, match, tally)

    def started(self) -> None:
        m, g = self.match, self.game
        self.human = next((d for d in m.drivers.values() if isinstance(d, HumanDriver)), None)
        self.control = HumanControl(g, self._mine, ask=self._ask, on_select=self._selected)
        self.humans = [s for s in g.seats() if self._mine(s)]
        self.last_human_seat = self.humans[0] if self.humans else g.current

    def announce(self) -> None:
        """At the start: which team is yours (one human)."""
        g = self.game
        if len(self.humans) != 1:
            return
        you = self.humans[0]
        first = "" if g.current == you else f" · {g.seat_name(g.current).title()} moves first"
        self.banner = f"You are {g.seat_name(you).title()} {T.TEAM_LETTER[you]}{first}"
        self.banner_until = self.time + 2.5
        if g.army(you):
            self.camera.centre_on(self.board.geom.centre(g.army(you)[0].cell))

    # --- who is who --------------------------------------------------------------------------------
    @property
    def cursor(self):
        return self.control.cursor

    def _mine(self, seat: int) -> bool:
        """Is `seat` played by the person at this screen?"""
        return self.human is not None and self.match.driver(seat) is self.human

    @property
    def human_turn(self) -> bool:
        return self.control.my_turn()

    def goal_seat(self) -> int:
        return self.humans[0] if len(self.humans) == 1 else -1

    def person_to_act(self) -> bool:
        return self.human is not None and self.human.plays(self.match)

    def viewer_seat(self) -> int:
        g = self.game
        return g.current if self._mine(g.current) else self.last_human_seat

    def you(self) -> int:
        g = self.game
        return g.current if g.controller(g.current) == "human" else -1

    # --- the one place the person's actions go -----------------------------------------------------
    def submit(self, actions) -> None:
        """Offer the person's actions (a list, or one action) to their seat; a refusal becomes a
        hint, never a crash."""
        if isinstance(actions, BaseAction):
            actions = [actions]
        if not actions or self.human is None:
            return
        self.previewed = next((a for a in actions if isinstance(a, A.Walk)), None)
        try:
            offer_and_step(self.match, self.human, *actions)
        except ActionError as exc:
            self.previewed = None
            self.control.tell(str(exc))
            return
        self.control.sent()
        self.show_heard()

    def after_shown(self, applied) -> None:
        if self.human is not None and self.human.queue:
            return                                  # the rest of the person's actions follow
        self.control.applied()
        if self.human is not None and self.human.refusal:
            self.control.tell(self.human.refusal)
            self.human.refusal = ""

    def handle(self, ev) -> None:
        if ev.pressed(Button.START):
            self.pause_menu()
        elif ev.pressed(Button.SELECT):
            self.open_book()
        elif self.anim.busy and ev.kind is EventKind.PRESS and ev.button in (Button.A, Button.X, Button.Y):
            return                                  # let the animation finish first
        else:
            self.submit(self.control.handle(ev))

    def _ask(self, question: str, actions, default_yes: bool = False) -> None:
        self.app.open("confirm", question=question, on_yes=lambda: self.submit(actions), default_yes=default_yes)

    def _selected(self, piece) -> None:
        pt = self.game.piece_type(piece)
        self.app.sound.play_set(self.game.rs.sound_sets.get(pt.sound_set, ("select",)))

    def proxy_select(self, piece) -> None:
        """A piece picked in the book's army view: chosen, when it may act."""
        super().proxy_select(piece)
        if self.human_turn:
            self.control.choose(piece)

    # --- turns ---------------------------------------------------------------------------------------
    def on_turn_began(self, events) -> None:
        super().on_turn_began(events)
        g = self.game
        if g.over or not self._mine(g.current):
            return
        self.last_human_seat = g.current
        self.control.turn_began()
        # no stale line of the other side's turn ("Blue's Catapult moves"): a moment to read it, then gone
        self.message_until = min(self.message_until, self.time + 1.0)
        if len(self.humans) > 1:
            self.banner = f"{T.TEAM_LETTER[g.current]} {g.seat_name(g.current).title()}: {g.player_name(g.current)}, your turn"
            self.banner_until = self.time + 1.6
            if self.hot_seat_curtain:
                self.curtain_due = g.current
                self._curtain()
        elif len(self.humans) == 1:
            self.banner, self.banner_until = "Your turn", self.time + 0.8
        self.camera.keep_visible(self.board.world_rect(self.control.cell), self.layout.view.w // 4)

    def _curtain(self) -> None:
        """Hot-seat: hide the board until the next player says they are ready."""
        if self.curtain_due is not None and self.app.top is self:
            seat, self.curtain_due = self.curtain_due, None
            self.app.open("skirmish_curtain", screen=self, seat=seat)

    def enter(self) -> None:
        super().enter()
        if self.howto_due and self.first_game_howto:
            self.howto_due = False
            if onboarding.first_game_howto(self.app, MODE):
                return
        self._curtain()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._curtain()

    def follow(self) -> None:
        if self.human_turn:
            self.camera.keep_visible(self.board.world_rect(self.control.cell), 3 * self.theme.tile // 2)

    # --- menus ---------------------------------------------------------------------------------------
    def pause_menu(self) -> None:
        """The shared pause menu (START): resume, this battle's lines, how to play, words, bot
        speed, and leaving - after a question."""
        extras = list(self.pause_extra())
        if self.human_turn:
            extras.append(("End turn", self.control.end_turn))
        extras += [("Book of Tactics", self.open_book),
                   ("Danger zone: " + ("hide" if self.control.danger else "show"), self.control.toggle_danger)]
        onboarding.open_pause(self.app, MODE, extras=extras, leave_label="Abandon battle",
                              leave_question="Abandon this battle? It is kept as a replay.", on_leave=self.abandon)

    def pause_extra(self) -> list:
        """More rows under Resume (a linked battle's host: hand an idle seat to a bot)."""
        return []

    def abandon(self) -> None:
        self._to_results(self.match.finish(abandoned=True))

    def _to_results(self, result) -> None:
        self.app.last_battle_players = [self.match.player(s).name for s in sorted(self.match.players)]
        self.app.replace("skirmish_results", result=result, match=self.match, tally=self.tally)

    def finished(self) -> None:
        self._to_results(self.match.result or self.match.finish())

    def close(self) -> None:
        super().close()
        if self.match.result is None and not getattr(self.app, "closing", False):
            self.match.finish(abandoned=True)       # left on purpose (an app shutting down keeps it)
            self.app.last_battle_players = [self.match.player(s).name for s in sorted(self.match.players)]

    # --- drawing -------------------------------------------------------------------------------------
    def marks(self) -> Marks:
        return self.control.marks() if not self.anim.busy else Marks()

    def chooser(self):
        return self.control.chosen_piece(), self.control.estimate, self.control

    def info_piece(self):
        """The piece under the cursor, as the preview shows it (a walking piece at its new cell)."""
        if self.anim.busy:
            return None
        c = self.control
        cell = c.cell
        if c.pending >= 0 and c.selected >= 0:
            if cell == c.pending:
                return self.game.pieces[c.selected]
            if cell == self.game.pieces[c.selected].cell:
                return None
        return self.game.piece_at(cell)

    def extra_key(self) -> tuple:
        return (self.control.hint,)

    def top_label(self) -> str:
        thinking = getattr(self.match.driver(), "thinking", False) and not self.anim.busy
        return " ".join(x for x in (self.label, "thinking…" if thinking else "") if x)

    def draw_bottom(self, surf) -> None:
        if self.anim.busy:
            hints = [("A", "hold: faster"), ("START", "pause")] if not self.human_turn else [("START", "pause")]
        else:
            hints = self.control.button_hints()
        hint_bar(surf, self.theme, self.layout.bottom, hints, note=self.control.hint)
