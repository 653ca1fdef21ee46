"""A campaign's icons on the Hex quest board (board_view.py, docs/rules/quest.md rule 64): a cell
whose thing has an icon shows the icon's glyph (an object's in the cached cells layer, the player's
and an NPC's over the cells) at 320x240 and 1280x720; levels played outside the campaign keep the
default pictures; the cells layer with icons is still the picture of a redraw from scratch."""

from __future__ import annotations

import pygame
import pytest

from game.modes.quest import tiles as TL
from game.modes.quest.catalog import load_level
from game.modes.quest.icons import NO_ICONS, parse_icons
from game.modes.quest.session import Session
from game.ui.modes.quest import board_view
from game.ui.modes.quest.scene import QuestScene
from tests.ui.test_quest_board_layer import CARRY, _pictures, _script, play_scripted

INK = (0, 255, 0)          # a colour nothing on the board uses: the glyph's own pixels


def _icons(table):
    icons, probs = parse_icons(table, "test.toml")
    assert not probs, probs
    return icons


def _board_scene(app, lid: str):
    """The board scene of campaign level 1 (the campaign's start: always playable), showing `lid`."""
    app.open("quest_board", level="hex/01_first_push", context="campaign")
    sc = [s for s in app.stack if isinstance(s, QuestScene)][-1]
    assert sc.run.in_campaign
    sc.session = Session(load_level(lid)[0], CARRY)
    return sc


def _ink(surf, *rects) -> int:
    """How many pixels inside the union of `rects` are exactly the glyph colour."""
    ink = pygame.mask.from_threshold(surf, INK, (1, 1, 1, 255))
    area = pygame.Mask(surf.get_size())
    for r in rects:
        area.draw(pygame.Mask(r.size, fill=True), r.topleft)
    return ink.overlap_area(area, (0, 0))


def _draw(app, sc) -> tuple[pygame.Surface, dict]:
    surf = pygame.Surface(app.surface.get_size())
    sc.draw(surf)
    return surf, sc.layout


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_a_cell_with_an_icon_shows_the_glyph(make_app, size, monkeypatch):
    """Icons (in a colour nothing else uses) for rocks (an object: drawn in the cells layer), the
    player and the Goblin (drawn over the cells): each such cell holds glyph pixels, centred,
    none of them without icons, and no other cell of the board has any."""
    app = make_app(size=size)
    sc = _board_scene(app, "hex/05_goblins")
    g = sc.game
    rocks = [c for c in g.g.cells if g.obj[c] == TL.ROCK]
    npc = next(n for n in g.npcs if n["name"] == "Goblin")
    assert rocks
    monkeypatch.setattr(QuestScene, "icons", property(lambda self: NO_ICONS))
    plain, layout = _draw(app, sc)
    place = layout["place"]
    cells = {"rock": place(rocks[0]), "player": place(g.player["cell"]), "npc": place(npc["cell"])}
    iconed = [place(c) for c in rocks] + [cells["player"], cells["npc"]]
    assert all(_ink(plain, r) == 0 for r in cells.values())
    ink = "#00ff00"
    icons = _icons({"rock": {"glyph": "#", "colour": ink}, "player": {"glyph": "@", "colour": ink},
                    "npc": {"Goblin": {"glyph": "g", "colour": ink}}})
    monkeypatch.setattr(QuestScene, "icons", property(lambda self: icons))
    shown, _ = _draw(app, sc)
    for what, r in cells.items():
        # a glyph 3/4 of the cell tall leaves at least a few solid pixels even on 320x240's 14 px hexes
        assert _ink(shown, r) >= (4 if size[0] == 320 else 40), (what, r, _ink(shown, r))
    # the glyph is centred: its pixels lie in the middle half of the cell
    r = cells["rock"]
    mid = pygame.Rect(0, 0, r.w // 2 + 2, r.h * 3 // 4 + 2)
    mid.center = r.center
    assert _ink(shown, mid) == _ink(shown, r)
    # glyph pixels only on the iconed things' cells (every rock, the player, the Goblin)
    board = layout["board"]
    assert _ink(shown, board) == _ink(shown, *iconed) > 0


def test_the_shipped_icons_show_in_the_campaign_and_not_outside_it(make_app):
    app = make_app(size=(480, 320))
    sc = _board_scene(app, "hex/05_goblins")
    assert sc.icons.player is not None and sc.icons.of_npc("Goblin") is not None
    with_icons, layout = _draw(app, sc)
    r = layout["place"](sc.game.player["cell"])
    app.open("quest_board", level="hex/01_first_push")           # the same level, not in the campaign
    free = [s for s in app.stack if isinstance(s, QuestScene)][-1]
    assert free is not sc and free.icons == NO_ICONS
    free.session = Session(load_level("hex/05_goblins")[0], CARRY)
    without, _ = _draw(app, free)
    a = pygame.image.tobytes(with_icons.subsurface(r), "RGB")
    b = pygame.image.tobytes(without.subsurface(r), "RGB")
    assert a != b                        # the player: '@' in the campaign, the white disk outside


@pytest.mark.parametrize("which", ["hex/14_disks_and_bugs", "square/22_vault"])
def test_the_layer_with_icons_always_shows_what_a_redraw_from_scratch_shows(make_app, which, monkeypatch):
    """As test_quest_board_layer.py's test, with an icon for every object kind, the player and
    the NPCs: after each step, push, fall, blast and undo, the kept layer == a new layer == every
    cell drawn straight onto the screen."""
    from game.modes.quest.icons import OBJECT_KEYS
    icons = _icons({**{k: chr(ord("A") + i) for i, k in enumerate(OBJECT_KEYS)}, "player": "@",
                    "npc": {"Snik": "n", "Snak": "k", "Wisp": "w"}})
    monkeypatch.setattr(QuestScene, "icons", property(lambda self: icons))
    app = make_app(size=(480, 320))
    app.open("quest_board", level=which)
    sc = app.top
    sc.session = Session(sc.session.level, CARRY)
    surf = app.surface
    layered, fresh, scratch = _pictures(sc, surf)
    assert layered == fresh == scratch
    layers = sc._board_layers
    done = 0
    for action in _script(30):
        play_scripted(sc, action)
        layered, fresh, scratch = _pictures(sc, surf)
        assert layered == fresh == scratch, f"after {action} (move {sc.session.pos})"
        done += 1
    assert layers.full_draws == 1 and done == 30


def test_changing_the_icons_redraws_the_layer(make_app, monkeypatch):
    """The layer is kept per icon set: other icons (another campaign's level) draw the map anew."""
    app = make_app(size=(480, 320))
    app.open("quest_board", level="hex/02_two_crates")
    sc = app.top
    sc.draw(app.surface)
    layers = sc._board_layers
    assert layers.full_draws == 1
    icons = _icons({"victory_object": "$"})
    monkeypatch.setattr(QuestScene, "icons", property(lambda self: icons))
    sc.draw(app.surface)
    assert layers.full_draws == 2
    sc.draw(app.surface)
    assert layers.full_draws == 2
    assert board_view._painter(icons) is board_view._painter(_icons({"victory_object": "$"}))
