"""Loading a dungeon folder (`assets/bout/dungeon/default/`) against a bout ruleset.

    data, problems = load_dungeon(bout_rules, folder=None)

Nothing is raised on bad data: every problem reads `folder/file:line: key.path: what is wrong,
what is allowed` (the line found with `game.core.toml_lines`), and `data` is None when the folder
cannot be played. Files go through the shared bounded reader (size, nesting and key count).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core import datafile
from game.core.datafile import ASSETS, DataFileError, MissingFile
from game.core.toml_lines import key_lines, line_of
from game.rules.bout.dungeon_schema import (
    DUNGEON_FILES,
    DUNGEON_SECTIONS,
    FOES,
)
from game.rules.bout.loader import Entry, EntryTables
from game.rules.folder_hash import content_hash
from game.rules.schema import RULESET_LIMITS, Problem, ProblemList, check_refs, check_section, check_tables, suggest

SHIPPED = ASSETS / "bout" / "dungeon" / "default"
EQUIPMENT = {"weapon": "weapons", "shield": "shields", "armour": "armours"}


@dataclass
class DungeonData(EntryTables):
    TABLES = ("factions", "foes", "items")
    id: str
    name: str
    dungeon: dict
    movement: dict
    care: dict
    score: dict
    hero: dict
    companion: dict | None
    factions: list
    foes: list
    items: list
    content_hash: str = ""
    loads: dict = field(default_factory=dict)      # (kind, bout index) -> load of that equipment

    def __post_init__(self) -> None:
        self.index_tables()

    def load_of(self, kind: str, index: int) -> int:
        return self.loads.get((kind, index), 0)


def _read(folder: Path, name: str, problems: ProblemList) -> tuple[dict, str]:
    label = f"{folder.name}/{name}"
    try:
        text = datafile.read_text(folder / name, max_bytes=RULESET_LIMITS.max_bytes, label=label)
        return datafile.loads_toml(text, label, limits=RULESET_LIMITS), text
    except MissingFile:
        problems.add(label, "", "file is missing")
    except DataFileError as exc:
        problems.add(f"{label}:{exc.line}" if exc.line else label, "", exc.what)
    return {}, ""


def load_dungeon(rules, folder: str | Path | None = None) -> tuple[DungeonData | None, ProblemList]:
    folder = Path(folder) if folder is not None else SHIPPED
    problems = ProblemList()
    if not folder.is_dir():
        problems.add(str(folder), "", "not a folder, expected a dungeon folder with dungeon.toml")
        return None, problems
    did = folder.name
    docs, texts = {}, {}
    for name in DUNGEON_FILES:
        docs[name], texts[name] = _read(folder, name, problems)
    raw = len(problems)
    check_tables(docs, DUNGEON_SECTIONS, did, problems)

    def sect(s):
        return check_section(s, docs[s.file], f"{did}/{s.file}", problems)

    vals = {s.name: sect(s) for s in DUNGEON_SECTIONS}
    known = {k: set(v) for k, v in vals.items() if isinstance(v, dict)}
    for s in (FOES,):
        check_refs(s, vals[s.name], known, f"{did}/{s.file}", problems)
    if not raw:
        _cross_checks(rules, vals, did, problems)
    _add_lines(problems, texts, did)
    if problems:
        return None, problems
    items = _entries(vals["items"])
    data = DungeonData(
        id=did, name=vals["dungeon"]["name"], dungeon=vals["dungeon"], movement=vals["movement"],
        care=vals["care"], score=vals["score"], hero=vals["hero"],
        companion=vals["companion"] if vals["companion"] and vals["companion"].get("enabled", True) else None,
        factions=_entries(vals["factions"]), foes=_entries(vals["foes"]), items=items,
        content_hash=content_hash(folder))
    for it in items:
        if it.kind in EQUIPMENT:
            data.loads[(it.kind, rules.index(EQUIPMENT[it.kind], it.ref))] = it.load
    return data, problems


def _entries(d: dict) -> list[Entry]:
    return [Entry(k, i, v) for i, (k, v) in enumerate(d.items())]


def _cross_checks(rules, vals: dict, did: str, problems: ProblemList) -> None:
    """What one table alone cannot say: ids into the bout ruleset, ranges that must be ordered."""
    def bad(file, path, msg):
        problems.add(f"{did}/{file}", path, msg)

    def equipment(file, path, v):
        for kind, table in EQUIPMENT.items():
            key = v.get(kind)
            if key is None or (kind == "shield" and not key):
                continue
            ids = [e.id for e in getattr(rules, table)]
            if key not in ids:
                bad(file, f"{path}.{kind}", f"{key!r} is not a {kind} of the bout ruleset {rules.id!r}{suggest(key, ids)}")

    d = vals["dungeon"]
    if d:
        for lo, hi in (("rooms_min", "rooms_max"), ("room_min", "room_max"), ("items_min", "items_max")):
            if d[lo] > d[hi]:
                bad("dungeon.toml", f"dungeon.{lo}", f"{d[lo]} is more than {hi} = {d[hi]}")
        if d["room_max"] + 4 > min(d["width"], d["height"]):
            bad("dungeon.toml", "dungeon.room_max", f"{d['room_max']} does not fit a {d['width']}x{d['height']} level "
                "with its walls, expected at most min(width, height) - 4")
    for name, file in (("hero", "party.toml"), ("companion", "party.toml")):
        v = vals[name]
        if v:
            equipment(file, name, v)
    hero = vals["hero"]
    if hero:
        for i, it in enumerate(hero["items"]):
            if it not in vals["items"]:
                bad("party.toml", "hero.items", f"entry {i + 1} {it!r} is not in [items]{suggest(it, vals['items'])}")
    for k, v in vals["foes"].items():
        equipment("foes.toml", f"foes.{k}", v)
        if v["min_depth"] > v["max_depth"]:
            bad("foes.toml", f"foes.{k}.min_depth", f"{v['min_depth']} is deeper than max_depth = {v['max_depth']}")
        if v["pack_min"] > v["pack_max"]:
            bad("foes.toml", f"foes.{k}.pack_min", f"{v['pack_min']} is more than pack_max = {v['pack_max']}")
    for k, v in vals["items"].items():
        if v["min_depth"] > v["max_depth"]:
            bad("items.toml", f"items.{k}.min_depth", f"{v['min_depth']} is deeper than max_depth = {v['max_depth']}")
        table = EQUIPMENT.get(v["kind"])
        if table:
            ids = [e.id for e in getattr(rules, table)]
            if v["ref"] not in ids:
                bad("items.toml", f"items.{k}.ref",
                    f"{v['ref']!r} is not a {v['kind']} of the bout ruleset {rules.id!r}{suggest(v['ref'], ids)}")
        elif v["ref"]:
            bad("items.toml", f"items.{k}.ref", f"a {v['kind']} has no ref, expected \"\"")


def _add_lines(problems: ProblemList, texts: dict, did: str) -> None:
    """Rewrite `folder/file` to `folder/file:line` where the key path can be found in the text."""
    lines = {f"{did}/{name}": key_lines(text) for name, text in texts.items() if text}
    for i, p in enumerate(problems):
        table = lines.get(p.file)
        if table is None:
            continue
        n = line_of(table, p.path)
        if n is None and not p.path:
            n = 1
        if n is not None:
            problems[i] = Problem(f"{p.file}:{n}", p.path, p.message)


def load_shipped(rules) -> DungeonData:
    data, problems = load_dungeon(rules)
    if data is None:
        raise ValueError("\n".join(str(p) for p in problems) or "the dungeon data cannot be loaded")
    return data
