"""Loaded ruleset and map data (plain, immutable after loading)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.grid import Grid


@dataclass(frozen=True)
class WeaponClass:
    id: str
    name: str


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    klass: str
    dominates: str
    damage: int
    sound_set: str


@dataclass(frozen=True)
class Tile:
    index: int          # dense index used in map arrays; 0 is the built-in void
    id: str
    palette: int        # palette index in map images
    name: str
    glyph: str
    colour: str
    movement: str
    cost: int
    elevation: int
    description: str = ""


VOID_TILE = Tile(0, "void", 0, "Void", " ", "#000000", "", 1, 0, "The edge of the world.")


@dataclass(frozen=True)
class PieceType:
    index: int
    id: str
    name: str
    hp: int
    mp: int
    str: int
    def_: int
    agi: int
    rst: int
    rng_min: int
    rng_max: int
    mob: int
    mov: str
    weapon: Weapon
    sprite: str
    sound_set: str
    max_per_army: int
    bot_only: bool
    description: str = ""

    @property
    def short_form(self) -> str:
        """WoS short form '17/7': HP+STR+DEF+AGI / MOB+RANGE."""
        return f"{self.hp + self.str + self.def_ + self.agi}/{self.mob + self.rng_max}"


@dataclass(frozen=True)
class Rules:
    army_limit: int = 9
    rest_to_act: int = 2
    rest_per_turn: int = 1
    rest_per_walk: int = 1
    rest_per_attack: int = 1
    ratio_cap: int = 20
    crit_bonus_pct: int = 75
    min_hit_damage: int = 1
    xp_per_hit: int = 10
    xp_per_level_gap: int = 5
    xp_min: int = 2
    kill_xp_multiplier: int = 2
    level_xp: int = 30
    max_level: int = 5
    elevation_step: int = 1
    zone_of_control: bool = False
    stalemate_rounds: int = 25
    default_tile: str = ""


@dataclass
class GameMap:
    id: str
    name: str
    description: str
    order: int
    grid: Grid
    tiles: bytes                 # tile index per cell (0 = void / off the board)
    elevation: tuple[int, ...]   # height per cell, tile elevation included
    starts: dict[str, int]       # seat name -> start cell
    source: str
    content_hash: str = ""

    @property
    def seats(self) -> list[str]:
        from game.rules.skirmish.schema import SEAT_NAMES
        return [s for s in SEAT_NAMES if s in self.starts]


@dataclass
class Ruleset:
    id: str
    path: Path
    name: str
    version: str
    description: str
    rules: Rules
    classes: dict[str, WeaponClass]
    weapons: dict[str, Weapon]
    tiles: list[Tile]
    pieces: list[PieceType]
    sound_sets: dict[str, tuple[str, ...]]
    army_default: list[str]
    bot_pool: list[str]
    maps: list[GameMap] = field(default_factory=list)
    content_hash: str = ""

    def tile(self, tid: str) -> Tile:
        for t in self.tiles:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def piece(self, pid: str) -> PieceType:
        for p in self.pieces:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def map(self, mid: str) -> GameMap:
        for m in self.maps:
            if m.id == mid or m.name == mid:
                return m
        raise KeyError(mid)
