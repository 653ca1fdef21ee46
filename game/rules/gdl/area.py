"""Area forms: `(area W H [(restrict w h x y)] (terrain ...) (aux-terrain T ...) ...)`.

Layer rows are run-length coded as Xconq writes them: a run length in decimal before a
character code, `a`..`~` for 0..29 and `:`..`[` for 30..63 (or a `by-char`/`by-name` mapping),
other numbers as decimal digits ended by `,` (or the row's end), `N*V` for a run of a number.
The first row is the top one (y = H-1). Under a restriction the rows describe a w x h map whose
(x, y) cell is the area's (x - rx, y - ry): the rest is cut away, as Xconq does.
Aux-terrain rows give a 6-bit direction mask per cell (borders and connections) or a depth
(coatings); they are stored in `Module.aux_terrain[terrain index]`.
"""

from __future__ import annotations

import re

from game.rules.gdl.reader import Lst, Sym

MAX_AREA = 400 * 400    # cells


def code_index(ch: str) -> int:
    o = ord(ch)
    if 97 <= o <= 126:
        return o - 97
    if 58 <= o <= 91:
        return o - 58 + 30
    return -1


def index_char(i: int) -> str:
    return chr(97 + i) if i < 30 else chr(58 + i - 30)


# one token of a layer row: N*V | V, (a number) | [N]c (a run of a character) | , | anything else
_TOKEN = re.compile(r"(\d{1,6})\*(-?\d{1,6}),?|(-?\d{1,6})(?:,|$)|(\d{1,6})?([^\d,*\-])|(,)|(.)")


_RUNS = re.compile(r"(\d{0,6})(\D)")


def decode_layer_row(text: str, width: int, charmap: dict[str, int] | None, warn, line: int) -> list[int]:
    """One row of layer values (terrain indices, masks, depths); -1 where a character names nothing.
    `charmap` None means the standard character codes."""
    if "*" not in text and "," not in text and "-" not in text:
        runs = _RUNS.findall(text)
        if sum(len(n) + 1 for n, _ in runs) == len(text):     # only [N]c runs: the usual map row
            return _decode_runs(runs, width, charmap, warn, line)
    out: list[int] = []
    for m in _TOKEN.finditer(text):
        if len(out) >= width:
            break
        star_n, star_v, num, run, ch, comma, junk = m.groups()
        if comma is not None:
            continue
        if junk is not None:
            warn(line, f"layer row: {junk!r} is not a run, a number or a character code")
            continue
        if star_n is not None:
            val, count = int(star_v), int(star_n)
        elif num is not None:
            val, count = int(num), 1
        else:
            val = charmap.get(ch, -1) if charmap is not None else code_index(ch)
            if val < 0:
                warn(line, f"terrain character {ch!r} names no terrain type")
            count = int(run) if run else 1
        out.extend([val] * min(count, width - len(out)))
    return out


def _decode_runs(runs, width: int, charmap, warn, line: int) -> list[int]:
    out: list[int] = []
    extend = out.extend
    get = charmap.get if charmap is not None else None
    n = 0
    for run, ch in runs:
        val = get(ch, -1) if get is not None else code_index(ch)
        if val < 0:
            warn(line, f"terrain character {ch!r} names no terrain type")
        count = int(run) if run else 1
        if n + count >= width:
            extend([val] * (width - n))
            break
        extend([val] * count)
        n += count
    return out


class AreaForms:
    """`area` forms, mixed into the loader."""

    def f_area(self, f, line):
        rest = list(f[1:])
        if rest and rest[0] == "add":
            self.area_add(rest[1:], line)
            return
        nums = []
        while rest and isinstance(rest[0], int):
            nums.append(rest.pop(0))
        if nums:
            self.area_size(nums, line)
            self.m.origin[("area",)] = (self.file, line)
        if rest and isinstance(rest[0], Lst) and rest[0] and rest[0][0] == "restrict":
            self.area_restrict(rest.pop(0))
        for sub in rest:
            if not isinstance(sub, Lst) or not sub or not isinstance(sub[0], Sym):
                continue
            key = sub[0]
            if key == "terrain":
                self.area_terrain(sub)
            elif key == "aux-terrain":
                self.area_aux_terrain(sub)
            elif key == "sun" and len(sub) == 3 and all(isinstance(v, int) for v in sub[1:]):
                self.m.world["sun-x"], self.m.world["sun-y"] = sub[1], sub[2]
            elif key == "initial-day-part" and len(sub) == 2 and isinstance(sub[1], int):
                self.m.globals["initial-day-part"] = sub[1]
            elif key == "elevations":
                self.area_elevations(sub)
            elif key == "cell-width" and len(sub) == 2 and isinstance(sub[1], int):
                self.m.cell_width = max(1, sub[1])
            elif key in ("latitude", "longitude", "projection", "features",
                         "people-sides", "control-sides", "temperatures", "width", "height", "initial-year-part"):
                pass
            else:
                self.warn(sub.line, f"area: {key!r} layer is not implemented")

    def area_add(self, rest, line) -> None:
        """`(area add x y w h terrain T)`: a w x h block of cells (map coordinates, through the
        restriction) becomes terrain T."""
        if (len(rest) != 6 or not all(isinstance(v, int) for v in rest[:4]) or rest[4] != "terrain"
                or not self.m.width):
            self.warn(line, "area add: expected (area add x y w h terrain type)")
            return
        x0, y0, bw, bh = rest[:4]
        ts = self.types(rest[5], "t", line, "area add")
        if not ts or bw * bh > MAX_AREA:
            return
        self.spend(max(0, bw) * max(0, bh), line)
        w, h = self.m.width, self.m.height
        rx, ry = self.restrict[2], self.restrict[3]
        for y in range(y0 - ry, y0 - ry + bh):
            for x in range(x0 - rx, x0 - rx + bw):
                if 0 <= x < w and 0 <= y < h:
                    self.m.terrain[y * w + x] = ts[0]

    def area_size(self, nums, line) -> None:
        w = nums[0]
        h = nums[1] if len(nums) > 1 else w
        rw, rh = self.restrict[0], self.restrict[1]
        if rw:      # under a restriction the size names the larger map: the area stays
            if (w, h) != (rw, rh):
                self.warn(line, f"area {w}x{h} differs from the restriction's {rw}x{rh}", play=False)
            return
        if w < 3 or h < 3 or w * h > MAX_AREA:
            self.warn(line, f"area {w}x{h} is outside 3x3..{MAX_AREA} cells")
            return
        if (w, h) != (self.m.width, self.m.height):
            self.m.width, self.m.height = w, h
            self.m.terrain = [-1] * (w * h)
            self.m.has_terrain = False
            self.m.aux_terrain = {}

    def area_restrict(self, sub) -> None:
        args = sub[1:]
        if args and args[0] == "reset":
            self.restrict = (0, 0, 0, 0)
        elif len(args) == 4 and all(isinstance(a, int) for a in args) and 0 < args[0] * args[1] <= 4 * MAX_AREA:
            self.restrict = tuple(args)
        else:
            self.warn(sub.line, "restrict: expected w h x y (a map of at most "
                                f"{4 * MAX_AREA} cells) or reset")

    def layer_rows(self, sub, items) -> tuple[list[str], dict[str, int] | None]:
        """The row strings of a layer and its character mapping (None: standard codes)."""
        charmap = None
        rows = []
        for item in items:
            if isinstance(item, Lst) and item and item[0] == "by-name":
                charmap = self.by_name(item, charmap)
            elif isinstance(item, Lst) and item and item[0] == "by-char":
                if len(item) == 2 and isinstance(item[1], str):
                    charmap = {ch: i for i, ch in enumerate(item[1])}
            elif isinstance(item, str) and not isinstance(item, Sym):
                rows.append(item)
            else:
                self.warn(sub.line, f"area {sub[0]}: {str(item)[:30]!r} is not a row")
        return rows, charmap

    def by_name(self, item, charmap) -> dict[str, int]:
        charmap = dict(charmap) if charmap is not None else {index_char(i): i for i in range(min(64, len(self.m.ttypes)))}
        pairs = item[1:]
        if pairs and isinstance(pairs[0], Lst):
            for p in pairs:
                if isinstance(p, Lst) and len(p) == 2 and isinstance(p[1], int):
                    t = self.types(p[0], "t", p.line, "by-name")
                    if t and 0 <= p[1] < 64:
                        charmap[index_char(p[1])] = t[0]
        else:
            for i in range(0, len(pairs) - 1, 2):
                t = self.types(pairs[i + 1], "t", item.line, "by-name")
                if t and isinstance(pairs[i], str) and len(pairs[i]) == 1:
                    charmap[pairs[i]] = t[0]
        return charmap

    def each_cell(self, sub, rows, charmap, put) -> int:
        """Decode `rows` into area cells (through the restriction); `put(first cell, values of a row)`."""
        w, h = self.m.width, self.m.height
        rw, rh, rx, ry = self.restrict
        lw, lh = (rw, rh) if rw else (w, h)
        if len(rows) > lh:
            self.warn(sub.line, f"area {sub[0]}: {len(rows)} rows for height {lh}")
            rows = rows[:lh]
        said: set[str] = set()

        def row_warn(line, msg):
            if msg not in said:
                said.add(msg)
                self.warn(line, msg)

        filled = 0
        for r, text in enumerate(rows):
            self.spend(len(text) + lw, sub.line)
            y = lh - 1 - r - ry
            values = decode_layer_row(text, lw, charmap, row_warn, sub.line)
            if len(values) < lw:
                self.warn(sub.line, f"area {sub[0]}: row {r + 1} has {len(values)} cells, not {lw}", play=False)
            if not 0 <= y < h:
                continue
            lo, hi = max(0, rx), min(len(values), w + rx)      # layer x range inside the area
            if lo < hi:
                put(y * w + lo - rx, values[lo:hi])
                filled += hi - lo
        return filled

    def area_terrain(self, sub) -> None:
        if not self.m.width or not self.m.height:
            self.warn(sub.line, "area terrain before the area's size")
            return
        rows, charmap = self.layer_rows(sub, sub[1:])
        if charmap is None:
            charmap = {index_char(i): i for i in range(min(64, len(self.m.ttypes)))}
        nt = len(self.m.ttypes)
        terrain = self.m.terrain

        def put(cell, vals):
            if vals and (min(vals) < -1 or max(vals) >= nt):
                vals = [v if 0 <= v < nt else -1 for v in vals]
            terrain[cell:cell + len(vals)] = vals

        if self.each_cell(sub, rows, charmap, put):
            self.m.has_terrain = True

    def area_elevations(self, sub) -> None:
        """`(elevations [(xform mul add)] rows...)`: elevation per cell = value x mul + add."""
        if not self.m.width or not self.m.height:
            self.warn(sub.line, "area elevations before the area's size")
            return
        items = list(sub[1:])
        mul, add = 1, 0
        if items and isinstance(items[0], Lst) and items[0] and items[0][0] == "xform":
            x = items.pop(0)
            if len(x) == 3 and isinstance(x[1], int) and isinstance(x[2], int):
                mul, add = x[1], x[2]
        rows, _ = self.layer_rows(sub, items)
        if not self.m.elevations:
            self.m.elevations = [0] * (self.m.width * self.m.height)
        layer = self.m.elevations

        def put(cell, vals):
            layer[cell:cell + len(vals)] = [v * mul + add for v in vals]

        self.each_cell(sub, rows, None, put)

    def area_aux_terrain(self, sub) -> None:
        if not self.m.width or not self.m.height or len(sub) < 2:
            self.warn(sub.line, "area aux-terrain: no area size or no terrain type")
            return
        ts = self.types(sub[1], "t", sub.line, "aux-terrain")
        if not ts:
            return
        t = ts[0]
        if self.m.tprops["subtype"][t] == "cell":
            self.warn(sub.line, f"aux-terrain: {self.m.ttypes[t]!r} is a cell terrain type")
            return
        rows, charmap = self.layer_rows(sub, sub[2:])
        layer = self.m.aux_terrain.setdefault(t, [0] * (self.m.width * self.m.height))

        def put(cell, vals):
            if vals and min(vals) < 0:
                vals = [v if v > 0 else 0 for v in vals]
            layer[cell:cell + len(vals)] = vals

        self.each_cell(sub, rows, charmap, put)
