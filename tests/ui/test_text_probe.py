"""The text probe catches each kind of clipping issue 20 found on the screens (drawn here the way
those screens drew them), and passes text that sits properly in its box."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme as T
from game.ui.theme import TextProbe, Theme
from game.ui.widgets import hint_bar, panel


def canvas(size=(320, 240)):
    th = Theme(size)
    th.probe = TextProbe(large=th.unit >= 2)
    surf = pygame.Surface(size)
    return th, surf


def problems(th, surf):
    return th.probe.problems(surf.get_rect())


def test_the_opening_banner_wider_than_the_board_runs_off_and_covers_the_info_panel():
    """Skirmish at 320x240: "You are Green · Blue moves first" in a box centred on the board ran
    off both edges and over the dock's terrain lines."""
    th, surf = canvas()
    with th.probe.watching(surf):
        dock = pygame.Rect(226, 14, 94, 200)
        pygame.draw.rect(surf, T.PANEL_DARK, dock)
        th.text(surf, "Grass", (231, 17), size="small")
        th.text(surf, "move cost 1", (230, 37), size="tiny")
        text = "You are Green G · Blue moves first"
        img = th.render(text, T.TEXT, "big")
        box = img.get_rect().inflate(18, 9)
        box.midtop = (113, 18)                                 # centred on the 226-px board
        pygame.draw.rect(surf, T.PANEL_DARK, box)
        th.put(surf, img, img.get_rect(center=box.center).topleft, text, "big")
    found = problems(th, surf)
    assert any("You are Green" in p and "runs off the screen" in p for p in found)
    assert any("'Grass'" in p and "cut by a box" in p for p in found)


def test_a_label_spilling_out_of_its_button_is_found():
    """Hex quest's campaign map: "Shop  (2 offers)" wider than its button at 320x240 and 1280x720."""
    for size in ((320, 240), (1280, 720)):
        th, surf = canvas(size)
        with th.probe.watching(surf):
            button = pygame.Rect(234, 184, 60, 10)
            pygame.draw.rect(surf, T.PANEL, button)
            pygame.draw.rect(surf, T.PANEL_EDGE, button, 1)
            th.text(surf, "Shop  (2 offers)", (button.x + 6, button.y + 4), size="tiny")
        assert any("Shop" in p and "crosses the edge of a box" in p for p in problems(th, surf)), size


def test_names_cut_short_on_a_large_screen_are_found_but_not_on_a_small_one():
    """Skirmish's army cards at 1280x720: "Ston…", "Sala…", "21/5 R…" where there was room."""
    for size, needless in (((1280, 720), True), ((320, 240), False)):
        th, surf = canvas(size)
        for name in ("Stone Golem", "Salamander", "21/5 Rock"):
            th.text(surf, th.fit(name, 30, "tiny"), (10, 10), size="tiny")
        long_line = "Knight (A) declares Swing at Brigand (B), IV overhand with 7 dice (7 CP)."
        th.fit(long_line, 100, "tiny")                           # a sentence: the layout's business
        assert (th.probe.needless_cuts() == ["Stone Golem", "Salamander", "21/5 Rock"]) is needless
        assert long_line not in th.probe.needless_cuts()


def test_text_over_a_panel_it_does_not_belong_to_is_found():
    th, surf = canvas()
    with th.probe.watching(surf):
        panel(surf, pygame.Rect(200, 40, 110, 100), th=th)
        th.text(surf, "an old line that runs into the panel", (100, 60), size="tiny")
    assert any("crosses the edge of a box" in p for p in problems(th, surf))


def test_a_panel_drawn_across_text_is_found_but_one_that_hides_it_all_is_not():
    th, surf = canvas()
    with th.probe.watching(surf):
        th.text(surf, "Blue's Storm Mage moves", (6, 215), size="tiny")
        th.text(surf, "under the dialog", (100, 100), size="tiny")
        pygame.draw.rect(surf, T.PANEL, pygame.Rect(60, 40, 200, 170))
        pygame.draw.rect(surf, T.PANEL, pygame.Rect(50, 205, 200, 30))     # cuts the first in two
    found = problems(th, surf)
    assert any("Storm Mage" in p and "cut by a box" in p for p in found)
    assert not any("under the dialog" in p for p in found)        # wholly hidden: not read any more


def test_text_in_its_box_passes():
    th, surf = canvas()
    with th.probe.watching(surf):
        inner = panel(surf, pygame.Rect(10, 10, 200, 100), th=th, title="Paused")
        th.text(surf, "Resume", (inner.x + 4, inner.y + 2))
        pygame.draw.rect(surf, T.ACCENT, pygame.Rect(inner.x, inner.y + 20, inner.w, 20), 1)
        th.text(surf, "How to play", (inner.x + 4, inner.y + 22))
        pygame.draw.rect(surf, T.GOOD, pygame.Rect(inner.x, inner.y + 50, 80, 4))   # a meter under text
        th.text(surf, "HP 5", (inner.x + 4, inner.y + 46), size="tiny")
        hint_bar(surf, th, pygame.Rect(0, 220, 320, 20), [("A", "choose"), ("B", "back")])
    assert problems(th, surf) == []
    assert len(th.probe.hint_bars) == 1


def test_a_hint_line_without_key_caps_is_not_a_hint_bar():
    """The bout's "Up/Down row  Left/Right change  A declare ..." was plain text: no hint bar."""
    th, surf = canvas()
    th.text(surf, "Up/Down row  Left/Right change  A declare  B done", (3, 228), size="tiny")
    assert th.probe.hint_bars == []


def test_dropped_hints_and_overlaps_are_still_found():
    th, surf = canvas()
    th.text(surf, "Pieces per turn", (10, 10), size="tiny")
    th.text(surf, "all rested", (30, 12), size="tiny")
    hint_bar(surf, th, pygame.Rect(0, 220, 80, 20), [("A", "choose"), ("B", "back"), ("X", "delete")])
    found = problems(th, surf)
    assert any("overlap" in p for p in found) and any("left out" in p for p in found)


@pytest.mark.parametrize("note", ["", "no target in reach"])
def test_the_hint_bar_keeps_its_note_on_the_right(note):
    th, surf = canvas()
    hint_bar(surf, th, pygame.Rect(0, 220, 320, 20), [("A", "walk"), ("B", "back")], note=note)
    texts = [d.text for d in th.probe.drawn]
    assert "walk" in texts and (note in texts if note else True)
    assert problems(th, surf) == []
