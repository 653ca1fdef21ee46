"""Maps load as written; the schema reference in docs/ is the generated one; content hashes."""

import pathlib

from game.cli.schema import markdown
from game.rules.folder_hash import content_hash
from game.rules.skirmish.catalog import find_ruleset
from game.rules.skirmish.loader import load_ruleset
from game.rules.skirmish.maps import random_elevation

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_schema_doc_is_generated_from_the_schema():
    doc = (ROOT / "docs" / "ruleset-schema.md").read_text()
    assert doc == markdown(), "run: tactibox schema --out docs/ruleset-schema.md"
    # every property of the piece section is documented with its type and default
    for key in ("`hp`", "`rng_min`", "`mov`", "`weapon`", "`elevation_seed`", "`roughness`"):
        assert key in doc


def test_shipped_ruleset_has_what_the_issue_asks_for():
    rs, problems = find_ruleset("default")
    assert not problems, [str(p) for p in problems]
    assert len(rs.pieces) >= 8 and len(rs.tiles) - 1 >= 6 and len(rs.maps) >= 5
    kinds = {m.grid.kind for m in rs.maps}
    assert "hex" in kinds and "square4" in kinds
    assert any(max(m.elevation) > 0 for m in rs.maps)
    assert any(len(m.seats) == 4 for m in rs.maps)
    assert any(m.grid.cols == m.grid.rows == 32 for m in rs.maps)
    # a melee, a ranged piece with a minimum range, a flyer, a fire-walker and a swimmer
    assert any(p.rng_min > 1 for p in rs.pieces)
    assert any("A" in p.mov for p in rs.pieces) and any("F" in p.mov for p in rs.pieces)
    assert any("W" in p.mov for p in rs.pieces)
    # three weapon classes in a rock/paper/scissors cycle
    dom = {w.klass: w.dominates for w in rs.weapons.values()}
    assert dom == {"rock": "scissors", "scissors": "paper", "paper": "rock"}


def test_text_map_by_hand(mini):
    m = mini.map("duel")
    g = m.grid
    assert (g.cols, g.rows, g.kind) == (9, 2, "square4")
    assert m.starts == {"red": g.cell_at(0, 0), "green": g.cell_at(8, 0)}
    assert [mini.tiles[t].id for t in m.tiles[:9]] == ["grass", "grass", "mud", "water", "cliff", "grass", "wall", "grass", "grass"]
    assert m.elevation[4] == 2                      # the cliff tile's own elevation


def test_hexagon_map(mini):
    m = mini.map("ring")
    g = m.grid
    assert g.rings == 3 and len(g.cells) == 19
    assert g.ring_address(m.starts["red"]) == (3, 1)     # top-most cell
    assert g.ring_address(m.starts["green"]) == (3, 7)   # bottom-most cell
    assert mini.tiles[m.tiles[g.cell_at(0, 0)]].id == "water"


def test_random_elevation_is_deterministic_and_bounded(mini):
    g = mini.map("duel").grid
    a = random_elevation(g, 42, 4)
    assert a == random_elevation(g, 42, 4)
    assert a != random_elevation(g, 43, 4)
    assert min(a) >= 0 and max(a) <= 4
    assert random_elevation(g, 42, 0) == [0] * g.n


def test_content_hash_changes_with_any_file(mini_copy):
    before = content_hash(mini_copy)
    p = mini_copy / "maps" / "duel.toml"
    p.write_text(p.read_text() + "\n")
    assert content_hash(mini_copy) != before
    rs, _ = load_ruleset(mini_copy)
    assert rs.content_hash == content_hash(mini_copy)
