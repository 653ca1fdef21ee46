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
