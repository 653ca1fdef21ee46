"""Elo ratings for battles of 2-4 armies, computed from placements. Pure functions, no I/O.

The WoS stats view gives human players a "chess rating"; bots only *appear* to have one: playing
against a bot never moves anybody's rating. Tactibox's rules for a finished battle:

- Every human starts at ``START_RATING`` = 1500.
- The battle is split into pairs of seats. In each pair the better (lower) placement wins and
  scores 1, the other scores 0; equal placements (should the engine ever report them; WoS has no
  ties) score 1/2 each.
- Pairs involving a bot are skipped for ratings. They still count in the win/loss tallies
  (``pair_tallies``): "Bot Blue has lost 2x to me".
- Expected score of A against B: ``E = 1 / (1 + 10 ** ((R_B - R_A) / 400))``.
- A human with ``m`` human opponents in the battle plays ``m`` rated pairs, each worth
  ``K / m`` with ``K = K_FACTOR`` = 32, so one battle moves a rating by at most 32 points
  whether it had two players or four (a duel is plain chess Elo with K = 32).
- A player's change is the sum of ``(K / m) * (S - E)`` over their rated pairs, rounded once, at
  the end, to an integer, half away from zero (+16.5 -> +17, -16.5 -> -17). Ratings are
  integers. After rounding the changes of one battle may not add up to exactly zero.
- Arithmetic is done in ``decimal`` with 28 significant digits (a software implementation, so the
  result is the same on an x86 desktop and an ARM Pi).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Context, Decimal

START_RATING = 1500
K_FACTOR = 32

_CTX = Context(prec=28)
_ONE = Decimal(1)
_HALF = Decimal("0.5")


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One army's result in a finished battle. Placement 1 is the winner."""

    player: str
    placement: int
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class Record:
    """Win/loss/draw counts of one player against one opponent."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def __add__(self, other: Record) -> Record:
        return Record(self.wins + other.wins, self.losses + other.losses, self.draws + other.draws)


def round_half_away_from_zero(value: Decimal) -> int:
    """Nearest integer; exact halves go away from zero (2.5 -> 3, -2.5 -> -3)."""
    return int(value.quantize(_ONE, rounding=ROUND_HALF_UP, context=_CTX))


def expected_score(rating: int, opponent: int) -> Decimal:
    """Elo expectation of a player rated `rating` against one rated `opponent` (0..1)."""
    exponent = _CTX.divide(Decimal(opponent - rating), Decimal(400))
    return _CTX.divide(_ONE, _CTX.add(_ONE, _CTX.power(Decimal(10), exponent)))


def pair_score(placement: int, opponent_placement: int) -> Decimal:
    """1 if the placement is better (lower) than the opponent's, 0 if worse, 1/2 if equal."""
    if placement < opponent_placement:
        return _ONE
    if placement > opponent_placement:
        return Decimal(0)
    return _HALF


def _check(seats: Sequence[SeatResult]) -> None:
    humans = [s.player for s in seats if not s.is_bot]
    if len(set(humans)) != len(humans):
        raise ValueError(f"a human player appears twice in one battle: {humans}")
    for s in seats:
        if not isinstance(s.placement, int) or isinstance(s.placement, bool) or s.placement < 1:
            raise ValueError(f"placement of {s.player!r} must be an integer >= 1, got {s.placement!r}")


def rating_changes(
    seats: Sequence[SeatResult],
    ratings: Mapping[str, int],
    *,
    k: int = K_FACTOR,
    start: int = START_RATING,
) -> dict[str, int]:
    """Rating change of every human in a finished battle (bots are absent from the result).

    `ratings` holds the current ratings; a human missing from it is rated `start`.
    """
    _check(seats)
    humans = [s for s in seats if not s.is_bot]
    if len(humans) < 2:
        return {s.player: 0 for s in humans}
    weight = _CTX.divide(Decimal(k), Decimal(len(humans) - 1))
    changes: dict[str, int] = {}
    for me in humans:
        mine = int(ratings.get(me.player, start))
        total = Decimal(0)
        for other in humans:
            if other is me:
                continue
            theirs = int(ratings.get(other.player, start))
            diff = _CTX.subtract(pair_score(me.placement, other.placement), expected_score(mine, theirs))
            total = _CTX.add(total, _CTX.multiply(weight, diff))
        changes[me.player] = round_half_away_from_zero(total)
    return changes


def updated_ratings(
    seats: Sequence[SeatResult],
    ratings: Mapping[str, int],
    *,
    k: int = K_FACTOR,
    start: int = START_RATING,
) -> dict[str, int]:
    """New rating of every human in the battle (only those players; bots never have one)."""
    changes = rating_changes(seats, ratings, k=k, start=start)
    return {name: int(ratings.get(name, start)) + delta for name, delta in changes.items()}


def pair_tallies(seats: Iterable[SeatResult]) -> dict[tuple[str, str], Record]:
    """Win/loss tallies of a battle for every ordered pair (player, opponent), bots included.

    ``result[("Cheeta", "Bot Blue")] == Record(wins=1)`` means Cheeta placed better than Bot Blue.
    A player never has a record against themself.
    """
    seats = list(seats)
    _check(seats)
    out: dict[tuple[str, str], Record] = {}
    for me in seats:
        for other in seats:
            if other is me or other.player == me.player:
                continue
            score = pair_score(me.placement, other.placement)
            rec = Record(wins=int(score == _ONE), losses=int(score == 0), draws=int(score == _HALF))
            key = (me.player, other.player)
            out[key] = out.get(key, Record()) + rec
    return out
