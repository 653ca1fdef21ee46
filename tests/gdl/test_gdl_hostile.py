"""Hostile modules (issue 21 items 5-9): each input is fed and the bound shown — by counting the
load's work steps and list elements, never by timing."""

import tracemalloc

import pytest

from game.modes.gdl.game import GdlGame
from game.modes.gdl.world import World
from game.rules.gdl import values
from game.rules.gdl.loader import load_module
from game.rules.gdl.reader import GdlError

HEAD = ('(game-module "h") (terrain-type t) (area 5 5 (terrain "5a" "5a" "5a" "5a" "5a")) '
        '(side 1) (side 2)\n')


def write(tmp_path, text, name="h.g"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_units_inside_each_other_are_refused_and_nothing_hangs(tmp_path):
    """Item 5: A in B and B in A (a few bytes) used to hang cell_of forever. The loader breaks the
    cycle with a warning naming the line; the game starts and every unit's cell is found."""
    p = write(tmp_path, HEAD + '(unit-type a (capacity 1) (acp-per-turn 1))\n'
              '(a 2 2 1 (n "A") (in "B"))\n(a 2 2 2 (n "B") (in "A"))\n')
    m = load_module(p)
    assert any("inside each other" in w.message and w.line == 3 for w in m.warnings)
    g = GdlGame(World(m), 1)
    assert all(g.cell_of(u) >= -1 for u in g.units)


def test_a_snapshot_with_units_inside_each_other_is_refused(tmp_path):
    p = write(tmp_path, HEAD + '(unit-type a (capacity 1) (acp-per-turn 1))\n(a 2 2 1)\n(a 3 2 2)\n')
    w = World(load_module(p))
    snap = GdlGame(w, 1).snapshot()
    snap["units"][0][6], snap["units"][1][6] = 1, 0          # each the other's transport
    with pytest.raises(ValueError, match="inside each other|misplaced"):
        GdlGame.restore(w, snap)


@pytest.mark.parametrize("bad", [
    lambda s: s.update(v=1), lambda s: s.update(units="x"), lambda s: s["units"][0].__setitem__(1, 99),
    lambda s: s["units"][0].__setitem__(3, 10 ** 9), lambda s: s.update(rng=[1]),
    lambda s: s.update(status=[[1, "in"]]), lambda s: s.update(terrain=[[0, 0]]),
    lambda s: s["units"][0].__setitem__(14, [[99, 1]]), lambda s: s.update(tech=[]),
])
def test_broken_snapshots_are_refused(tmp_path, bad):
    p = write(tmp_path, HEAD + '(unit-type a (capacity 1) (acp-per-turn 1))\n(a 2 2 1)\n(a 3 2 2)\n')
    w = World(load_module(p))
    snap = GdlGame(w, 1).snapshot()
    bad(snap)
    with pytest.raises(ValueError):
        GdlGame.restore(w, snap)


def test_doubling_define_append_is_refused_within_its_list_bound(tmp_path):
    """Item 6: 502 bytes of (define aN (append aN-1 aN-1)) reached 2.45 GB. Each element an append
    builds counts: past MAX_BUILT elements the load stops with file:line, having held at most
    MAX_BUILT (x 8 bytes of list) — traced memory stays far below the 256 MB bound."""
    lines = ["(define a0 (1 2 3 4 5 6 7 8))"] + [f"(define a{i} (append a{i - 1} a{i - 1}))" for i in range(1, 41)]
    p = write(tmp_path, HEAD + "\n".join(lines))
    tracemalloc.start()
    try:
        with pytest.raises(GdlError, match=r"h\.g:\d+: .*more than"):
            load_module(p)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 1024 * 1024


def test_shared_nested_lists_are_walked_within_the_work_bound(tmp_path, monkeypatch):
    """Item 7: (define bN (list bN-1 bN-1)) makes 2^N leaves out of N small lists; defining them is
    cheap (2 elements each), but walking one as a type list visits every leaf: each visit is a
    step, so the load stops at MAX_WORK steps (here lowered to 100,000) instead of running for
    minutes."""
    monkeypatch.setattr(values, "MAX_WORK", 100_000)
    lines = ["(unit-type a)", "(define b0 (a a))"] + [f"(define b{i} (list b{i - 1} b{i - 1}))" for i in range(1, 60)]
    p = write(tmp_path, HEAD + "\n".join(lines) + "\n(table hit-chance (b59 a 1))\n")
    with pytest.raises(GdlError, match="steps"):
        load_module(p)
    m = load_module(write(tmp_path, HEAD + "\n".join(lines), "ok.g"))      # defining alone is fine
    assert m.work < 1000


def test_table_clauses_that_multiply_are_bounded_by_total_work(tmp_path, monkeypatch):
    """Item 8: with many types every (u* u* n) clause writes types x types cells; 100k such clauses
    used to take half an hour. Every cell written is a step: 300 types x 300 = 90,000 a clause (plus
    2 x 301 for the two u* lists), so with the budget lowered to 1,000,000 eleven clauses fit
    (996,622 steps) and the 12th, on line 1 + 300 + 12, is refused."""
    monkeypatch.setattr(values, "MAX_WORK", 1_000_000)
    types = "\n".join(f"(unit-type u{i})" for i in range(300))
    clauses = "\n".join("(table hit-chance add (u* u* 1))" for _ in range(50_000))
    p = write(tmp_path, HEAD + types + "\n" + clauses)
    with pytest.raises(GdlError, match=r"h\.g:(\d+): the module needs more than 1,000,000 steps") as exc:
        load_module(p)
    assert int(str(exc.value).split(":")[1]) == 1 + 300 + 12


def test_too_many_types_is_refused(tmp_path):
    types = "\n".join(f"(unit-type u{i})" for i in range(301))
    with pytest.raises(GdlError, match="more than 300 unit-types"):
        load_module(write(tmp_path, HEAD + types))


def test_a_5000_digit_number_is_a_warning_with_its_line(tmp_path):
    """Item 9: int() of 5000 digits raises ValueError in Python (it killed the picker). The reader
    reports `file:line: problem` and uses the largest number it keeps (999999999)."""
    p = write(tmp_path, HEAD + "(unit-type a)\n(add a hp-max " + "9" * 5000 + ")\n")
    m = load_module(p)
    w = next(w for w in m.warnings if "out of range" in w.message)
    assert (w.file, w.line) == ("h.g", 3) and m.uprops["hp-max"][0] == 999_999_999
