"""Each mode's guide (assets/guides/<mode>.toml): the shipped ones are complete, a broken one
says file:line: key: problem and still shows what is good in it."""

from __future__ import annotations

import pathlib

import pytest

from game.modes.registry import modes
from game.ui.guide import BUTTON_KEYS, GUIDES, guide_for, read_guide, reference_markdown
from game.ui.registry import mode_uis

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("mode", [ui.mode for ui in mode_uis()])
def test_every_mode_with_screens_ships_a_complete_guide(mode):
    g = read_guide(GUIDES / f"{mode}.toml", mode)
    assert g.problems == ()
    assert g.name and g.goal and g.howto_lines and g.first_game
    assert {b for b, _ in g.buttons} >= {"A", "B", "START"}         # the one button language
    assert len(g.glossary) >= 5
    titles = {m.id: m.title for m in modes()}
    assert mode in titles


def test_the_names_in_the_guides_are_the_menu_names():
    """One name per mode: the guide (every screen's title) says what the main menu says."""
    menu = {ui.mode: [line.label for line in ui.menu] for ui in mode_uis()}
    for mode, labels in menu.items():
        assert guide_for(mode).name in labels, (mode, labels)


def _write(tmp_path, text: str) -> pathlib.Path:
    p = tmp_path / "duel.toml"
    p.write_text(text, encoding="utf-8")
    return p


GOOD = '''[guide]
name = "Wizard duel"
goal = "Win."
howto = """Walk, then cast."""

[buttons]
A = "act"
'''


def test_a_good_small_guide_reads(tmp_path):
    g = read_guide(_write(tmp_path, GOOD), "duel")
    assert g.problems == () and g.buttons == (("A", "act"),) and g.howto_lines == ["Walk, then cast."]


@pytest.mark.parametrize("text, where, what", [
    (GOOD.replace('A = "act"', 'Q = "quit"'), "guides/duel.toml:7: buttons.Q", "unknown button"),
    (GOOD.replace('goal = "Win."', 'goal = 7'), "guides/duel.toml:3: guide.goal", "got an integer"),
    (GOOD.replace('goal = "Win."\n', ''), "guides/duel.toml:1: guide.goal", "missing"),
    (GOOD + '[glossary]\nTN = ""\n', "guides/duel.toml:9: glossary.TN", "one line of text"),
    (GOOD + '[glossary]\nTN = "' + "x" * 300 + '"\n', "guides/duel.toml:9: glossary.TN", "at most 240"),
    (GOOD + '[extras]\nx = 1\n', "guides/duel.toml:8: extras", "unknown table"),
    (GOOD.replace("[guide]", "[guide]\ncolour = 1"), "guides/duel.toml:2: guide.colour", "unknown key"),
    (GOOD + "x = = 1\n", "guides/duel.toml:8", "TOML syntax error"),
])
def test_a_broken_guide_names_file_line_and_key(tmp_path, text, where, what):
    g = read_guide(_write(tmp_path, text), "duel")
    assert any(p.startswith(where) and what in p for p in g.problems), g.problems
    assert g.name == "Wizard duel"                   # what is good stays (or the registry's name)
    assert g.buttons                                 # never a how-to without buttons


def test_a_guide_that_is_not_text_or_too_big_is_refused_with_its_name(tmp_path):
    p = tmp_path / "duel.toml"
    p.write_bytes(b"\xff\xfe[guide]")
    g = read_guide(p, "duel")
    assert g.problems and g.problems[0].startswith("guides/duel.toml:1: not UTF-8")
    p.write_text("# " + "x" * 70_000)
    g = read_guide(p, "duel")
    assert "at most 65536 allowed" in g.problems[0] and g.name == "Wizard duel"


def test_too_many_terms_are_cut_with_a_message(tmp_path):
    text = GOOD + "[glossary]\n" + "".join(f'T{i} = "meaning"\n' for i in range(70))
    g = read_guide(_write(tmp_path, text), "duel")
    assert len(g.glossary) == 60 and any("more than 60 entries" in p for p in g.problems)


def test_a_mode_without_a_guide_gets_one_from_the_registry(tmp_path):
    g = guide_for("skirmish", tmp_path)             # an empty folder
    assert g.name == "Skirmish" and g.problems == () and "A" in dict(g.buttons)


def test_docs_ui_has_the_guide_reference_and_every_button_name():
    doc = (ROOT / "docs" / "ui.md").read_text()
    assert reference_markdown() in doc
    for b in BUTTON_KEYS:
        assert b in doc
