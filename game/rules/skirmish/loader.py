"""Loading a Skirmish ruleset folder: every problem reported, nothing ever raised on bad data.

    ruleset, problems = load_ruleset(path)

`ruleset` is None when the folder cannot be played (its TOML files are broken); maps that are
broken are left out of `ruleset.maps` and their problems listed. Each problem reads
`file: key.path: what is wrong, what is allowed`.
"""

from __future__ import annotations

from pathlib import Path

from game.rules.folder_hash import content_hash
from game.rules.records import build
from game.rules.schema import ProblemList, check_refs, check_section, check_tables, read_ruleset_docs
from game.rules.skirmish.model import VOID_TILE, PieceType, Rules, Ruleset, Tile, Weapon, WeaponClass
from game.rules.skirmish.schema import (
    ARMY,
    CLASSES,
    PIECES,
    RULES,
    RULESET,
    RULESET_FILES,
    RULESET_SECTIONS,
    SOUND_SETS,
    TILES,
    WEAPONS,
)

MAP_SUFFIXES = (".toml", ".png", ".bmp")
RESERVED_PALETTE = (0, 249, 250, 251, 252)


def load_ruleset(path: str | Path, *, with_maps: bool = True) -> tuple[Ruleset | None, ProblemList]:
    folder = Path(path)
    problems = ProblemList()
    rid = folder.name
    docs = read_ruleset_docs(folder, RULESET_FILES, "a ruleset folder with ruleset.toml", problems,
                             optional=("sounds.toml",))
    if docs is None:
        return None, problems
    before = len(problems)

    check_tables(docs, RULESET_SECTIONS, rid, problems)

    def sect(section):
        return check_section(section, docs[section.file], f"{rid}/{section.file}", problems)

    head = sect(RULESET)
    rules_v = sect(RULES)
    army_v = sect(ARMY)
    classes_v = sect(CLASSES)
    weapons_v = sect(WEAPONS)
    tiles_v = sect(TILES)
    pieces_v = sect(PIECES)
    sounds_v = sect(SOUND_SETS)

    known = {"classes": set(classes_v), "weapons": set(weapons_v), "tiles": set(tiles_v),
             "pieces": set(pieces_v), "sound_sets": set(sounds_v)}
    check_refs(WEAPONS, weapons_v, known, f"{rid}/weapons.toml", problems)
    known["weapons"] = set(weapons_v)
    check_refs(PIECES, pieces_v, known, f"{rid}/pieces.toml", problems)
    known["pieces"] = set(pieces_v) | {""}
    if rules_v is not None:
        check_refs(RULES, {"rules": rules_v}, known, f"{rid}/ruleset.toml", problems)
    if army_v is not None:
        check_refs(ARMY, {"army": army_v}, known, f"{rid}/ruleset.toml", problems)

    _extra_tile_checks(tiles_v, f"{rid}/tiles.toml", problems)
    _extra_piece_checks(pieces_v, f"{rid}/pieces.toml", problems)
    if rules_v is not None and army_v is not None:
        if len([p for p in army_v["default"] if p]) > rules_v["army_limit"]:
            problems.add(f"{rid}/ruleset.toml", "army.default",
                         f"{len(army_v['default'])} pieces, at most rules.army_limit = {rules_v['army_limit']}")
    if rules_v is not None and not rules_v["default_tile"] and tiles_v:
        problems.add(f"{rid}/ruleset.toml", "rules.default_tile", "missing, expected the id of an entry in [tiles]")

    if len(problems) > before or head is None or rules_v is None or not tiles_v or not pieces_v:
        return None, problems

    classes = {k: build(WeaponClass, v, id=k) for k, v in classes_v.items()}
    weapons = {k: build(Weapon, v, id=k) for k, v in weapons_v.items()}
    tiles = [VOID_TILE] + [build(Tile, v, index=i + 1, id=k) for i, (k, v) in enumerate(tiles_v.items())]
    pieces = [build(PieceType, v, index=i, id=k, weapon=weapons[v["weapon"]])
              for i, (k, v) in enumerate(pieces_v.items())]
    army = army_v or ARMY.defaults()
    rs = Ruleset(
        id=rid, path=folder, name=head["name"], version=head["version"], description=head["description"],
        rules=build(Rules, rules_v), classes=classes, weapons=weapons, tiles=tiles, pieces=pieces,
        sound_sets={k: tuple(v["sounds"]) for k, v in sounds_v.items()},
        army_default=list(army["default"]),
        bot_pool=list(army["bot_pool"]) or [p.id for p in pieces],
        content_hash=content_hash(folder),
    )
    if with_maps:
        from game.rules.skirmish.maps import load_map  # maps need the tiles above
        maps_dir = folder / "maps"
        files = sorted(p for p in maps_dir.iterdir() if p.suffix.lower() in MAP_SUFFIXES) if maps_dir.is_dir() else []
        stems_with_toml = {p.stem for p in files if p.suffix == ".toml"}
        used: set[str] = set()  # images a map TOML names (tile image, elevation image)
        for p in [f for f in files if f.suffix == ".toml"] + [f for f in files if f.suffix != ".toml"]:
            if p.suffix != ".toml" and (p.stem in stems_with_toml or p.name in used):
                continue  # an image that belongs to a map TOML, not a map of its own
            gmap = load_map(p, rs, problems, used)
            if gmap is not None:
                rs.maps.append(gmap)
        rs.maps.sort(key=lambda m: (m.order, m.name))
        if not rs.maps:
            problems.add(f"{rid}/maps", "", "no playable map, expected at least one map file (.toml, .png or .bmp)")
    return rs, problems


# A tile's id and glyph: the values no tile may take and why, how a value is shown in a problem,
# and what the problem of a value another tile already has adds.
_TILE_KEYS = (
    ("id", RESERVED_PALETTE, "is reserved (0 = void, 249-252 = starts), expected 1-248 or 253-255", str,
     ", expected a unique id"),
    ("glyph", frozenset(" _RGYB"), "is reserved (space/_ = void, R G Y B = starts)", repr, ""),
)


def _extra_tile_checks(tiles_v: dict, label: str, problems: ProblemList) -> None:
    seen: dict[str, dict] = {"id": {}, "glyph": {}}
    for k, v in list(tiles_v.items()):
        bad = False
        for key, reserved, why_reserved, show, unique in _TILE_KEYS:
            value = v[key]
            if key == "glyph" and len(value) != 1:
                what = f"{value!r} is not one character, expected exactly one"
            elif value in reserved:
                what = f"{show(value)} {why_reserved}"
            elif value in seen[key]:
                what = f"{show(value)} is already used by tiles.{seen[key][value]}{unique}"
            else:
                continue
            problems.add(label, f"tiles.{k}.{key}", what)
            bad = True
        if bad:
            del tiles_v[k]
            continue
        for key, first in seen.items():
            first[v[key]] = k


def _extra_piece_checks(pieces_v: dict, label: str, problems: ProblemList) -> None:
    for k, v in list(pieces_v.items()):
        if v["rng_min"] > v["rng_max"]:
            problems.add(label, f"pieces.{k}.rng_min", f"{v['rng_min']} is above rng_max = {v['rng_max']}, expected rng_min <= rng_max")
            del pieces_v[k]
        elif not v["mov"]:
            problems.add(label, f"pieces.{k}.mov", "empty, expected at least one movement letter of E, A, F, W")
            del pieces_v[k]
