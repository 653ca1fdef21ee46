"""docs/rules/bout-dungeon.md carries the dungeon data reference generated from its schema."""

import pathlib

from game.rules.bout.dungeon_schema import dungeon_markdown

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_dungeon_reference_is_generated_from_the_schema():
    doc = (ROOT / "docs" / "rules" / "bout-dungeon.md").read_text()
    part = doc.split("<!-- BEGIN GENERATED DUNGEON -->\n", 1)[1].split("<!-- END GENERATED DUNGEON -->", 1)[0]
    assert part == dungeon_markdown(), "regenerate: the dungeon section of docs/rules/bout-dungeon.md from dungeon_markdown()"
