import pathlib
import shutil

import pytest

MINI = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "mini"


@pytest.fixture
def mini_copy(tmp_path):
    dst = tmp_path / "mini"
    shutil.copytree(MINI, dst)
    return dst


@pytest.fixture(scope="session")
def mini():
    from game.rules.skirmish.loader import load_ruleset
    rs, problems = load_ruleset(MINI)
    assert rs is not None and not problems
    return rs
