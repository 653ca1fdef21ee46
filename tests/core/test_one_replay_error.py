"""One ReplayError for every mode (issue 23): defined once in game.core, raised for a damaged
file and for a replay that does not play back, caught the same way by the CLI and the screens."""

from __future__ import annotations

import importlib
import pathlib
import re

import pytest

from game.core.replay import ReplayError, parse_replay

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_replay_error_is_defined_once():
    found = [f"{p.relative_to(ROOT)}" for p in (ROOT / "game").rglob("*.py")
             if re.search(r"^class ReplayError\b", p.read_text(), re.M)]
    assert found == ["game/core/replayfile.py"]


@pytest.mark.parametrize("module", ["game.modes.duel.match", "game.modes.bout.match", "game.modes.gdl.match",
                                    "game.modes.skirmish.match", "game.store.replays", "game.core.replayfile"])
def test_every_mode_and_the_store_raise_the_same_error(module):
    assert importlib.import_module(module).ReplayError is ReplayError


def test_the_error_is_a_value_error_that_may_name_the_turn():
    with pytest.raises(ValueError, match="x.replay: expected a JSON object") as exc:
        parse_replay([], "x.replay")
    assert exc.value.turn is None
    assert ReplayError("turn 6: state hash differs", 6).turn == 6
