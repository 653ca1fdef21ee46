"""The contact sheet: every scene at every supported size on one picture per size, written to
``docs/contact-sheet/`` by ``tactibox contact-sheet`` so anyone can look at the whole UI at once.

``index.json`` beside the pictures lists, per size, each scene's name and a hash of the strings
it draws (scenes where bots or dates play a part have no hash). ``drift(folder)`` compares a
fresh walk with it: the test suite fails when the UI changed and the sheet was not made again.
Pixels are not compared (fonts may differ from machine to machine).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path

import pygame

from game.ui.tour import Shot, tour
from hw.display import SUPPORTED_SIZES

COLUMNS = 6
DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "docs" / "contact-sheet"


def size_name(size) -> str:
    return f"{size[0]}x{size[1]}"


def texts_hash(shot: Shot) -> str | None:
    if shot.live:
        return None
    return hashlib.sha256("\n".join(shot.texts).encode()).hexdigest()[:16]


def walk(size) -> list[Shot]:
    with tempfile.TemporaryDirectory() as tmp:
        return list(tour(size, Path(tmp)))


def entry(size, shots: list[Shot]) -> dict:
    canvas = shots[0].image.get_size()
    return {"canvas": list(canvas), "scenes": [{"name": s.name, "texts": texts_hash(s)} for s in shots]}


def compose(shots: list[Shot]) -> pygame.Surface:
    """The shots in a grid, each with its name below; wide canvases at half size."""
    w, h = shots[0].image.get_size()
    scale = 2 if w > 480 else 1
    tw, th = w // scale, h // scale
    font = pygame.font.Font(None, 18)
    label = font.get_linesize() + 4
    rows = (len(shots) + COLUMNS - 1) // COLUMNS
    sheet = pygame.Surface((COLUMNS * (tw + 8) + 8, rows * (th + label + 8) + 8))
    sheet.fill((40, 40, 48))
    for i, shot in enumerate(shots):
        x = 8 + (i % COLUMNS) * (tw + 8)
        y = 8 + (i // COLUMNS) * (th + label + 8)
        img = shot.image if scale == 1 else pygame.transform.smoothscale(shot.image, (tw, th))
        sheet.blit(img, (x, y))
        sheet.blit(font.render(shot.name, True, (230, 230, 230)), (x, y + th + 3))
    return sheet


def make_sheets(folder: Path = DEFAULT_FOLDER, sizes=SUPPORTED_SIZES, log=print) -> dict:
    folder.mkdir(parents=True, exist_ok=True)
    index = {}
    for size in sizes:
        shots = walk(size)
        path = folder / f"{size_name(size)}.png"
        pygame.image.save(compose(shots), str(path))
        index[size_name(size)] = entry(size, shots)
        for shot in shots:
            for p in shot.problems + [f"{t!r} shortened on a large screen" for t in shot.needless_cuts]:
                log(f"{size_name(size)} {shot.name}: {p}")
        log(f"wrote {path} ({len(shots)} scenes)")
    (folder / "index.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")
    return index


def drift(index: dict, folder: Path = DEFAULT_FOLDER) -> list[str]:
    """What differs between `index` (a fresh walk, as ``make_sheets`` returns) and the sheet's."""
    try:
        saved = json.loads((folder / "index.json").read_text())
    except (OSError, ValueError) as exc:
        return [f"{folder / 'index.json'}: cannot read it ({exc})"]
    out = []
    for size in sorted(set(index) | set(saved)):
        a, b = saved.get(size), index.get(size)
        if a != b:
            out.append(f"{size}: the sheet shows {a} but the UI now draws {b}")
    return out
