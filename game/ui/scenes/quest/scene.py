"""The Hex quest screen: a level list, then the board with HP/XP, inventory, spells and undo.

    app.open("quest")

One hand is enough. On the list: UP/DOWN choose a level, A plays it, B goes back. On the board:
UP/DOWN step N/S; LEFT/RIGHT turn the aim arrow through the six hex directions (on square maps
they step W/E); in spell mode the directions only aim; A acts in the aim (a step, push or blow, or the
spell chosen with Y); B undoes,
X redoes, L waits a turn, Y chooses what A does (step, then each known spell), START goes back to
the list. NPC intents are drawn as lines to the cell they will enter or strike; the random hex a
Jump will add is drawn as a small arrow next to the player.
"""

from __future__ import annotations

import pygame

from game.core.grid import HEX
from game.modes.base import ActionError
from game.modes.quest import items as I
from game.modes.quest import tiles as TL
from game.modes.quest.campaign import load_campaign
from game.modes.quest.catalog import ASSETS, shipped_ids
from game.modes.quest.creatures import player_level
from game.modes.quest.game import CAST, MOVE, WAIT
from game.modes.quest.session import Session
from game.modes.quest.spells import NAMES
from game.ui import theme as T
from game.ui.hexdraw import hex_points
from game.ui.scene import Scene
from game.ui.scenes.quest.flow import quest_store
from game.ui.scenes.quest.level_flow import LevelFlow
from game.ui.widgets import bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button, EventKind

OBJ_COLOURS = {TL.NONE: (58, 54, 74), TL.ROCK: (120, 110, 100), TL.TRAP: (170, 60, 60), TL.DESTRUCT: (60, 140, 70),
               TL.BLOCKER: (200, 120, 40), TL.MOVABLE: (150, 110, 60), TL.VICTORY_OBJ: (230, 190, 70),
               TL.BOULDER: (150, 150, 160), TL.GEM: (90, 200, 230), TL.VOID: T.BG}
GOAL = (250, 240, 120)
EXIT = (120, 255, 160)
PLAYER = (255, 255, 255)
FOE = (240, 70, 120)
ALLY = (60, 230, 190)
RARITY_COLOURS = {"common": (150, 150, 150), "rare": (240, 240, 240), "mystic": (90, 220, 110),
                  "epic": (90, 130, 255), "legendary": (255, 150, 30)}
HEX_AIMS = (0, 1, 2, 3, 4, 5)


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
        return [n for n in NAMES if n in self.game.player["spells"]]

    def act(self, action) -> None:
        try:
            events = self.session.act(action)
        except ActionError as exc:
            self.message = str(exc).split(": ", 2)[-1]
            return
        self.message = ", ".join(e["ev"] for e in events if e["ev"] not in ("move",))[:60]
        self.after_turn()

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
            return
        g = self.game
        hexmap = g.g.kind == HEX
        if b == Button.START:
            self.pause()
            return
        if b == Button.B:
            if not self.session.undo():
                self.pause()
            return
        if b == Button.X:
            self.session.redo()
            return
        if b == Button.Y:
            self.mode = (self.mode + 1) % (len(self.spells()) + 1)
            return
        if b == Button.L:
            self.act([WAIT])
            return
        if hexmap and b in (Button.LEFT, Button.RIGHT):
            self.aim = (self.aim + (1 if b == Button.RIGHT else -1)) % 6
            return
        dirs = {Button.UP: 0, Button.DOWN: 3} if hexmap else {Button.UP: 0, Button.RIGHT: 1, Button.DOWN: 2, Button.LEFT: 3}
        if b in dirs:
            self.aim = dirs[b]
            if self.mode == 0:
                self.act([MOVE, self.aim])
            return
        if b == Button.A:
            if self.mode == 0:
                self.act([MOVE, self.aim])
            else:
                self.act([CAST, NAMES.index(self.spells()[self.mode - 1]), self.aim])

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        th = self.theme
        surf.fill(T.BG)
        if self.session is None:
            self._draw_list(surf)
            return
        g = self.game
        top = title_bar(surf, th, th.fit(g.level.title or self.level_id, surf.get_width() // 2, "big"),
                        f"turn {g.turn}").bottom
        bot = bottom_rect(surf, th)
        hint_bar(surf, th, bot, [("A", "act"), ("B", "undo"), ("X", "redo"), ("Y", "spell"), ("L", "wait")])
        side_w = max(110, surf.get_width() // 3)
        board = pygame.Rect(0, top, surf.get_width() - side_w, bot.y - top)
        self._draw_board(surf, board.inflate(-8, -8))
        self._draw_side(surf, pygame.Rect(board.right, top, side_w, bot.y - top))

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
        g = self.game.g
        if g.kind == HEX:
            # cell width w, height h = 0.8 w, column step 0.75 w
            w = min(rect.w * 4 // (3 * g.cols + 1), rect.h * 5 // (4 * g.rows + 2))
            w = max(6, w)
            h, step = w * 4 // 5, w * 3 // 4
            ox = rect.x + (rect.w - (step * (g.cols - 1) + w)) // 2
            oy = rect.y + (rect.h - (h * g.rows + h // 2)) // 2

            def place(c):
                col, row = g.offset_of(c)
                return pygame.Rect(ox + col * step, oy + row * h + (h // 2 if col & 1 else 0), w, h)
        else:
            s = max(4, min(rect.w // g.cols, rect.h // g.rows))
            ox, oy = rect.x + (rect.w - s * g.cols) // 2, rect.y + (rect.h - s * g.rows) // 2

            def place(c):
                x, y = g.coords(c)
                return pygame.Rect(ox + x * s, oy + y * s, s, s)
        return place

    def _draw_board(self, surf, rect) -> None:
        g = self.game
        grid, lv = g.g, g.level
        place = self.geometry(rect)
        for c in grid.cells:
            o = g.obj[c]
            if o == TL.VOID:
                continue
            r = place(c)
            col = OBJ_COLOURS.get(o, (80, 80, 80))
            if grid.kind == HEX:
                pygame.draw.polygon(surf, col, hex_points(r.x, r.y, r.w, r.h))
            else:
                pygame.draw.rect(surf, col, r.inflate(-1, -1))
            p = lv.prop[c]
            if p == TL.P_VICTORY:
                pygame.draw.rect(surf, GOAL, r.inflate(-r.w * 2 // 3, -r.h * 2 // 3), 0 if o == TL.VICTORY_OBJ else 1)
            elif p == TL.P_EXIT:
                pygame.draw.rect(surf, EXIT if g.gems >= g.quota else (60, 110, 70), r.inflate(-r.w // 3, -r.h // 3), 2)
            elif p in (TL.P_GRANT, TL.P_TELEPORT, TL.P_PORT) and not (p == TL.P_GRANT and c in g.granted):
                colp = {TL.P_GRANT: T.ACCENT, TL.P_TELEPORT: T.PURPLE, TL.P_PORT: (200, 200, 255)}[p]
                pygame.draw.circle(surf, colp, r.center, max(2, r.h // 4), 1)
        for n in g.npcs:
            if n["hp"] <= 0:
                continue
            r = place(n["cell"])
            kind, a, _ = n["intent"]
            if kind in (1, 2) and grid.is_cell(a):
                pygame.draw.line(surf, FOE if kind == 2 else T.TEXT_DIM, r.center, place(a).center, 2 if kind == 2 else 1)
            colour = ALLY if n["team"] == "player" else FOE
            pygame.draw.polygon(surf, colour, [(r.centerx, r.y + 2), (r.right - 3, r.bottom - 3), (r.x + 3, r.bottom - 3)])
        pl = g.player
        r = place(pl["cell"])
        pygame.draw.circle(surf, PLAYER, r.center, max(2, min(r.w, r.h) // 3))
        t = grid.step[pl["cell"]][self.aim]
        if t >= 0:
            pygame.draw.line(surf, T.ACCENT, r.center, place(t).center, 2)
        j = grid.step[pl["cell"]][g.jump_dir]
        if "jump" in pl["spells"] and j >= 0:
            pygame.draw.circle(surf, T.PURPLE, place(j).center, 2)

    def _draw_side(self, surf, rect) -> None:
        th = self.theme
        g = self.game
        pl = g.player
        x, y = rect.x + 4, rect.y + 4
        lh = th.line_height("tiny") + 1
        w = rect.w - 8
        lines = [(f"HP {pl['hp']}/{pl['max_hp']}", T.hp_colour(max(0, pl["hp"]) / pl["max_hp"])),
                 (f"XP {pl['xp']}  Lv {player_level(pl['xp'])}", T.TEXT),
                 (f"coins {pl['coins']}  pts {pl['points']}", T.TEXT),
                 (f"moves {g.moves} push {g.pushes}", T.TEXT_DIM)]
        if g.quota:
            lines.append((f"gems {g.gems}/{g.quota}", TL_GEM))
        act = "step" if self.mode == 0 else f"{self.spells()[self.mode - 1]} {pl['spells'][self.spells()[self.mode - 1]]}"
        lines.append((f"A: {act} {g.g.dir_names[self.aim]}", T.ACCENT))
        for it in pl["items"][:6]:
            band = TL.rarity(max(c for n, c in it[1] if I.SLOT_OF[n])) if I.slot_of(it) else "common"
            lines.append((I.item_name(it), RARITY_COLOURS[band]))
        if g.level.label:
            lines.append((g.level.label, T.TEXT_DIM))
        for text, col in lines:
            if y + lh > rect.bottom - lh * 2:
                break
            th.text(surf, th.fit(text, w, "tiny"), (x, y), col, "tiny")
            y += lh
        if self.message:
            th.text(surf, th.fit(self.message, w, "tiny"), (x, rect.bottom - lh - 2), T.TEXT_DIM, "tiny")


TL_GEM = OBJ_COLOURS[TL.GEM]
