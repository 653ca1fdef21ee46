"""Skirmish's rule records are declared once (game/rules/skirmish/schema.py, game/rules/records.py):
the dataclass fields carry their schema Field, the sections, loader checks and the reference are
made from them, and a loaded ruleset is the very same data as before the change."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest

from game.core.fields import REQUIRED
from game.rules.records import build, derived, rule, rule_fields, section_of
from game.rules.skirmish import schema as S
from game.rules.skirmish.loader import load_ruleset
from game.rules.skirmish.model import PieceType, Rules, Tile, Weapon, WeaponClass

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "mini"
RECORDS = ((Rules, S.RULES), (WeaponClass, S.CLASSES), (Weapon, S.WEAPONS), (Tile, S.TILES), (PieceType, S.PIECES))


@pytest.mark.parametrize("cls,section", RECORDS, ids=lambda x: getattr(x, "__name__", getattr(x, "name", "")))
def test_each_section_is_its_record_class(cls, section):
    """One field per TOML key, in the same order, same default; the doc is the class docstring."""
    fields = [f for f in dataclasses.fields(cls) if "rule" in f.metadata]
    assert [f.name for f in section.fields] == [f.metadata["rule"].name or f.name for f in fields]
    for spec, f in zip(section.fields, fields, strict=True):
        if spec.required:
            assert f.default is dataclasses.MISSING
        else:
            assert f.default == spec.default
    assert section.doc == cls.__doc__.strip()


def test_renamed_keys_keep_their_toml_names():
    assert {a: f.name for a, f in rule_fields(PieceType) if a != f.name} == {"def_": "def"}
    assert {a: f.name for a, f in rule_fields(Weapon) if a != f.name} == {"klass": "class"}
    assert {a: f.name for a, f in rule_fields(Tile) if a != f.name} == {"palette": "id"}


def test_the_rules_defaults_are_the_dataclass_defaults():
    """An empty [rules] table loads as Rules() (WoS defaults: 9 pieces, rest 2 to act, ratio cap 20,
    crit +75 %, 10 XP a hit, 30 XP a level, level 5 at most, 25 still rounds)."""
    r = build(Rules, S.RULES.defaults())
    assert r == Rules()
    assert (r.army_limit, r.rest_to_act, r.ratio_cap, r.crit_bonus_pct, r.xp_per_hit, r.level_xp, r.max_level,
            r.stalemate_rounds) == (9, 2, 20, 75, 10, 30, 5, 25)


def test_a_loaded_ruleset_is_the_same_data_as_before():
    """The fingerprint is sha256(repr(...))[:16] of the loaded mini ruleset's records, computed with
    the hand-written positional classes of main f23afc4 (before this change): the schema-derived
    classes load exactly the same values, under the same names, in the same field order. The
    folder's content hash (what replays record) is the one main computed too."""
    rs, problems = load_ruleset(MINI)
    assert problems == [] and rs is not None
    text = repr((rs.rules, rs.classes, rs.weapons, rs.tiles, rs.pieces, rs.sound_sets, rs.army_default, rs.bot_pool,
                 rs.content_hash, [(m.id, m.content_hash, bytes(m.tiles), m.elevation, m.starts) for m in rs.maps]))
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == "75895e3e87c411c1"
    assert rs.content_hash == "db0ee5cba1b104d87eb17cd4799e7255"


def test_problems_still_name_the_toml_key(tmp_path):
    import shutil
    folder = shutil.copytree(MINI, tmp_path / "mini")
    pieces = folder / "pieces.toml"
    text = pieces.read_text()
    first_def = text.index("def = ")
    pieces.write_text(text[:first_def] + "def = 500" + text[text.index("\n", first_def):])
    _, problems = load_ruleset(folder)
    assert any(p.path.endswith(".def") and "500 is out of range" in p.message for p in problems), problems


def test_a_field_must_be_declared_as_a_rule_or_derived():
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Loose:
        """Loose."""
        a: int = rule("int", 1, "an a")
        b: int = 2

    with pytest.raises(TypeError, match="Loose.b: declare it with rule"):
        section_of(Loose, "loose", "x.toml")


def test_a_required_rule_has_no_default_and_derived_values_override():
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Thing:
        """Things.

        More words that are not the section doc."""
        id: str = derived("its key")
        size: int = rule("int", doc="how big", min=1, max=3)
        tags: list = rule("ids", [], "tags", ref="tags")

    sec = section_of(Thing, "things", "things.toml", keyed=True)
    assert sec.doc == "Things." and sec.field("size").default is REQUIRED and sec.keyed
    with pytest.raises(TypeError):
        Thing(id="x")                                     # size is required
    a, b = build(Thing, {"size": 2, "tags": []}, id="a"), Thing(id="b", size=1)
    assert (a.id, a.size, a.tags) == ("a", 2, []) and b.tags == [] and b.tags is not Thing(id="c", size=1).tags
    assert build(Thing, {"size": 2, "tags": ["x"]}, id="a", size=3).size == 3
