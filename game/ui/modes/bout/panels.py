"""The Steel bout screen's panels (split from scene.py, one idea each: what is drawn where):
the hot-seat curtain, the room map, the fighters' cards (pool as dice, initiative in words),
the log, the body diagrams and the chooser. `BoutScene` inherits them; they read the scene's
state (`game`, `chooser`, `human_side(s)`, `hotseat`, `focus`, `curtain`, `log`) and change
nothing.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.widgets import meter, panel

WOUND_COLOURS = {1: (240, 220, 90), 2: (250, 170, 60), 3: (240, 110, 40), 4: (220, 40, 40), 5: (150, 0, 30)}


class BoutPanels:
    def _draw_curtain(self, surf) -> None:
        th, g = self.theme, self.game
        w, h = surf.get_size()
        who = "Player 1" if self.curtain == 0 else "Player 2"
        names = ", ".join(f.t.name for f in g.fighters if f.side == self.curtain)
        th.text(surf, f"{who}'s turn", (w // 2, h // 3), T.team_colour(0 if self.curtain == 0 else 1), "big",
                align="centre")
        th.text(surf, th.fit(f"({names})", w - 8, "small"), (w // 2, h // 3 + th.line_height("big") + 4), T.TEXT,
                "small", align="centre")
        th.text(surf, th.fit("The other player looks away. Press A when ready.", w - 8, "small"),
                (w // 2, h * 2 // 3), T.TEXT_DIM, "small", align="centre")

    def _room(self, surf, rect) -> None:
        """The square-grid room: walls, and every fighter as his letter in his side's colour."""
        th, g = self.theme, self.game
        inner = panel(surf, rect, title="Room", th=th)
        cell = max(3, min(inner.w // g.width, inner.h // g.height))
        ox = inner.x + (inner.w - cell * g.width) // 2
        oy = inner.y + (inner.h - cell * g.height) // 2
        for c in range(g.width * g.height):
            x, y = ox + (c % g.width) * cell, oy + (c // g.width) * cell
            colour = (110, 100, 120) if c in g.walls else (44, 40, 56)
            pygame.draw.rect(surf, colour, (x, y, cell - 1, cell - 1))
        small = cell >= th.line_height("tiny")
        for i, f in enumerate(g.fighters):
            x, y = ox + (f.pos % g.width) * cell, oy + (f.pos // g.width) * cell
            col = T.side_colour(f.side, self.you())
            if f.dead:
                col = (90, 86, 96)
            pygame.draw.rect(surf, col, (x, y, cell - 1, cell - 1), border_radius=max(1, cell // 4))
            if i == g.fighter_to_act():
                pygame.draw.rect(surf, T.CURSOR, (x - 1, y - 1, cell + 1, cell + 1), 1)
            if small:
                th.text(surf, "ABCDEFGHIJKL"[i], (x + cell // 2, y + (cell - th.line_height("tiny")) // 2),
                        (16, 14, 20), "tiny", align="centre")

    def _die(self) -> int:
        return max(6, self.theme.canvas[1] // 34)

    def _initiative_text(self, i: int) -> str:
        """Who holds initiative, grouped so it fits a card: "B, C lead", "leads D", "ties with E"."""
        m = self.game.m
        groups: dict[str, list[str]] = {}
        for o in m.foes_of(i):
            letter = "ABCDEFGHIJKLMNOPQRSTUVWX"[o]
            kind = ("ties with {}" if m.contested(i, o) else "leads {}" if m.holds(i, o) else
                    "{} lead" if m.holds(o, i) else "faces {}")
            groups.setdefault(kind, []).append(letter)
        parts = []
        for kind, letters in groups.items():
            if kind == "{} lead" and len(letters) == 1:
                kind = "{} leads"
            parts.append(kind.format(", ".join(letters)))
        return "; ".join(parts) or "not engaged"

    def _cards(self, surf, rect) -> None:
        th, g = self.theme, self.game
        inner = panel(surf, rect, title="Fighters", th=th)
        y = inner.y
        lh = th.line_height("small")
        d = self._die()
        card_h = lh + d + 2 + th.line_height("tiny") + 2
        for i, f in enumerate(g.fighters):
            if y + card_h > inner.bottom + 2:          # no room for this card: none drawn half under the log
                break
            col = T.side_colour(f.side, self.you())
            active = g.fighter_to_act() == i
            if self.hotseat:
                you = " (P1)" if f.side == 0 else " (P2)"
            else:
                you = " (you)" if f.side == self.human_side else ""
            name = f"{'ABCDEFGHIJKL'[i]} {f.t.name}" + (you if f.side in self.human_sides else "")
            status = "dead" if f.dead else ("out" if f.out_rounds else ("prone" if f.prone else ""))
            th.text(surf, th.fit(name, inner.w // 2, "small"), (inner.x, y), T.ACCENT if active else col, "small")
            stance = g.m.orientation_of(i) if f.eng and g.m.orientation_of(i) != "auto" else ""
            info = " · ".join(x for x in (stance, status, f"HP {f.health}") if x)
            th.text(surf, info, (inner.right, y), T.TEXT_DIM, "small", align="right")
            y += lh
            # the pool as dice; carried shock as red outlines
            x = inner.x
            for _ in range(min(f.cp, 24)):
                r = pygame.Rect(x, y, d, d)
                pygame.draw.rect(surf, (232, 228, 240), r, border_radius=2)
                pygame.draw.circle(surf, (40, 36, 50), r.center, max(1, d // 6))
                x += d + 2
            for _ in range(min(f.shock_carry, 8)):
                pygame.draw.rect(surf, T.TEXT_BAD, (x, y, d, d), 1, border_radius=2)
                x += d + 2
            th.text(surf, f"{f.cp} dice", (x + 3, y + d // 2 - lh // 2), T.TEXT, "small")
            y += d + 2
            th.text(surf, th.fit(self._initiative_text(i), inner.w, "tiny"), (inner.x, y), T.TEXT_DIM, "tiny")
            y += th.line_height("tiny") + 2
            if y > inner.bottom:
                break

    def _log(self, surf, rect) -> None:
        from game.ui.modes.bout.dungeon.hud import draw_log
        draw_log(surf, self.theme, rect, self.log)         # whole lines, wrapped, the newest last

    def _bodies(self, surf, rect) -> None:
        th, g = self.theme, self.game
        inner = panel(surf, rect, title="Wounds", th=th)
        half = inner.w // 2
        me = self.me()
        other = self.focus if self.focus < len(g.fighters) and self.focus != me else (1 if me == 0 else 0)
        for k, i in enumerate((me, other)):
            self._body(surf, pygame.Rect(inner.x + k * half, inner.y, half - 2, inner.h), i)

    def _body(self, surf, rect, i: int) -> None:
        th, g = self.theme, self.game
        f = g.fighters[i]
        th.text(surf, th.fit(f"{'ABCDEFGHIJKL'[i]} {f.t.name}", rect.w, "tiny"), (rect.x, rect.y), T.TEXT_DIM, "tiny")
        area = pygame.Rect(rect.x, rect.y + th.line_height("tiny"), rect.w, rect.h - th.line_height("tiny"))
        cx, cy = max(2, area.w // 12), max(2, area.h // 33)
        ox = area.x + (area.w - 12 * cx) // 2 - 2 * cx
        cell = max(2, min(cx, cy * 2) // 2)
        worst: dict[int, int] = {}
        for wd in f.wounds:
            worst[wd[0]] = max(worst.get(wd[0], 0), wd[1])
        for loc in g.rules.locations:
            c = (ox + loc.x * cx + cx // 2, area.y + loc.y * cy + cy // 2)
            lv = worst.get(loc.index, 0)
            colour = WOUND_COLOURS.get(lv, (80, 76, 100))
            pygame.draw.circle(surf, colour, c, cell + (1 if lv else 0))
        if f.wounds:
            meter(surf, (rect.x, rect.bottom - 3, rect.w, 3), f.health / max(1, f.t.health))

    def _chooser(self, surf, rect) -> None:
        th, g = self.theme, self.game
        inner = panel(surf, rect, title="Your declaration", th=th)
        lh = th.line_height("small")
        if g.is_over():
            won = g.winner == self.human_side or (self.hotseat and g.winner in (0, 1))
            if self.hotseat:
                text = "Draw." if g.draw else (f"Player {g.winner + 1} wins!" if g.winner in (0, 1)
                                               else "The bots win.")
            else:
                text = "Draw." if g.draw else ("You win!" if won else "You are beaten.")
            th.text(surf, text, (inner.centerx, inner.y + lh), T.GOOD if won else T.TEXT_BAD, "big", align="centre")
            return
        c = self.chooser
        if c is None:
            th.text(surf, "the others declare...", (inner.x, inner.y), T.TEXT_DIM, "small")
            return
        head = {"move": "Step towards a foe", "orient": "Secret orientation", "target": "Choose your target",
                "commit": "Secret orientation (sealed until all are in)",
                "declare": "Declare (one line at a time)", "respond": "Answer attacks you did not see"}
        th.text(surf, head.get(c.stage, c.stage or ""), (inner.x, inner.y), T.ACCENT, "small")
        y = inner.y + lh
        cur = c.current()
        for row in c.visible_rows():
            sel = row is cur
            if sel:
                pygame.draw.rect(surf, T.PANEL_DARK, (inner.x - 1, y, inner.w + 2, lh))
            th.text(surf, row.name, (inner.x + 2, y), T.CURSOR if sel else T.TEXT_DIM, "small")
            th.text(surf, th.fit(f"< {row.label} >" if sel else row.label, inner.w // 2 + 10, "small"),
                    (inner.right - 2, y), T.CURSOR if sel else T.TEXT, "small", align="right")
            y += lh
        note = c.error or c.cost_text()
        if note and y + lh <= inner.bottom + 2:
            th.text(surf, th.fit(note, inner.w, "tiny"), (inner.x, y + 2), T.TEXT_BAD if c.error else T.TEXT_DIM, "tiny")
