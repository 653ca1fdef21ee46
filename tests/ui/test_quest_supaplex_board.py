"""The board draws the Supaplex objects, bug and fuse timings and NPC cast intents (pixel checks
on the dummy video driver)."""

from __future__ import annotations

import pygame
import pytest
from ui_harness import press

from game.modes.quest import tiles as TL
from game.modes.quest.game import QuestGame
from game.modes.quest.textformat import parse_level
from game.ui.modes.quest.board_view import CASTING, OBJ_COLOURS, PIP, SPARK, draw_board, geometry
from game.ui.theme import TextProbe

TEXT = """grid: square
map:
##########
#-OYTRBB-#
#@-------#
##########
end
npc 8,3: name=Mage hp=9 model=turret spells=fireball:1
"""


def _draw(size):
    lv, probs = parse_level(TEXT)
    assert not probs, [str(p) for p in probs]
    g = QuestGame(lv)
    surf = pygame.Surface(size)
    rect = surf.get_rect()
    return g, surf, rect


def _colours(surf, r):
    return {surf.get_at((x, y))[:3] for x in range(r.x, r.right) for y in range(r.y, r.bottom)}


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_supaplex_objects_bug_timings_and_casts_are_drawn(size):
    g, surf, rect = _draw(size)
    quiet, sparking = g.g.cell_at(6, 1), g.g.cell_at(7, 1)
    g.bugs[quiet], g.bugs[sparking] = 3, 0
    draw_board(surf, rect, g, aim=1)
    place = geometry(g.g, rect)
    for x, o in ((2, TL.ORANGE_DISK), (3, TL.YELLOW_DISK), (5, TL.RED_DISK)):
        r = place(g.g.cell_at(x, 1))
        k = min(r.w, r.h)
        assert surf.get_at((r.centerx, r.centery - k // 4))[:3] == OBJ_COLOURS[o], o
    r = place(g.g.cell_at(4, 1))
    assert surf.get_at(r.center)[:3] == (20, 40, 60)                   # the terminal's screen
    assert OBJ_COLOURS[TL.TERMINAL] in _colours(surf, r)
    assert PIP in _colours(surf, place(quiet)) and SPARK not in _colours(surf, place(quiet))
    assert SPARK in _colours(surf, place(sparking))
    # the Mage shows its fireball W: a violet line into the cell west of it
    assert g.npcs[0]["intent"] == [3, 3, 1]
    assert CASTING in _colours(surf, place(g.g.cell_at(6, 2)))
    # a lit red disk shows its fuse as pips too (the Mage holds its fire: it would set the disk off)
    g.npcs[0]["spells"], g.npcs[0]["intent"] = {}, [0, -1, -1]
    g.red = 1
    g.apply([6, 0])                      # drop it N of the player
    surf.fill((0, 0, 0))
    draw_board(surf, rect, g, aim=1)
    assert PIP in _colours(surf, place(g.g.cell_at(1, 1)))


def test_y_cycles_to_dropping_a_red_disk_and_a_drops_it(make_app):
    from game.modes.quest.session import Session
    from hw.input.buttons import Button as B
    lv, probs = parse_level("grid: square\nmap:\n#######\n#@R---#\n#-----#\n#######\nend\nnpc 6,3: name=Imp hp=5 model=still\n")
    assert not probs
    app = make_app(size=(480, 320))
    app.open("quest_board")
    sc = app.top
    sc.session, sc.level_id, sc.aim, sc.mode = Session(lv), "test", 1, 0
    app.run_frames(1)
    press(app, B.RIGHT)                   # step E onto the red disk: picked up
    assert sc.game.red == 1 and sc.spells() == ["red disk"]
    app.theme.probe = probe = TextProbe()
    sc.dirty = True
    app.invalidate()
    app.run_frames(1)
    assert "red disks 1" in [d.text for d in probe.drawn]
    app.theme.probe = None
    press(app, B.Y)                       # Y: "drop red disk" (the only thing after "step")
    assert sc.aimed_action() == [6, 1] and sc.layout["preview"].label == "drop red disk"
    press(app, B.DOWN)                    # directions only aim now: S
    press(app, B.A)
    assert sc.game.obj[sc.game.g.cell_at(2, 2)] == TL.RED_LIT and sc.game.red == 0
    assert sc.mode == 0                  # nothing left to drop: back to stepping


def test_spell_preview_shows_the_blast_of_a_disk_it_sets_off():
    from game.ui.modes.quest.preview import preview
    lv, probs = parse_level("grid: square\nmap:\n##########\n#@---Y---#\n##########\nend\n"
                            "npc 9,2: name=Imp hp=50 model=still\n")
    assert not probs
    g = QuestGame(lv)
    g.player["spells"]["missile"] = 1
    p = preview(g, [1, 0, 1])            # missile E: stops at the yellow disk (5,1), which explodes
    assert sorted(g.g.coords(c) for c in p.area) == [(x, y) for x in (4, 5, 6) for y in (0, 1, 2)]   # its 3x3
    assert g.obj[g.g.cell_at(5, 1)] == TL.YELLOW_DISK                 # the game itself is untouched
    g = QuestGame(lv)
    g.player["spells"]["missile"] = 1
    g.player["cell"] = g.g.cell_at(4, 1)             # right beside the disk
    g._reindex()
    assert preview(g, [1, 0, 1]).note == "you would not survive it"


@pytest.mark.parametrize("kind,w,h", [("hex", 12, 9), ("square", 9, 9), ("square", 24, 24)])
def test_every_object_kind_looks_different_in_grey(kind, w, h):
    from game.core.grid import Grid
    from game.ui.modes.quest.board_view import _object
    grid = Grid.hexagon(2) if kind == "hex" else Grid.square(2, 2)
    greys = {}
    for o in range(len(TL.OBJECT_NAMES)):
        if o == TL.VOID:
            continue
        surf = pygame.Surface((w + 2, h + 2))
        surf.fill((0, 0, 0))
        _object(surf, grid, pygame.Rect(1, 1, w, h), o)
        rgb = pygame.image.tobytes(surf, "RGB")
        greys[o] = bytes(sum(rgb[i:i + 3]) // 3 for i in range(0, len(rgb), 3))
    same = [(TL.OBJECT_NAMES[a], TL.OBJECT_NAMES[b]) for a in greys for b in greys if a < b and greys[a] == greys[b]]
    assert same == []
