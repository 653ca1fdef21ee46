"""The cable self-test game: a tiny deterministic two-player number game over the link.

It implements `LockstepGame` with nothing but integers and a `Pcg32` kept in the state, so it
runs anywhere the link runs (no rules, no assets). Uses: the link self-test ("play 200 quick
turns with the other unit and compare hashes"), the link benchmark, and the link tests.

Rules: players alternate; on a turn a player adds 1–9 to a shared counter (not the number the
previous player chose: that makes legality depend on the state) or passes (0, always legal).
A generator in the state mixes into the counter, so a wrongly applied action shows in the hash.
The game ends after `length` turns.

An action is 2 bytes on the wire: the number and a check byte (`n ^ 0xA5`), so a garbled action
is recognised (`decode_action` raises ValueError).
"""

from __future__ import annotations

import hashlib
import json

from game.core.prng import Pcg32


class SelfTestGame:
    PASS = 0

    def __init__(self, seed: int, local_seat: int, length: int = 200, *, bot_delay: int = 0) -> None:
        if local_seat not in (0, 1):
            raise ValueError(f"local seat must be 0 or 1, got {local_seat}")
        if not 1 <= length <= 1_000_000:
            raise ValueError(f"game length {length} out of range")
        self.local_seat = local_seat
        self.length = length
        self.rng = Pcg32(seed, 0x5E1F)
        self.counter = 0
        self.scores = [0, 0]
        self.last = 0
        self.turn = 0
        self.bot = Pcg32(seed, 0xB0 + local_seat)   # each unit's bot plays its own way
        self.bot_delay = bot_delay          # polls the bot "thinks" before each action
        self._thinking = 0
        self.applied: list[int] = []        # every action applied, in order (for tests)

    # --- LockstepGame -------------------------------------------------------------------
    def whose_turn_is_local(self) -> bool:
        return self.turn % 2 == self.local_seat

    def next_local_action(self) -> int | None:
        if self._thinking < self.bot_delay:
            self._thinking += 1
            return None
        self._thinking = 0
        r = self.bot.next_u32()
        n = 1 + r % 9
        if n == self.last:
            n = self.PASS if r & 0x100 else 1 + (n % 9)
        return n

    def encode_action(self, action: int) -> bytes:
        return bytes([action, action ^ 0xA5])

    def decode_action(self, data: bytes) -> int:
        if len(data) != 2 or data[1] != data[0] ^ 0xA5 or data[0] > 9:
            raise ValueError(f"not a self-test action: {bytes(data).hex()}")
        return data[0]

    def is_legal(self, action: int) -> bool:
        return isinstance(action, int) and 0 <= action <= 9 and (action == self.PASS or action != self.last)

    def replacement_for(self, action):
        return self.PASS

    def apply(self, action: int) -> None:
        if not self.is_legal(action) or self.finished():
            raise ValueError(f"illegal action {action!r}")
        r = self.rng.next_u32()
        self.counter = (self.counter * 31 + action + r % 7) & 0xFFFF
        self.scores[self.turn % 2] += action
        self.last = action
        self.turn += 1
        self.applied.append(action)

    def turn_hash(self) -> bytes:
        return hashlib.blake2b(self._state_bytes(), digest_size=16).digest()

    def snapshot(self) -> bytes:
        return self._state_bytes()

    def restore(self, data: bytes) -> None:
        try:
            s = json.loads(data)
            rng, counter, scores, last, turn, length = (s["rng"], s["counter"], s["scores"], s["last"],
                                                        s["turn"], s["length"])
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"bad self-test snapshot: {exc}") from None
        ints = [counter, last, turn, length, *scores, *rng] \
            if isinstance(scores, list) and isinstance(rng, list) and len(rng) == 2 else []
        if len(ints) != 8 or not all(isinstance(v, int) and v >= 0 for v in ints) or turn > length:
            raise ValueError("bad self-test snapshot: fields out of range")
        try:
            self.rng = Pcg32.from_state(tuple(rng))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bad self-test snapshot: rng {exc}") from None
        self.counter, self.scores = counter, list(scores)
        self.last, self.turn, self.length = last, turn, length

    def finished(self) -> bool:
        return self.turn >= self.length

    # ------------------------------------------------------------------------------------
    def _state_bytes(self) -> bytes:
        return json.dumps({"rng": list(self.rng.get_state()), "counter": self.counter, "scores": self.scores,
                           "last": self.last, "turn": self.turn, "length": self.length},
                          sort_keys=True, separators=(",", ":")).encode("ascii")
