"""Issue 20's done-when: each of the five modes plays from the title screen to its result with the
d-pad, A and B only (the scripts in one_handed.py; docs/ui.md has their press counts before and
after). A mode that still needs another button somewhere is listed in NEEDS with its owner: the
test fails when a listed mode no longer needs it (remove the line) and when another mode does."""

from __future__ import annotations

import pytest
from one_handed import MODES, play

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py

# mode -> (buttons it still needs, owner, where)
NEEDS: dict = {}
RESULTS = {"skirmish": "skirmish_results", "duel": "duel_results", "bout": "(over)", "quest": "(won)",
           "gdl": "results (over)"}


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_from_the_title_to_a_result_one_handed(make_app, mode):
    app = make_app((480, 320))
    played = play(app, mode)
    assert RESULTS[mode] in played.result, played.result
    assert played.total > 5
    needs = NEEDS.get(mode, (set(),))[0]
    assert set(played.other_buttons) == needs, played.other_buttons
