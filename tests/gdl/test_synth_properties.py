"""Generated worlds are deterministic per seed and always within bounds (hypothesis), and
hostile synthesis parameters are refused with `file:line: problem` after bounded work."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.gdl.synth import SynthError, generate
from game.rules.gdl.synth.limits import Budget
from tests.gdl.gdl_text import interior_cells, module_from

XDIRS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))

WORLD = """
(unit-type town (char "*")) (unit-type city (char "@")) (unit-type ship) (unit-type soldier)
(terrain-type sea (char ".")) (terrain-type plains (char "+")) (terrain-type hills (char "^"))
(terrain-type river (subtype border) (subtype-x river-x))
(terrain-type road (subtype connection) (subtype-x road-x))
(add sea liquid true)
(add (sea plains hills) alt-percentile-min (0 51 86)) (add (sea plains hills) alt-percentile-max (50 85 100))
(add (sea plains hills) wet-percentile-max 100)
(add (sea plains hills) elevation-min (0 1 300)) (add (sea plains hills) elevation-max (0 299 900))
(add hills river-chance 3000)
(table favored-terrain (u* t* 0) ((town city) plains 100) (ship sea 100))
(table vanishes-on (u* sea true) (ship sea false) (ship (plains hills) true))
(table independent-density (town plains 200))
(table road-chance (city (town city) 100) (town city 50))
(table road-into-chance ((plains hills) (plains hills) 100))
(add town spur-chance 100) (add town spur-range 3)
(add (town city ship) start-with (2 1 1)) (add soldier start-with 2) (add city capacity 4)
(set country-radius-min 3) (set country-separation-min 6)
(set edge-terrain sea)
"""


def snapshot(g):
    return (g.terrain, sorted((t, tuple(v)) for t, v in g.aux_terrain.items()), g.elevations,
            [(u.type, u.x, u.y, u.side, u.transport) for u in g.units])


@settings(derandomize=True, deadline=None, max_examples=30)
@given(seed=st.integers(0, 2**64 - 1), w=st.integers(9, 34), h=st.integers(9, 22))
def test_generation_is_deterministic_and_within_bounds(tmp_path_factory, seed, w, h):
    m = module_from(tmp_path_factory.mktemp("w"), WORLD + f"(area {w} {h})")
    g = generate(m, seed)
    assert snapshot(g) == snapshot(generate(m, seed))
    cells = {m.ttypes.index(n) for n in ("sea", "plains", "hills")}
    inner = set(interior_cells(w, h))
    for y in range(h):
        for x in range(w):
            assert g.terrain[y * w + x] in cells
    vanish = g.tables["vanishes-on"]
    fav = g.tables["favored-terrain"]
    for u in g.units:
        if u.transport is not None:
            tr = g.units[u.transport]
            assert tr.transport is None and g.utypes[tr.type] == "city" and tr.side == u.side
            continue
        t = g.terrain[u.y * w + u.x]
        assert (u.x, u.y) in inner and not vanish[u.type][t] and fav[u.type][t] > 0
    for layer in g.aux_terrain.values():
        for c, mask in enumerate(layer):
            assert 0 <= mask < 64
            for d in range(6):
                if mask >> d & 1:
                    x, y = c % w + XDIRS[d][0], c // w + XDIRS[d][1]
                    assert 0 <= x < w and 0 <= y < h and layer[y * w + x] >> ((d + 3) % 6) & 1
    lo, hi = g.tprops["elevation-min"], g.tprops["elevation-max"]
    for x, y in inner:
        c = y * w + x
        assert lo[g.terrain[c]] <= g.elevations[c] <= hi[g.terrain[c]]


def test_different_seeds_give_different_worlds(tmp_path):
    m = module_from(tmp_path, WORLD + "(area 30 16)")
    assert snapshot(generate(m, 1)) != snapshot(generate(m, 2))


HOSTILE = [
    ('(game-module "h" (variants (world-size (1000000 1000000))))', "world width: 1000000 is outside"),
    ('(game-module "h" (variants (world-size (400 401))))', "a 400x401 world is more than 160000 cells"),
    ("(add sea alt-percentile-min 500)", "alt-percentile-min of sea: 500 is outside 0..100"),
    ("(set alt-blob-density -4)", "alt-blob-density: -4 is outside 0..32767"),
    ("(set alt-blob-density 30000) (set alt-blob-size 30000) (area 390 400)", "alt blobs: about"),
    ("(table favored-terrain (town plains 1000))", "table favored-terrain: 1000 is outside 0..100"),
    ("(table independent-density (town plains 10000)) (area 300 300)", "independent units: more than 20000 units"),
    ("(set country-radius-min 32767) (add town start-with 5) (area 390 400)", "generating this world takes more than"),
]


@pytest.mark.parametrize("extra, message", HOSTILE)
def test_hostile_parameters_are_refused_with_file_and_line(tmp_path, extra, message):
    """Each refusal names h.g and the line of the form that set the culprit."""
    if extra.startswith("(game-module"):
        text, line = extra + "\n" + WORLD, 1
    else:
        text = WORLD + extra + "\n"
        line = WORLD.count("\n") + 1
    m = module_from(tmp_path, text, "h.g")
    budget = Budget(m)
    with pytest.raises(SynthError) as err:
        generate(m, 1, budget)
    assert str(err.value).startswith(f"h.g:{line}: ") and message in str(err.value)
    assert budget.steps <= budget.max_steps + 200_000        # refused within the budget, not after it


def test_a_world_too_big_to_make_is_refused_before_any_work(tmp_path):
    """30000 blobs per 10,000 cells of 30000 cells each: the blob step is priced first and
    refused with nothing spent."""
    m = module_from(tmp_path, WORLD + "(set alt-blob-density 30000) (set alt-blob-size 30000) (area 390 400)", "h.g")
    budget = Budget(m)
    with pytest.raises(SynthError):
        generate(m, 1, budget)
    assert budget.steps == 0
