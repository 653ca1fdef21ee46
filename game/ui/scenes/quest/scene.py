"""The Hex quest screen: a level list, then the board with HP/XP, inventory, spells and undo.

    app.open("quest")

One hand is enough. On the list: UP/DOWN choose a level, A plays it, B goes back. On the board
(both schemes in controls.py and docs/rules/quest.md "d-pad and keys"):

    d-pad    hex: UP/DOWN step N/S, LEFT/RIGHT turn the aim arrow; square: the arrows step N E S W
             A act in the aim (step, push, blow, or the spell chosen with Y)   B undo   X redo
             Y choose step / each known spell (then the directions only aim)   L wait   START list
    keypad   (claimed while the board is up) hex: 8 N  9 NE  3 SE  2 S  1 SW  7 NW, 4/6 turn the
             aim; square: 8 6 2 4 = N E S W; 5/Enter act  0 undo  . redo  / spell  * wait  + list

NPC intents are drawn as lines to the cell they will enter or strike; the random hex a Jump will
add is drawn as a small arrow next to the player. What A would do in the aim is previewed on the
board (board_view.py, preview.py).
"""

from __future__ import annotations

import pygame

from game.core.grid import HEX
from game.modes.base import ActionError
from game.modes.quest.campaign import load_campaign
from game.modes.quest.catalog import ASSETS, load_level, shipped_ids
from game.modes.quest.game import CAST, DROP, MOVE, WAIT
from game.modes.quest.session import Bests, Session
from game.modes.quest.spells import NAMES
from game.ui import theme as T
from game.ui.scene import Scene
from game.ui.scenes.quest.board_view import draw_play, geometry
from game.ui.scenes.quest.controls import board_command, claim_keypad
from game.ui.widgets import bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button, EventKind


def level_list() -> list[str]:
    camp, _ = load_campaign(ASSETS / "campaign.toml")
    order = list(camp.order) if camp else []
    return order + [i for i in shipped_ids() if i not in order]


class QuestScene(Scene):
    title = "Hex quest"

    def __init__(self, app, level: str | None = None) -> None:
        super().__init__(app)
        self.ids = level_list()
        self.pick = 0
        self.session: Session | None = None
        self.level_id = ""
        self.aim = 1
        self.mode = 0           # 0 = step, k = the k-th known spell
        self.message = ""
        self.bests = Bests()
        self.keypad = False     # the last board button came from the numeric keypad
        self.layout: dict = {}  # where the board screen put things (board_view.draw_play)
        if level:
            self.start(level)

    # ------------------------------------------------------------------ flow
    def start(self, lid: str) -> None:
        level, _, _ = load_level(lid)
        self.session = Session(level)
        self.level_id = lid
        self.aim, self.mode, self.message = (1 if level.grid.kind == HEX else 1), 0, level.title or lid
        self.dirty = True

    @property
    def game(self):
        return self.session.game if self.session else None

    def spells(self) -> list[str]:
        """What Y cycles through after "step": the known spells, then dropping a red disk while
        the player carries one (Supaplex)."""
        return [n for n in NAMES if n in self.game.player["spells"]] + (["red disk"] if self.game.red else [])

    def act(self, action) -> None:
        try:
            events = self.session.act(action)
        except ActionError as exc:
            self.message = str(exc).split(": ", 2)[-1]
            return
        g = self.game
        if self.mode > len(self.spells()):      # the last red disk was dropped: back to stepping
            self.mode = 0
        self.message = ", ".join(e["ev"] for e in events if e["ev"] not in ("move",))[:60]
        if g.status == "won":
            self.bests.offer(self.level_id, g.moves, g.pushes)
            self.message = f"Solved in {g.moves} moves, {g.pushes} pushes! START: levels"
        elif g.status == "lost":
            self.message = "You died. B undoes."

    def handle(self, ev) -> None:
        if ev.kind not in (EventKind.PRESS, EventKind.REPEAT) or ev.button is None:
            return
        b = ev.button
        self.dirty = True
        if self.session is None:
            if b == Button.UP:
                self.pick = (self.pick - 1) % len(self.ids)
            elif b == Button.DOWN:
                self.pick = (self.pick + 1) % len(self.ids)
            elif b == Button.A:
                self.start(self.ids[self.pick])
            elif b in (Button.B, Button.START):
                self.app.back()
        else:
            self._board_input(b)
        self._sync_keypad()

    # ------------------------------------------------------------------ the board's input
    def _board_input(self, b: Button) -> None:
        """One button on the board (see controls.py for the two schemes)."""
        self.keypad = b.is_numpad
        cmd = board_command(b, self.game.g.dir_names, self.aim, self.mode == 0)
        if cmd is None:
            return
        what = cmd[0]
        if what == "back":
            self.session = None
        elif what == "undo":
            self.session.undo()
        elif what == "redo":
            self.session.redo()
        elif what == "cycle":
            self.mode = (self.mode + 1) % (len(self.spells()) + 1)
        elif what == "wait":
            self.act([WAIT])
        elif what in ("aim", "move"):
            self.aim = cmd[1]
            if what == "move":
                self.act([MOVE, self.aim])
        elif what == "act":
            self.act(self.aimed_action())

    def aimed_action(self) -> list[int]:
        """What A would do now: a step in the aim, or the chosen spell cast in the aim."""
        known = self.spells()
        if self.mode == 0 or self.mode > len(known):     # (the last red disk was just dropped)
            return [MOVE, self.aim]
        if known[self.mode - 1] == "red disk":
            return [DROP, self.aim]
        return [CAST, NAMES.index(known[self.mode - 1]), self.aim]

    def _sync_keypad(self) -> None:
        """The keypad is claimed while the board is up and this screen is on top."""
        claim_keypad(self.app, self.session is not None and self.app.top is self)

    def enter(self) -> None:
        super().enter()
        self._sync_keypad()

    def leave(self) -> None:
        claim_keypad(self.app, False)

    def close(self) -> None:
        claim_keypad(self.app, False)

    def update(self, dt: float) -> None:
        self._sync_keypad()

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        th = self.theme
        surf.fill(T.BG)
        if self.session is None:
            self._draw_list(surf)
            return
        self.layout = draw_play(surf, th, self)

    def _draw_list(self, surf) -> None:
        th = self.theme
        top = title_bar(surf, th, "Hex quest", f"{len(self.ids)} levels").bottom
        bot = bottom_rect(surf, th)
        hint_bar(surf, th, bot, [("A", "play"), ("B", "back")])
        lh = th.line_height("small") + 2
        rows = max(1, (bot.y - top - 8) // lh)
        first = max(0, min(self.pick - rows // 2, len(self.ids) - rows))
        for k, lid in enumerate(self.ids[first:first + rows]):
            i = first + k
            best = self.bests.data.get(lid)
            label = lid + (f"  best {best['moves']}/{best['pushes']}" if best else "")
            col = T.ACCENT if i == self.pick else T.TEXT
            th.text(surf, th.fit(("> " if i == self.pick else "  ") + label, surf.get_width() - 16, "small"),
                    (8, top + 4 + k * lh), col, "small")

    def geometry(self, rect):
        return geometry(self.game.g, rect, self.game.player["cell"])
