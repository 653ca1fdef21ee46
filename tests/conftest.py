"""Suite-wide settings.

Property tests are deterministic: the "ci" hypothesis profile (the default) derandomizes every
test (examples come from a fixed seed derived from the test's name) and keeps no example
database, so a run on a fresh clone draws the same examples as every other run and CI never
fails by chance. `HYPOTHESIS_PROFILE=explore ./dev test tests/core` draws new random examples
when hunting for bugs on purpose (put any failure it finds into a plain test)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _catalog_data_dir_is_per_test():
    """open_data_dir() tells the ruleset catalog where the data folder is; undo that per test."""
    from game.rules.skirmish import catalog
    saved = catalog._data_dir
    yield
    catalog._data_dir = saved
