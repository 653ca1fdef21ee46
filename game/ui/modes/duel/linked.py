"""A duel over the cable, as the screen plays it.

The link holds the real game (`DuelOverLink`: a whole turn is one lockstep action, sent when its
final action is made); the screen shows its own copy. A person's steps show at once on that copy
and go to the link through `play_local` (checked there; the turn leaves when it is complete). The
other unit's turn arrives whole and is queued action by action, so the screen walks its steps
one by one (`STEP_PACE` apart) and then plays the after-turn sequence, as for a bot. While the
other wizard walks, nothing crosses the cable: the status line says whose move it is. When the
link restores a snapshot (a resync, or the host refusing a turn) the shown copy is replaced by
the link's game; after every turn the copies are compared.
"""

from __future__ import annotations

from collections import deque

from game.match import Match
from game.modes.base import ActionError
from game.modes.duel import DuelGame
from game.modes.duel.match import duel_header
from game.ui.modes.duel.match import HUMAN, REMOTE, DuelMatch, Seat


class LinkedDuelMatch(DuelMatch):
    mode = "link"

    def __init__(self, run) -> None:
        self.run = run
        self.adapter = run.session.game
        self.lockstep = run.session.lockstep
        if self.lockstep is not None:
            self.lockstep.drain_events()     # already contained in the copy taken below
        self.game_no = run.session.game_no
        self.local = self.adapter.local_seat
        me, them = run.app.player_name(0), run.peer_name
        seats = [Seat(HUMAN, me) if p == self.local else Seat(REMOTE, them) for p in (0, 1)]
        st = self.adapter.game.state
        header = duel_header(st.seed, st.options, [s.kind for s in seats], self.adapter.max_turns,
                             names=[s.name for s in seats])
        header.meta["link"] = "host" if run.is_host else "guest"
        keeper = run.app.keeper() if hasattr(run.app, "keeper") else None
        match = Match.start("duel", None, header, game=DuelGame(st.clone()), keeper=keeper)
        match.link = {"role": header.meta["link"]}
        super().__init__(match, seats)
        self.queue: deque = deque()
        self._restored = False
        self._checked_turn = -1

    # --- the link ----------------------------------------------------------------------------------
    def poll(self) -> None:
        self.run.poll()
        ls = self.run.session.lockstep
        if ls is self.lockstep and ls is not None:
            for ev in ls.drain_events():
                kind = ev[0]
                if kind == "remote":
                    self.queue.extend(ev[1])          # a whole turn: its steps, its final action
                elif kind == "rejected":
                    self.notices.append("the host did not accept your last move; it ended your turn instead")
                elif kind == "resync":
                    self._restored = True
                    if not self.run.is_host:
                        self.queue.clear()
        for text, phrase in self.run.take_chat():
            self.chat(1 - self.local, text=text if phrase is None else None, phrase=phrase)

    def next_action(self):
        return self.queue.popleft() if self.queue else None

    def play(self, action) -> list:
        why = self.check(action)
        if why:
            raise ActionError(why)
        self.adapter.play_local(action)
        return self.apply(action)

    def sync(self) -> bool:
        """Back in step with the link's game once nothing is pending; True when the shown game
        was replaced."""
        a = self.adapter
        if self.queue or a.pending:
            return False
        real = a.game
        if not self._restored and (real.turn != self.game.turn or real.turn == self._checked_turn):
            return False
        self._checked_turn = real.turn
        restored, self._restored = self._restored, False
        if not restored and real.state_hash() == self.game.state_hash():
            return False
        self.match.replace_game(DuelGame(real.state.clone()))
        self.resynced = True
        self.notices.append("back in step with the other unit")
        return True

    def status(self) -> str:
        s = self.run.session
        if s.failed:
            return s.error or "link failed"
        if not self.game.is_over() and self.game.current != self.local:
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
        if s.game_no != self.game_no and s.lockstep is not None and s.state == "playing" \
                and s.game is not None and hasattr(s.game, "play_local"):
            return LinkedDuelMatch(self.run)
        return None

    def close(self) -> None:
        pass                      # the link outlives a duel (rematch); the screens close it
