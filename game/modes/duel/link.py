"""The duel over the cable: the `LockstepGame` adapter `firmware_bridge.lockstep` drives.

A *whole turn* (its steps and its final action) is one lockstep action, sent the moment the turn
is complete: one TURN frame a turn, its payload the turn's legal-choice code (`turn_code`, 0..3
bytes, 1.67 on average) and the 1-byte chained state hash. That keeps a linked duel within
DESIGN.md's 8 framed bytes a turn (both directions, acks included; `./dev bench link`); sending
each step on its own cost ~31 B a turn, because every frame carries at least 4 bytes of header,
CRC and delimiter. The other unit's screen then shows the turn's steps one by one as it applies
them (the duel's linked screen, in its UI part), as it shows a bot's.

A person's steps are queued by `play_local` (each checked against the game with the queue
applied; the screen shows them at once on its own copy) and the turn goes out when its final
action is queued. A bot plans its turn step by step on a private copy, then hands it over whole.
The host checks every guest turn: a turn that does not decode is not legal on its state
(`turn_code.decode` accepts exactly the legal turns), so the lockstep rolls the guest back
with a snapshot and it plays the turn again.

Structural only: nothing here imports firmware_bridge (the engine stays below the link).
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.modes.base import ActionError, why_not

from . import turn_code
from .actions import Action, end_turn
from .bot import DuelBot
from .game import DuelGame
from .match import RULES_HASH
from .snapshot import decode_snapshot, encode_snapshot
from .state import MAX_STEPS


def link_rules_hash() -> bytes:
    """The duel's content at hello: the rules (replays' `RULES_HASH`) and the TURN payload version,
    so units that would not understand each other's turns refuse at hello ("different Wizard duel
    rules") instead of resyncing every turn. Replays keep `RULES_HASH`: their actions are codes."""
    return bytes.fromhex(canonical_hash({"rules": RULES_HASH, "link_turn_code": turn_code.LINK_TURN_CODE}))


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
    hands each step / final action to `play_local(action)`. Lockstep actions are whole turns:
    tuples of `Action`s, steps then one final action."""

    link_mode = "duel"              # the mode registry id (the link tags START with it)

    def __init__(self, game: DuelGame, local_seat: int, bot: DuelBot | None = None,
                 max_turns: int | None = None, on_turn=None):
        if local_seat not in (0, 1):
            raise ValueError("local_seat must be 0 (host) or 1 (guest)")
        self.game = game
        self.local_seat = local_seat
        self.bot = bot
        self.max_turns = max_turns
        self.pending: list[Action] = []         # a person's turn in progress (sent once complete)
        self.last_events: list = []             # the events of the last applied turn
        self.on_turn = on_turn                  # on_turn(game, events) after each completed turn (logs)

    # --- local play -----------------------------------------------------------------------
    def whose_turn_is_local(self) -> bool:
        return not self.game.is_over() and self.game.state.current == self.local_seat

    def play_local(self, action: Action) -> None:
        """A person's step or final action (from the keypad); the turn is sent on the lockstep's
        next poll after its final action. Raises ActionError with the reason if it cannot be
        played after what is queued."""
        if not self.whose_turn_is_local():
            raise ActionError("it is not this unit's turn")
        if self.pending and not self.pending[-1].is_step:
            raise ActionError("the turn is already complete")
        trial = self.game
        if self.pending:
            trial = DuelGame(self.game.state.clone())
            for a in self.pending:
                trial.apply(a)
        trial.check(action)                     # ActionError with the reason
        self.pending.append(action)

    def next_local_action(self):
        """The local turn once it is complete (a person's queued turn, or the bot's), else None."""
        if not self.whose_turn_is_local():
            return None
        if self.pending:
            if self.pending[-1].is_step:
                return None                     # the person is still walking
            turn, self.pending = tuple(self.pending), []
            return turn
        if self.bot is not None:
            return self._bot_turn()
        return None

    def _bot_turn(self) -> tuple[Action, ...]:
        preview = DuelGame(self.game.state.clone())
        turn: list[Action] = []
        for _ in range(MAX_STEPS + 1):
            a = self.bot.choose(preview.view(self.local_seat))
            if why_not(preview, a) is not None or (a.is_step and len(turn) == MAX_STEPS):
                a = end_turn()
            preview.apply(a)
            turn.append(a)
            if not a.is_step:
                break
        return tuple(turn)

    # --- lockstep -------------------------------------------------------------------------
    def encode_action(self, turn) -> bytes:
        """The turn's code, relative to the state it is about to be applied to."""
        return turn_code.encode(self.game.state, turn)

    def decode_action(self, data: bytes):
        """ActionError (a ValueError) naming the frame for anything that is not a legal turn now."""
        return turn_code.decode(self.game.state, bytes(data))

    def is_legal(self, turn) -> bool:
        try:
            turn_code.encode(self.game.state, turn)
        except ActionError:
            return False
        return True

    def replacement_for(self, turn):
        """The host ends the turn instead of an illegal guest turn."""
        return None if self.game.is_over() else (end_turn(),)

    def apply(self, turn) -> None:
        events: list = []
        for a in turn:
            events.extend(self.game.apply(a))
        if self.max_turns is not None and self.game.turn >= self.max_turns and not self.game.is_over():
            events.extend(self.game.end_as_draw("turn limit"))
        self.last_events = events
        if self.on_turn is not None:
            self.on_turn(self.game, events)

    def turn_hash(self) -> bytes:
        return bytes.fromhex(self.game.state_hash())

    def snapshot(self) -> bytes:
        return encode_snapshot(self.game.state)

    def restore(self, data: bytes) -> None:
        self.game = DuelGame(decode_snapshot(data))
        self.pending = []

    def finished(self) -> bool:
        return self.game.is_over()
