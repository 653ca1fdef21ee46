"""The shop between campaign levels (`shop = [...]` in campaign.toml, `Progress.buy`).

Each line is one offer: the item's name in its rarity colour (the band of its slot property's
charges: common grey, rare white, mystic green, epic blue, legendary orange) and its price; below
the list, the selected item's properties with their charges and bands, and the coins you carry.
A buys (the progress file is saved at once); with too few coins nothing changes and the note says
why ("costs 15 coins, you have 3"). B goes back to the map.
"""

from __future__ import annotations

import pygame

from game.modes.quest import items as I
from game.modes.quest.tiles import rarity
from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.modes.quest.flow import campaign, quest_store
from game.ui.widgets import Item, ListMenu

RARITY_COLOURS = {"common": (150, 150, 150), "rare": (240, 240, 240), "mystic": (90, 220, 110),
                  "epic": (90, 130, 255), "legendary": (255, 150, 30)}
HINTS = (("UPDOWN", "choose"), ("A", "buy"), ("B", "back"))


def band(item) -> str:
    """The item's rarity: the band of its slot property's charges."""
    return rarity(max(c for n, c in item[1] if I.SLOT_OF.get(n)))


class QuestShop(MenuScene):
    heading = "Shop"
    hints = HINTS
    value_share = 0.7

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app)
        self.camp = campaign()
        self.store = quest_store(app)
        self.note = ("", T.TEXT_DIM)
        self.swatches: dict[int, pygame.Rect] = {}     # offer index -> its rarity swatch on screen
        offers = self.camp.shop if self.camp else []
        self.menu = ListMenu([Item(I.item_name(o["item"]), lambda i=i: self.buy(i), get=lambda o=o: f"{o['price']} coins")
                              for i, o in enumerate(offers)] + [Item("Done", self.app.back)])

    def buy(self, index: int) -> None:
        offer = self.camp.shop[index]
        why = self.store.progress.buy(self.camp, index)
        if why:
            self.note = (f"Cannot buy the {I.item_name(offer['item'])}: {why}", T.TEXT_BAD)
            return
        saved = self.store.save()
        self.app.sound.play("select")
        self.note = (f"Bought the {I.item_name(offer['item'])}; {self.store.progress.carry['coins']} coins left"
                     + ("" if saved else " (not saved: see the message)"), T.GOOD)

    def heading_right(self) -> str:
        return f"{self.store.progress.carry['coins']} coins"

    def after_menu(self, result: str) -> None:
        if result == "move":
            self.note = ("", T.TEXT_DIM)

    def notes(self) -> list[tuple]:
        out = []
        i = self.menu.index
        if self.camp and i < len(self.camp.shop):
            item = self.camp.shop[i]["item"]
            out.append(("  ".join(f"{n} {c} ({rarity(c)})" for n, c in item[1]), RARITY_COLOURS[band(item)]))
        else:
            out.append(("back to the campaign map", T.TEXT_DIM))
        out.append(self.note if self.note[0] else (f"you carry {len(self.store.progress.carry['items'])} items", T.TEXT_DIM))
        return out

    def draw_body(self, surf, rect: pygame.Rect) -> None:
        super().draw_body(surf, rect)
        th = self.theme
        lh = th.line_height(self.menu_size) + 2
        offers = self.camp.shop if self.camp else []
        self.swatches = {}
        for row, i in enumerate(range(self.menu.top, min(len(offers), self.menu.top + max(1, rect.h // lh)))):
            sw = max(4, lh // 2)
            self.swatches[i] = pygame.Rect(rect.x + int(rect.w * self.value_share) - sw - 6,
                                           rect.y + row * lh + (lh - sw) // 2, sw, sw)
            pygame.draw.rect(surf, RARITY_COLOURS[band(offers[i]["item"])], self.swatches[i])
