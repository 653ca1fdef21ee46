"""The column beside the dungeon: whose move, both wizards' hit points, this turn's three
spells, the potion bag, what can be done here, and the message log (or the bag's list while
`+` waits for a slot number)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.modes.duel.potions import APPEARANCES, TYPES
from game.modes.duel.state import INVENTORY_SIZE, MAX_HP
from game.ui import theme as T
from game.ui.modes.duel import colours as C
from game.ui.modes.duel import sprites
from game.ui.modes.duel.logview import log_lines, wrap_text
from game.ui.widgets import badge

SPELL_KEYS = ("/", "*", "-")


@dataclass
class PanelData:
    status: str
    me: str
    opp: str
    hp: int
    opp_hp: int
    spells: list = field(default_factory=list)      # (name, what it does) of this turn's spells ([] off-turn)
    spell_keys: tuple = ("1", "2", "3")              # the caps beside them (the keypad's / * - when it is used)
    focus: int | None = None                         # the spell the action bar is on
    inventory: tuple = ()                            # appearances, slot order
    known_types: dict = field(default_factory=dict)  # appearance -> potion type id
    here: str = ""                                   # what lies under the wizard
    hint: str = ""
    hint_bad: bool = False
    bag_open: bool = False
    log: object = None
    status_colour: tuple = T.ACCENT


def potion_label(app: int, known_types: dict) -> str:
    colour = APPEARANCES[app] if 0 <= app < len(APPEARANCES) else f"colour {app}"
    t = known_types.get(app)
    return f"{colour}: {TYPES[t].name}" if t is not None and t in TYPES else f"{colour} (unknown)"


class Panels:
    def __init__(self, th) -> None:
        self.th = th
        self.lh = th.line_height("tiny") + 1
        self.icon = max(7, self.lh + 1)
        self.log_rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surf, rect: pygame.Rect, d: PanelData) -> None:
        th, lh = self.th, self.lh
        pygame.draw.rect(surf, C.BG, rect)
        x, y, w = rect.x, rect.y, rect.w
        th.text(surf, th.fit(d.status, w, "small"), (x, y), d.status_colour, "small")
        y += th.line_height("small") + 2
        for glyph_colour, name, hp in ((C.YOU, d.me, d.hp), (C.OPPONENT, d.opp, d.opp_hp)):
            y = self._hp_row(surf, x, y, w, glyph_colour, name, hp)
        y += 2
        help_lines = 2 if rect.h >= 180 else 1
        for i in range(3):
            r = badge(surf, th, d.spell_keys[i], (x, y), dim=i >= len(d.spells))
            name, helptext = d.spells[i] if i < len(d.spells) else ("—", "")
            lit = d.focus == i
            if lit:
                pygame.draw.rect(surf, C.CURSOR, (r.right + 1, y - 1, rect.right - r.right - 1, lh + 1), 1)
            th.text(surf, th.fit(name, rect.right - r.right - 5, "tiny"), (r.right + 3, y),
                    C.CURSOR if lit else T.TEXT if i < len(d.spells) else T.TEXT_DIM, "tiny")
            y += lh
            for line in wrap_text(th, helptext, w - 6)[:help_lines]:
                th.text(surf, line, (x + 6, y), T.TEXT_DIM, "tiny")
                y += lh
        y = self._bag_row(surf, x, y + 1, w, d)
        for line in (wrap_text(th, d.here, w)[:2] if d.here else []):
            th.text(surf, line, (x, y), T.ACCENT, "tiny")
            y += lh
        if d.hint:
            for line in wrap_text(th, d.hint, w)[:2]:
                th.text(surf, line, (x, y), C.HINT_BAD if d.hint_bad else T.TEXT_DIM, "tiny")
                y += lh
        pygame.draw.line(surf, T.PANEL_EDGE, (x, y + 1), (rect.right - 1, y + 1))
        y += 4
        self.log_rect = pygame.Rect(x, y, w, rect.bottom - y)
        if d.bag_open:
            self._bag_list(surf, self.log_rect, d)
        elif d.log is not None:
            rows = self.log_rect.h // lh
            for text, colour in log_lines(d.log, th, w, rows):
                th.text(surf, text, (x, y), colour, "tiny")
                y += lh

    def _hp_row(self, surf, x, y, w, colour, name, hp) -> int:
        th, lh = self.th, self.lh
        g = sprites.wizard(colour, self.icon)
        surf.blit(g, (x, y - 1))
        pip = max(4, lh - 3)
        pips_w = MAX_HP * (pip + 1)
        th.text(surf, th.fit(name, w - g.get_width() - pips_w - 8, "tiny"), (x + g.get_width() + 2, y), T.TEXT, "tiny")
        px = x + w - pips_w
        for i in range(MAX_HP):
            r = pygame.Rect(px + i * (pip + 1), y + 1, pip, pip)
            if i < hp:
                pygame.draw.rect(surf, T.hp_colour(max(hp, 0) / MAX_HP), r)
            else:
                pygame.draw.rect(surf, (60, 56, 70), r, 1)
        if w > 150:
            th.text(surf, str(hp), (px - 2, y), T.TEXT_DIM, "tiny", align="right")
        return y + max(lh, g.get_height()) + 1

    def _bag_row(self, surf, x, y, w, d: PanelData) -> int:
        th, lh = self.th, self.lh
        th.text(surf, f"potions {len(d.inventory)}/{INVENTORY_SIZE}", (x, y), T.TEXT_DIM, "tiny")
        y += lh
        slot_w = max(self.icon, w // INVENTORY_SIZE)
        for i in range(INVENTORY_SIZE):
            sx = x + i * slot_w
            if i < len(d.inventory):
                app = d.inventory[i]
                surf.blit(sprites.potion(C.POTION.get(app, C.WALL), self.icon), (sx, y))
                known = app in d.known_types
                th.text(surf, str(i + 1), (sx + slot_w // 2, y + self.icon),
                        T.TEXT if known else T.TEXT_DIM, "tiny", align="centre")
            else:
                pygame.draw.rect(surf, C.FLOOR_REMEMBERED, (sx + 1, y + 1, self.icon - 2, self.icon - 2), 1)
        return y + self.icon + lh + 1

    def _bag_list(self, surf, rect, d: PanelData) -> None:
        th, lh = self.th, self.lh
        x, y = rect.x, rect.y
        th.text(surf, "drink which? 1-9 (other key: cancel)", (x, y), T.ACCENT, "tiny")
        y += lh
        if not d.inventory:
            th.text(surf, "the bag is empty", (x, y), T.TEXT_DIM, "tiny")
        for i, app in enumerate(d.inventory):
            if y + lh > rect.bottom:
                break
            surf.blit(sprites.potion(C.POTION.get(app, C.WALL), self.icon), (x, y - 1))
            text = f"{i + 1} {potion_label(app, d.known_types)}"
            th.text(surf, th.fit(text, rect.w - self.icon - 2, "tiny"), (x + self.icon + 1, y), T.TEXT, "tiny")
            y += lh
