"""docs/rules/bout-reference.md carries the reference generated from the schema; bout.md,
bout-decisions.md and bout-dungeon.md name their tests (in tests/bout, the screen's in tests/ui)."""

import pathlib
import re

from game.rules.bout.schema import bout_markdown

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_reference_section_is_generated_from_the_schema():
    doc = (ROOT / "docs" / "rules" / "bout-reference.md").read_text()
    part = doc.split("<!-- BEGIN GENERATED -->\n", 1)[1].split("<!-- END GENERATED -->", 1)[0]
    assert part == bout_markdown(), "regenerate the section with: tactibox schema --mode bout"


def test_every_test_named_in_the_rules_exists():
    doc = "\n".join((ROOT / "docs" / "rules" / name).read_text() for name in ("bout.md", "bout-decisions.md", "bout-dungeon.md"))
    names = set(re.findall(r"`(test_[a-z0-9_]+)`", doc))
    files = set(re.findall(r"`(test_[a-z0-9_]+)\.py`", doc))
    src = "\n".join(p.read_text() for d in ("bout", "ui") for p in (ROOT / "tests" / d).rglob("test_*.py"))
    for n in names - files:
        assert f"def {n}(" in src, n
