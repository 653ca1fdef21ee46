"""A walk through every scene at one screen size, driven by logical buttons as a player would:
the contact sheet (``tactibox contact-sheet``) and the no-clipped-text tests share it.

    for shot in tour((480, 320), data_folder):
        shot.name, shot.image, shot.problems, shot.texts

Each shot records every string and box drawn (``game.ui.text_probe``): ``problems`` lists text
that runs off the screen, overlaps other text, crosses the edge of a box or is cut by one, or
was left out for want of room; ``cut`` the strings shortened with "…" (on a large screen that
is a problem too: there is room). The caller picks SDL's dummy video driver before the first
App opens (the CLI sets ``OFFSCREEN_VIDEO``).

The walk: the shared screens (title, menu, settings, stats, replays, dialogs, link), then each
mode's screens. A mode's part is ``walk(tour)`` in ``game/ui/modes/<mode>/tour.py`` when the mode
has one, else Tactibox's default for it in ``game.ui.tour_modes``; each names its shots
``<mode>_...`` plus ``howto_<mode>`` and ``results_<mode>``. A mode that is not registered (or
whose screen is missing, like the Steel dungeon before it lands) is skipped.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.app import App
from game.store import open_data_dir
from game.ui.registry import SCENES, mode_uis
from game.ui.scripted_input import SCRIPTED_SOURCES, press
from game.ui.theme import TextProbe
from hw.display import DisplayPlan, open_display
from hw.input.buttons import Button as B

# shots whose strings may differ from run to run: bots, dates, the machine
LIVE_PARTS = ("skirmish_battle", "pause", "confirm_abandon", "results_", "victory", "replays", "replay_play",
              "duel_game", "bout_fight", "gdl_game", "quest_imports", "curtain", "dungeon", "stats_")
LIVE_NAMES = {"stats"}


@dataclass
class Shot:
    name: str
    image: pygame.Surface
    problems: list[str]
    texts: list[str]
    cut: list[str]                  # strings shortened with an ellipsis to fit their box
    needless_cuts: list[str]        # ... on a large screen, where there is room
    hint_bars: int = 0              # hint bars drawn (widgets.hint_bar)
    hints: tuple = ()               # (button, what it does) of every hint shown, in drawing order

    @property
    def live(self) -> bool:
        """Bots or a clock play a part: the strings may differ from run to run."""
        return self.name in LIVE_NAMES or any(part in self.name for part in LIVE_PARTS)


class _StandInSession:
    """The link's session as a waiting screen shows it, for the picture only (no port opens)."""
    state, failed, paired, peer, progress, notice, error = "listening", False, False, None, None, "", ""


class StandInRun:
    """A link run that waits on a serial port: the waiting screen's picture without a cable."""
    port, is_host, pairing, peer_name, mode, playing = "/dev/ttyUSB0", True, "", "", "duel", False

    def __init__(self) -> None:
        self.session = _StandInSession()

    def poll(self) -> None:
        pass

    def status(self) -> str:
        return "waiting for the other unit on the cable"

    def close(self) -> None:
        pass


class Tour:
    def __init__(self, size: tuple[int, int], data: Path) -> None:
        screen = open_display(DisplayPlan("window", "dummy", tuple(size)))
        self.app = App(screen, data=open_data_dir({"TACTIBOX_DATA": str(data)}), fixed_dt=1 / 30,
                       input_sources=SCRIPTED_SOURCES, audio=False)
        self.app.seed_source = lambda: 4242
        self.probe = TextProbe()
        self.probe.large = self.app.theme.unit >= 2
        self.app.theme.probe = self.probe
        self.app.run_frames(2)
        self.wait(lambda: self.app.content.ready, "the ruleset")

    def wait(self, pred, what: str, frames: int = 6000) -> None:
        for _ in range(frames):
            if pred():
                return
            self.app.step()
            time.sleep(0.0005)              # bots and the ruleset work in threads
        raise RuntimeError(f"tour: {what} not reached; scenes {self.stack()}")

    def stack(self) -> list[str]:
        return [s.scene_name for s in self.app.stack]

    @property
    def top(self) -> str:
        return self.stack()[-1]

    def press(self, *buttons: B) -> None:
        press(self.app, *buttons)

    def shot(self, name: str) -> Shot:
        self.app.invalidate()
        self.probe.clear()
        with self.probe.watching(self.app.surface):
            self.app.run_frames(1)
        canvas = self.app.surface.get_rect()
        texts = [d.text for d in self.probe.drawn if d.text.strip()]
        return Shot(name, self.app.surface.copy(), self.probe.problems(canvas), texts, list(self.probe.cut),
                    self.probe.needless_cuts(), len(self.probe.hint_bars), tuple(self.probe.hints))

    def to_item(self, label: str) -> None:
        """Move the top scene's list to the line called `label`."""
        menu = self.app.top.menu
        for _ in range(len(menu.items) + 1):
            if menu.current is not None and menu.current.label == label:
                return
            self.press(B.DOWN)
        raise RuntimeError(f"tour: no line {label!r} in {self.top}")

    def fresh(self, scene: str | None = None, **kwargs) -> None:
        """Back to the main menu (and open `scene`), with the first-game how-tos off: a tour
        shows each of them once, on purpose (``howto``)."""
        self.app.goto_menu()
        self.app.clear_toast()              # a toast of the last screen ("wait for your turn") is gone
        if scene:
            self.app.open(scene, **kwargs)

    def howto(self, mode: str) -> Shot:
        """The mode's first-game how-to over whatever is on screen now; closed after the shot."""
        self.app.open("howto", mode=mode, first=True)
        shot = self.shot(f"howto_{mode}")
        self.app.back()
        return shot

    def close(self) -> None:
        self.app.close()

    # --- the walk ----------------------------------------------------------------------------------
    def walk(self) -> Iterator[Shot]:
        self.app.update_settings(howto_first_game=False)    # shown once each, by `howto`
        yield from self.shared()
        for ui in mode_uis():
            yield from mode_walk(ui.mode)(self)
        yield from self.after_games()

    def shared(self) -> Iterator[Shot]:
        app = self.app
        app.top.t = 0.0                       # the prompt blinks: show it lit, whatever the loading took
        yield self.shot("title")
        self.press(B.A)
        if self.top == "message":
            yield self.shot("problems")
            self.press(B.A)
        yield self.shot("menu")
        for name, scene, kwargs in (
                ("settings", "settings", {}), ("keyremap", "keyremap", {}), ("controls", "controls", {}),
                ("textentry", "textentry", {"title": "Name of player 1", "text": "Player 1"}),
                ("message", "message", {"title": "Problems found (the game goes on with defaults)",
                                        "lines": ["settings.toml line 3: volume must be 0 to 100; using 80"]}),
                ("link_setup", "link_setup", {"mode": "duel"})):   # pinned: the default follows the last hosted mode
            self.fresh(scene, **kwargs)
            yield self.shot(name)
        self.fresh("link_wait", run=StandInRun(), title="Linking")
        yield self.shot("link_wait")
        self.fresh("pause", mode="skirmish")
        yield self.shot("pause_shared")
        self.fresh("glossary", mode="bout")
        yield self.shot("glossary")
        self.fresh("results", mode="skirmish", headline="Victory!", tone="win",
                   lines=[("Player 1", "1st, 5 pieces left"), ("Bot Blue (Normal)", "2nd")], again=lambda: None)
        yield self.shot("results")

    def after_games(self) -> Iterator[Shot]:
        """What the games left behind: stats (records, rating plot) and the replays."""
        for name, scene in (("stats", "stats"), ("replays", "replays")):
            self.fresh(scene)
            yield self.shot(name)
        if "stats" in SCENES:
            self.fresh("stats")
            sc = self.app.top
            for view in getattr(sc, "VIEWS", ())[1:]:
                self.press(B.R)
                yield self.shot(f"stats_{view}")


def mode_walk(mode: str):
    """The mode's own tour steps (its UI part's `tour` hook, or game/ui/modes/<mode>/tour.py: walk),
    else Tactibox's default."""
    ui = next((u for u in mode_uis() if u.mode == mode), None)
    if ui is not None and ui.has("tour"):
        return ui.hook("tour")
    name = f"game.ui.modes.{mode}.tour"
    try:
        own = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if not exc.name or not (name == exc.name or name.startswith(exc.name + ".")):
            raise                                   # the mode's tour is there but imports something missing
        own = None
    walk = getattr(own, "walk", None) or getattr(own, "steps", None)     # `steps`: an early name of it
    if walk is not None:
        return walk
    from game.ui import tour_modes
    return getattr(tour_modes, mode, tour_modes.nothing)


def tour(size: tuple[int, int], data: Path) -> Iterator[Shot]:
    t = Tour(size, data)
    try:
        yield from t.walk()
    finally:
        t.close()
