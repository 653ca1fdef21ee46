"""The Hex quest screen: a level list, then the board with HP/XP, inventory, spells and undo.

    app.open("quest_board")

One hand is enough. On the list: UP/DOWN choose a level, A plays it, B goes back. On the board
(both schemes in controls.py and docs/rules/quest.md "d-pad and keys"):

    d-pad    hex: UP/DOWN step N/S, LEFT/RIGHT step along your row, the corners step the other
             diagonals (one press a step); square: the arrows step N E S W
             A act in the aim (step, push, blow, or the spell chosen with L/R)   B undo   X redo
             L/R (Y) cycle step / each known spell (then the directions only aim)   START pause
    keypad   (claimed while the board is up) hex: 8 N  9 NE  3 SE  2 S  1 SW  7 NW, 4/6 turn the
             aim; square: 8 6 2 4 = N E S W; 5/Enter act  0 undo  . redo  / spell  * wait  + pause

NPC intents are drawn as lines to the cell they will enter or strike; the random hex a Jump will
add is drawn as a small arrow next to the player. What A would do in the aim is previewed on the
board (board_view.py, preview.py).
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.modes.quest.campaign import load_campaign
from game.modes.quest.catalog import ASSETS, shipped_ids
from game.modes.quest.game import CAST, DROP, MOVE, WAIT
from game.modes.quest.session import Session
from game.modes.quest.spells import NAMES
from game.ui import theme as T
from game.ui.modes.quest.board_view import draw_play, geometry
from game.ui.modes.quest.controls import ARROWS, HexPad, board_command, claim_keypad, row_direction
from game.ui.modes.quest.flow import quest_store
from game.ui.modes.quest.level_flow import LevelFlow
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button, EventKind


def level_list() -> list[str]:
    camp, _ = load_campaign(ASSETS / "campaign.toml")
    order = list(camp.order) if camp else []
    return order + [i for i in shipped_ids() if i not in order]


class QuestScene(LevelFlow, Scene):
    title = "Hex quest"

    def __init__(self, app, level: str | None = None, context: str = "free", resume: bool = True,
                 ids: list[str] | None = None, **kwargs) -> None:
        super().__init__(app)
        self.ids = list(ids) if ids is not None else level_list()
        self.pick = 0
        self.session: Session | None = None
        self.level_id = ""
        self.aim = 1
        self.mode = 0           # 0 = step, k = the k-th known spell
        self.message = ""
        self.bests = quest_store(app).bests
        self.keypad = False     # the last board button came from the numeric keypad
        self.layout: dict = {}  # where the board screen put things (board_view.draw_play)
        self.pad = HexPad()     # the hex board's arrows: one press a step, corners the diagonals
        if level:
            self.standalone = True
            self.start(level, context, resume)

    # ------------------------------------------------------------------ flow (level_flow.py)
    def start(self, lid: str, context: str = "free", resume: bool = True) -> None:
        self.start_level(lid, context, resume)

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
        if self.mode > len(self.spells()):      # the last red disk was dropped: back to stepping
            self.mode = 0
        self.message = ", ".join(e.kind for e in events)[:60]
        self.after_turn()

    def hex_stepping(self) -> bool:
        return self.session is not None and self.mode == 0 and len(self.game.g.dir_names) == 6

    def handle(self, ev) -> None:
        if ev.button in ARROWS and self.hex_stepping() and self.game.status == "play":
            self._hex_arrow(ev)
            return
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
    def _hex_arrow(self, ev) -> None:
        """An arrow on a hex board while stepping: HexPad says when it counts (let go, held, or
        a corner with a second arrow)."""
        self.keypad = False
        pad, b = self.pad, ev.button
        if ev.kind is EventKind.PRESS:
            got = pad.press(b, self.app.now())
        elif ev.kind is EventKind.RELEASE:
            got = pad.release(b)
        elif ev.kind is EventKind.REPEAT:
            got = pad.repeat(b)
        else:
            got = None
        self._hex_step(got)

    def _hex_step(self, got) -> None:
        if got is None:
            return
        self.dirty = True
        kind, what = got
        if kind == "corner":
            d = what
        elif what in (Button.UP, Button.DOWN):
            d = 0 if what == Button.UP else 3
        else:
            d = row_direction(self.game.g, self.game.player["cell"], 1 if what == Button.RIGHT else -1)
        self.aim = d
        self.act([MOVE, d])

    def _board_input(self, b: Button) -> None:
        """One button on the board (see controls.py for the two schemes)."""
        self.keypad = b.is_numpad
        cmd = board_command(b, self.game.g.dir_names, self.aim, self.mode == 0)
        if cmd is None:
            return
        what = cmd[0]
        if what == "back":
            self.pause()
        elif what == "undo":
            if not self.session.undo():
                self.pause()                # nothing to undo: B offers to leave (one-handed)
        elif what == "redo":
            if self.session.redo() and self.game.status != "play":
                self.after_turn()           # redone into a win or a death: the same boxes
        elif what == "cycle":
            self.mode = (self.mode + cmd[1]) % (len(self.spells()) + 1)
            self.pad.cancel()
        elif what == "row":
            self.aim = row_direction(self.game.g, self.game.player["cell"], cmd[1])
            self.act([MOVE, self.aim])
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
        self.show_howto()

    def leave(self) -> None:
        claim_keypad(self.app, False)
        self.pad.cancel()               # an arrow let go under a dialog is not a step

    def close(self) -> None:
        claim_keypad(self.app, False)
        super().close()                     # LevelFlow: save the level in progress

    def update(self, dt: float) -> None:
        self._sync_keypad()
        if self.hex_stepping() and self.game.status == "play":
            self._hex_step(self.pad.poll(self.app.now()))

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
