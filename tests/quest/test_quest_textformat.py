"""The native level text: dump/parse round trip (hypothesis) and broken input with file: line: problem."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.modes.quest.catalog import load_level, shipped_ids
from game.modes.quest.textformat import dump_level, parse_level


@pytest.mark.parametrize("lid", shipped_ids()[:8])
def test_shipped_levels_round_trip(lid):
    lv, _, _ = load_level(lid)
    again, probs = parse_level(dump_level(lv), "dump", name=lv.name)
    assert probs == [] and again.content_hash() == lv.content_hash()


@settings(max_examples=30, deadline=None)
@given(rings=st.integers(2, 5), picks=st.lists(st.sampled_from("-#^%m$."), min_size=40, max_size=40),
       seed=st.integers(0, 1000))
def test_random_hex_levels_round_trip(rings, picks, seed):
    from game.core.grid import Grid
    g = Grid.hexagon(rings)
    rows = []
    k = 0
    for y in range(g.rows):
        row = []
        for x in range(g.cols):
            c = g.cell_at_offset(x, y)
            if c < 0:
                row.append("~")
            elif (x, y) == g.origin:
                row.append("@")
            else:
                row.append(picks[k % len(picks)].replace("$", "-").replace(".", "-"))
                k += 1
        rows.append("".join(row))
    text = f"grid: hex\nseed: {seed}\nmap:\n" + "\n".join(rows) + "\nend\nnpc 2,1: name=Z hp=3 model=wander\n"
    lv, probs = parse_level(text, "r")
    if lv is None:      # the random NPC cell may hold an object: that must be the reported problem
        assert any("NPC" in str(p) for p in probs)
        return
    again, probs = parse_level(dump_level(lv), "d")
    assert probs == [] and again.content_hash() == lv.content_hash()


@pytest.mark.parametrize("text,where", [
    ("grid: hex\nmap:\n~-@-~\nend\nnpc 9,9: name=X\n", "t: 5: ring 9 is outside"),
    ("grid: cube\nmap:\n@\nend\n", "t: 1: grid: 'cube'"),
    ("grid: square\nmap:\n#####\n#@?.#\n#####\nend\n", "t: 4: column 3: unknown map character"),
    ("grid: square\nmap:\n#@#\n", "t: 2: map: without a closing 'end'"),
    ("grid: square\nmelee: lots\nmap:\n#@$.#\nend\n", "t: 2: melee: expected an integer"),
    ("grid: square\ncolour: red\nmap:\n#@$.#\nend\n", "t: 2: unknown key 'colour'"),
    ("grid: square\nmap:\n#@$.#\nend\ngrant 2,1: item wings=3\n", "t: 5: unknown item property"),
    ("grid: square\nmap:\n#@$.#\nend\ngrant 3,1: xp 5\nteleport 3,1 -> 4,1\n", "t: 6: 3,1 already has a grant"),
    ("grid: square\nmap:\n#@-$.#\nend\nnpc 3,1: name=A model=dance\n", "t: 5: npc model 'dance'"),
    ("grid: square\nmap:\n#@--#\nend\n", "no way to win"),
    ("grid: square\nmap:\n#@-.#\nend\n", "1 victory cells but only 0 victory objects"),
    ("grid: square\nmap:\n#@$$.#\n#@---#\nend\n", "a second player start"),
    ("title: x\n" * 2 + "grid: square\nmap:\n#@$.#\nend\n", "t: 2: title: given twice"),
])
def test_broken_level_text(text, where):
    lv, probs = parse_level(text, "t")
    assert lv is None and any(where in str(p) for p in probs), [str(p) for p in probs]


def test_level_text_bounds():
    lv, probs = parse_level("x" * (256 * 1024 + 1), "big")
    assert lv is None and "larger than" in str(probs[0])
    lv, probs = parse_level("grid: hex\nmap:\n" + "-" * 40 + "\nend\n", "wide")
    assert lv is None and "at most 16 rings" in str(probs[0])


NPC_BASE = "grid: square\nmap:\n#@-$.#\nend\nnpc 3,1: name=A model=still "


@pytest.mark.parametrize("field,where", [
    ("bruiser=lots", "t: 5: npc bruiser: expected a number 0..100, got 'lots'"),
    ("tough=-3", "t: 5: npc tough: expected a number 0..100, got '-3'"),
    ("wizard=101", "t: 5: npc wizard: expected a number 0..100, got '101'"),
    pytest.param("hp=" + "9" * 5000, "t: 5: npc hp: expected an integer", id="hp-5000-digits"),
    ("melee=20000", "t: 5: NPC 'A': melee, xp and coins must be -1..10000 (-1: the map's base)"),
    ("xp=99999999", "t: 5: NPC 'A': melee, xp and coins must be -1..10000"),
    ("coins=-7", "t: 5: NPC 'A': melee, xp and coins must be -1..10000"),
])
def test_npc_numbers_are_checked(field, where):
    # a bad skill value was silently read as 0, huge numbers were accepted or gave Python's own error
    lv, probs = parse_level(NPC_BASE + field + "\n", "t")
    assert lv is None and any(str(p).startswith(where) for p in probs), [str(p)[:200] for p in probs]


def test_problem_lines_stay_short_whatever_the_input():
    lv, probs = parse_level("grid: square\nmelee: " + "x" * 100000 + "\nmap:\n#@$.#\nend\n", "t")
    assert lv is None and str(probs[0]).startswith("t: 2: melee: expected an integer of at most 9 digits, got 'xxx")
    assert all(len(str(p)) <= 300 for p in probs)
