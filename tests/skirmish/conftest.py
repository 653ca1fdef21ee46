import pathlib

import pytest

from game.rules.skirmish.loader import load_ruleset
from tests.loaded import clean

MINI = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "mini"


@pytest.fixture(scope="session")
def mini():
    return clean(load_ruleset(MINI))


@pytest.fixture(scope="session")
def default_rs():
    from game.rules.skirmish.catalog import find_ruleset
    return clean(find_ruleset("default"))
