"""Property tests draw the same examples on every run (see tests/conftest.py)."""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


def _draws() -> list[int]:
    out: list[int] = []

    @given(st.integers(0, 10**9))
    def probe(x):
        out.append(x)

    probe()
    return out


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE", "ci") != "ci", reason="exploring on purpose")
def test_profile_is_derandomized():
    assert settings.default.derandomize is True
    assert settings.default.database is None


def test_two_runs_draw_the_same_examples():
    assert _draws() == _draws()
