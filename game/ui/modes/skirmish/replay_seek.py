"""Seeking in a replay on the replay screen: a turn back or forward (L / R), straight to any turn
(Y, or "Go to turn…" in the pause menu), fast forward (X).

A replay is deterministic, so a jump rebuilds the game from the replay's start and applies the
recorded actions, without animation, up to the first action of the wanted turn; the replay
then waits (paused) there. The recorded state hash of every turn is checked on the way.
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.ui.modes.skirmish.session import replay_match
from hw.input.buttons import Button


class ReplaySeek:
    def __init__(self, scene) -> None:
        self.scene = scene

    @property
    def replay(self):
        """The replay being watched (the match's header with the recorded actions and turns)."""
        return self.scene.watched

    def last_turn(self) -> int:
        return max((t[1] for t in self.replay.turns), default=self.scene.game.turn)

    def to_turn(self, turn: int) -> None:
        """Show the battle as it stood when turn `turn` (0 = the first) began."""
        sc = self.scene
        turn = max(0, min(turn, self.last_turn()))
        match = replay_match(sc.game.rs, self.replay)
        d = match.everyone
        hashes = {n: h for _, n, h in self.replay.turns}
        problem = ""
        while not d.done and match.game.turn < turn and not match.over:
            try:
                match.apply(match.game.decode_action(d.actions[d.index]))
            except ActionError as exc:
                problem = f"the replay breaks at action {d.index + 1}: {exc}"
                break
            d.index += 1
            g = match.game
            if g.turn in hashes and hashes[g.turn] != g.state_hash():
                problem = f"the replay no longer matches the rules at turn {g.turn + 1}"
        d.paused = True
        sc.match.close()
        sc.restart(match)
        text = problem or f"turn {match.game.turn + 1} of {self.last_turn() + 1} (A: play)"
        sc.message, sc.message_until = text, sc.time + 3.0

    def choose_turn(self) -> None:
        last = self.last_turn()
        options = [(f"Turn {n + 1}", lambda n=n: self.to_turn(n)) for n in range(last + 1)]
        self.scene.app.open("choice", title="Go to turn", options=options)

    def handle(self, ev) -> bool:
        """L / R a turn back / forward, Y the list of turns, X fast forward; True = taken."""
        g = self.scene.game
        if ev.pressed(Button.L):
            self.to_turn(g.turn - 1)
        elif ev.pressed(Button.R):
            self.to_turn(g.turn + 1)
        elif ev.pressed(Button.Y):
            self.choose_turn()
        elif ev.pressed(Button.X):
            sc = self.scene
            sc.fast = not sc.fast
            sc.anim.speed = 4.0 if sc.fast else 1.0
        else:
            return False
        return True
