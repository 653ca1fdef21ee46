"""The tile and piece art every screen shares (made once, on first use)."""

from __future__ import annotations

from game.ui.art.recolour import PieceArt
from game.ui.art.tiles import TileArt

_ART: dict[str, object] = {}


def shared_art() -> tuple[TileArt, PieceArt]:
    if not _ART:
        _ART["tiles"], _ART["pieces"] = TileArt(), PieceArt()
    return _ART["tiles"], _ART["pieces"]
