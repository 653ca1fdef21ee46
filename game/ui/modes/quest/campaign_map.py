"""The campaign map: the campaign graph, each level a node, each "next" link an edge.

Nodes are laid out by depth (the longest route from the first level: column), then by their order
in campaign.toml (row). A node's state is shown by colour *and* symbol, so no one depends on
colour alone:

    won     green disc with a tick          open    gold disc with a "play" triangle
    locked  grey disc with a padlock        new     (opened by the last win) a purple ring too

The selected node has a white ring; below the map: its title, best moves/pushes, and what A does
(play; play again under the campaign's replay policy; or why not: "win X or Y first", "this
campaign does not allow replays"). d-pad (map_graph.py): UP/DOWN within a column, RIGHT/LEFT along the edges
(to the nearest next / previous level; the nearest node of the next column when it has none).
A plays the selected level (resuming its mid-level save), B goes back. The shop is a button
under the map: DOWN from the bottom of a column (X is a shortcut).
"""

from __future__ import annotations

import pygame

from game.modes.quest.creatures import player_level
from game.ui import theme as T
from game.ui.modes.quest.flow import campaign, level_title, quest_store
from game.ui.modes.quest.map_graph import MapGraph
from game.ui.modes.quest.run import open_level
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button

WON = (110, 220, 120)
OPEN = (255, 210, 90)
LOCKED = (86, 80, 104)
NEW = (168, 84, 255)
INK = (24, 22, 38)
EDGE_LIVE = (150, 200, 150)
EDGE_DEAD = (70, 66, 90)
SHOP = "__shop__"
REPLAY_WORDS = {"delta": "a replay keeps only the gain over your best earlier run",
                "keep": "a replay keeps each run's gains",
                "no": "this campaign does not allow replays"}


class CampaignMap(Scene):
    title = "Campaign"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app)
        self.camp = campaign()
        self.store = quest_store(app)
        self.graph = MapGraph(self.camp.order, self.camp.next)
        self.cols, self.prev, self.where = self.graph.cols, self.graph.prev, self.graph.where
        self.sel = self.default_selection()
        self.message = ""
        self.centres: dict[str, tuple[int, int]] = {}
        self.radius = 6
        self.shop_rect = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        """Back from a level: the cursor goes to the first level the win opened."""
        super().enter()
        fresh = [lid for lid in self.store.just_opened if lid in self.where]
        if fresh:
            self.sel = fresh[0]
            self.message = ""

    # --- states ---------------------------------------------------------------------------------
    def state(self, lid: str) -> str:
        """'won', 'open' or 'locked'."""
        if lid in self.store.progress.won:
            return "won"
        return "open" if lid in self.camp.open_levels(set(self.store.progress.won)) else "locked"

    def default_selection(self) -> str:
        fresh = [lid for lid in self.store.just_opened if lid in self.where]
        if fresh:
            return fresh[0]
        last = self.store.last.get("level") if self.store.last.get("context") == "campaign" else None
        if last in self.where and self.store.progress.can_play(self.camp, last):
            return last
        playable = [lid for lid in self.camp.order if self.state(lid) == "open"]
        return playable[0] if playable else self.camp.start()

    def why_not(self, lid: str) -> str:
        """Why A does not play `lid` ('' when it does)."""
        if self.store.progress.can_play(self.camp, lid):
            return ""
        if self.state(lid) == "won":
            return "won; " + REPLAY_WORDS["no"]
        names = [level_title(p) for p in self.prev.get(lid, [])]
        return "locked: win " + (" or ".join(names) if names else "the levels before it") + " first"

    # --- input ----------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.pressed(Button.B):
            self.store.just_opened = []
            self.app.back()
            return
        self.dirty = True
        if ev.pressed(Button.X) and self.camp.shop:
            self.app.open("quest_shop")
        elif ev.pressed(Button.A):
            self.choose()
        else:
            for b, step in ((Button.UP, (0, -1)), (Button.DOWN, (0, 1)), (Button.LEFT, (-1, 0)), (Button.RIGHT, (1, 0))):
                if ev.triggered(b):
                    old = self.sel
                    self.move(*step)
                    if self.sel != old:
                        self.message = ""
                        self.app.sound.play("cursor")

    def choose(self) -> None:
        if self.sel == SHOP:
            self.app.open("quest_shop")
            return
        why = self.why_not(self.sel)
        if why:
            self.message = why
            return
        self.store.just_opened = []
        open_level(self.app, self.sel, "campaign", resume=True)

    def move(self, dx: int, dy: int) -> None:
        if self.sel == SHOP:
            if dy < 0:
                self.sel = self._from_shop
            return
        to = self.graph.step(self.sel, dx, dy)
        if to is None:
            if self.camp.shop:
                self._from_shop, self.sel = self.sel, SHOP
        else:
            self.sel = to

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        th = self.theme
        w, _ = surf.get_size()
        surf.fill(T.BG)
        c = self.store.progress.carry
        top = title_bar(surf, th, th.fit(self.camp.title, w // 2, "big"),
                        f"Lv {player_level(c['xp'])}  XP {c['xp']}  {c['coins']} coins").bottom
        bot = bottom_rect(surf, th)
        hints = [("DPAD", "move"), ("A", "play" if self.sel != SHOP else "shop"), ("B", "back")]
        hint_bar(surf, th, bot, hints + ([("X", "shop")] if self.camp.shop else []))
        lh = th.line_height("tiny")
        info_h = 3 * lh + th.pad * 2
        shop_h = (th.line_height("small") + th.pad) if self.camp.shop else 0
        area = pygame.Rect(th.pad * 2, top + th.pad, w - th.pad * 4, bot.y - top - info_h - shop_h - th.pad * 2)
        self._draw_graph(surf, area)
        if self.camp.shop:
            self._draw_shop_button(surf, pygame.Rect(area.x, area.bottom, area.w, shop_h))
        self._draw_info(surf, pygame.Rect(th.pad * 2, bot.y - info_h, w - th.pad * 4, info_h))

    def _draw_graph(self, surf, area: pygame.Rect) -> None:
        n = len(self.cols)
        colw = area.w / n
        rows = max(len(col) for col in self.cols)
        self.radius = r = max(4, min(int(colw * 0.28), int(area.h / rows * 0.32), 22))
        self.centres = {lid: (area.x + int(colw * (ci + 0.5)), area.y + int(area.h * (ri + 0.5) / len(col)))
                        for ci, col in enumerate(self.cols) for ri, lid in enumerate(col)}
        for a in self.camp.order:
            for b in self.camp.next.get(a, []):
                pygame.draw.line(surf, EDGE_LIVE if a in self.store.progress.won else EDGE_DEAD,
                                 self.centres[a], self.centres[b], 2 if a in self.store.progress.won else 1)
        fresh = set(self.store.just_opened)
        for lid, (x, y) in self.centres.items():
            st = self.state(lid)
            if lid in fresh:
                pygame.draw.circle(surf, NEW, (x, y), r + max(3, r // 3))
            if lid == self.sel:
                pygame.draw.circle(surf, T.CURSOR, (x, y), r + 2 + (max(3, r // 3) if lid in fresh else 0), 2)
            pygame.draw.circle(surf, {"won": WON, "open": OPEN, "locked": LOCKED}[st], (x, y), r)
            number = str(self.camp.order.index(lid) + 1)
            if r >= 8:             # the level's number in the campaign, under its node
                self._symbol(surf, st, x, y, r)
                self.theme.text(surf, number, (x, y + r + 1 + (max(3, r // 3) if lid in fresh else 0)), T.TEXT_DIM, "tiny",
                                align="centre")
            else:                  # a small screen: the number inside the node (its colour says the state)
                th = self.theme
                self.theme.text(surf, number, (x, y - th.line_height("tiny") // 2), INK if st != "locked" else T.TEXT,
                                "tiny", align="centre")

    @staticmethod
    def _symbol(surf, st: str, x: int, y: int, r: int) -> None:
        k = max(2, r // 2)
        if st == "won":          # a tick
            pygame.draw.lines(surf, INK, False, [(x - k, y), (x - k // 3, y + k * 2 // 3), (x + k, y - k * 2 // 3)],
                              max(1, r // 6))
        elif st == "open":       # a play triangle
            pygame.draw.polygon(surf, INK, [(x - k // 2, y - k * 2 // 3), (x - k // 2, y + k * 2 // 3), (x + k * 2 // 3, y)])
        else:                    # a padlock: shackle and body
            pygame.draw.rect(surf, (170, 164, 190), (x - k // 2, y - k // 2 - k // 3, k, k // 2 + 1), 1)
            pygame.draw.rect(surf, (170, 164, 190), (x - k * 2 // 3, y - k // 6, k * 4 // 3, k * 5 // 6))

    def _draw_shop_button(self, surf, rect: pygame.Rect) -> None:
        th = self.theme
        label = f"Shop ({len(self.camp.shop)} offers)"
        bw = min(rect.w, th.text_width(label, "small") + th.pad * 4)
        self.shop_rect = pygame.Rect(rect.right - bw, rect.y, bw, max(rect.h - 2, th.line_height("small") + 2))
        sel = self.sel == SHOP
        pygame.draw.rect(surf, (70, 60, 110) if sel else T.PANEL, self.shop_rect)
        pygame.draw.rect(surf, T.CURSOR if sel else T.PANEL_EDGE, self.shop_rect, 2 if sel else 1)
        y = self.shop_rect.y + (self.shop_rect.h - th.line_height("small")) // 2 + 1      # inside its box
        th.text(surf, label, (self.shop_rect.centerx, y), T.ACCENT if sel else T.TEXT, "small", align="centre")

    def _draw_info(self, surf, rect: pygame.Rect) -> None:
        th = self.theme
        lh = th.line_height("tiny")
        if self.sel == SHOP:
            lines = [("Shop", T.ACCENT), (f"{self.store.progress.carry['coins']} coins to spend", T.TEXT),
                     ("A: buy items between levels", T.TEXT_DIM)]
        else:
            lid = self.sel
            st = self.state(lid)
            colour = {"won": WON, "open": OPEN, "locked": T.TEXT_DIM}[st]
            best = self.store.bests.data.get(lid)
            third = self.message or self.why_not(lid)
            if not third:
                third = ("A: play again; " + REPLAY_WORDS[self.camp.replay]) if st == "won" else "A: play"
                if self.store.has_session(lid):
                    third += " (resumes your saved game)"
            lines = [(f"{self.camp.order.index(lid) + 1}. {level_title(lid)}  [{st}{', new' if lid in self.store.just_opened else ''}]", colour),
                     (f"best {best['moves']} moves / {best['pushes']} pushes" if best else "not solved yet", T.TEXT),
                     (third, T.TEXT_BAD if self.message else T.TEXT_DIM)]
        for i, (text, col) in enumerate(lines):
            th.text(surf, th.fit(text, rect.w, "tiny"), (rect.x, rect.y + th.pad + i * lh), col, "tiny")
