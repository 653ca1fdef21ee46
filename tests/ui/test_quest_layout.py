"""The quest board screen at every supported size, for the largest shipped hex and square maps:
nothing drawn off the screen, no text clipped or shortened, hex cells big enough to read on
320x240; the side panel's gravity arrow, Undo/Redo buttons, HP/XP bars and item colours."""

from __future__ import annotations

import pygame
import pytest
from ui_harness import press

from game.modes.quest.catalog import load_level, shipped_ids
from game.modes.quest.session import Session
from game.modes.quest.spells import NAMES
from game.ui import theme as T
from game.ui.modes.quest.board_view import LEGIBLE_HEX, LEGIBLE_SQUARE, board_rect
from game.ui.modes.quest.side_panel import GRAVITY_ARROW, RARITY_COLOURS, XP_COLOUR, draw_arrow
from game.ui.theme import TextProbe
from game.ui.widgets import BADGE_COLOURS
from hw.input.buttons import Button as B

SIZES = [(320, 240), (480, 320), (640, 360), (1280, 720), (1920, 1080)]
MIN_HEX_W, MIN_HEX_H = 14, 11          # a hex cell on 320x240: room for the player disc, a crate, an arrow


def _largest(kind: str) -> str:
    best = None
    for lid in shipped_ids():
        if lid.startswith(kind + "/"):
            g = load_level(lid)[0].grid
            key = (g.cols * g.rows, g.cols, lid)
            best = max(best or key, key)
    assert best is not None, f"no shipped {kind} level"
    return best[2]


# a busy state: every spell, six items of every band, points, a long message
ITEMS = [["item", [[p, c]]] for p, c in (("staff", 95), ("mail", 70), ("hat", 50), ("orb", 30), ("hosen", 10),
                                          ("helmet", 85))]
CARRY = {"spells": {n: 3 for n in NAMES}, "items": ITEMS, "xp": 700, "coins": 12345, "points": 3, "hp": 37}


def _open(make_app, size, lid, carry=None):
    app = make_app(size=size)
    app.open("quest_board", level=lid)
    sc = app.top
    if carry is not None:
        sc.session = Session(load_level(lid)[0], carry)
    probe = app.theme.probe = TextProbe()
    sc.dirty = True
    app.invalidate()
    app.run_frames(1)
    return app, sc, probe


def _redraw(app, sc, probe):
    probe.clear()
    sc.dirty = True
    app.invalidate()
    app.run_frames(1)


@pytest.mark.parametrize("kind", ["hex", "square"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_screen_fits(make_app, size, kind):
    lid = _largest(kind)
    app, sc, probe = _open(make_app, size, lid, CARRY)
    screen = app.surface.get_rect()
    for state in ("step", "spell", "keypad"):
        if state == "spell":
            press(app, B.Y)                            # a spell chosen: its preview and line
            sc.message = "fireball, hit, hit, death, xp, level"
            _redraw(app, sc, probe)
        if state == "keypad":
            press(app, B.KP9)                          # the keypad's hint bar and button labels
            assert sc.keypad
            _redraw(app, sc, probe)
        assert probe.problems(screen) == [], f"{lid} {size} {state}: {probe.problems(screen)}"
        assert probe.cut == [], f"{lid} {size} {state}: shortened {probe.cut}"
        assert probe.drawn and all(screen.contains(d.rect) for d in probe.drawn)
        _, board, side, bot = board_rect(app.surface, app.theme)
        inner = sc.layout["board"]
        assert screen.contains(board) and screen.contains(side) and board.contains(inner)
        place = sc.layout["place"]
        cells = [place(c) for c in sc.game.g.cells]
        assert all(inner.contains(r) for r in cells), f"{lid} {size}: a cell off the board"
        for key in ("hp_bar", "xp_bar", "undo", "redo"):
            assert side.contains(sc.layout[key]), (key, sc.layout[key], side)
        assert sc.layout["dropped"] == 0 or size[1] <= 240   # all six items shown above 240 lines
        assert not side.colliderect(bot) and not board.colliderect(side)


def test_hex_cells_are_legible_on_the_smallest_screen(make_app):
    lid = _largest("hex")
    app, sc, _ = _open(make_app, (320, 240), lid)
    r = sc.layout["place"](sc.game.player["cell"])
    assert r.w >= MIN_HEX_W and r.h >= MIN_HEX_H, f"{lid}: hex cells {r.w}x{r.h} on 320x240"


def test_gravity_arrow_points_the_way_and_no_gravity_says_so(make_app):
    app, sc, probe = _open(make_app, (640, 360), "hex/07_gravity")     # gravity: S
    assert sc.game.level.gravity == 3 and "gravity S" in [d.text for d in probe.drawn]
    r = sc.layout["gravity"]
    ys = [y for x in range(r.x, r.right) for y in range(r.y, r.bottom)
          if app.surface.get_at((x, y))[:3] == GRAVITY_ARROW]
    mid = r.y + r.h / 2
    assert len(ys) >= 6 and sum(1 for y in ys if y > mid) > sum(1 for y in ys if y < mid)  # the head is below
    app2, sc2, probe2 = _open(make_app, (640, 360), "hex/02_two_crates")
    assert "no gravity" in [d.text for d in probe2.drawn] and "gravity" not in sc2.layout


@pytest.mark.parametrize("name,hexmap", [("N", True), ("NE", True), ("SE", True), ("S", True), ("SW", True),
                                          ("NW", True), ("E", False), ("W", False)])
def test_arrow_heads_where_it_points(name, hexmap):
    surf = pygame.Surface((40, 40))
    surf.fill((0, 0, 0))
    draw_arrow(surf, (20, 20), 30, name, hexmap, (255, 255, 255))
    pts = [(x - 20, y - 20) for x in range(40) for y in range(40) if surf.get_at((x, y))[:3] == (255, 255, 255)]
    # screen directions worked out by hand: flat-top hex neighbours lie at 90, 30, -30 ... degrees
    vx, vy = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0), "NE": (0.866, -0.5), "SE": (0.866, 0.5),
              "SW": (-0.866, 0.5), "NW": (-0.866, -0.5)}[name]
    # the head is the only part wider than the shaft: every pixel well off the axis is on the tip's side
    wide = [(x, y) for x, y in pts if abs(x * vy - y * vx) / (vx * vx + vy * vy) ** 0.5 > 5]
    assert len(wide) >= 10 and all(x * vx + y * vy > 0 for x, y in wide), (name, wide)


def _badge_colour(app, rect):
    return app.surface.get_at((rect.x + 1, rect.centery))[:3]


def test_undo_redo_buttons_follow_the_session(make_app):
    app, sc, probe = _open(make_app, (480, 320), "hex/02_two_crates")

    def state():
        hint = {d.text: d.colour for d in probe.drawn if d.text in ("undo", "redo") and d.rect.y > sc.layout["undo"].bottom}
        return (_badge_colour(app, sc.layout["undo"]) == BADGE_COLOURS["B"],
                _badge_colour(app, sc.layout["redo"]) == BADGE_COLOURS["X"],
                hint.get("undo") == T.TEXT, hint.get("redo") == T.TEXT)
    assert state() == (False, False, False, False)            # nothing to undo or redo: both dimmed
    press(app, B.UP)
    _redraw(app, sc, probe)
    assert sc.game.moves == 1 and state() == (True, False, True, False)
    press(app, B.B)
    _redraw(app, sc, probe)
    assert sc.game.moves == 0 and state() == (False, True, False, True)


def test_hp_xp_bars_and_item_colours(make_app):
    app, sc, probe = _open(make_app, (640, 360), "hex/02_two_crates", CARRY)
    pl = sc.game.player
    assert pl["hp"] == 37 and pl["max_hp"] == 100 and pl["xp"] == 700      # 700 XP: level 3, 188/256 on
    surf = app.surface
    hp, xp = sc.layout["hp_bar"], sc.layout["xp_bar"]
    hp_fill = sum(1 for x in range(hp.x, hp.right) if surf.get_at((x, hp.centery))[:3] == T.hp_colour(0.37))
    xp_fill = sum(1 for x in range(xp.x, xp.right) if surf.get_at((x, xp.centery))[:3] == XP_COLOUR)
    assert abs(hp_fill - round(hp.w * 37 / 100)) <= 1 and abs(xp_fill - round(xp.w * 188 / 256)) <= 1
    assert "XP 700  Lv 3" in [d.text for d in probe.drawn]
    colours = {d.text: d.colour for d in probe.drawn}
    # rarity bands by charges: 95 legendary, 70 epic, 50 mystic, 30 rare, 10 common, 85 legendary
    assert colours["Staff"] == RARITY_COLOURS["legendary"] and colours["Mail"] == RARITY_COLOURS["epic"]
    assert colours["Hat"] == RARITY_COLOURS["mystic"] and colours["Orb"] == RARITY_COLOURS["rare"]
    assert colours["Hosen"] == RARITY_COLOURS["common"] and colours["Helmet"] == RARITY_COLOURS["legendary"]


def _big_square_text() -> str:
    """A Supaplex-size 60x24 room: walls round it, the player at (2, 12), a crate and its goal."""
    rows = ["#" * 60] + ["#" + "-" * 58 + "#" for _ in range(22)] + ["#" * 60]
    rows[12] = "#-@" + "-" * 56 + "#"
    rows[2] = "#---$-." + "-" * 52 + "#"
    return "title: Big room\ngrid: square\nmap:\n" + "\n".join(rows) + "\nend\n"


def _big_hex_text(rings: int) -> str:
    """The largest hexagonal map a level may have: every cell floor, the player in the centre."""
    from game.core.grid import Grid
    g = Grid.hexagon(rings)
    on = {g.offset_of(c) for c in g.cells}
    rows = ["".join("-" if (col, row) in on else "~" for col in range(g.cols)) for row in range(g.rows)]
    centre = g.offset_of(g.cell_at_ring(1, 1))
    top = g.offset_of(g.cell_at_ring(2, 1))
    rows[centre[1]] = rows[centre[1]][:centre[0]] + "@" + rows[centre[1]][centre[0] + 1:]
    rows[top[1] - 1] = rows[top[1] - 1][:top[0]] + "." + rows[top[1] - 1][top[0] + 1:]
    rows[top[1]] = rows[top[1]][:top[0]] + "$" + rows[top[1]][top[0] + 1:]
    return "title: Big hex\ngrid: hex\nmap:\n" + "\n".join(rows) + "\nend\n"


SENTINEL = (1, 2, 3)


def _draw_alone(game, rect, size=(320, 240)):
    from game.ui.modes.quest.board_view import draw_board
    surf = pygame.Surface(size)
    surf.fill(SENTINEL)
    place = draw_board(surf, rect, game, 0, None)
    outside = [(x, y) for x in range(0, size[0], 2) for y in range(0, size[1], 2)
               if not rect.collidepoint(x, y) and surf.get_at((x, y))[:3] != SENTINEL]
    return place, outside


@pytest.mark.parametrize("which", ["square", "hex"])
def test_big_maps_scroll_with_the_player_at_a_legible_size(which):
    from game.modes.quest.level import MAX_RINGS
    from game.modes.quest.textformat import parse_level
    text = _big_square_text() if which == "square" else _big_hex_text(MAX_RINGS)
    level, problems = parse_level(text)
    assert not problems, problems
    s = Session(level)
    g = s.game
    rect = pygame.Rect(4, 26, 202, 180)                  # the board's room on 320x240
    place, outside = _draw_alone(g, rect)
    cell = place(g.player["cell"])
    least = (LEGIBLE_SQUARE, LEGIBLE_SQUARE) if which == "square" else (LEGIBLE_HEX, LEGIBLE_HEX * 4 // 5)
    assert (cell.w, cell.h) >= least and rect.contains(cell) and outside == []
    assert not all(rect.contains(place(c)) for c in g.g.cells)     # too big to show whole: it scrolls
    # walk right / south-east a long way: the player stays on the board, the map moves under it
    d = 1 if which == "square" else 2
    start_x, corner_x = cell.x, place(g.g.cells[0]).x
    for _ in range(25):
        if s.game.problem([0, d]) is None:
            s.act([0, d])
    assert s.game.moves >= 10
    place, outside = _draw_alone(s.game, rect)
    now = place(s.game.player["cell"])
    assert rect.contains(now) and outside == []
    assert place(g.g.cells[0]).x < corner_x                       # the view scrolled
    assert now.x - start_x < s.game.moves * now.w // 2            # ... so the player did not walk off


def test_spell_bar_lights_the_chosen_spell(make_app):
    app, sc, probe = _open(make_app, (320, 240), "hex/02_two_crates", CARRY)
    chips = sc.layout["spells"]
    assert list(chips) == list(NAMES)                          # all six known, in the book's order
    assert {"Mi3", "Fi3", "Li3", "Ic3", "Ju3", "Te3"} <= {d.text for d in probe.drawn}

    def lit():
        return [n for n, r in sc.layout["spells"].items() if app.surface.get_at((r.x + 1, r.centery))[:3] == T.ACCENT]
    assert lit() == []                                         # A steps: no spell lit
    for name in NAMES:
        press(app, B.Y)
        assert lit() == [name]
    press(app, B.Y)                                             # round to stepping again
    assert lit() == [] and sc.mode == 0


def test_jump_direction_is_shown_next_to_the_player(make_app):
    from game.ui.modes.quest.side_panel import arrow_vector
    app, sc, _ = _open(make_app, (640, 360), "hex/02_two_crates", {"spells": {"jump": 1}})
    g = sc.game
    r = sc.layout["place"](g.player["cell"])
    pts = [(x - r.centerx, y - r.centery) for x in range(r.x - r.w // 2, r.right + r.w // 2)
           for y in range(r.y - r.h // 2, r.bottom + r.h // 2) if app.surface.get_at((x, y))[:3] == T.PURPLE]
    vx, vy = arrow_vector(g.g.dir_names[g.jump_dir], True)
    assert len(pts) >= 6 and all(x * vx + y * vy > 0 for x, y in pts), (g.jump_dir, pts[:5])


@pytest.mark.parametrize("kind,w,h", [("hex", LEGIBLE_HEX, LEGIBLE_HEX * 4 // 5), ("square", LEGIBLE_SQUARE,
                                                                                   LEGIBLE_SQUARE)])
def test_every_object_looks_different_even_at_the_smallest_cell(kind, w, h):
    from game.core.grid import Grid
    from game.modes.quest import tiles as TL
    from game.ui.modes.quest.board_view import _object
    grid = Grid.hexagon(2) if kind == "hex" else Grid.square(2, 2)
    looks = {}
    for o in (TL.NONE, TL.ROCK, TL.TRAP, TL.DESTRUCT, TL.BLOCKER, TL.MOVABLE, TL.VICTORY_OBJ, TL.BOULDER, TL.GEM):
        surf = pygame.Surface((w + 2, h + 2))
        surf.fill((0, 0, 0))
        _object(surf, grid, pygame.Rect(1, 1, w, h), o)
        looks[o] = pygame.image.tobytes(surf, "RGB")
        # compared in grey (shape and brightness, not hue): colour-blind players, dim screens
        grey = bytes(sum(looks[o][i:i + 3]) // 3 for i in range(0, len(looks[o]), 3))
        looks[o] = (looks[o], grey)
    greys = [g for _, g in looks.values()]
    assert len(set(greys)) == len(greys), "two objects look the same in grey"


@pytest.mark.parametrize("kind", ["hex", "square"])
@pytest.mark.parametrize("size", [(200, 150), (320, 240), (640, 360)])
def test_visible_cells_hold_every_cell_that_meets_the_view(kind, size):
    """The board draws only place.visible(view): it must miss no cell that shows, wherever the
    map is scrolled (the focus cell runs over the whole map)."""
    from bench.bench_quest import hexlevel, sqlevel
    from game.ui.modes.quest.board_view import geometry
    grid = (hexlevel() if kind == "hex" else sqlevel()).grid
    view = pygame.Rect(7, 23, *size)
    for focus in grid.cells[::37]:
        place = geometry(grid, view, focus)
        seen = set(place.visible(view))
        assert {c for c in grid.cells if view.colliderect(place(c))} <= seen
        if size == (200, 150):                      # the map scrolls: most cells are not drawn
            assert len(seen) < len(grid.cells)
