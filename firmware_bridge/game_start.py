"""Starting and resuming games inside a link session: the host sends START (game number, seed,
options), the guest builds the same game and answers READY; after a cut the host resumes the
game it had. Mixed into `Session` (session.py).
"""

from __future__ import annotations

import os

from .lockstep import Lockstep
from .messages import ERR_GAME, Ready, Start


class GameStart:
    # a lobby host (game/link/lobby.py) holds each guest's START until the battle is launched:
    # the guest is paired and has the content, the session waits in state "lobby"
    hold_start = False

    def launch(self) -> None:
        """Host: send the START held back by `hold_start` (the lobby's Launch)."""
        self.hold_start = False
        if self.state == "lobby":
            self._send_start(resume=False)

    def _after_content(self) -> None:
        if self.hold_start and not self._resume_pending and self.state != "finished":
            self.state = "lobby"
            return
        if self._resume_pending:
            self._send_start(resume=True)
        elif self.state != "finished":          # after a game, the next one is the host's call (rematch)
            self._send_start(resume=False)

    def _send_start(self, resume: bool) -> None:
        if resume and self.lockstep is not None and self._start is not None:
            start = Start(self._start.game_no, self._start.seed, self._start.hash_len, self._start.options, True)
        else:
            seed = self.seed if self.seed is not None else int.from_bytes(os.urandom(8), "big")
            self.game_no += 1
            options = self.options
            if self.prepare_options is not None:            # the joining unit's own choices join in
                try:
                    options = bytes(self.prepare_options(dict(self.peer.content) if self.peer else {}, options))
                except ValueError as exc:
                    self.game_no -= 1
                    self._turn_away(ERR_GAME, f"the host cannot start a game with your choices: {exc}",
                                    self._joined(f"its choices cannot start a game: {exc}"))
                    return
            try:
                start = Start(self.game_no, seed, self.hash_len, options)
                game = self.make_game(seed, options)
            except ValueError as exc:
                self._fail(ERR_GAME, f"cannot start the game: {exc}")
                return
            self.lockstep = Lockstep(game, self, role="host", seed=seed, hash_len=self.hash_len,
                                     counters=self.counters, actions_per_poll=self.actions_per_poll,
                                     on_log=self.log_lines.append, now=self.link.now)
        self._start = start
        self._send(start.encode())
        self.state = "starting"
        self._log(f"{'resuming' if start.resume else 'starting'} game {start.game_no} (seed {start.seed})")

    def _on_start(self, start: Start) -> None:
        if self.is_host:
            raise ValueError("the host does not accept START")
        try:
            game = self.make_game(start.seed, start.options)
        except ValueError as exc:
            self._fail(ERR_GAME, f"cannot start the host's game: {exc}")
            return
        self._start = start
        self.game_no = start.game_no
        self.options = start.options
        self.hash_len = start.hash_len
        self.lockstep = Lockstep(game, self, role="guest", seed=start.seed, hash_len=start.hash_len,
                                 counters=self.counters, resume=start.resume,
                                 actions_per_poll=self.actions_per_poll, on_log=self.log_lines.append,
                                 now=self.link.now)
        self._send(Ready(start.game_no, self.lockstep.chain).encode())
        self.state = "playing"
        self._log(f"{'resuming' if start.resume else 'starting'} game {start.game_no} (seed {start.seed})")

    def _on_ready(self, ready: Ready) -> None:
        if not self.is_host or self.lockstep is None or self._start is None:
            raise ValueError("unexpected READY")
        if ready.game_no != self._start.game_no:
            return
        if self._start.resume:
            self._resume_pending = False
            self.lockstep.resume_guest()
        else:
            self.lockstep.on_ready(ready)
        self.state = "finished" if self.lockstep.done else "playing"
