"""A linked game of any mode: one Match, and the one adapter the lockstep plays it through
(`firmware_bridge.lockstep.LockstepGame`, duck-typed).

    adapter = LinkedMatch(match, hook, unit=0)      # the host's unit; hook: the mode's LinkHook
    session = Session(..., make_game=lambda seed, opts: adapter)

The lockstep asks `whose_turn_is_local` (the seat to act has no `RemoteDriver`), takes this
unit's move from the seat's own driver (the person's `HumanDriver`, a `BotDriver`) through
`next_local_action`, and applies every move - this unit's and the other unit's - through
`apply`, which goes to `Match.apply`: the one place the game changes, the replay and the stats
are recorded and the screens hear what happened (`Match.listen`). A resync replaces the Match's
game (`Match.replace_game`). The mode's hook gives the wire codec and the snapshot.

Batched modes (the duel: a whole turn is one move): the seat's steps are applied as they come
(the screen shows them at once) and sent with the action that ends the move, coded against the
game as the move found it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.link.remote import RemoteDriver
from game.modes.base import ActionError

MAX_STEPS_A_POLL = 64       # a batched seat's steps taken in one poll (a bot plans a whole turn)


@dataclass(frozen=True)
class Move:
    """What crosses the cable as one TURN message: `actions` of the seat to act; the first
    `applied` of them are on the board already (this unit's steps), `start` is the game as the
    move found it (its code is relative to it)."""
    actions: tuple
    applied: int = 0
    start: object = field(default=None, compare=False, repr=False)


class LinkedMatch:
    def __init__(self, match, hook, unit: int) -> None:
        self.match = match
        self.hook = hook
        self.unit = unit
        self.link_mode = match.mode
        self.person = None              # the driver of this unit's people, when a screen plays
        self._steps: list = []          # batched: this unit's steps of the move in progress
        self._start = None              # batched: the game as that move found it

    @property
    def game(self):
        return self.match.game

    @property
    def local_host(self) -> bool:
        return self.unit == 0

    def local_seats(self) -> list[int]:
        return [s for s in sorted(self.match.players) if not isinstance(self.match.drivers.get(s), RemoteDriver)]

    # --- LockstepGame -----------------------------------------------------------------------------
    catch_up = 0        # moves of the battle so far still to come from a lobby's host (issue 22)

    def whose_turn_is_local(self) -> bool:
        if self.catch_up:
            return False                        # the battle so far first: every move is the host's
        seat = self.match.to_act()
        return seat is not None and not isinstance(self.match.driver(seat), RemoteDriver)

    def next_local_action(self):
        """This unit's next move, or None while its seat's driver has not decided."""
        m = self.match
        seat = m.to_act()
        if seat is None:
            return None
        driver = m.driver(seat)
        if driver is None or isinstance(driver, RemoteDriver):
            return None
        for _ in range(MAX_STEPS_A_POLL):
            action = driver.next_action(m, seat)
            if action is None:
                return None
            if not self.hook.batched or self.hook.ends_move(m.game, action):
                move = Move((*self._steps, action), len(self._steps), self._start)
                self._steps, self._start = [], None
                return move
            if not self._steps:
                self._start = self.hook.copy(m)
            try:
                m.apply(action)                 # a step: on the board now, sent with the move
            except ActionError as exc:
                m.notice(f"{m.player(seat).name}: {exc}")
                return None
            self._steps.append(action)
            if m.to_act() != seat:              # a step that handed the turn on: send what there is
                move = Move(tuple(self._steps), len(self._steps), self._start)
                self._steps, self._start = [], None
                return move
        return None

    def encode_action(self, move: Move) -> bytes:
        game = move.start if move.start is not None else self.match.game
        return bytes(self.hook.encode_move(game, list(move.actions)))

    def decode_action(self, data: bytes) -> Move:
        """ValueError (ActionError is one) for bytes that are no move on this state."""
        return Move(tuple(self.hook.decode_move(self.match.game, bytes(data))))

    def is_legal(self, move: Move) -> bool:
        if self.match.over:
            return False
        try:
            if move.applied:                    # this unit's steps are legal already: the rest
                for a in move.actions[move.applied:]:
                    self.match.game.check(a)
            else:
                self.hook.check_move(self.match.game, list(move.actions))
        except ActionError:
            return False
        return True

    def replacement_for(self, move):
        actions = self.hook.replacement(self.match)
        return Move(tuple(actions)) if actions else None

    def apply(self, move: Move) -> None:
        m = self.match
        rest = move.actions[move.applied:]
        driver = m.driver(m.to_act())
        if isinstance(driver, RemoteDriver):
            driver.play(m, rest)
        else:
            for a in rest:
                m.apply(a)
        if self.catch_up:
            self.catch_up -= 1

    def turn_hash(self) -> bytes:
        return bytes.fromhex(self.match.game.state_hash())

    def snapshot(self) -> bytes:
        return self.hook.snapshot(self.match.game)

    def restore(self, data: bytes) -> None:
        game = self.hook.restore(self.match, bytes(data))      # ValueError: nothing changes
        self._steps, self._start = [], None
        self.catch_up = 0
        self.match.replace_game(game, "back in step with the other unit")

    def rejected(self, replacement) -> None:
        """The lockstep's word (a guest): the host did not accept this unit's last move and
        played `replacement` instead (the snapshot that followed is restored already)."""
        peer = self.match.link.get("peer") or "the other unit"
        self.match.notice(f"{peer} did not accept your last move; it played another")

    def finished(self) -> bool:
        return self.match.over
