"""Loading a Steel bout ruleset folder into compiled, index-based tables.

    rules, problems = load_bout_ruleset(path)

Nothing is raised on bad data: every problem reads `file: key.path: what is wrong, what is
allowed`, and `rules` is None when the folder cannot be played. Files are size-bounded by the
shared TOML reader; lists have fixed lengths and every number a range, so a loaded ruleset is
bounded too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from game.core.datafile import ASSETS, read_text
from game.rules.bout.schema import (
    ARMOURS,
    ATTACK_EFFECTS,
    ATTACK_ROOTS,
    BOUT_FILES,
    BOUT_SECTIONS,
    DAMAGE_TYPES,
    DEFENCE_ROOTS,
    FIGHTERS,
    FOOTING,
    LOCATIONS,
    MANEUVERS,
    RULES,
    RULESET,
    SHIELDS,
    STANCES,
    SURPRISE,
    WEAPONS,
    WOUNDS,
    ZONES,
)
from game.rules.folder_hash import content_hash
from game.rules.schema import (
    MAX_FILE_BYTES,
    ProblemList,
    check_refs,
    check_section,
    check_tables,
    read_ruleset_docs,
    suggest,
)

SHIPPED = ASSETS / "bout" / "default"


class Entry:
    """One table row: its id, its position and its checked values, readable as attributes
    (`weapon.reach`) and as the plain dict `v`."""

    def __init__(self, id: str, index: int, v: dict) -> None:
        self.__dict__.update(v)
        self.id, self.index, self.v = id, index, v

    def __repr__(self) -> str:
        return f"Entry({self.id!r}, {self.index})"


class EntryTables:
    """Rows found by table name and id (`find("weapons", "sword")`): a subclass lists its tables
    of Entry rows in TABLES and calls `index_tables()` once they are set."""
    TABLES: ClassVar[tuple[str, ...]] = ()

    def index_tables(self) -> None:
        self._ix = {(t, e.id): e for t in self.TABLES for e in getattr(self, t)}

    def find(self, table: str, key: str) -> Entry:
        try:
            return self._ix[(table, key)]
        except KeyError:
            raise KeyError(f"{table}.{key}") from None


@dataclass
class BoutRules(EntryTables):
    TABLES = ("stances", "surprise", "footing", "weapons", "shields", "armours", "maneuvers", "zones", "locations",
              "fighters")
    id: str
    name: str
    rules: dict
    stances: list[Entry]
    surprise: list[Entry]
    footing: list[Entry]          # sorted by min_foes, highest first
    weapons: list[Entry]
    shields: list[Entry]
    armours: list[Entry]
    maneuvers: list[Entry]
    zones: list[Entry]
    locations: list[Entry]
    fighters: list[Entry]
    wounds: dict = field(default_factory=dict)   # (type index, location index) -> row values
    content_hash: str = ""

    def __post_init__(self) -> None:
        self.index_tables()
        parts = sorted({loc.part for loc in self.locations})
        self.part_of = [parts.index(loc.part) for loc in self.locations]     # location -> part number
        self.parts = parts
        loc_ix = {loc.id: loc.index for loc in self.locations}
        self.zone_locs = [tuple(loc_ix[x] for x in z.locations) for z in self.zones]

    def index(self, table: str, key: str) -> int:
        return self.find(table, key).index


def key_line(text: str, path: str) -> int | None:
    """The line (1-based) where the dotted key `path` is written in TOML `text`: the `key =` line
    under its table header, else the header itself, else None (best effort: plain headers and
    `key = value` lines, as the shipped files are written)."""
    parts = path.split(".")
    lines = text.splitlines()
    for cut in range(len(parts), 0, -1):
        head, rest = parts[:cut], parts[cut:]
        want = "[" + ".".join(head) + "]"
        for i, raw in enumerate(lines):
            if raw.split("#", 1)[0].strip().replace(" ", "") != want:
                continue
            if not rest:
                return i + 1
            for j in range(i + 1, len(lines)):
                s = lines[j].strip()
                if s.startswith("["):
                    break
                if s.split("=", 1)[0].strip() == rest[0] and "=" in s:
                    return j + 1
            return i + 1
    if len(parts) == 1:
        for i, raw in enumerate(lines):
            if raw.split("=", 1)[0].strip() == parts[0] and "=" in raw:
                return i + 1
    return None


def with_lines(folder: Path, problems: ProblemList) -> ProblemList:
    """The same problems with the line of each key added to the file: `file:line: key: what`."""
    texts: dict[str, str] = {}
    out = ProblemList()
    for p in problems:
        name = p.file.rsplit("/", 1)[-1]
        line = None
        if p.path and name in BOUT_FILES and ":" not in p.file:
            if name not in texts:
                try:
                    texts[name] = read_text(folder / name, max_bytes=MAX_FILE_BYTES)
                except (OSError, ValueError):
                    texts[name] = ""
            line = key_line(texts[name], p.path)
        out.add(f"{p.file}:{line}" if line else p.file, p.path, p.message)
    return out


def _entries(d: dict) -> list[Entry]:
    return [Entry(k, i, v) for i, (k, v) in enumerate(d.items())]


def load_bout_ruleset(path: str | Path | None = None) -> tuple[BoutRules | None, ProblemList]:
    folder = Path(path) if path is not None else SHIPPED
    problems = ProblemList()
    rid = folder.name
    docs = read_ruleset_docs(folder, BOUT_FILES, "a bout ruleset folder with bout.toml", problems)
    if docs is None:
        return None, problems
    check_tables(docs, BOUT_SECTIONS, rid, problems)

    def sect(section):
        return check_section(section, docs[section.file], f"{rid}/{section.file}", problems)

    head, rules = sect(RULESET), sect(RULES)
    vals = {s.name: sect(s) for s in (STANCES, SURPRISE, FOOTING, WEAPONS, SHIELDS, ARMOURS, MANEUVERS,
                                      ZONES, LOCATIONS, WOUNDS, FIGHTERS)}
    known = {k: set(v) for k, v in vals.items()}
    for s in (ZONES, WOUNDS, FIGHTERS):
        check_refs(s, vals[s.name], known, f"{rid}/{s.file}", problems)
    _extra_checks(vals, rid, problems)
    if problems or head is None or rules is None:
        return None, with_lines(folder, problems)
    locs = _entries(vals["locations"])
    loc_ix = {e.id: e.index for e in locs}
    wounds = {(DAMAGE_TYPES.index(v["type"]), loc_ix[v["location"]]): v for v in vals["wounds"].values()}
    foot = sorted(_entries(vals["footing"]), key=lambda e: -e.min_foes)
    return BoutRules(
        id=rid, name=head["name"], rules=rules, stances=_entries(vals["stances"]),
        surprise=_entries(vals["surprise"]), footing=foot, weapons=_entries(vals["weapons"]),
        shields=_entries(vals["shields"]), armours=_entries(vals["armours"]),
        maneuvers=_entries(vals["maneuvers"]), zones=_entries(vals["zones"]), locations=locs,
        fighters=_entries(vals["fighters"]), wounds=wounds, content_hash=content_hash(folder),
    ), problems


def _extra_checks(vals: dict, rid: str, problems: ProblemList) -> None:
    for k, z in vals["zones"].items():
        if len(z["locations"]) != 6:
            problems.add(f"{rid}/body.toml", f"zones.{k}.locations", f"{len(z['locations'])} entries, expected 6 (die faces 1-6)")
    weapons = vals["weapons"]
    for k, f in vals["fighters"].items():
        if f["shield"] and f["shield"] not in vals["shields"]:
            problems.add(f"{rid}/fighters.toml", f"fighters.{k}.shield",
                         f"{f['shield']!r} is not defined{suggest(f['shield'], vals['shields'])}, expected a shield id or \"\"")
        for key, want in (("offhand", "an off-hand weapon id (offhand = true)"), ("missile", "a missile weapon id")):
            v = f[key]
            ok = v in weapons and (weapons[v]["offhand"] if key == "offhand" else bool(weapons[v]["missile"]))
            if v and not ok:
                problems.add(f"{rid}/fighters.toml", f"fighters.{k}.{key}",
                             f"{v!r} is not {want}{suggest(v, weapons)}, expected {want} or \"\"")
        w = weapons.get(f["weapon"])
        if w is not None and w["missile"] and w["missile"] != "thrown":
            problems.add(f"{rid}/fighters.toml", f"fighters.{k}.weapon",
                         f"{f['weapon']!r} is a missile weapon, expected a melee weapon (missile weapons go in `missile`)")
        if w is not None and w["hands"] == 2 and (f["shield"] or f["offhand"]):
            problems.add(f"{rid}/fighters.toml", f"fighters.{k}.weapon",
                         f"{f['weapon']!r} needs both hands, expected no shield and no off-hand weapon with it")
    for k, w in weapons.items():
        if w["missile"] and (not w["range"] or not w["missile_atn"]):
            problems.add(f"{rid}/weapons.toml", f"weapons.{k}.range",
                         "a missile weapon needs range and missile_atn above 0")
    mans = vals["maneuvers"]
    for k, m in mans.items():
        is_attack = m["effect"] in ATTACK_EFFECTS
        if (m["kind"] == "attack") != is_attack:
            problems.add(f"{rid}/maneuvers.toml", f"maneuvers.{k}.effect",
                         f"{m['effect']!r} does not fit kind {m['kind']!r}")
        roots = ATTACK_ROOTS if m["kind"] == "attack" else DEFENCE_ROOTS
        if m["root"] not in roots:
            problems.add(f"{rid}/maneuvers.toml", f"maneuvers.{k}.root",
                         f"{m['root']!r} is not a root for a {m['kind']}, expected one of {', '.join(roots)}")
        if m["parent"] and (m["parent"] not in mans or mans[m["parent"]]["kind"] != m["kind"]):
            problems.add(f"{rid}/maneuvers.toml", f"maneuvers.{k}.parent",
                         f"{m['parent']!r} is not a {m['kind']} maneuver{suggest(m['parent'], mans)}")
        if m["kind"] == "attack" and m["zones"] == "none":
            problems.add(f"{rid}/maneuvers.toml", f"maneuvers.{k}.zones", "an attack needs zones swing, thrust or any")
        if m["kind"] == "attack" and m["tn_from"] in ("weapon_dtn", "shield_dtn"):
            problems.add(f"{rid}/maneuvers.toml", f"maneuvers.{k}.tn_from", "an attack rolls against an attack TN")
    if not any(m["effect"] == "strike" for m in vals["maneuvers"].values()):
        problems.add(f"{rid}/maneuvers.toml", "maneuvers", "no maneuver with effect 'strike', expected at least one plain attack")
    seen = {}
    for k, w in vals["wounds"].items():
        key = (w["type"], w["location"])
        if key in seen:
            problems.add(f"{rid}/wounds.toml", f"wounds.{k}", f"same type and location as wounds.{seen[key]}")
        seen[key] = k
    # every location a zone can hit needs a row for every damage type that can reach it
    for zk, z in vals["zones"].items():
        for loc in z["locations"]:
            for t in DAMAGE_TYPES:
                if (t, loc) not in seen and loc in vals["locations"]:
                    problems.add(f"{rid}/wounds.toml", "wounds",
                                 f"no row for type {t!r} at location {loc!r} (zone {zk} can hit it)")
                    return
    for k, e in vals["footing"].items():
        if e["tn_hurried"] < 2:
            problems.add(f"{rid}/bout.toml", f"footing.{k}.tn_hurried", "expected at least 2")
