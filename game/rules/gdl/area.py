"""Terrain rows of an `(area ... (terrain ...))` form: run-length coded, count before the
character, the first string is the top row (y = H-1).

Without a mapping, `a`..`~` stand for terrain types 0..29 and `:`..`[` for 30..63 in definition
order. `(by-name "+" plains ...)` or `(by-name (sea 0) (beach 1) ...)` remaps characters;
`(by-char ".,=~")` gives the character of each terrain type in order.
"""

from __future__ import annotations

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


def decode_row(text: str, width: int, charmap: dict[str, int], warn, line: int) -> list[int]:
    """One row of terrain indices (-1 where a character names no terrain)."""
    out: list[int] = []
    count = 0
    have = False
    for ch in text:
        if ch.isdigit():
            count = count * 10 + (ord(ch) - 48)
            have = True
            if count > 100_000:
                warn(line, "run length larger than 100000")
                return out
            continue
        if ch == ",":
            count, have = 0, False
            continue
        t = charmap.get(ch, -1)
        if t < 0:
            warn(line, f"terrain character {ch!r} names no terrain type")
        n = count if have else 1
        if len(out) + n > width:      # Xconq cuts runs at the row's end
            n = max(0, width - len(out))
        out.extend([t] * n)
        count, have = 0, False
    return out


class AreaForms:
    """`area` forms, mixed into the loader."""

    # --- area -----------------------------------------------------------------------------
    def f_area(self, f, line):
        rest = list(f[1:])
        if rest and rest[0] == "add":
            self.warn(line, "area add is not implemented")
            return
        nums = []
        while rest and isinstance(rest[0], int):
            nums.append(rest.pop(0))
        if len(nums) >= 2:
            w, h = nums[0], nums[1]
            if w < 1 or h < 1 or w * h > MAX_AREA:
                self.warn(line, f"area {w}x{h} is outside 1..{MAX_AREA} cells")
                return
            if (w, h) != (self.m.width, self.m.height):
                self.m.width, self.m.height = w, h
                self.m.terrain = [-1] * (w * h)
                self.m.has_terrain = False
        elif nums:
            self.warn(line, "area: expected width and height")
        for sub in rest:
            if not isinstance(sub, Lst) or not sub or not isinstance(sub[0], Sym):
                continue
            key = sub[0]
            if key == "terrain":
                self.area_terrain(sub)
            elif key == "aux-terrain":
                from game.rules.gdl.aux_layer import read_aux_terrain
                read_aux_terrain(self, sub)
            elif key in ("latitude", "longitude", "cell-width", "projection", "restrict",
                         "elevations", "features", "people-sides", "control-sides", "temperatures"):
                pass
            else:
                self.warn(sub.line, f"area: {key!r} layer is not implemented")

    def area_terrain(self, sub) -> None:
        w, h = self.m.width, self.m.height
        if not w or not h:
            self.warn(sub.line, "area terrain before the area's size")
            return
        charmap = {}
        for i in range(min(len(self.m.ttypes), 64)):
            charmap[chr(97 + i) if i < 30 else chr(58 + i - 30)] = i
        rows = []
        for item in sub[1:]:
            if isinstance(item, Lst) and item and item[0] == "by-name":
                pairs = item[1:]
                if pairs and isinstance(pairs[0], Lst):
                    for p in pairs:
                        if isinstance(p, Lst) and len(p) == 2 and isinstance(p[1], int):
                            t = self.types(p[0], "t", p.line, "by-name")
                            if t and 0 <= p[1] < 64:
                                charmap[chr(97 + p[1]) if p[1] < 30 else chr(58 + p[1] - 30)] = t[0]
                else:
                    for i in range(0, len(pairs) - 1, 2):
                        t = self.types(pairs[i + 1], "t", item.line, "by-name")
                        if t and isinstance(pairs[i], str) and len(pairs[i]) == 1:
                            charmap[pairs[i]] = t[0]
            elif isinstance(item, Lst) and item and item[0] == "by-char":
                if len(item) == 2 and isinstance(item[1], str):
                    charmap = {ch: i for i, ch in enumerate(item[1]) if i < len(self.m.ttypes)}
            elif isinstance(item, str) and not isinstance(item, Sym):
                rows.append(item)
            else:
                self.warn(sub.line, f"area terrain: {str(item)[:30]!r} is not a row")
        if len(rows) > h:
            self.warn(sub.line, f"area terrain: {len(rows)} rows for height {h}")
            rows = rows[:h]
        filled = 0
        bad_chars: set[str] = set()

        def row_warn(line, msg):
            if msg not in bad_chars:
                bad_chars.add(msg)
                self.warn(line, msg)

        for r, text in enumerate(rows):
            y = h - 1 - r
            cells = decode_row(text, w, charmap, row_warn, sub.line)
            if len(cells) < w:
                self.warn(sub.line, f"area terrain: row {r + 1} has {len(cells)} cells, not {w}", play=False)
            for x, t in enumerate(cells):
                self.m.terrain[y * w + x] = t
                filled += 1
        self.m.has_terrain = filled > 0

