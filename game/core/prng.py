"""PCG32 (XSH-RR, 64-bit state), the only source of randomness in Tactibox rules.

O'Neill's reference generator, written with explicit 64-bit masks so the stream is identical on
every platform and Python version. Its whole state is two integers that live inside a game's
state, so saving, hashing and replaying a game carries the generator along.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
MULT = 6364136223846793005


class Pcg32:
    """A PCG32 stream. `Pcg32(seed, stream)` matches the reference `pcg32_srandom_r(seed, stream)`."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = 0x54) -> None:
        self.state = 0
        self.inc = ((stream << 1) | 1) & MASK64
        self.next_u32()
        self.state = (self.state + (seed & MASK64)) & MASK64
        self.next_u32()

    @classmethod
    def from_state(cls, state: tuple[int, int]) -> Pcg32:
        rng = cls.__new__(cls)
        rng.state, rng.inc = int(state[0]) & MASK64, (int(state[1]) | 1) & MASK64
        return rng

    def get_state(self) -> tuple[int, int]:
        return (self.state, self.inc)

    def copy(self) -> Pcg32:
        return Pcg32.from_state(self.get_state())

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * MULT + self.inc) & MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & MASK32

    def below(self, bound: int) -> int:
        """Uniform integer in [0, bound) without modulo bias (reference `pcg32_boundedrand_r`)."""
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        if bound > MASK32 + 1:
            raise ValueError(f"bound {bound} exceeds 2**32")
        threshold = ((MASK32 + 1) - bound) % bound
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % bound

    def between(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi] (both ends included)."""
        return lo + self.below(hi - lo + 1)

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability numerator/denominator (exact; clamps to 0 and 1)."""
        if numerator <= 0:
            return False
        if numerator >= denominator:
            return True
        return self.below(denominator) < numerator

    def choice(self, seq):
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq, k: int) -> list:
        pool = list(seq)
        if k > len(pool):
            raise ValueError(f"sample of {k} from {len(pool)} items")
        self.shuffle(pool)
        return pool[:k]
