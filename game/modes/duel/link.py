"""The duel over the cable: the `LockstepGame` adapter `firmware_bridge.lockstep` drives.

On the link a *whole turn* is one lockstep action (its steps and its final action, packed by
`wire.pack_turn` into 1..3 bytes), so a turn costs one TURN frame; the screen still shows the
steps one by one as they are applied from the turn. The local player's turn is built step by step
(`TurnBuilder`, on a private copy of the game: the UI previews each step there, or the bot plans
on it) and handed over when its final action is chosen.

Structural only: nothing here imports firmware_bridge (the engine stays below the link).
"""

from __future__ import annotations

from game.modes.base import ActionError

from .actions import Action, end_turn
from .bot import DuelBot
from .game import DuelGame
from .snapshot import decode_snapshot, encode_snapshot
from .wire import pack_turn, unpack_turn


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


class TurnBuilder:
    """The local player's turn in progress, on a copy of the game."""

    def __init__(self, game: DuelGame):
        self.preview = DuelGame(game.state.clone())
        self.actions: list[Action] = []
        self.events: list = []

    def add(self, action: Action) -> list:
        """Apply one step or the final action to the preview; raises ActionError if illegal."""
        if self.complete:
            raise ActionError("the turn is already complete")
        ev = self.preview.apply(action)
        self.actions.append(action)
        self.events.extend(ev)
        return ev

    @property
    def complete(self) -> bool:
        return bool(self.actions) and not self.actions[-1].is_step


class DuelOverLink:
    """One unit's side of a linked duel. `bot=None` means a person plays this seat: the UI
    feeds `TurnBuilder` actions through `play_local(action)`."""

    link_mode = "duel"              # the mode registry id (the link tags START with it)

    def __init__(self, game: DuelGame, local_seat: int, bot: DuelBot | None = None,
                 max_turns: int | None = None, on_turn=None):
        if local_seat not in (0, 1):
            raise ValueError("local_seat must be 0 (host) or 1 (guest)")
        self.game = game
        self.local_seat = local_seat
        self.bot = bot
        self.max_turns = max_turns
        self.builder: TurnBuilder | None = None
        self.last_events: list = []
        self.on_turn = on_turn            # on_turn(game, events) after each applied turn (logs)

    # --- local play -----------------------------------------------------------------------
    def whose_turn_is_local(self) -> bool:
        return not self.game.is_over() and self.game.state.current == self.local_seat

    def play_local(self, action: Action) -> list:
        """A person's step or final action (from the keypad); the preview's events come back."""
        if not self.whose_turn_is_local():
            raise ActionError("it is not this unit's turn")
        if self.builder is None:
            self.builder = TurnBuilder(self.game)
        return self.builder.add(action)

    def next_local_action(self):
        """The whole local turn once complete (the bot plans it at once), else None."""
        if not self.whose_turn_is_local():
            return None
        if self.bot is not None and self.builder is None:
            self.builder = TurnBuilder(self.game)
            pv = self.builder.preview
            while not self.builder.complete:
                self.builder.add(self.bot.choose(pv.view(self.local_seat)))
        if self.builder is not None and self.builder.complete:
            turn = tuple(self.builder.actions)
            self.builder = None
            return turn
        return None

    # --- lockstep -------------------------------------------------------------------------
    def encode_action(self, turn) -> bytes:
        return pack_turn(turn)

    def decode_action(self, data: bytes):
        return tuple(unpack_turn(data))

    def is_legal(self, turn) -> bool:
        if not isinstance(turn, tuple) or not turn:
            return False
        trial = DuelGame(self.game.state.clone())
        try:
            for a in turn:
                trial.apply(a)
        except ActionError:
            return False
        return trial.turn == self.game.turn + 1 or trial.is_over()

    def replacement_for(self, turn):
        """The host applies "end turn" instead of an illegal guest turn."""
        return None if self.game.is_over() else (end_turn(),)

    def apply(self, turn) -> None:
        events = []
        for a in turn:
            events.extend(self.game.apply(a))
        if self.max_turns is not None and self.game.turn >= self.max_turns and not self.game.is_over():
            events.extend(self.game.end_as_draw("turn limit"))
        self.last_events = events
        self.builder = None
        if self.on_turn is not None:
            self.on_turn(self.game, events)

    def turn_hash(self) -> bytes:
        return bytes.fromhex(self.game.state_hash())

    def snapshot(self) -> bytes:
        return encode_snapshot(self.game.state)

    def restore(self, data: bytes) -> None:
        self.game = DuelGame(decode_snapshot(data))
        self.builder = None

    def finished(self) -> bool:
        return self.game.is_over()
