"""Lockstep for up to four units (issue 22): a star through the host, host-authoritative.

The two-unit `Lockstep` (lockstep.py) stays as it is on every unit. A guest cannot tell a star
from a cable: for it every seat it does not play is played "by the host", whose turns arrive in
order with the chained hash. On the host each guest connection has its own `Session` and its
own `Lockstep`, played against a `GuestView` of the one real game:

    star = StarHost(adapter, unit_to_act=lambda: ...)   # adapter: the host's LockstepGame
    session_k = Session(link_k, ..., make_game=lambda seed, opts: star.view(k))
    star.poll()                     # every frame, before the sessions: plays the host's seats

* the real game changes in one place, `StarHost.apply(unit, move)`: the host's own moves (its
  people, its bots, the bots standing in for units that dropped) and each guest's move as its
  Lockstep accepted it (decoded, checked, applied on the host's state: the host rule check and
  replacement of the two-unit link are unchanged);
* every applied move is queued, as wire bytes coded against the state it was applied to and the
  state hash after it, on the views of all the *other* connected units; a view's Lockstep sends
  its queue as its own "local" turns (`next_local_action` pops, `apply` only moves the hash on),
  so each guest receives every move of every other unit in order, with the chained hash;
* a view's snapshot (a resync for that guest) first folds its queue into its chain: the snapshot
  is the real game now, which already holds those moves;
* a view's game is "finished" only when the real game is over and its queue is sent, so its FIN
  carries the final chain.

Each view's Lockstep keeps its own chain, epoch and resync state: one guest's resync never holds
up the others. Memory: a view's queue holds at most the moves since its guest was last sent one;
a view whose queue passes `MAX_QUEUE` (a guest that stopped acknowledging) is folded into its
next snapshot instead (`overflowed`), and the lobby drops that guest.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .lockstep import chain_next

MAX_QUEUE = 4096            # moves queued for one guest before it is resynced instead


@dataclass(frozen=True)
class Relayed:
    """A move made on another unit (or by the host), on its way to one guest."""
    data: bytes
    hash_after: bytes


class GuestView:
    """One guest's view of the host's real game: the `LockstepGame` its host-side Lockstep plays."""

    def __init__(self, star: StarHost, unit: int) -> None:
        self.star = star
        self.unit = unit
        self.queue: deque[Relayed] = deque()
        self.overflowed = False
        self.lockstep = None            # set by the lobby once the session made its Lockstep
        self._hash = star.game.turn_hash()

    def relay(self, item: Relayed) -> None:
        if len(self.queue) >= MAX_QUEUE:
            self.overflowed = True
            return
        self.queue.append(item)

    # --- LockstepGame ------------------------------------------------------------------------
    def whose_turn_is_local(self) -> bool:
        """"Local" from this connection's side: anything the host sends (every unit's moves but
        this guest's). Remote only when this guest's own seat moves and it has every move before."""
        if self.queue or self.overflowed:
            return True
        return self.star.unit_to_act() != self.unit

    def next_local_action(self):
        return self.queue.popleft() if self.queue else None

    def encode_action(self, action) -> bytes:
        if isinstance(action, Relayed):
            return action.data
        return self.star.game.encode_action(action)

    def decode_action(self, data: bytes):
        return self.star.game.decode_action(data)

    def is_legal(self, action) -> bool:
        if isinstance(action, Relayed):
            return True
        return self.star.unit_to_act() == self.unit and self.star.game.is_legal(action)

    def replacement_for(self, action):
        return self.star.game.replacement_for(action)

    def apply(self, action) -> None:
        if isinstance(action, Relayed):
            self._hash = action.hash_after
            return
        self.star.apply(self.unit, action, encoded=None)
        self._hash = self.star.game.turn_hash()

    def turn_hash(self) -> bytes:
        return self._hash

    def snapshot(self) -> bytes:
        ls = self.lockstep
        for item in self.queue:                 # the snapshot holds them: fold them into the chain
            if ls is not None:
                ls.turns += 1
                ls.chain = chain_next(ls.chain, item.hash_after)
        self.queue.clear()
        if self.overflowed and ls is not None:  # moves were not queued: the chain starts afresh here
            ls.chain = chain_next(ls.chain, self.star.game.turn_hash())
            ls.turns += 1
        self.overflowed = False
        self._hash = self.star.game.turn_hash()
        return self.star.game.snapshot()

    def restore(self, data: bytes) -> None:
        raise ValueError("the host does not restore snapshots")

    def finished(self) -> bool:
        return self.star.game.finished() and not self.queue and not self.overflowed


class StarHost:
    """The host's side of an N-unit lockstep. `game`: the host's LockstepGame (its real game);
    `unit_to_act()`: the unit whose seat moves (0 the host, also for seats its bots play), None
    when the game is over."""

    def __init__(self, game, *, unit_to_act: Callable[[], int | None], actions_per_poll: int = 1,
                 on_move: Callable[[int, object], None] | None = None) -> None:
        self.game = game
        self.unit_to_act = unit_to_act
        self.actions_per_poll = actions_per_poll
        self.on_move = on_move
        self.views: dict[object, GuestView] = {}
        self.turns = 0
        self.moves_by_unit: dict[int, int] = {}
        # every move since the start (bounded: MAX_QUEUE), so a unit that comes back or starts
        # watching mid-battle is sent the whole battle move by move and keeps a full replay
        self.start_hash = game.turn_hash()
        self.history: list[Relayed] | None = []

    def catch_up(self) -> int:
        """How many moves a view made now sends before the present (0: none, or the history
        outgrew MAX_QUEUE and the guest is brought up to date by a snapshot instead)."""
        return len(self.history) if self.history is not None else 0

    def view(self, key, unit: int) -> GuestView:
        """A fresh view for the connection `key` of `unit` (a guest that joins or comes back, or a
        spectator: a unit number that owns no seat): its Lockstep starts at the battle's start and
        its queue holds every move so far (`catch_up`); without the history, at the present."""
        v = GuestView(self, unit)
        if self.history:
            v._hash = self.start_hash
            v.queue.extend(self.history)
        self.views[key] = v
        return v

    def forget(self, key) -> None:
        self.views.pop(key, None)

    def apply(self, unit: int, move, encoded: bytes | None = None) -> None:
        """The one place the real game changes: `move` of `unit` (legal: checked by the caller)."""
        data = bytes(encoded) if encoded is not None else bytes(self.game.encode_action(move))
        self.game.apply(move)
        item = Relayed(data, self.game.turn_hash())
        if self.history is not None:
            self.history.append(item)
            if len(self.history) > MAX_QUEUE:
                self.history = None
        self.turns += 1
        self.moves_by_unit[unit] = self.moves_by_unit.get(unit, 0) + 1
        for v in self.views.values():
            if v.unit != unit:
                v.relay(item)
        if self.on_move is not None:
            self.on_move(unit, move)

    def poll(self) -> None:
        """Play the host's own seats (its people and bots, and the bots standing in)."""
        for _ in range(self.actions_per_poll):
            if self.game.finished() or self.unit_to_act() != 0:
                return
            move = self.game.next_local_action()
            if move is None or not self.game.is_legal(move):
                return
            self.apply(0, move)
