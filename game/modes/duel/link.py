"""The duel over the cable: the `LockstepGame` adapter `firmware_bridge.lockstep` drives.

Every step and every final action is one lockstep action, sent the moment it is made (the War
of Wizards plan: "moves are sent immediately"): 1 byte (`wire.action_to_bytes`), one TURN frame
each, checked by the host (`illegal_reason`) and hashed into the lockstep chain like any action,
so the two units stay exact step by step and the other unit sees each step as it happens.
A person's actions are queued by `play_local` (checked against the game with the queue applied)
and taken by the lockstep on its next poll; a bot chooses one action at a time.

Structural only: nothing here imports firmware_bridge (the engine stays below the link).
"""

from __future__ import annotations

from collections import deque

from game.modes.base import ActionError

from .actions import Action, end_turn
from .bot import DuelBot
from .game import DuelGame
from .snapshot import decode_snapshot, encode_snapshot
from .wire import action_from_bytes, action_to_bytes


def encode_duel_setup(options, max_turns: int) -> bytes:
    """START's duel bytes: the options byte (FoV, potions, level size), the turn limit (2 bytes)."""
    if not 1 <= max_turns <= 0xFFFF:
        raise ValueError(f"turn limit {max_turns}: expected 1..65535")
    return bytes([options.to_byte(), max_turns >> 8, max_turns & 255])


def decode_duel_setup(data: bytes):
    from .options import DuelOptions
    if len(data) != 3:
        raise ValueError(f"duel setup: {len(data)} bytes, expected 3")
    max_turns = data[1] << 8 | data[2]
    if max_turns < 1:
        raise ValueError("duel setup: turn limit 0")
    return DuelOptions.from_byte(data[0]), max_turns


def make_duel(seed: int, setup: bytes, local_seat: int, level: str | None, on_turn=None):
    """The adapter for seat `local_seat` (0 host, 1 guest); level None = a person plays it."""
    options, max_turns = decode_duel_setup(setup)
    return DuelOverLink(DuelGame.new(seed, options), local_seat, DuelBot(level) if level else None, max_turns,
                        on_turn=on_turn)


class DuelOverLink:
    """One unit's side of a linked duel. `bot=None` means a person plays this seat: the UI
    hands each step / final action to `play_local(action)`."""

    link_mode = "duel"              # the mode registry id (the link tags START with it)

    def __init__(self, game: DuelGame, local_seat: int, bot: DuelBot | None = None,
                 max_turns: int | None = None, on_turn=None):
        if local_seat not in (0, 1):
            raise ValueError("local_seat must be 0 (host) or 1 (guest)")
        self.game = game
        self.local_seat = local_seat
        self.bot = bot
        self.max_turns = max_turns
        self.pending: deque[Action] = deque()   # a person's actions not yet taken by the lockstep
        self.last_events: list = []
        self.turn_events: list = []             # the events of the turn in progress (for on_turn)
        self.on_turn = on_turn                  # on_turn(game, events) after each completed turn (logs)

    # --- local play -----------------------------------------------------------------------
    def whose_turn_is_local(self) -> bool:
        return not self.game.is_over() and self.game.state.current == self.local_seat

    def play_local(self, action: Action) -> None:
        """A person's step or final action (from the keypad), sent on the lockstep's next poll.
        Raises ActionError with the reason if it cannot be played after what is queued."""
        if not self.whose_turn_is_local():
            raise ActionError("it is not this unit's turn")
        if self.pending and not self.pending[-1].is_step:
            raise ActionError("the turn is already complete")
        trial = self.game
        if self.pending:
            trial = DuelGame(self.game.state.clone())
            for a in self.pending:
                trial.apply(a)
        why = trial.illegal_reason(action)
        if why:
            raise ActionError(why)
        self.pending.append(action)

    def next_local_action(self):
        """The next local action: a person's queued one, or the bot's choice; else None."""
        if not self.whose_turn_is_local():
            return None
        if self.pending:
            return self.pending.popleft()
        if self.bot is not None:
            return self.bot.choose(self.game.view(self.local_seat))
        return None

    # --- lockstep -------------------------------------------------------------------------
    def encode_action(self, action) -> bytes:
        return action_to_bytes(action)

    def decode_action(self, data: bytes):
        return action_from_bytes(bytes(data))

    def is_legal(self, action) -> bool:
        return isinstance(action, Action) and self.game.illegal_reason(action) is None

    def replacement_for(self, action):
        """The host ends the turn instead of an illegal guest action."""
        return None if self.game.is_over() else end_turn()

    def apply(self, action) -> None:
        events = list(self.game.apply(action))
        if not action.is_step and self.max_turns is not None and self.game.turn >= self.max_turns \
                and not self.game.is_over():
            events.extend(self.game.end_as_draw("turn limit"))
        self.last_events = events
        self.turn_events.extend(events)
        if not action.is_step or self.game.is_over():
            done, self.turn_events = self.turn_events, []
            if self.on_turn is not None:
                self.on_turn(self.game, done)

    def turn_hash(self) -> bytes:
        return bytes.fromhex(self.game.state_hash())

    def snapshot(self) -> bytes:
        return encode_snapshot(self.game.state)

    def restore(self, data: bytes) -> None:
        self.game = DuelGame(decode_snapshot(data))
        self.pending.clear()
        self.turn_events = []

    def finished(self) -> bool:
        return self.game.is_over()
