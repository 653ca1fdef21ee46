"""Small GDL modules written by the tests themselves (never the GPL library's text)."""

from game.rules.gdl.loader import load_module


def module_from(tmp_path, text: str, name: str = "t.g"):
    p = tmp_path / name
    p.write_text(text)
    return load_module(p)


def area_cells(w: int, h: int):
    """(x, y) of Xconq's hexagon-ish area, worked out from its definition: 0<=x<W, 0<=y<H,
    H/2 <= x+y <= W + H/2 - 1."""
    return [(x, y) for y in range(h) for x in range(w) if h // 2 <= x + y <= w + h // 2 - 1]


def interior_cells(w: int, h: int):
    """The area minus its edge ring: 1<=x<=W-2, 1<=y<=H-2, H/2+1 <= x+y <= W+H/2-2."""
    return [(x, y) for y in range(1, h - 1) for x in range(1, w - 1) if h // 2 + 1 <= x + y <= w + h // 2 - 2]
