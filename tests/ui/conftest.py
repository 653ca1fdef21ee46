"""UI tests run on SDL's dummy video and audio drivers; scenes are driven by logical buttons."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pathlib

import pytest

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts" / "screens"


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    """make_app(size=(480, 320), **App kwargs) -> an App on the dummy driver with its own data dir."""
    from ui_harness import new_app
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("TACTIBOX_APPLIANCE", raising=False)
    apps = []

    def make(size=(480, 320), **kw):
        app = new_app(size, tmp_path / "data", **kw)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def fresh_options():
    """The duel options live as long as the program (the plan: not saved): reset around each test
    (modules that play duels use it: `pytestmark = pytest.mark.usefixtures("fresh_options")`)."""
    from game.modes.duel.options import DuelOptions
    from game.ui.modes.duel.setup_menu import host_options
    host_options().end_game()
    host_options().change(**DuelOptions().as_dict())
    yield host_options()
    host_options().end_game()
    host_options().change(**DuelOptions().as_dict())
