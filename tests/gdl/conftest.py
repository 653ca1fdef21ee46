"""The real Xconq library is not in git: tests look for `shared/xconq/lib` above the checkout
(or $TACTIBOX_XCONQ_LIB) and skip cleanly when it is absent."""

import os
import pathlib

import pytest


def _find_lib():
    env = os.environ.get("TACTIBOX_XCONQ_LIB")
    if env:
        p = pathlib.Path(env)
        return p if p.is_dir() else None
    here = pathlib.Path(__file__).resolve()
    for parent in here.parents:
        cand = parent / "shared" / "xconq" / "lib"
        if cand.is_dir():
            return cand
    return None


LIB = _find_lib()


@pytest.fixture(scope="session")
def lib():
    if LIB is None:
        pytest.skip("the Xconq library (shared/xconq/lib) is not present")
    return LIB


@pytest.fixture(scope="session")
def tokyo(lib):
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    return World(load_module(lib / "tokyo.g"))


@pytest.fixture(scope="session")
def hill(lib):
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    return World(load_module(lib / "hill.g"))


@pytest.fixture(scope="session")
def duel(lib):
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    return World(load_module(lib / "duel.g"))
