"""The one schema of a Skirmish ruleset (a folder of TOML files) and of its maps.

The record classes the game reads (``Rules``, ``WeaponClass``, ``Weapon``, ``Tile``,
``PieceType``) are declared here with ``game.rules.records.rule``: each field's TOML key, type,
default, limits and doc are written once, and the sections the loader checks
(`game.rules.skirmish.loader`) and `docs/ruleset-schema.md` (`tactibox schema`) are made from
them. The head, army, sound and map sections, which no record class mirrors, are plain sections.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.records import derived, rule, section_of
from game.rules.schema import Field as F
from game.rules.schema import Section

MOVEMENT_LETTERS = "EAFW"      # (E)arth, (A)ir, (F)ire, (W)ater, as on the WoS page
SPRITES = ("soldier", "archer", "flyer", "beast", "serpent", "mage", "giant", "rogue", "engine", "king")
SEAT_NAMES = ("red", "green", "yellow", "blue")

RULESET = Section("ruleset", "ruleset.toml", "Name and version of the ruleset.", (
    F("name", "str", doc="Name shown in menus."),
    F("version", "str", "1.0", "Version of the data; bump it when anything that changes play changes."),
    F("kind", "choice", "skirmish", "Which game mode the ruleset is for.", choices=("skirmish",)),
    F("description", "str", "", "One line shown under the name in menus.", max_len=300),
))


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Numbers of the battle rules. Defaults follow the WoS Tactics page."""

    army_limit: int = rule("int", 9, "Most pieces in one army (the host may lower it).", min=1, max=9)
    rest_to_act: int = rule("int", 2, "Under 'all rested', least rest a piece needs to act.", min=0, max=9)
    rest_per_turn: int = rule("int", 1, "Rest each piece gains at the start of its owner's turn.", min=0, max=9)
    rest_per_walk: int = rule("int", 1, "Rest spent when a piece walks.", min=0, max=9)
    rest_per_attack: int = rule("int", 1, "Rest spent when a piece attacks.", min=0, max=9)
    ratio_cap: int = rule("int", 20, "Upper limit of every ratio in the battle equations.", min=1, max=100)
    crit_bonus_pct: int = rule("int", 75, "Extra damage of a critical hit, in percent of normal damage.",
                               min=0, max=500)
    min_hit_damage: int = rule("int", 1, "Least damage of a hit that does not miss (0 allows harmless hits).",
                               min=0, max=10)
    xp_per_hit: int = rule("int", 10, "Experience for a hit on a piece of the attacker's level.", min=0, max=1000)
    xp_per_level_gap: int = rule(
        "int", 5, "Extra experience per level the target is above the attacker (less per level below).",
        min=0, max=1000)
    xp_min: int = rule("int", 2, "Least experience for any hit.", min=0, max=1000)
    kill_xp_multiplier: int = rule("int", 2, "Experience multiplier when the hit destroys the target.",
                                   min=1, max=10)
    level_xp: int = rule("int", 30, "Experience needed per level: reaching level L+1 takes level_xp * L more.",
                         min=1, max=10000)
    max_level: int = rule("int", 5, "Highest level a piece can reach.", min=1, max=9)
    elevation_step: int = rule(
        "int", 1, "Largest height difference one step may climb or drop (pieces with Air ignore it).",
        min=0, max=35)
    zone_of_control: bool = rule("bool", False, "Pieces that step next to an enemy must stop there.")
    stalemate_rounds: int = rule(
        "int", 25, "End the battle when no piece has lost HP for this many full rounds (every army one turn); "
        "placements then go by pieces left, then HP left, as at a turn limit. 0 = never.", min=0, max=10000)
    default_tile: str = rule("id", "", "Tile under start markers and unknown cells of imported maps.",
                             ref="tiles")


RULES = section_of(Rules, "rules", "ruleset.toml")

ARMY = Section("army", "ruleset.toml", "Armies offered by default.", (
    F("default", "ids", [], "The nine formation slots of a new player's army, front row first ('' = empty slot).", ref="pieces", max=9),
    F("bot_pool", "ids", [], "Pieces bots pick their armies from (empty = every piece).", ref="pieces"),
), required=False)

@dataclass(frozen=True, kw_only=True)
class WeaponClass:
    """Weapon classes (the rock/paper/scissors cycle)."""

    id: str = derived("The key of [classes.<id>].")
    name: str = rule("str", doc="Name shown in the info window.")


CLASSES = section_of(WeaponClass, "classes", "weapons.toml", keyed=True, min_entries=1)


@dataclass(frozen=True, kw_only=True)
class Weapon:
    """Weapons: damage, class, and the class they dominate."""

    id: str = derived("The key of [weapons.<id>].")
    name: str = rule("str", doc="Name shown in the info window.")
    klass: str = rule("id", doc="This weapon's class.", ref="classes", key="class")
    dominates: str = rule("id", "", "Class against which this weapon is super effective: its target's DEF is halved.",
                          ref="classes")
    damage: int = rule("int", doc="weaponDamage in the battle equations.", min=0, max=99)
    sound_set: str = rule("id", "", "Sound set played when it strikes.", ref="sound_sets")


WEAPONS = section_of(Weapon, "weapons", "weapons.toml", keyed=True, min_entries=1)


@dataclass(frozen=True, kw_only=True)
class Tile:
    """Map tiles: what they look like and who may cross them."""

    index: int = derived("Dense index used in map arrays; 0 is the built-in void.")
    id: str = derived("The key of [tiles.<id>].")
    palette: int = rule(
        "int", doc="Palette index that stands for this tile in map images: 1-248 or 253-255 (WoS reserves only "
        "0 = void and 249-252 = starts).", min=1, max=255, key="id")
    name: str = rule("str", doc="Name shown in the info window.")
    glyph: str = rule("str", doc="One character that stands for this tile in text maps.", max_len=1)
    colour: str = rule("colour", doc="Main colour of the tile art and of the minimap.")
    movement: str = rule("letters", doc="Movement types that may cross it; empty = impassable to all.",
                         letters=MOVEMENT_LETTERS)
    cost: int = rule("int", 1, "Movement spent to enter it.", min=1, max=9)
    elevation: int = rule("int", 0, "Height added to the map's elevation at this tile.", min=0, max=35)
    description: str = rule("str", "", "One line for the info window.", max_len=300)


TILES = section_of(Tile, "tiles", "tiles.toml", keyed=True, min_entries=1)
VOID_TILE = Tile(index=0, id="void", palette=0, name="Void", glyph=" ", colour="#000000", movement="", cost=1,
                 elevation=0, description="The edge of the world.")


@dataclass(frozen=True, kw_only=True)
class PieceType:
    """Army pieces and their base (level 1) stats."""

    index: int = derived("Position in pieces.toml.")
    id: str = derived("The key of [pieces.<id>].")
    name: str = rule("str", doc="Name shown in menus and the info window.")
    hp: int = rule("int", doc="Hit points (max HP at level 1).", min=1, max=999)
    mp: int = rule("int", 0, "Mana points (no spells yet; grows with level).", min=0, max=999)
    str: int = rule("int", doc="Strength: how hard it hits.", min=0, max=99)
    def_: int = rule("int", doc="Defense: how well it resists strength.", min=0, max=99, key="def")
    agi: int = rule("int", doc="Agility: whether it misses.", min=0, max=99)
    rst: int = rule("int", 3, "Rest when fully rested.", min=0, max=9)
    rng_min: int = rule("int", 1, "Least weapon range in steps.", min=0, max=20)
    rng_max: int = rule("int", 1, "Greatest weapon range in steps.", min=0, max=20)
    mob: int = rule("int", doc="Mobility: steps it may walk in a turn.", min=0, max=20)
    mov: str = rule("letters", "E", "Movement types it has.", letters=MOVEMENT_LETTERS)
    weapon: Weapon = rule("id", doc="Its weapon.", ref="weapons")     # the loader resolves the id
    sprite: str = rule("choice", "soldier", "Silhouette drawn for it.", choices=SPRITES)
    sound_set: str = rule("id", "", "Sound set played when it is selected.", ref="sound_sets")
    max_per_army: int = rule("int", 9, "Most copies of it in one army.", min=1, max=9)
    bot_only: bool = rule("bool", False, "Only bots may field it.")
    description: str = rule("str", "", "One line for the piece picker.", max_len=300)

    @property
    def short_form(self) -> str:
        """WoS short form '17/7': HP+STR+DEF+AGI / MOB+RANGE."""
        return f"{self.hp + self.str + self.def_ + self.agi}/{self.mob + self.rng_max}"


PIECES = section_of(PieceType, "pieces", "pieces.toml", keyed=True, min_entries=1)

SOUND_SETS = Section("sound_sets", "sounds.toml", "Sound sets: 'play any one of these sounds'.", (
    F("name", "str", "", "What the set is for."),
    F("sounds", "ids", [], "Sound ids (the synthesised sounds: select, move, hit, miss, crit, levelup, victory, ... or files in sounds/)."),
), keyed=True, required=False)

RULESET_SECTIONS = (RULESET, RULES, ARMY, CLASSES, WEAPONS, TILES, PIECES, SOUND_SETS)
RULESET_FILES = ("ruleset.toml", "weapons.toml", "tiles.toml", "pieces.toml", "sounds.toml")

MAP = Section("map", "maps/<name>.toml", "A map: text art plus legend, or an indexed-colour image.", (
    F("name", "str", doc="Name shown in the map list."),
    F("description", "str", "", "One line under the name.", max_len=300),
    F("grid", "choice", "square", "square (N/E/S/W steps), hex (odd-q offset rectangle) or hexagon (ring map).",
      choices=("square", "hex", "hexagon")),
    F("rings", "int", 0, "For grid = hexagon: number of rings (a 3-map has 19 cells).", min=0, max=40),
    F("order", "int", 100, "Position in the map list (smaller first).", min=0, max=10000),
    F("tiles", "text", "", "The map as text: one character per cell (tile glyphs, legend keys, R G Y B starts, space = void)."),
    F("elevation", "text", "", "Optional elevation layer: one character per cell, 0-9 then a-z (10-35); '.' or space = 0."),
    F("elevation_seed", "int", 0, "When not 0 and no elevation layer: seed of a random elevation.", min=0, max=2**31 - 1),
    F("roughness", "int", 3, "Height range of the random elevation (0 = flat).", min=0, max=9),
    F("start_tile", "id", "", "Tile under the start markers (default: the ruleset's default_tile).", ref="tiles"),
    F("image", "str", "", "Indexed-colour image (PNG or BMP) instead of text: palette index = tile id, 0 = void, 249-252 = starts."),
    F("elevation_image", "str", "", "Indexed-colour elevation image; the red component of each colour is the height (0-255, scaled to 0-9)."),
))

START_CHARS = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
VOID_CHARS = (" ", "_")
