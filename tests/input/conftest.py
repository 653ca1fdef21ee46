import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from hw.input import InputHub, load_keymap


class FakeClock:
    """Seconds, moved by hand. Tests never sleep."""

    def __init__(self, t: float = 0.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def at(self, t: float) -> "FakeClock":
        self.t = t
        return self


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture(scope="session")
def default_keymap():
    km, messages = load_keymap()
    assert messages == []
    return km


@pytest.fixture
def hub(clock, default_keymap):
    h = InputHub(default_keymap.copy(), clock=clock, sources=("keyboard", "numpad"))
    yield h
    h.close()


def key(name: str, down: bool = True, scancode: int | None = None) -> pygame.event.Event:
    from hw.input.keynames import CODE_BY_NAME
    attrs = {"key": CODE_BY_NAME[name], "mod": 0, "unicode": ""}
    attrs["scancode"] = scancode if scancode is not None else 0
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, attrs)


def text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, {"text": s})


def summary(events):
    """[(kind, button, time)] for compact assertions."""
    return [(e.kind.value, e.button.value if e.button else None, round(e.time, 3)) for e in events]
