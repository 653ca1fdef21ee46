"""The board previews what A would do in the aim: a spell's cells (worked out by the engine on a
throwaway copy, checked here against hand-worked cells on a small ring map), why a cast or step
is illegal, and a step/push; the previewed cells are highlighted on screen (pixel checks)."""

from __future__ import annotations

import pytest
from ui_harness import press

from game.modes.quest.catalog import load_level
from game.modes.quest.game import CAST, MOVE
from game.modes.quest.session import Session
from game.modes.quest.spells import NAMES
from game.modes.quest.textformat import parse_level
from game.ui.modes.quest.board_view import HIT, ILLEGAL, PREVIEW
from game.ui.modes.quest.preview import preview
from game.ui.theme import TextProbe
from hw.input.buttons import Button as B
from tests.quest.quest_levels import HEX3_MAP

# a 3-ring hexagon: the player in the centre (1, 1), a sturdy imp that never moves two cells N (3, 1)
TEXT = "title: Preview\n" + HEX3_MAP + "npc 3,1: name=Imp hp=50 team=imps model=still\n"
N, NE, SE, S, SW, NW = range(6)


def _session():
    lv, problems = parse_level(TEXT)
    assert not problems
    return Session(lv, {"spells": {n: 1 for n in NAMES}})


def _rings(g, cells):
    return sorted(g.g.ring_address(c) for c in cells)


def _cast(name, d):
    return [CAST, NAMES.index(name), d]


def test_spell_previews_match_hand_worked_cells():
    s = _session()
    g = s.game
    before = g.snapshot_copy()
    p = preview(g, _cast("missile", N))              # through the empty (2, 1) into the imp
    assert p.legal and _rings(g, p.area) == [(2, 1), (3, 1)] and _rings(g, p.hits) == [(3, 1)]
    p = preview(g, _cast("fireball", N))             # stops on the imp; radius 1 round (3, 1) on the map
    assert _rings(g, p.area) == [(2, 1), (3, 1), (3, 2), (3, 12)] and _rings(g, p.hits) == [(3, 1)]
    p = preview(g, _cast("fireball", S))             # nothing in the way: bursts on the edge cell (3, 7)
    assert _rings(g, p.area) == [(2, 4), (3, 6), (3, 7), (3, 8)] and p.hits == [] and p.note == "hits nothing"
    p = preview(g, _cast("ice", NE))                 # L*L = 1 cell: the one in front
    assert _rings(g, p.area) == [(2, 2)]
    p = preview(g, _cast("teleport", S))             # exactly L+1 = 2 cells S
    assert _rings(g, p.area) == [(3, 7)] and g.g.ring_address(p.lands) == (3, 7)
    p = preview(g, _cast("teleport", N))             # the imp stands on the landing cell
    assert not p.legal and p.error == "the landing cell is not free" and g.g.ring_address(p.target) == (2, 1)
    p = preview(g, _cast("lightning", N))            # the imp is 2 away, level 1 reaches 1
    assert not p.legal and p.error == "no hostile creature within 1"
    assert g.snapshot_copy() == before                # previews never change the game


def test_preview_hits_are_what_the_cast_then_does():
    s = _session()
    g = s.game
    p = preview(g, _cast("fireball", N))
    imp = g.npcs[0]
    hp, cell = imp["hp"], imp["cell"]
    s.act(_cast("fireball", N))
    assert p.hits == [cell] and g.npcs[0]["hp"] < hp


def test_step_and_push_previews():
    level, _, _ = load_level("hex/02_two_crates")
    g = Session(level).game
    assert g.g.ring_address(g.player["cell"]) == (1, 1)
    p = preview(g, [MOVE, N])                         # a plain step onto (2, 1)
    assert p.label == "step" and _rings(g, p.area) == [(2, 1)] and g.g.ring_address(p.lands) == (2, 1)
    p = preview(g, [MOVE, SE])                        # the crate on (2, 3) goes on to (3, 5)
    assert p.label == "push" and _rings(g, p.area) == [(2, 3), (3, 5)] and g.g.ring_address(p.lands) == (2, 3)
    level, _, _ = load_level("hex/01_first_push")
    g = Session(level).game
    p = preview(g, [MOVE, N])                         # the crate is against a rock
    assert not p.legal and "cannot be pushed" in p.error


def _scene(make_app, size, session):
    app = make_app(size=size)
    app.open("quest_board")
    sc = app.top
    sc.session, sc.level_id, sc.aim, sc.mode = session, "test", 0, 0
    sc.dirty = True
    app.run_frames(1)
    return app, sc


def _centre(app, sc, cell):
    place = sc.layout["place"]
    return app.surface.get_at(place(cell).center)[:3]


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_previewed_cells_are_highlighted(make_app, size):
    app, sc = _scene(make_app, size, _session())
    g = sc.game
    # step mode, aim N: only (2, 1) is marked
    assert [c for c in g.g.cells if _centre(app, sc, c) == PREVIEW] == [g.g.cell_at_ring(2, 1)]
    # Y: missile (the first known spell); aimed N it marks the ray and rings the imp in the hit colour
    press(app, B.Y)
    assert sc.layout["preview"].label == "missile 1"
    marked = [c for c in g.g.cells if _centre(app, sc, c) == PREVIEW]
    assert _rings(g, marked) == [(2, 1), (3, 1)]
    r = sc.layout["place"](g.g.cell_at_ring(3, 1))
    dot = max(2, min(r.w, r.h) // 8)
    assert app.surface.get_at((r.centerx + dot + 1, r.centery))[:3] == HIT
    # Y again: fireball; the blast round the imp is marked, nothing else
    press(app, B.Y)
    marked = [c for c in g.g.cells if _centre(app, sc, c) == PREVIEW]
    assert _rings(g, marked) == [(2, 1), (3, 1), (3, 2), (3, 12)]
    # turn the aim: RIGHT is clockwise (NE): the blast moves with it
    press(app, B.RIGHT)
    assert sc.aim == NE and sc.game.moves == 0       # in spell mode a direction only aims
    marked = [c for c in g.g.cells if _centre(app, sc, c) == PREVIEW]
    assert _rings(g, marked) == _rings(g, preview(g, _cast("fireball", NE)).area) and len(marked) == 4


def test_illegal_cast_is_crossed_and_explained(make_app):
    app, sc = _scene(make_app, (640, 360), _session())
    g = sc.game
    for _ in range(NAMES.index("teleport") + 1):     # Y through the spells up to teleport
        press(app, B.Y)
    assert sc.spells()[sc.mode - 1] == "teleport" and sc.aim == N
    assert not [c for c in g.g.cells if _centre(app, sc, c) == PREVIEW]
    r = sc.layout["place"](g.g.cell_at_ring(2, 1))
    k = max(2, min(r.w, r.h) // 4)
    crossed = sum(1 for dx in range(-k, k + 1) if app.surface.get_at((r.centerx + dx, r.centery + dx))[:3] == ILLEGAL)
    assert crossed >= k                               # the diagonal of the red cross
    side = sc.layout["undo"].union(sc.layout["hp_bar"])
    assert side.x > sc.layout["board"].right - 8      # (the panel is right of the board)
    app.theme.probe = probe = TextProbe()
    sc.dirty = True
    app.invalidate()
    app.run_frames(1)
    assert "can't: the landing cell is not free" in [d.text for d in probe.drawn] or any(
        t.startswith("can't: the landing") for t in probe.cut)
    press(app, B.A)                                    # and A does nothing but say why
    assert g.moves == 0 and g.turn == 0 and "landing cell is not free" in sc.message


def test_cast_from_the_board_wounds_the_imp_and_shows_its_hp(make_app):
    from game.ui import theme as T
    app, sc = _scene(make_app, (480, 320), _session())
    g = sc.game
    press(app, B.Y)
    press(app, B.Y)                                    # fireball, aimed N at the imp
    press(app, B.A)
    imp = g.npcs[0]
    assert g.turn == 1 and 0 < imp["hp"] < imp["max_hp"]
    r = sc.layout["place"](imp["cell"])
    colour = T.hp_colour(imp["hp"] / imp["max_hp"])
    row = [app.surface.get_at((x, r.bottom - 3))[:3] for x in range(r.x, r.right)]
    assert row.count(colour) == max(1, (r.w // 2) * imp["hp"] // imp["max_hp"])


def test_step_preview_shows_what_a_tractor_pulls():
    from game.modes.quest.game import TRACTOR
    text = "title: Pull\ngrid: hex\nmap:\n~-.-~\n-----\n--@--\n--$--\n~~-~~\nend\n"
    lv, problems = parse_level(text)
    assert not problems
    s = Session(lv, {"items": [["item", [["wand", 20], ["tractor", 9]]]]})
    g = s.game
    assert _rings(g, [c for c in g.g.cells if g.obj[c]]) == [(2, 4)]   # the crate S of the player
    p = preview(g, [MOVE, N])
    assert p.label == "step" and _rings(g, p.area) == [(2, 1)]          # tractor off: a plain step
    s.act([TRACTOR])
    p = preview(g, [MOVE, N])                                            # on: the crate follows into (1, 1)
    assert p.label == "pull" and _rings(g, p.area) == [(1, 1), (2, 1), (2, 4)]
    assert g.g.ring_address(p.lands) == (2, 1)
    s.act([MOVE, N])
    assert _rings(g, [c for c in g.g.cells if g.obj[c]]) == [(1, 1)]    # as previewed


def _redraw(app, sc) -> bytes:
    """Draw the board again (as after any change) and return the screen's pixels."""
    import pygame
    sc.dirty = True
    app.invalidate()
    app.run_frames(1)
    return pygame.image.tobytes(app.surface, "RGB")


def turn_aim(sc, k: int) -> None:
    """The aim turned without a step (what Left/Right do while a spell is chosen; with "step"
    chosen the arrows step: docs/rules/quest.md)."""
    sc.aim = (sc.aim + k) % 6
    sc.dirty = True


def test_the_preview_is_worked_out_once_per_state_and_action(make_app, monkeypatch):
    """Redraws and turning the aim back reuse the preview; a move or an undo works it out anew."""
    from game.ui.modes.quest import board_view
    calls = []
    real = board_view.preview
    monkeypatch.setattr(board_view, "preview", lambda g, a: calls.append(list(a)) or real(g, a))
    app = make_app(size=(480, 320))
    app.open("quest_board", level="hex/02_two_crates")
    sc = app.top

    def redraw():
        _redraw(app, sc)
    redraw()
    redraw()
    first = len(calls)
    assert first >= 1
    turn_aim(sc, 1)                           # a new aim: one new preview
    redraw()
    assert len(calls) == first + 1
    turn_aim(sc, -1)                          # back to the first aim: reused
    redraw()
    assert len(calls) == first + 1
    press(app, B.UP)                          # a step: a new state
    redraw()
    assert len(calls) > first + 1
    n = len(calls)
    press(app, B.B)                           # undo: the earlier state, worked out again
    redraw()
    assert len(calls) == n + 1 and sc.session.pos == 0


def test_the_cells_layer_is_reused_while_the_state_is_the_same_and_draws_the_same_pixels(make_app, monkeypatch):
    from game.ui.modes.quest import board_view
    calls = []
    real_cells, real_layers = board_view._cells, board_view._layers
    monkeypatch.setattr(board_view, "_cells", lambda *a, **k: calls.append(1) or real_cells(*a, **k))
    app = make_app(size=(480, 320))
    app.open("quest_board", level="hex/07_gravity")
    sc = app.top

    def redraw():
        return _redraw(app, sc)
    redraw()
    n = len(calls)
    turn_aim(sc, 1)                           # a new aim and preview: the same cells
    cached = redraw()
    assert len(calls) == n
    monkeypatch.setattr(board_view, "_layers", lambda sc: None)
    assert redraw() == cached                # drawn from scratch: the very same picture
    assert len(calls) == n + 1
    monkeypatch.setattr(board_view, "_layers", real_layers)
    press(app, B.A)                           # a step or push: a new state, the changed cells repainted
    stepped = redraw()
    assert sc.session.pos == 1 and len(calls) == n + 1
    assert sc._board_layers.full_draws == 1 and sc._board_layers.repainted < len(sc.game.g.cells)
    monkeypatch.setattr(board_view, "_layers", lambda sc: None)
    assert redraw() == stepped               # (tests/ui/test_quest_board_layer.py: many more states)


@pytest.mark.parametrize("lid", ["hex/07_gravity", "hex/13_snik_snaks", "hex/14_disks_and_bugs", "square/22_vault"])
def test_previews_never_touch_the_real_game(lid):
    """Every legal and illegal action previewed along the stored solution: the game's state hash
    is the one it had before each preview, and the solution still wins."""
    from game.core.replay import load_replay
    from game.modes.quest.catalog import solution_path
    from game.modes.quest.game import QuestGame
    game = QuestGame(load_level(lid)[0])
    for a in load_replay(solution_path(lid)).actions:
        before = game.state_hash()
        from game.modes.quest.game import DROP
        for b in [game.encode_action(x) for x in game.legal_actions()] + [[MOVE, d] for d in range(len(game.g.dir_names))]:
            if b[0] in (MOVE, CAST, DROP):       # what A can do in the aim
                preview(game, b)
        assert game.state_hash() == before
        game.apply(a)
    assert game.status == "won"
