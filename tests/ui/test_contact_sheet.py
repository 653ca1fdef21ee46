"""Every scene at every supported size (game.ui.tour, by logical buttons): no text runs off the
screen, overlaps other text, crosses the edge of its box, is cut by a box drawn over it or is
left out of a hint bar; no name is shortened with "…" on a large screen; every scene has a hint
bar with button icons; the contact sheet in docs/ shows the UI as it is now. Problems the probe
finds in screens today are listed with their owner in probe_known.py (a list that only shrinks)."""

from __future__ import annotations

import pytest
from probe_known import KNOWN, known

from game.ui import contact_sheet
from game.ui.registry import mode_uis
from game.ui.theme import Theme
from hw.display import SUPPORTED_SIZES, canvas_size_for

# strings a player chose or long data: shortened with "…" where they do not fit, on purpose
MAY_BE_CUT = ("thinking…",)
NO_HINT_BAR = {"title"}                    # "press A to start" is the title's whole story
NAMED = {"bout_fight", "link_wait", "curtain", "replay_play", "menu", "skirmish_setup", "skirmish_battle",
         "keyremap", "duel_game", "stats", "settings"}


@pytest.fixture(scope="module")
def walks():
    return {size: contact_sheet.walk(size) for size in SUPPORTED_SIZES}


def shot_problems(shot) -> list[str]:
    out = list(shot.problems)
    out += [f"{t!r} shortened on a large screen" for t in shot.needless_cuts if not any(m in t for m in MAY_BE_CUT)]
    if not shot.hint_bars and shot.name not in NO_HINT_BAR:
        out.append("no hint bar with button icons (widgets.hint_bar)")
    return out


@pytest.mark.parametrize("size", SUPPORTED_SIZES, ids=contact_sheet.size_name)
def test_no_text_is_clipped_in_any_scene(walks, size):
    shots = walks[size]
    names = [s.name for s in shots]
    modes = [ui.mode for ui in mode_uis()]
    assert len(shots) >= 45 and len(set(names)) == len(names)
    assert NAMED | {f"howto_{m}" for m in modes} | {f"results_{m}" for m in modes} <= set(names)
    for shot in shots:
        assert shot.image.get_size() == canvas_size_for(size)
        assert shot.texts, f"{shot.name}: nothing drawn"
        new = [p for p in shot_problems(shot) if not known(shot.name, p)]
        assert new == [], f"{shot.name}: {new}"


def test_the_known_problems_are_still_there(walks):
    """An entry of probe_known.py that matches nothing any more was fixed: remove it."""
    seen = [(s.name, p) for shots in walks.values() for s in shots for p in shot_problems(s)]
    stale = [(shot, words, owner) for shot, words, owner, _ in KNOWN
             if not any(name == shot and words in p for name, p in seen)]
    assert stale == [], f"fixed: remove these lines from tests/ui/probe_known.py: {stale}"


def test_the_contact_sheet_in_docs_is_current(walks):
    index = {contact_sheet.size_name(size): contact_sheet.entry(size, shots) for size, shots in walks.items()}
    problems = contact_sheet.drift(index)
    assert problems == [], "the UI changed: run `tactibox contact-sheet` and commit docs/contact-sheet/\n" + \
        "\n".join(problems)
    for size in SUPPORTED_SIZES:
        assert (contact_sheet.DEFAULT_FOLDER / f"{contact_sheet.size_name(size)}.png").is_file()


def test_small_fonts_keep_their_spaces():
    """At 320x240 the bundled font's space is 2 px: 'Pieces per turn' read 'Pieces perturn'."""
    th = Theme((320, 240))
    assert th.text_width("per turn", "tiny") - th.text_width("perturn", "tiny") >= 3


def test_a_mode_may_bring_its_own_tour(monkeypatch):
    """game/ui/modes/<mode>/tour.py: walk(tour) replaces Tactibox's default walk of that mode."""
    import sys
    import types

    from game.ui import tour, tour_modes
    assert tour.mode_walk("duel") is tour_modes.duel
    assert tour.mode_walk("no_such_mode") is tour_modes.nothing
    own = types.ModuleType("game.ui.modes.duel.tour")
    own.walk = lambda t: iter(())
    monkeypatch.setitem(sys.modules, "game.ui.modes.duel.tour", own)
    assert tour.mode_walk("duel") is own.walk
