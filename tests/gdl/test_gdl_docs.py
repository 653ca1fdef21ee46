"""docs/gdl.md carries the reference generated from the one schema table."""

import pathlib

from game.rules.gdl import schema

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "gdl.md"


def test_docs_reference_is_the_generated_one():
    text = DOC.read_text()
    gen = schema.markdown()
    assert text.endswith(gen), "regenerate the end of docs/gdl.md from game.rules.gdl.schema.markdown()"


def test_every_play_table_and_property_has_a_default_and_a_doc():
    for t in schema.TABLES:
        assert len(t.index) == 2 and set(t.index) <= set("utm") and t.doc and isinstance(t.default, int)
    keys = [(p.of, p.name) for p in schema.PROPS]
    assert len(keys) == len(set(keys))
    assert schema.TABLE_BY_NAME["counterattack"].default == 100
    assert schema.TABLE_BY_NAME["defend-terrain-effect"].default == 100
    assert schema.TABLE_BY_NAME["mp-to-enter-terrain"].default == 1


def test_docs_coverage_is_the_generated_one_when_the_reference_is_present():
    import pytest

    from game.rules.gdl import coverage
    ref = coverage.find_ref()
    if ref is None:
        pytest.skip("the Xconq reference (shared/xconq/ref) is not present")
    text = DOC.read_text()
    assert text.endswith(coverage.generated_part(ref)), "run: python -m game.rules.gdl.coverage --write docs/gdl.md"


def test_coverage_counts_xconqs_657_declarations_by_status():
    """The .def files declare 167 unit, 39 terrain, 9 material and 6 advance properties, 321
    tables and 115 globals: 657. Every one gets exactly one status."""
    import pytest

    from game.rules.gdl import coverage
    ref = coverage.find_ref()
    if ref is None:
        pytest.skip("the Xconq reference (shared/xconq/ref) is not present")
    decls = coverage.declared(ref)
    per_file = {f: sum(1 for d in decls if d[0] == f) for f, _ in coverage.FILES}
    assert per_file == {"utype.def": 167, "ttype.def": 39, "mtype.def": 9, "atype.def": 6,
                        "table.def": 321, "gvar.def": 115}
    table = coverage.counts(decls)
    assert sum(sum(r.values()) for r in table.values()) == 657
    assert coverage.status("u", "vision-range") == "play" and coverage.status("table", "road-into-chance") == "synthesis"
    assert coverage.status("table", "no-such-table") == "not implemented"
