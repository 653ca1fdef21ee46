"""Golden tests for the Elo rules in game.core.ratings; expected values worked out by hand.

E(A vs B) = 1 / (1 + 10 ** ((R_B - R_A) / 400)), K = 32 split over the m human opponents,
sum over pairs, round half away from zero once.
"""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.ratings import (
    K_FACTOR,
    START_RATING,
    Record,
    expected_score,
    pair_tallies,
    rating_changes,
    round_half_away_from_zero,
    updated_ratings,
)
from game.core.ratings import (
    SeatResult as S,
)


def test_documented_constants():
    assert START_RATING == 1500 and K_FACTOR == 32


def test_equal_duel_moves_half_of_k():
    # E = 1/(1+10^0) = 0.5; 32 * (1 - 0.5) = 16
    assert updated_ratings([S("A", 1), S("B", 2)], {}) == {"A": 1516, "B": 1484}


def test_upset_against_a_200_point_favourite():
    # E(1400 vs 1600) = 1/(1+10^0.5) = 1/4.16227766 = 0.2402531
    # 32 * (1 - 0.2402531) = 24.3119 -> +24 ; the favourite loses 32 * 0.7597469 = 24.3119 -> -24
    assert expected_score(1400, 1600).quantize(Decimal("0.0000001")) == Decimal("0.2402531")
    assert rating_changes([S("Fav", 2), S("Dog", 1)], {"Fav": 1600, "Dog": 1400}) == {"Fav": -24, "Dog": 24}


def test_expected_win_of_the_favourite():
    # 32 * (1 - 0.7597469) = 7.688 -> +8
    assert rating_changes([S("Fav", 1), S("Dog", 2)], {"Fav": 1600, "Dog": 1400}) == {"Fav": 8, "Dog": -8}


def test_three_equal_humans_split_k_over_two_pairs():
    # K/m = 32/2 = 16 per pair; winner 16*0.5 + 16*0.5 = 16, middle -8 + 8 = 0, last -16
    assert rating_changes([S("A", 1), S("B", 2), S("C", 3)], {}) == {"A": 16, "B": 0, "C": -16}


def test_four_humans_with_different_ratings():
    # K/m = 32/3. Expectations (hand, 7 digits):
    #  A1500 vs B1700 0.2402531, vs C1450 0.5714631, vs D1300 0.7597469
    #  B vs C 0.8083177, B vs D 0.9090909 ; C vs D 0.7033839
    # A: (0.7597469 + 0.4285369 + 0.2402531) * 32/3 = 1.4285369 * 10.6667 = 15.2377 -> +15
    # B: (-0.7597469 + 0.1916823 + 0.0909091) * 32/3 = -0.4771555 * 10.6667 = -5.0897 -> -5
    # C: (-0.4285369 - 0.1916823 + 0.2966161) * 32/3 = -0.3236031 * 10.6667 = -3.4518 -> -3
    # D: (-0.2402531 - 0.0909091 - 0.2966161) * 32/3 = -0.6277783 * 10.6667 = -6.6963 -> -7
    seats = [S("A", 1), S("B", 2), S("C", 3), S("D", 4)]
    ratings = {"A": 1500, "B": 1700, "C": 1450, "D": 1300}
    assert rating_changes(seats, ratings) == {"A": 15, "B": -5, "C": -3, "D": -7}


def test_pairs_with_a_bot_are_skipped():
    # The bot won, but only the A-B pair is rated: one human opponent each, full K.
    seats = [S("Bot Blue", 1, is_bot=True), S("A", 2), S("B", 3)]
    assert rating_changes(seats, {}) == {"A": 16, "B": -16}


def test_a_human_alone_with_bots_never_changes():
    seats = [S("Cheeta", 1), S("Bot Blue", 2, True), S("Bot Yeller", 3, True)]
    assert rating_changes(seats, {"Cheeta": 1640}) == {"Cheeta": 0}
    assert updated_ratings(seats, {"Cheeta": 1640}) == {"Cheeta": 1640}


def test_round_half_away_from_zero():
    assert [round_half_away_from_zero(Decimal(x)) for x in ("0.5", "-0.5", "2.5", "-2.5", "2.4999", "-2.5001")] == [
        1, -1, 3, -3, 2, -3]


def test_exact_half_change_rounds_away_from_zero():
    # K = 33: 33 * (1 - 0.5) = 16.5 -> +17 and -16.5 -> -17
    assert rating_changes([S("A", 1), S("B", 2)], {}, k=33) == {"A": 17, "B": -17}


def test_equal_placements_draw():
    assert rating_changes([S("A", 1), S("B", 1)], {}) == {"A": 0, "B": 0}
    # 1600 draws 1400: 32 * (0.5 - 0.7597469) = -7.99 -> -8
    assert rating_changes([S("A", 1), S("B", 1)], {"A": 1600, "B": 1400}) == {"A": -8, "B": 8}


def test_tallies_include_bots_and_are_per_ordered_pair():
    seats = [S("Cheeta", 1), S("Bot Blue", 2, True), S("Bot Yeller", 3, True)]
    t = pair_tallies(seats)
    assert t[("Cheeta", "Bot Blue")] == Record(wins=1)
    assert t[("Bot Blue", "Cheeta")] == Record(losses=1)
    assert t[("Bot Blue", "Bot Yeller")] == Record(wins=1)
    assert t[("Bot Yeller", "Cheeta")] == Record(losses=1)
    assert len(t) == 6


@pytest.mark.parametrize("bad", [
    [S("A", 1), S("A", 2)],
    [S("A", 0), S("B", 1)],
    [S("A", None), S("B", 1)],
])
def test_bad_battles_are_refused(bad):
    with pytest.raises(ValueError):
        rating_changes(bad, {})


ratings_st = st.integers(min_value=100, max_value=3000)


@given(st.lists(st.tuples(ratings_st, st.integers(1, 4)), min_size=2, max_size=4))
def test_changes_are_bounded_and_nearly_zero_sum(players):
    seats = [S(f"P{i}", place) for i, (_, place) in enumerate(players)]
    ratings = {f"P{i}": r for i, (r, _) in enumerate(players)}
    ch = rating_changes(seats, ratings)
    assert all(-K_FACTOR <= d <= K_FACTOR for d in ch.values())
    # each player's change is rounded once: at most 1/2 away from an exact zero-sum split
    assert abs(sum(ch.values())) <= len(players) // 2
    best = min(p for _, p in players)
    for s in seats:
        if s.placement == best and sum(p == best for _, p in players) == 1:
            assert ch[s.player] >= 0
