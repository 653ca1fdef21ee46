"""A duel over the cable, as the screen plays it: the ordinary duel screen over the link's Match.

The link layer made the duel a Match (`run.game.match`): this unit's wizard has the person's
`HumanDriver`, the other unit's a `RemoteDriver`. A whole turn crosses the cable as one move;
the person's steps are on the board at once (the link applies each as it is made). The other
unit's turn arrives whole and the link applies it at once, but the screen shows it action by
action, as for a bot: the Match's listener keeps, for every applied action, its events and the
board as this unit's wizard saw it afterwards (`game.view`), and the screen walks through them
(`STEP_PACE` apart, then the after-turn sequence). When the link restores the host's snapshot
(a resync, or the host refusing a turn) the Match's game is replaced and the screen follows.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import Any

from game.modes.base import ActionError
from game.ui.modes.duel.match import DuelMatch


@dataclass(frozen=True)
class Heard:
    """An action the Match applied that the screen has not shown yet."""
    seat: int
    action: Any
    events: list
    after: Any              # the local wizard's view right after it
    previewed: bool = False  # a step of the other unit's already shown by its preview


class LinkedDuelMatch(DuelMatch):
    mode = "link"

    def __init__(self, run) -> None:
        self.run = run
        adapter = run.game
        self.game_no = run.session.game_no
        super().__init__(adapter.match)                    # the link gave every seat its driver
        self.human = adapter.person
        self.local = next(p for p in (0, 1) if self.match.driver(p) is self.human)
        self.heard: deque[Heard] = deque()
        self._shown_view = self.game.view(self.local)      # the board after the last action shown
        self._game = self.match.game
        self._unlisten = self.match.listen(self._heard)
        self.peek_cells: list[int] = []                    # the other wizard's previewed steps this turn
        self._peek_turn = -1
        self.previewed_shown = 0                           # heard steps the preview had shown already
        self.peeks_ignored = 0                             # stale, out of order or malformed previews

    def _heard(self, match, applied) -> None:
        g = match.game
        st = g.state
        previewed = (applied.seat != self.local and applied.action.is_step and self._peek_turn == g.turn
                     and 1 <= st.steps <= len(self.peek_cells)
                     and self.peek_cells[st.steps - 1] == st.wizards[applied.seat].pos)
        self.heard.append(Heard(applied.seat, applied.action, applied.events, g.view(self.local), previewed))

    # --- what the screen shows: the game as far as it has been shown ---------------------------------
    def view(self, p: int):
        if self.heard:
            return self._shown_view
        v = self.game.view(p)
        if self.peek_cells and self._peek_turn == self.game.turn and self.game.current != self.local:
            at = self.peek_cells[-1]                       # where the other unit's wizard walks now
            v = replace(v, opponent=at if (v.visible >> at) & 1 else None)
        return v

    def mover(self) -> int:
        return self.heard[0].seat if self.heard else self.game.current

    def shown_over(self) -> bool:
        return self.game.is_over() and not self.heard

    def human_to_move(self) -> bool:
        return not self.heard and super().human_to_move()

    # --- the link ----------------------------------------------------------------------------------
    def poll(self) -> None:
        self.run.poll()
        for text, phrase in self.run.take_chat():
            self.chat(1 - self.local, text=text if phrase is None else None, phrase=phrase)
        for payload in self.run.take_peeks():
            self.peek(payload)

    # --- the other unit's steps as they are made (previews, game/modes/duel/peek.py) ----------------
    def peek(self, payload: bytes) -> bool:
        """Show a previewed step of the other unit's wizard; False (ignored, counted) when it is
        malformed, stale (another turn, the turn already here) or does not follow the last one."""
        from game.modes.duel.peek import decode_peek, peek_cell
        d = decode_peek(payload)
        g = self.game
        other = 1 - self.local
        if self._peek_turn != g.turn:
            self.peek_cells, self._peek_turn = [], g.turn
        if d is None or self.heard or g.is_over() or g.current != other or d[0] != g.turn & 0xFF \
                or d[1] != len(self.peek_cells) + 1:
            self.peeks_ignored += 1
            return False
        at = self.peek_cells[-1] if self.peek_cells else g.state.wizards[other].pos
        cell = peek_cell(g.state, other, at, d[2])
        if cell is None:
            self.peeks_ignored += 1
            return False
        self.peek_cells.append(cell)
        self.peek_version += 1
        return True

    def _send_peek(self, action) -> None:
        from game.modes.duel.peek import encode_peek
        st = self.game.state
        if action.is_step and st.current == self.local and 1 <= st.steps:
            self.run.send_peek(encode_peek(self.game.turn, st.steps, action.arg))

    def next_action(self):
        """The next action the link applied that the screen has not shown (the other unit's)."""
        return self.heard[0].action if self.heard else None

    def apply(self, action) -> list:
        """Show the next heard action: its events (the link applied it already)."""
        h = self.heard.popleft()
        self._shown_view = h.after
        self.last_previewed = h.previewed
        self.previewed_shown += h.previewed
        return h.events

    def play(self, action) -> list:
        """The person's action: to their seat's driver, and the link plays it at once (its
        events, or [] when the link takes it later - it is shown then)."""
        why = self.check(action)
        if why:
            raise ActionError(why)
        self.human.offer(self.match, action)
        self.run.poll(now=True)
        if self.heard and self.heard[0].seat == self.local and self.heard[0].action == action:
            self._send_peek(action)                        # the other unit sees the step now
            return self.apply(action)
        return []

    def sync(self) -> bool:
        """The host's snapshot replaced the game: what was heard but not shown is dropped and the
        screen shows the new game. True when that happened."""
        if self.match.game is self._game:
            return False
        self._game = self.match.game
        self.heard.clear()
        self._shown_view = self.game.view(self.local)
        self.resynced = True
        return True

    def status(self) -> str:
        s = self.run.session
        if s.failed:
            return s.error or "link failed"
        if not self.shown_over() and self.mover() != self.local:
            return f"{self.run.peer_name}'s move"
        return ""

    def link_down(self) -> str:
        return self.run.link_down()

    @property
    def can_chat(self) -> bool:
        return True

    def send_chat(self, text: str | None = None, phrase: int | None = None) -> None:
        shown, pid = self.run.send_chat(text=text, phrase=phrase)
        self.chat(self.local, text=shown if pid is None else None, phrase=pid)

    @property
    def controls_options(self) -> bool:
        return self.run.is_host

    def next_duel(self):
        s = self.run.session
        if s.game_no != self.game_no and s.state == "playing" and s.game is not None \
                and s.game.link_mode == "duel":
            return LinkedDuelMatch(self.run)
        return None

    def close(self) -> None:
        self._unlisten()          # the link outlives a duel (rematch); the screens close it
