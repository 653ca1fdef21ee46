"""How games end, worked out by hand from refman.texi ("Scorekeeper Forms", "Game End",
"Dates and Time": last-turn) — never a winner the module does not name."""

from game.modes.gdl.actions import Attack, End
from game.modes.gdl.events import GameOver
from game.modes.gdl.match import play
from tests.gdl.mini import game, world

FIGHT = """
(unit-type knight (acp-per-turn 1) (hp-max 1))
(unit-type town (point-value 3))
(table hit-chance (knight knight 100))
(table damage (knight knight 1))
(table counterattack (knight knight 0))
"""


def end_turns(g, n):
    for _ in range(n * len(g.sides)):
        if g.over:
            return
        g.apply(End())


def test_last_side_wins_when_the_last_enemy_unit_dies(tmp_path):
    """(scorekeeper (do last-side-wins)): "the last side standing will win"; a side whose units'
    point values add up to 0 loses. Red's knight kills Blue's only knight (100 %, 1 damage)."""
    g = game(tmp_path, FIGHT + "(scorekeeper (do last-side-wins))\n(knight 5 5 1)\n(knight 6 5 2)\n")
    a, d = g.units
    ev = g.apply(Attack(a.id, d.id))
    assert g.over and g.winner_side == 1 and g.end_reason == "last side standing"
    assert GameOver(1, "last side standing") in ev
    assert g.status == {1: "won", 2: "lost"}


def test_no_scorekeeper_means_no_winner(tmp_path):
    """"A game design need not define any scorekeepers, and none are created by default": killing
    every enemy unit wins nothing — the game stops as a draw (only one side has units left)."""
    g = game(tmp_path, FIGHT + "(knight 5 5 1)\n(knight 6 5 2)\n")
    a, d = g.units
    g.apply(Attack(a.id, d.id))
    assert g.over and g.winner_side is None and "no scorekeeper" in g.end_reason


def test_last_turn_ends_in_a_draw(tmp_path):
    """(set last-turn 3): the game ends after turn 3 ("the end of the last turn in the game"), a draw
    for the sides still in it, although last-side-wins is kept."""
    g = game(tmp_path, FIGHT + "(set last-turn 3)\n(scorekeeper (do last-side-wins))\n(knight 5 5 1)\n(knight 2 8 2)\n")
    end_turns(g, 2)
    assert not g.over
    end_turns(g, 1)
    assert g.over and g.winner_side is None and g.turn == 3 and g.end_reason == "last turn (3), a draw"


def test_module_without_last_turn_stops_at_the_limit_as_a_draw(tmp_path):
    """No last-turn (Xconq's default is practically forever): Tactibox stops after 100 turns, a
    draw, and says so."""
    res = play(world(tmp_path, FIGHT + "(scorekeeper (do last-side-wins))\n(town 5 5 1)\n(town 2 8 2)\n"), 1)
    g = res.game
    assert g.over and g.winner_side is None and g.turn == 100
    assert g.end_reason == "turn limit: the module sets no last-turn (100 turns), a draw"


def test_a_custom_scorekeeper_with_sum_uprop(tmp_path):
    """(when (after-turn 2)) runs "at the end of turn 2 and at the ends of all turns thereafter";
    (sum-uprop town point-value) of Red's two towns is 2 x 3 = 6 >= 5: Red wins at the end of turn
    2 (Blue's one town makes 3)."""
    g = game(tmp_path, FIGHT + """
(add plains capacity 2)
(scorekeeper (when (after-turn 2)) (do (if (>= (sum-uprop town point-value) 5) win)))
(town 5 5 1) (town 5 5 1)
(town 2 8 2)
""")
    end_turns(g, 1)
    assert not g.over
    end_turns(g, 1)
    assert g.over and g.winner_side == 1 and g.turn == 2


def test_scores_applies_to_and_unit_point_values(tmp_path):
    """(add-score 10) each turn for the sides applies-to names ((not 2): Red only); a unit's own
    (point-value 0) counts instead of its type's 3, so the lose form makes Blue lose at the end of
    turn 1; Red, left alone, is not named a winner by any scorekeeper: a draw."""
    g = game(tmp_path, FIGHT + """
(scorekeeper (applies-to (not 2)) (do (add-score 10)))
(scorekeeper (do (if (= (sum-uprop town point-value) 0) lose)))
(town 5 5 1)
(town 2 8 2 (point-value 0))
(knight 3 8 2)
""")
    end_turns(g, 1)
    assert g.scores[0] == [10, 0]
    assert g.status[2] == "lost" and g.over and g.winner_side is None
