"""Maps: text a person edits (ASCII art + legend) or WoS-style indexed-colour images.

Text map (`maps/<id>.toml`):

    [map]
    name = "Meadow"
    grid = "square"            # or "hex" (odd-q rectangle) / "hexagon" (ring map, `rings`)
    tiles = '''
    ..^^..
    R.~~.G
    '''
    elevation = '''            # optional, same shape: 0-9 then a-z
    001100
    000000
    '''
    [legend]                   # optional: tile glyphs are known already
    "*" = "lava"
    "1" = { tile = "grass", start = "red" }

Images (`maps/<id>.png|bmp`, or `image = "file.png"` in a map TOML): palette index = tile `id`,
0 = void, 249/250/251/252 = red/green/yellow/blue start cells, any other index that is no tile
of the ruleset = `rules.default_tile`; the image must be square, at most 128 pixels a side
(checked in the header, before decoding). `image` and `elevation_image` name files next to the
map TOML; images a TOML names are not also loaded as maps of their own.
"""

from __future__ import annotations

from pathlib import Path

from game.core.canon import canonical_hash
from game.core.grid import Grid
from game.core.prng import Pcg32
from game.rules.schema import ProblemList, check_refs, check_section, read_toml, suggest
from game.rules.skirmish.map_images import read_indexed_image
from game.rules.skirmish.model import GameMap, Ruleset
from game.rules.skirmish.schema import MAP, SEAT_NAMES, START_CHARS, VOID_CHARS

MAX_MAP_SIDE = 128
START_PALETTE = {249: "red", 250: "green", 251: "yellow", 252: "blue"}


def load_map(path: Path, rs: Ruleset, problems: ProblemList, used: set[str] | None = None) -> GameMap | None:
    """One map file. `used` collects the names of images in maps/ that a map TOML refers to
    (its tile image and elevation image), so the loader does not load them as maps of their own."""
    label = f"{rs.id}/maps/{path.name}"
    if path.suffix.lower() in (".png", ".bmp"):
        return _from_image(path, None, path.stem, {"name": path.stem.replace("_", " ").title()}, rs, label, problems)
    before = len(problems)
    doc = read_toml(path, label, problems)
    if doc is None:
        return None
    raw = doc.get("map")
    if used is not None and isinstance(raw, dict):
        for key in ("image", "elevation_image"):
            if isinstance(raw.get(key), str) and raw[key]:
                used.add(raw[key])
    for key in doc:
        if key not in ("map", "legend"):
            problems.add(label, key, f"unknown table{suggest(key, ['map', 'legend'])}, allowed tables: map, legend")
    meta = check_section(MAP, doc, label, problems)
    if meta is None:
        return None
    check_refs(MAP, {"map": meta}, {"tiles": {t.id for t in rs.tiles[1:]}}, label, problems)
    for key in ("image", "elevation_image"):
        if meta[key] and not _plain_name(meta[key]):
            problems.add(label, f"map.{key}", f"{meta[key]!r} is not a file name in this maps folder, expected "
                         "a name like 'arena.png' (no folders, no '..')")
    if len(problems) > before:
        return None
    if meta["image"]:
        return _from_image(path.parent / meta["image"], meta, path.stem, meta, rs, label, problems,
                           folder=path.parent)
    return _from_text(meta, doc.get("legend", {}), path.stem, rs, label, problems)


def _plain_name(name: str) -> bool:
    """A file right next to the map TOML: the link ships a ruleset folder and nothing outside it."""
    return bool(name) and "/" not in name and "\\" not in name and name not in (".", "..") and "\0" not in name


def _legend(raw, rs: Ruleset, start_tile: int, label: str, problems: ProblemList):
    """char -> (tile index, seat or None)."""
    by_id = {t.id: t.index for t in rs.tiles[1:]}
    legend = {t.glyph: (t.index, None) for t in rs.tiles[1:]}
    for ch, seat in START_CHARS.items():
        legend[ch] = (start_tile, seat)
    for ch in VOID_CHARS:
        legend[ch] = (0, None)
    if not isinstance(raw, dict):
        problems.add(label, "legend", "expected a table of character = tile id")
        return None
    ok = True
    for ch, v in raw.items():
        path = f"legend.{ch!r}"
        if len(ch) != 1:
            problems.add(label, path, "key must be exactly one character")
            ok = False
            continue
        tile, seat = (v, None) if isinstance(v, str) else (v.get("tile"), v.get("start")) if isinstance(v, dict) else (None, None)
        if isinstance(v, dict) and set(v) - {"tile", "start"}:
            problems.add(label, path, f"unknown keys {sorted(set(v) - {'tile', 'start'})}, allowed: tile, start")
            ok = False
            continue
        if tile not in by_id:
            problems.add(label, path, f"{tile!r} is not a tile{suggest(str(tile), by_id)}, expected one of: {', '.join(by_id)}")
            ok = False
            continue
        if seat is not None and seat not in SEAT_NAMES:
            problems.add(label, path + ".start", f"{seat!r} is not a seat, expected one of: {', '.join(SEAT_NAMES)}")
            ok = False
            continue
        legend[ch] = (by_id[tile], seat)
    return legend if ok else None


def _make_grid(kind: str, rings: int, cols: int, rows: int, label: str, problems: ProblemList):
    if cols < 1 or rows < 1:
        problems.add(label, "map.tiles", "the map is empty, expected at least one row of cells")
        return None
    if cols > MAX_MAP_SIDE or rows > MAX_MAP_SIDE:
        problems.add(label, "map.tiles", f"{cols}x{rows} cells, at most {MAX_MAP_SIDE}x{MAX_MAP_SIDE} allowed")
        return None
    if kind == "square":
        return Grid.square(cols, rows)
    if kind == "hex":
        return Grid.hex_rect(cols, rows)
    rings = rings or (max(cols, rows) + 1) // 2
    side = 2 * rings - 1
    if cols > side or rows > side:
        problems.add(label, "map.tiles", f"{cols}x{rows} text does not fit a {rings}-ring hexagon ({side}x{side})")
        return None
    return Grid.hexagon(rings)


def _from_text(meta, legend_raw, mid, rs: Ruleset, label, problems: ProblemList):
    start_tile = rs.tile(meta["start_tile"] or rs.rules.default_tile).index
    legend = _legend(legend_raw, rs, start_tile, label, problems)
    if legend is None:
        return None
    lines = meta["tiles"].split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    rows, cols = len(lines), max((len(line) for line in lines), default=0)
    grid = _make_grid(meta["grid"], meta["rings"], cols, rows, label, problems)
    if grid is None:
        return None
    tiles = bytearray(grid.n)
    starts: dict[str, int] = {}
    ok = True
    for row, line in enumerate(lines):
        for col, ch in enumerate(line):
            entry = legend.get(ch)
            if entry is None:
                problems.add(label, f"map.tiles line {row + 1} column {col + 1}",
                             f"{ch!r} is not in the legend, expected a tile glyph ({''.join(t.glyph for t in rs.tiles[1:])}), R G Y B, space or a [legend] key")
                ok = False
                continue
            cell = grid.cell_at_offset(col, row)
            if cell < 0:
                if entry[0] != 0:
                    problems.add(label, f"map.tiles line {row + 1} column {col + 1}", f"{ch!r} lies outside the hexagon, expected a space")
                    ok = False
                continue
            tiles[cell] = entry[0]
            if entry[1]:
                if entry[1] in starts:
                    problems.add(label, f"map.tiles line {row + 1} column {col + 1}", f"second start for {entry[1]}, expected one per seat")
                    ok = False
                starts[entry[1]] = cell
    if not ok:
        return None
    if meta["elevation"].strip():
        height = _elevation_text(meta["elevation"], grid, label, problems)
    elif meta["elevation_seed"]:
        height = random_elevation(grid, meta["elevation_seed"], meta["roughness"])
    else:
        height = [0] * grid.n
    if height is None:
        return None
    return _finish(mid, meta, grid, tiles, height, starts, rs, label, problems)


def _elevation_text(text: str, grid: Grid, label: str, problems: ProblemList):
    height = [0] * grid.n
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    for row, line in enumerate(lines):
        for col, ch in enumerate(line):
            if ch in ". ":
                continue
            v = int(ch, 36) if ch.isalnum() and ch.isascii() else -1
            if v < 0:
                problems.add(label, f"map.elevation line {row + 1} column {col + 1}", f"{ch!r} is not a height, expected 0-9, a-z, '.' or space")
                return None
            cell = grid.cell_at_offset(col, row)
            if cell < 0:
                problems.add(label, f"map.elevation line {row + 1} column {col + 1}", "outside the map, expected the same shape as map.tiles")
                return None
            height[cell] = v
    return height


def random_elevation(grid: Grid, seed: int, roughness: int) -> list[int]:
    """Deterministic rolling heights 0..roughness: PCG32 values on a coarse lattice, bilinearly
    interpolated in integer arithmetic (the WoS 'random seed and roughness' option)."""
    if roughness <= 0:
        return [0] * grid.n
    rng = Pcg32(seed, 0x7ac71c5)
    step = 4
    xs = [grid.offset_of(c)[0] for c in range(grid.n)] if grid.kind == "hex" else list(grid.xs)
    ys = [grid.offset_of(c)[1] for c in range(grid.n)] if grid.kind == "hex" else list(grid.ys)
    gw = (max(xs) - min(xs)) // step + 2
    gh = (max(ys) - min(ys)) // step + 2
    x0, y0 = min(xs), min(ys)
    lattice = [[rng.below(roughness * 16 + 1) for _ in range(gw)] for _ in range(gh)]
    out = []
    for c in range(grid.n):
        x, y = xs[c] - x0, ys[c] - y0
        gx, fx = divmod(x, step)
        gy, fy = divmod(y, step)
        a, b = lattice[gy][gx], lattice[gy][gx + 1]
        c2, d = lattice[gy + 1][gx], lattice[gy + 1][gx + 1]
        top = a * (step - fx) + b * fx
        bottom = c2 * (step - fx) + d * fx
        v = top * (step - fy) + bottom * fy          # scaled by step*step*16
        out.append((v + step * step * 8) // (step * step * 16))
    return out


def _from_image(img_path: Path, meta, mid, info, rs: Ruleset, label: str, problems: ProblemList,
                folder: Path | None = None):
    """A WoS map image. `folder` is where the map TOML lies: its elevation_image is next to it."""
    ilabel = f"{rs.id}/maps/{img_path.name}"
    key = "map.image" if meta else ""
    img = read_indexed_image(img_path, label if meta else ilabel, key, problems, max_side=MAX_MAP_SIDE,
                             missing=", expected an image next to the map file")
    if img is None:
        return None
    w, h, pixels = img.width, img.height, img.pixels
    if w != h:
        problems.add(ilabel, "", f"image is {w}x{h}, expected a square image (as wide as tall)")
        return None
    grid = _make_grid("square", 0, w, h, ilabel, problems)
    if grid is None:
        return None
    by_palette = {t.palette: t.index for t in rs.tiles[1:]}
    start_tile = rs.tile((meta or {}).get("start_tile") or rs.rules.default_tile).index
    # WoS: only 0 (void) and 249-252 (starts) are reserved; any other index that is no tile of
    # this ruleset is the ruleset's default_tile (as documented for rules.default_tile)
    default_tile = rs.tile(rs.rules.default_tile).index
    tiles = bytearray(grid.n)
    starts: dict[str, int] = {}
    for c, v in enumerate(pixels):
        if v == 0:
            continue
        if v in START_PALETTE:
            seat = START_PALETTE[v]
            if seat in starts:
                problems.add(ilabel, f"pixel ({c % w}, {c // w})", f"second start pixel for {seat} (index {v}), expected exactly one")
                return None
            starts[seat] = c
            tiles[c] = start_tile
        else:
            tiles[c] = by_palette.get(v, default_tile)
    height = [0] * grid.n
    if meta and meta.get("elevation_image"):
        height = _elevation_image((folder or img_path.parent) / meta["elevation_image"], w, label, problems)
        if height is None:
            return None
    elif meta and meta.get("elevation_seed"):
        height = random_elevation(grid, meta["elevation_seed"], meta["roughness"])
    return _finish(mid, info, grid, tiles, height, starts, rs, label, problems)


def _elevation_image(path: Path, side: int, label: str, problems: ProblemList):
    """Heights 0-9 from the red component of each pixel's palette colour (WoS), or the grey level."""
    img = read_indexed_image(path, label, "map.elevation_image", problems, max_side=MAX_MAP_SIDE,
                             modes=("P", "L"), missing=", expected an image next to the map file")
    if img is None:
        return None
    if (img.width, img.height) != (side, side):
        problems.add(label, "map.elevation_image", f"{path.name} is {img.width}x{img.height}, expected {side}x{side} "
                     "(the size of the tile image)")
        return None
    if img.mode == "L":
        return [v * 10 // 256 for v in img.pixels]
    pal = img.palette
    return [(pal[3 * v] if 3 * v < len(pal) else 0) * 10 // 256 for v in img.pixels]


def _finish(mid, meta, grid: Grid, tiles, height, starts, rs: Ruleset, label, problems: ProblemList):
    if len(starts) < 2:
        problems.add(label, "map.tiles", f"{len(starts)} start cell(s), expected at least 2 of R G Y B (red, green, yellow, blue)")
        return None
    for seat, cell in starts.items():
        t = rs.tiles[tiles[cell]]
        if not t.movement:
            problems.add(label, f"start {seat}", f"start cell is on impassable tile {t.id}, expected a passable tile")
            return None
    elevation = tuple(height[c] + rs.tiles[tiles[c]].elevation if grid.exists[c] else 0 for c in range(grid.n))
    gmap = GameMap(
        id=mid, name=meta["name"], description=meta.get("description", ""), order=meta.get("order", 100),
        grid=grid, tiles=bytes(tiles), elevation=elevation, starts=dict(sorted(starts.items(), key=lambda kv: SEAT_NAMES.index(kv[0]))),
        source=label,
    )
    gmap.content_hash = canonical_hash({
        "grid": grid.kind, "rings": grid.rings, "cols": grid.cols, "rows": grid.rows,
        "tiles": [rs.tiles[t].id for t in tiles], "elevation": list(elevation), "starts": gmap.starts,
    })
    return gmap
