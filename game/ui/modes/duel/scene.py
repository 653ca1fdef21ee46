"""The Wizard duel screen: the plan's text dungeon, the panels, the after-turn sequence, the keys.

    app.open("duel_game", match=DuelMatch.new(seed, options, seats), again=fn_or_None)

Per frame: the link (if any) is polled; an after-turn sequence advances, or a bot's / the other
unit's next action is shown; a person's keys act through `match.play`. Nothing blocks: bots think
in a worker thread, the link is polled. The number pad is claimed while this screen is on top.
Keys: `game/ui/modes/duel/pad.py` and docs/ui-duel.md.
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.duel import actions as A
from game.modes.duel.events import Damaged, SpellCast
from game.modes.duel.keys import KeypadReader
from game.ui.modes.duel.board import BoardPainter
from game.ui.modes.duel.board_keys import BoardKeys
from game.ui.modes.duel.layout import DuelLayout
from game.ui.modes.duel.menus_in_duel import DuelMenus
from game.ui.modes.duel.pad import keypad_name
from game.ui.modes.duel.panels import Panels
from game.ui.modes.duel.screen_parts import DuelPainter
from game.ui.modes.duel.sequence import AfterTurn
from game.ui.scene import Scene
from hw.input.buttons import Button, EventKind

# The duel engine and this screen's parts are imported when a duel opens, not at start-up
# (every UI module is imported before the first frame).

STEP_PACE = 0.15          # seconds between the visible steps of a bot or the other unit
OVER_PAUSE = 1.6          # the last sequence, then "You win!" for this long, then the results


class DuelScene(Scene):
    def __init__(self, app, match, again=None, on_leave=None, on_over=None) -> None:
        super().__init__(app)
        self._new_reader = KeypadReader
        self.match = match
        self.again = again                 # starts the same kind of duel again (results: rematch)
        self.on_leave = on_leave           # the match is done with (left, or its results left)
        self.on_over = on_over             # the duel ended (the options may change again)
        size = match.game.state.layout.size
        self.size = size
        self.layout = DuelLayout.for_canvas(self.theme, app.surface.get_size(), size)
        self.board = BoardPainter(self.layout.cell)
        self.panels = Panels(self.theme)
        self.reader = KeypadReader()
        self.keys = BoardKeys(self)        # the d-pad's cursor and the action bar
        self.seq = None                    # the after-turn sequence being shown (sequence.AfterTurn)
        self.step_wait = 0.0
        self.time = 0.0
        self.version = 0
        self.hint, self.hint_bad, self.hint_until = "", False, 0.0
        self.chat_line: str | None = None
        self.input_kind = "pad"
        self.over_at: float | None = None
        self.curtain: int | None = match.viewer() if match.hotseat else None
        self.history: list[str] = []       # after-turn stages as drawn (tests read the order)
        self._key = None
        self.menus = DuelMenus(self)
        self.painter = DuelPainter(self)
        self._frame_polled = -1

    # --- life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.app.hub is not None:
            self.app.hub.claim_numpad(True)
        if self.chat_line is not None and self.app.hub is not None:
            self.app.hub.start_text()

    def leave(self) -> None:
        self._release_keys()

    def close(self) -> None:
        self._release_keys()
        if not getattr(self.app, "closing", False):
            self.match.abandon()           # left on purpose (an app shutting down keeps it to Continue)
        if self.on_leave is not None:
            self.on_leave(self)
        else:
            self.match.close()

    def _release_keys(self) -> None:
        if self.app.hub is not None:
            self.app.hub.claim_numpad(False)
            self.app.hub.stop_text()
        self.keys.bar_open = False

    # --- the link / background ------------------------------------------------------------------
    def tick(self) -> None:
        """Once per frame, whichever scene is on top (dialogs over the duel draw it each frame)."""
        if self._frame_polled == self.app.frames:
            return
        self._frame_polled = self.app.frames
        self.match.poll()
        notes, self.match.notices = self.match.notices, []
        for note in notes:
            self.app.toast(note, 4.0)

    # --- showing actions ----------------------------------------------------------------------------
    @property
    def game(self):
        return self.match.game

    def busy(self) -> bool:
        return self.seq is not None or self.step_wait > 0

    def _show(self, action, how) -> None:
        m = self.match
        viewer, mover = m.viewer(), m.mover()
        before = m.view(viewer)
        events = how(action)
        after = m.view(viewer)
        self.version += 1
        if action.is_step and not m.shown_over():
            m.commit(events)
            if not m.local_human(mover) or mover != viewer:
                seen = viewer == mover or before.opponent is not None or after.opponent is not None
                self.step_wait = STEP_PACE if seen and not m.last_previewed else 0.0
                if seen:
                    self.app.sound.play("move")
            return
        self.seq = AfterTurn(before, after, events, viewer, mover)
        self.history.append("effects")
        if any(isinstance(e, SpellCast) for e in events):
            self.app.sound.play("magic")

    def act(self, action) -> None:
        """A person's action from the keys."""
        if not self.match.human_to_move():
            self.say("wait for your turn", True)
            return
        if self.busy():
            return
        try:
            self._show(action, self.match.play)
        except ActionError as exc:
            self.say(str(exc), True)

    def say(self, text: str, bad: bool = False, seconds: float = 3.0) -> None:
        self.hint, self.hint_bad, self.hint_until = text, bad, self.time + seconds

    # --- time -------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.tick()
        if self.seq is not None:
            for stage in self.seq.update(dt):
                self._stage(stage)
            if self.seq.done:
                self._sequence_done()
        elif self.step_wait > 0:
            self.step_wait = max(0.0, self.step_wait - dt)
        elif self.over_at is None:
            self._drive()
        if self.over_at is not None and self.time - self.over_at >= OVER_PAUSE and self.app.top is self:
            self._results()

    def _stage(self, stage: str) -> None:
        self.history.append(stage)
        seq = self.seq
        if stage == "hp":
            for e in seq.events:
                if isinstance(e, Damaged) and e.player == seq.viewer:
                    self.app.sound.play("hit")
                elif isinstance(e, Damaged):
                    self.app.sound.play("hit_high")
        elif stage == "messages":
            self.match.commit(seq.events)

    def _sequence_done(self) -> None:
        seq, self.seq = self.seq, None
        self.version += 1
        m = self.match
        if m.shown_over():
            self.over_at = self.time
            self._over_sound(seq)
            return
        before = m.viewer()
        m.follow_turn()
        self.keys.reset()
        if m.hotseat and m.viewer() != before:
            self.curtain = m.viewer()
        self.reader = self._new_reader()

    def _over_sound(self, seq) -> None:
        w = self.game.winner
        if w is not None and self.match.local_human(w) and not self.match.hotseat:
            self.app.sound.play("victory")

    def _drive(self) -> None:
        m = self.match
        if m.sync():
            self.version += 1
            self.reader = self._new_reader()
        if m.shown_over():
            self.over_at = self.time
            return
        if self.curtain is not None:
            return
        a = m.next_action()
        if a is not None:
            self._show(a, m.apply)

    def _results(self) -> None:
        self.over_at = None
        if self.on_over is not None:
            self.on_over()
        leave, self.on_leave = self.on_leave, None        # the results screen ends the match now
        self.app.replace("duel_results", match=self.match, again=self.again, on_leave=leave, on_over=self.on_over)

    # --- keys -----------------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.kind in (EventKind.TEXT, EventKind.TEXT_EDIT):
            if self.chat_line is not None:
                self.menus.chat_typing(ev)
            return
        if ev.kind not in (EventKind.PRESS, EventKind.RELEASE):
            return
        if self.curtain is not None:
            if ev.kind is EventKind.PRESS and ev.button in (Button.A, Button.START, Button.KP5, Button.KP_ENTER):
                self.curtain = None
                self.version += 1
            return
        if ev.pressed(Button.START):
            self.menus.pause_menu()
            return
        if ev.pressed(Button.SELECT):
            self.menus.info()
            return
        if ev.button is not None and ev.button.is_numpad:
            if ev.kind is EventKind.PRESS:
                self.input_kind = "keypad"
                self._keypad(ev)
            return
        if ev.kind is EventKind.PRESS:
            self.input_kind = "pad"
        self._pad(ev)

    def _keypad(self, ev) -> None:
        if self.over_at is not None:
            return
        r = self.reader.feed(keypad_name(ev.button))
        self.version += 1
        if r == "chat":
            self.menus.open_chat(typed=ev.source == "keyboard")
        elif isinstance(r, A.Action):
            self.act(r)

    def _pad(self, ev) -> None:
        if ev.kind is not EventKind.PRESS:
            return
        if ev.button is Button.Y:
            self.menus.open_chat(typed=False)
        elif ev.button is not None:
            self.keys.press(ev.button)

    # --- drawing ----------------------------------------------------------------------------------------
    def views(self):
        """(layout, items, players, hp) views and the effects to draw now."""
        seq = self.seq
        if seq is None:
            v = self.match.view(self.match.viewer())
            return v, v, v, v, None
        pick = {"before": seq.before, "after": seq.after}
        return (pick[seq.shows("layout")], pick[seq.shows("items")], pick[seq.shows("players")],
                pick[seq.shows("hp")], seq.effects if seq.effects_shown else None)

    def frame_key(self):
        hint = self.hint if self.time < self.hint_until else ""
        return (self.version, self.seq.index if self.seq else -1, self.curtain, hint, self.reader.pending_inventory,
                self.chat_line, self.match.status(), self.match.link_down(), self.match.thinking, self.input_kind, self.keys.key(),
                self.over_at is not None, len(self.match.logs[self.match.viewer()].entries()), self.match.peek_version)

    def render(self, surf, force: bool = False):
        if self.app.top is not self:
            self.tick()                    # a dialog on top: the link keeps being polled
        return super().render(surf, force)

    def draw(self, surf) -> None:
        self.painter.draw(surf)
