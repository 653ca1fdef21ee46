"""Loaded ruleset and map data (plain, immutable after loading).

The records read from the ruleset's files (``Rules``, ``WeaponClass``, ``Weapon``, ``Tile``,
``PieceType``) are declared with their schema in ``game.rules.skirmish.schema`` and re-exported
here; ``GameMap`` and ``Ruleset`` are what the loader compiles from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.grid import Grid
from game.rules.skirmish.schema import SEAT_NAMES, VOID_TILE, PieceType, Rules, Tile, Weapon, WeaponClass

__all__ = ["VOID_TILE", "GameMap", "PieceType", "Rules", "Ruleset", "Tile", "Weapon", "WeaponClass"]


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
