import pathlib

import pytest

from game.rules.skirmish.loader import load_ruleset

MINI = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "mini"


@pytest.fixture(scope="session")
def mini():
    rs, problems = load_ruleset(MINI)
    assert rs is not None and not problems, [str(p) for p in problems]
    return rs


@pytest.fixture(scope="session")
def default_rs():
    from game.rules.skirmish.catalog import find_ruleset
    rs, problems = find_ruleset("default")
    assert rs is not None and not problems, [str(p) for p in problems]
    return rs
