"""Replays: every finished or abandoned battle, newest first; A watches one on the battle screen.

Damaged files are listed greyed with their problem (never a crash); X deletes the selected
replay after a confirm. A replay recorded with a ruleset that has changed since cannot be
played back exactly: the scene says so (``game_from_replay`` checks the ruleset hash).
"""

from __future__ import annotations

import pygame

from game.core.replay import parse_replay
from game.modes.registry import get_mode, mode_title
from game.store.replays import ReplayError
from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.registry import ui_of
from game.ui.words import map_words
from hw.input.buttons import Button


def open_replay(app, info) -> None:
    """Load a kept replay and hand it to its mode's `replay_scene` hook (its UI part);
    raises ReplayError / ValueError saying what is wrong."""
    _, doc = app.replays.load(info)
    if not isinstance(doc, dict):
        raise ReplayError(f"{info.name}: not a replay this version reads (binary payload)")
    replay = parse_replay(doc, info.name)          # core ReplayError is a ValueError
    entry = get_mode(replay.mode)
    ui = ui_of(replay.mode)
    if ui is None or not ui.has("replay_scene"):
        raise ReplayError(f"{entry.title} replays cannot be watched on this screen yet")
    ui.hook("replay_scene")(app, replay)


class ReplaysScene(MenuScene):
    heading = "Replays"
    hints = (("UPDOWN", "choose"), ("A", "watch"), ("X", "delete"), ("B", "back"))
    def __init__(self, app) -> None:
        super().__init__(app)
        self.index = 0
        self.items = []
        self.problem = ""
        self.refresh()

    def refresh(self) -> None:
        self.items = self.app.replays.list()
        self.index = min(self.index, max(0, len(self.items) - 1))
        self.dirty = True

    def enter(self) -> None:
        super().enter()
        self.refresh()

    def heading_right(self) -> str:
        return f"{len(self.items)} kept"

    def handle_more(self, ev) -> bool:
        if not self.items:
            return True
        if ev.triggered(Button.UP):
            self.index = (self.index - 1) % len(self.items)
            self.problem = ""
        elif ev.triggered(Button.DOWN):
            self.index = (self.index + 1) % len(self.items)
            self.problem = ""
        elif ev.pressed(Button.A):
            self.watch(self.items[self.index])
        elif ev.pressed(Button.X):
            info = self.items[self.index]
            self.app.open("confirm", question=f"Delete the replay {info.name}?", on_yes=lambda: self._delete(info))
        return True

    def _delete(self, info) -> None:
        self.app.replays.delete(info)
        self.refresh()

    def watch(self, info) -> None:
        if not info.ok:
            self.problem = info.problem
            return
        try:
            open_replay(self.app, info)
        except (ReplayError, ValueError) as exc:
            self.problem = str(exc)

    def notes(self) -> list[tuple]:
        msg = self.problem or (self.items[self.index].problem if self.items and not self.items[self.index].ok else "")
        return [(msg, T.TEXT_BAD)]

    def draw_body(self, surf, area) -> None:
        th = self.theme
        w = surf.get_width()
        lh = th.line_height("small") + th.line_height("tiny") + 3
        if not self.items:
            th.text(surf, "no replays yet: every battle you play is kept here", (w // 2, area.y + th.pad),
                    T.TEXT_DIM, "small", align="centre")
        rows = max(1, area.h // lh)
        first = max(0, min(self.index - rows // 2, len(self.items) - rows))
        for n, i in enumerate(range(first, min(len(self.items), first + rows))):
            info = self.items[i]
            r = pygame.Rect(area.x, area.y + n * lh, area.w, lh - 1)
            sel = i == self.index
            if sel:
                pygame.draw.rect(surf, (70, 60, 110), r)
                pygame.draw.rect(surf, T.ACCENT, r, 1)
            when = info.when.strftime("%Y-%m-%d %H:%M") if info.when else "?"
            if info.ok:
                extra = info.extra or {}
                name = extra.get("map_name") or map_words(info.map or "")
                head = f"{when}  {mode_title(info.mode)}: {name}" + ("" if extra.get("finished", True) else "  (abandoned)")
                players = ", ".join(extra.get("players", [])) or f"seed {info.seed}"
                th.text(surf, th.fit(head, r.w - 6, "small"), (r.x + 3, r.y + 1), T.ACCENT if sel else T.TEXT, "small")
                th.text(surf, th.fit(players, r.w - 6, "tiny"), (r.x + 3, r.y + 1 + th.line_height("small")),
                        T.TEXT_DIM, "tiny")
            else:
                th.text(surf, th.fit(f"{when}  damaged: {info.name}", r.w - 6, "small"), (r.x + 3, r.y + 1),
                        T.TEXT_BAD, "small")
