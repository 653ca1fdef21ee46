"""Fixtures for the fast checks of the SD-card image recipe (helpers in image_recipe.py)."""

from __future__ import annotations

import pytest
from image_recipe import UNIT_DIR, parse_unit


@pytest.fixture(scope="session")
def tactibox_unit():
    return parse_unit(UNIT_DIR / "tactibox.service")
