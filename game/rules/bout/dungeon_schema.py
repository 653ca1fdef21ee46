"""The dungeon data, declared once: every table, property, default and a line of doc.

A dungeon folder (shipped: `assets/bout/dungeon/default/`) holds four TOML files. Their
entries refer to the Steel bout ruleset by id (weapons, shields, armours), so a dungeon is
always loaded together with a bout ruleset (`game/rules/bout/dungeon_loader.py`). The loader's
checks and the reference section of `docs/rules/bout-dungeon.md` both come from these declarations.
"""

from __future__ import annotations

from dataclasses import replace

from game.rules.bout.schema import FIGHTERS
from game.rules.schema import Field, Section

ITEM_KINDS = ("weapon", "shield", "armour", "bandage", "painkiller")
SRC = Field("source", "str", "", "what these numbers approximate, or \"own\"")

DUNGEON = Section("dungeon", "dungeon.toml", "The run and the shape of its levels.", (
    Field("name", "str", doc="shown in menus"),
    Field("levels", "int", 4, "levels in a run; the last one holds the way out", min=1, max=20),
    Field("width", "int", 48, "level width in squares (1 square = 1 yard, seed)", min=24, max=120),
    Field("height", "int", 32, "level height in squares", min=16, max=80),
    Field("rooms_min", "int", 6, "rooms tried for at least", min=2, max=40),
    Field("rooms_max", "int", 9, "rooms at most", min=2, max=40),
    Field("room_min", "int", 4, "smallest room side inside the walls (at least 2: room to step round a foe)", min=2, max=20),
    Field("room_max", "int", 9, "largest room side inside the walls", min=2, max=30),
    Field("corridor_width", "int", 2, "corridor and doorway width (2 or more: melee room, see the docs)", min=2, max=4),
    Field("extra_links", "int", 2, "corridors beyond the spanning tree, so levels have loops", min=0, max=20),
    Field("fov_radius", "int", 8, "how far anyone sees (squares, a circle)", min=2, max=10),
    Field("items_min", "int", 2, "items lying on each level, at least", min=0, max=40),
    Field("items_max", "int", 4, "items lying on each level, at most", min=0, max=40),
    Field("foes_base", "int", 3, "foes on the first level", min=0, max=30),
    Field("foes_per_depth", "int", 1, "more foes on each deeper level", min=0, max=10),
    Field("foes_max", "int", 12, "foes on one level at most", min=0, max=30),
    Field("foe_distance", "int", 10, "no foe starts closer to the hero than this many steps", min=2, max=60),
    Field("max_steps", "int", 6000, "a run still going after this many steps ends (a bot that dawdles)", min=100, max=100000),
))

MOVEMENT = Section("movement", "dungeon.toml", "Speeds, the move-initiative ladder and footwork (seed: "
                   "'How to account for different character movement speeds').", (
    Field("mp_per_square", "int", 6, "move points one square costs; the seed subtracts 6 each step", min=1, max=20),
    Field("bonus_moves_max", "int", 1, "extra squares one step may give a fast fighter (seed: '1 or more')", min=0, max=3),
    Field("load_per_mp", "int", 2, "carried load beyond Strength that costs 1 MP (own)", min=1, max=10),
    Field("mp_min", "int", 3, "no load slows a fighter below this (own)", min=1, max=20),
    Field("ladder_tn", "int", 6, "TN of the Reflex roll that orders the move-initiative ladder each step (own)", min=2, max=10),
    Field("steps_per_exchange", "int", 3, "dungeon steps per exchange: eNs0, eNs1, eNs2 (seed)", min=3, max=3),
))

CARE = Section("care", "dungeon.toml", "Wounds out of a fight: the combat engine keeps the counts (blood "
               "loss by steps, first aid, healing: the bout ruleset's numbers); the dungeon says when "
               "first aid may be given.", (
    Field("first_aid_in_view", "bool", False, "first aid allowed with a foe in sight (the seed's house rule forbids it)"),
), required=False)

SCORE = Section("score", "dungeon.toml", "The run's score.", (
    Field("per_depth", "int", 100, "for every level reached below the first", min=0, max=10000),
    Field("per_foe", "int", 25, "for every foe the party fells", min=0, max=10000),
    Field("per_explored", "int", 1, "for every 10 squares seen", min=0, max=1000),
    Field("escape", "int", 500, "for leaving by the last level's way out", min=0, max=100000),
    Field("per_health", "int", 20, "for every point of health left at the end", min=0, max=1000),
))

# the bout's fighter properties (game/rules/bout/schema.py), their ids checked by this loader
# against the bout ruleset (a dungeon's fighters carry no off-hand or missile weapon yet)
_FIGHTER_FIELDS = tuple(replace(f, ref="", doc=f.doc.replace(" id", " id of the bout ruleset")) for f in FIGHTERS.fields
                        if f.name not in ("offhand", "missile", "source"))

HERO = Section("hero", "party.toml", "You.", _FIGHTER_FIELDS + (
    Field("items", "ids", [], "items carried at the start (ids of [items])", ref="items", max=8),
    SRC,
))

COMPANION = Section("companion", "party.toml", "The companion who follows your orders (seed: "
                    "'Multiple units in a Party').", _FIGHTER_FIELDS + (
    Field("enabled", "bool", True, "false: the hero goes alone"),
    SRC,
), required=False)

FACTIONS = Section("factions", "foes.toml", "Factions of the dungeon. Every faction fights every other "
                   "faction and the party (seed: 3- and 4-way fights).", (
    Field("name", "str"),
    Field("colour", "colour", "#c04040", "footbase colour on the board"),
    SRC,
), keyed=True, min_entries=1, max_entries=8)

FOES = Section("foes", "foes.toml", "Who lives down there, by depth.", _FIGHTER_FIELDS + (
    Field("faction", "id", doc="the faction", ref="factions"),
    Field("min_depth", "int", 1, "first level where it appears", min=1, max=20),
    Field("max_depth", "int", 20, "last level where it appears", min=1, max=20),
    Field("weight", "int", 10, "how often it is picked among those allowed at a depth", min=1, max=1000),
    Field("pack_min", "int", 1, "smallest group placed together", min=1, max=6),
    Field("pack_max", "int", 1, "largest group placed together", min=1, max=6),
    SRC,
), keyed=True, min_entries=1, max_entries=64)

ITEMS = Section("items", "items.toml", "Things to pick up: arms and armour (from the bout ruleset) and "
                "medicine (a bandage serves one first aid; a painkiller is one dose).", (
    Field("name", "str"),
    Field("kind", "choice", doc="what it is", choices=ITEM_KINDS),
    Field("ref", "str", "", "weapon / shield / armour: its id in the bout ruleset", max_len=32),
    Field("load", "int", 0, "weight carried (slows a fighter beyond his Strength)", min=0, max=20),
    Field("min_depth", "int", 1, "first level where it lies about", min=1, max=20),
    Field("max_depth", "int", 20, "last level where it lies about", min=1, max=20),
    Field("weight", "int", 10, "how often it is picked (0: never lies about, only carried or dropped)", min=0, max=1000),
    SRC,
), keyed=True, min_entries=1, max_entries=128)

DUNGEON_FILES = ("dungeon.toml", "party.toml", "foes.toml", "items.toml")
DUNGEON_SECTIONS = (DUNGEON, MOVEMENT, CARE, SCORE, HERO, COMPANION, FACTIONS, FOES, ITEMS)


def dungeon_markdown() -> str:
    from game.rules.schema import section_markdown
    return "\n".join(section_markdown(s) for s in DUNGEON_SECTIONS)
