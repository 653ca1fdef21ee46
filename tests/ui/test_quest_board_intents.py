"""The board draws an NPC's intent only when the NPC will carry it out next turn."""

from __future__ import annotations

import pygame

from game.modes.quest.game import CAST, QuestGame
from game.modes.quest.spells import NAMES
from game.modes.quest.textformat import parse_level
from game.ui import theme as T
from game.ui.modes.quest.board_view import FROZEN, draw_board

TEXT = """title: Frozen
grid: square
map:
#########
#@------#
#########
end
npc 4,2: name=Orc hp=50 model=chase melee=7
"""
E = 1


def _line_pixel(g, surf):
    """The pixel 60% of the way from the orc's centre to the cell its move intent enters."""
    place = draw_board(surf, surf.get_rect(), g, E)
    orc = g.npcs[0]
    a, b = place(orc["cell"]).center, place(orc["cell"] - 1).center
    return surf.get_at((a[0] + (b[0] - a[0]) * 6 // 10, a[1])), place(orc["cell"])


def test_a_move_intent_is_drawn_and_not_while_ice_keeps_the_npc_still():
    pygame.init()
    lv, probs = parse_level(TEXT, "t")
    assert probs == []
    g = QuestGame(lv)
    surf = pygame.Surface((320, 240))
    assert g.npcs[0]["intent"][0] == 1                    # it shows a move W, towards the player
    px, _ = _line_pixel(g, surf)
    assert tuple(px)[:3] == T.TEXT_DIM
    g.player["spells"]["ice"] = 2
    g.apply([CAST, NAMES.index("ice"), E])               # slowed by 2 for 2 turns: speed 1 - 2 = 0
    orc = g.npcs[0]
    assert orc["slow"][1] > 0 and orc["intent"][0] == 1  # the engine still plans a step ...
    before = orc["cell"]
    px, r = _line_pixel(g, surf)
    assert tuple(px)[:3] != T.TEXT_DIM                    # ... but the board does not promise it
    row = {tuple(surf.get_at((x, r.centery)))[:3] for x in range(r.x, r.centerx)}
    assert FROZEN in row                                  # a frozen ring instead
    g.apply([2])                                          # a turn passes: the orc indeed stays
    assert orc["cell"] == before
