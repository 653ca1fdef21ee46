"""Combat tables whose index order matters, worked out by hand (refman "Combat Actions"; where
refman and Xconq's kernel disagree on the order, the library's modules decide)."""

from game.modes.gdl.actions import Attack
from game.modes.gdl.events import Hit
from tests.gdl.mini import game

TEXT = """
(unit-type knight (acp-per-turn 4) (hp-max 10))
(unit-type temple (hp-max 10))
(table hit-chance (knight temple 100))
(table damage (knight temple 30))
(table capture-chance (knight temple 0))
(table hp-min {row})
(knight 5 5 1)
(temple 6 5 2)
"""


def test_hp_min_is_indexed_attacker_then_target(tmp_path):
    """mormon.g: "(u* temple 4) ;; Temple is made of stone, can only be destroyed by the army"
    (and battles.g, cil-rules.g, opal-rules.g alike): the first index is the attacker, as in
    combat.cc (uu_hp_min(atker->type, u)). 30 damage leaves the 10-hp temple at 4, not dead."""
    g = game(tmp_path, TEXT.format(row="(u* temple 4)"))
    k, t = g.units
    ev = g.apply(Attack(k.id, t.id))
    assert Hit(k.id, t.id, 6) in ev and t.alive and t.hp == 4
    g = game(tmp_path, TEXT.format(row="(temple u* 4)"))      # the reverse order protects nothing
    k, t = g.units
    g.apply(Attack(k.id, t.id))
    assert not t.alive
