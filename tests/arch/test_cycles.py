"""No import cycles between project modules. The graph comes from the source: every import
statement, including the ones inside functions (an import moved into a function to dodge a cycle
is still a cycle). `from pkg import sub` counts as importing the submodule `pkg.sub`; a package
importing its own submodules is not a cycle unless a submodule imports the package back."""

from __future__ import annotations

from importgraph import ROOT, edges, find_cycles

# Known cycles, each with the reason it is still here (empty when the tree is clean). An entry
# that no longer matches a live cycle fails `test_allowlist_holds_only_live_cycles`: delete it.
ALLOWED: dict[frozenset[str], str] = {}


def cycle_report(root=ROOT) -> list[str]:
    out = []
    for cyc in find_cycles(edges(root)):
        members = frozenset(e.src for e in cyc)
        if any(members <= allowed for allowed in ALLOWED):
            continue
        chain = " -> ".join([cyc[0].src] + [e.dst for e in cyc])
        out.append(f"import cycle {chain}: " + "; ".join(str(e) for e in cyc))
    return out


def test_no_import_cycles():
    assert cycle_report() == []


def test_allowlist_holds_only_live_cycles():
    live = [frozenset(e.src for e in cyc) for cyc in find_cycles(edges())]
    assert [sorted(a) for a in ALLOWED if not any(c <= a for c in live)] == []


def test_a_planted_cycle_is_named(tmp_path):
    pkg = tmp_path / "game" / "core"
    pkg.mkdir(parents=True)
    for d in ("game", "hw", "firmware_bridge"):
        (tmp_path / d).mkdir(exist_ok=True)
        (tmp_path / d / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from game.core.b import B\nA = 1\n")
    (pkg / "b.py").write_text("B = 2\n\ndef f():\n    from . import a\n    return a.A\n")
    assert cycle_report(tmp_path) == [
        "import cycle game.core.a -> game.core.b -> game.core.a: "
        "game/core/a.py:1: game.core.a imports game.core.b; game/core/b.py:4: game.core.b imports game.core.a"]
