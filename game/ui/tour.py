"""A walk through every scene at one screen size, driven by logical buttons as a player would:
the contact sheet (``tactibox contact-sheet``) and the no-clipped-text tests share it.

    for shot in tour((480, 320), data_folder):
        shot.name, shot.image, shot.problems, shot.texts

Each shot records every string drawn (``theme.TextProbe``): ``problems`` lists text that runs
off the screen, overlaps other text or was left out for want of room. The caller picks SDL's
dummy video driver before the first App opens (the CLI sets ``OFFSCREEN_VIDEO``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from game.app import App
from game.store import open_data_dir
from game.ui.registry import mode_uis
from game.ui.scripted_input import SCRIPTED_SOURCES, press
from game.ui.theme import TextProbe
from hw.display import DisplayPlan, open_display
from hw.input.buttons import Button as B

LIVE = {"skirmish_battle", "skirmish_battle_book", "pause", "confirm_abandon", "skirmish_results",   # bots, dates
        "replays", "duel_game", "victory",
        "quest_imports"}                                                  # names the (temporary) data folder


@dataclass
class Shot:
    name: str
    image: pygame.Surface
    problems: list[str]
    texts: list[str]
    cut: list[str]                  # strings shortened with an ellipsis to fit their box

    @property
    def live(self) -> bool:
        """Bots or a clock play a part: the strings may differ from run to run."""
        return self.name in LIVE


class Tour:
    def __init__(self, size: tuple[int, int], data: Path) -> None:
        screen = open_display(DisplayPlan("window", "dummy", tuple(size)))
        self.app = App(screen, data=open_data_dir({"TACTIBOX_DATA": str(data)}), fixed_dt=1 / 30,
                       input_sources=SCRIPTED_SOURCES, audio=False)
        self.app.seed_source = lambda: 4242
        self.probe = TextProbe()
        self.app.theme.probe = self.probe
        self.app.run_frames(2)
        self._wait(lambda: self.app.content.ready, "the ruleset")

    def _wait(self, pred, what: str, frames: int = 4000) -> None:
        for _ in range(frames):
            if pred():
                return
            self.app.step()
            time.sleep(0.0005)              # bots and the ruleset work in threads
        raise RuntimeError(f"tour: {what} not reached; scenes {self.stack()}")

    def stack(self) -> list[str]:
        return [s.scene_name for s in self.app.stack]

    def press(self, *buttons: B) -> None:
        press(self.app, *buttons)

    def shot(self, name: str) -> Shot:
        self.app.invalidate()
        self.probe.clear()
        self.app.run_frames(1)
        canvas = self.app.surface.get_rect()
        texts = [d.text for d in self.probe.drawn if d.text.strip()]
        return Shot(name, self.app.surface.copy(), self.probe.problems(canvas), texts, list(self.probe.cut))

    def to_item(self, label: str) -> None:
        """Move the top scene's list to the line called `label`."""
        menu = self.app.top.menu
        for _ in range(len(menu.items) + 1):
            if menu.current is not None and menu.current.label == label:
                return
            self.press(B.DOWN)
        raise RuntimeError(f"tour: no line {label!r} in {self.stack()[-1]}")

    def close(self) -> None:
        self.app.close()

    # --- the walk ----------------------------------------------------------------------------------
    def walk(self) -> Iterator[Shot]:
        app = self.app
        app.top.t = 0.0                       # the prompt blinks: show it lit, whatever the loading took
        yield self.shot("title")
        self.press(B.A)
        if self.stack()[-1] == "message":
            yield self.shot("problems")
            self.press(B.A)
        yield self.shot("menu")
        self.press(B.A)
        yield self.shot("skirmish_setup")
        self.press(B.DOWN, B.DOWN, B.LEFT, B.LEFT, B.LEFT, B.LEFT)      # a smaller army: a quicker battle
        self.press(B.START)
        yield self.shot("skirmish_formation")
        self.press(B.UP, B.A)                   # from "Done" up to a slot: the piece picker
        yield self.shot("skirmish_formation_picker")
        self.press(B.B, B.DOWN, B.A)            # back to "Done": fight
        sc = app.top
        if sc.scene_name != "skirmish_battle":
            raise RuntimeError(f"tour: no battle after the formation; scenes {self.stack()}")
        self._wait(lambda: sc.control.my_turn() and not sc.anim.busy and not sc.camera.moving, "the human's turn")
        yield self.shot("skirmish_battle")
        self.press(B.SELECT)
        yield self.shot("skirmish_battle_book")
        self.press(B.SELECT, B.START)
        yield self.shot("pause")
        self.to_item("Abandon battle")
        self.press(B.A)
        yield self.shot("confirm_abandon")
        self.press(B.DOWN, B.A)
        yield self.shot("skirmish_results")
        top, res = app.top, app.top.result
        won = [replace(p, place=i + 1) for i, p in enumerate(res.placements)]
        app.replace("skirmish_results", result=replace(res, finished=True, placements=won), match=top.match,
                    tally=top.tally)
        yield self.shot("victory")
        for name, scene, kwargs in (
                ("stats", "stats", {}), ("replays", "replays", {}), ("settings", "settings", {}),
                ("keyremap", "keyremap", {}), ("controls", "controls", {}),
                ("textentry", "textentry", {"title": "Name of player 1", "text": "Player 1"}),
                ("message", "message", {"title": "Problems found (the game goes on with defaults)",
                                        "lines": ["settings.toml line 3: volume must be 0 to 100; using 80"]}),
                ("duel_menu", "duel_menu", {}), ("duel_options", "duel_options", {}),
                ("bout_menu", "bout_menu", {}), ("gdl_menu", "gdl_menu", {}),
                ("link_setup", "link_setup", {"mode": "duel"})):   # pinned: the default follows the last hosted mode
            app.goto_menu()
            app.open(scene, **kwargs)
            yield self.shot(name)
        app.goto_menu()
        app.open("gdl_menu")
        self.press(B.A)                                 # Tactibox's own module, you against bots
        self.press(B.R)                                 # pick a unit: the panel shows it
        yield self.shot("gdl_game")
        app.goto_menu()
        app.open("duel_menu")
        self.press(B.A)                                 # against a bot
        yield self.shot("duel_game")
        for ui in mode_uis():                   # a mode's own steps (its UI part's `tour` hook)
            if ui.has("tour"):
                yield from ui.hook("tour")(self)
        yield from self.quest()

    def quest(self) -> Iterator[Shot]:
        """The Hex quest: hub, campaign map, a campaign level on the board, a spell level with its
        preview, the shop, the square puzzles and the (empty) Imported levels screen."""
        app = self.app
        app.goto_menu()
        app.open("quest_hub")
        yield self.shot("quest_hub")
        for name, scene in (("quest_map", "quest_map"), ("quest_shop", "quest_shop"),
                            ("quest_levels", "quest_levels"), ("quest_imports", "quest_imports")):
            app.goto_menu()
            app.open(scene)
            yield self.shot(name)
        app.goto_menu()
        app.open("quest_map")
        self.press(B.A)                                 # the first campaign level
        yield self.shot("quest_board")
        app.goto_menu()
        app.open("quest_board", level="hex/06_missile")
        self.press(B.RIGHT, B.RIGHT)                    # aim at the turret's side
        yield self.shot("quest_board_aim")


def tour(size: tuple[int, int], data: Path) -> Iterator[Shot]:
    t = Tour(size, data)
    try:
        yield from t.walk()
    finally:
        t.close()
