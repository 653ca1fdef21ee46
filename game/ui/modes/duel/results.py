"""After a duel: who won and how, both wizards' hit points, turns, the options; then a list on
A (the shared results' shape, issue 20): **Play again** (where the cursor starts: the same kind
of duel, a new seed), **Menu**, **Options** (the controller's, between duels). B is Menu too.
Linked duels: the host's Play again starts the next duel on both units; the guest has no Play
again and waits for the host — the link keeps being polled here, and the next duel opens by
itself when it starts.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.modes.duel.texts import options_line
from game.ui.scene import Scene
from game.ui.widgets import Item, ListMenu, bottom_rect, hint_bar, panel, title_bar
from hw.input.buttons import Button

CAUSES = {"death": "a wizard died", "both died": "both fell; the wizard whose turn it was loses",
          "turn limit": "the turn limit was reached"}


class DuelResults(Scene):
    def __init__(self, app, match, again=None, on_leave=None, on_over=None) -> None:
        super().__init__(app)
        self.match = match
        if again is None and match.mode == "local":
            from game.ui.modes.duel.setup_menu import again_for
            again = again_for(app, match)
        self.again = again
        self.on_leave = on_leave
        self.on_over = on_over
        self.game_no = getattr(match, "game_no", 0)
        for problem in match.keep(getattr(app, "replays", None), getattr(app, "stats", None)):
            app.toast(problem)
        items = [Item("Play again", self.again)] if self.again is not None else []
        items.append(Item("Menu", app.goto_menu))
        if match.controls_options:
            items.append(Item("Options", lambda: app.open("duel_options")))
        self.menu = ListMenu(items)

    def close(self) -> None:
        if self.on_leave is not None:
            self.on_leave(self)

    def handle(self, ev) -> None:
        if ev.pressed(Button.B):
            self.app.goto_menu()
        elif self.menu.handle(ev):
            self.app.sound.play("cursor")
            self.dirty = True

    def update(self, dt: float) -> None:
        m = self.match
        m.poll()
        nxt = m.next_duel()
        if nxt is not None:
            leave, self.on_leave = self.on_leave, None
            self.app.replace("duel_game", match=nxt, again=self.again, on_leave=leave, on_over=self.on_over)
            return
        if m.status() != getattr(self, "_status", None):
            self._status = m.status()
            self.dirty = True

    def lines(self) -> list[tuple[str, tuple]]:
        m, g = self.match, self.match.game
        st = g.state
        v = m.viewer()
        w = g.winner
        if w is None:
            head = "The duel is a draw"
        elif m.hotseat:
            head = f"{m.seats[w].name} wins"
        else:
            head = "You win!" if w == v else f"{m.seats[w].name} wins"
        out = [(head, T.ACCENT), (CAUSES.get(st.over, st.over), T.TEXT_DIM), ("", T.TEXT)]
        for p in (0, 1):
            out.append((f"{m.seats[p].name}: {max(0, st.wizards[p].hp)} HP, "
                        f"{len(st.wizards[p].inventory)} potions left", T.TEXT))
        out += [(f"{g.turn} turns, {options_line(st.options)}", T.TEXT_DIM)]
        if m.status():
            out.append((m.status(), T.TEXT_DIM))
        if m.mode == "link":
            out.append(("Play again: the next duel on both units" if m.controls_options
                        else "the host may start the next duel: it opens here by itself", T.TEXT_DIM))
        return out

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        title_bar(surf, th, "Duel over", m_label(self.match))
        bar = bottom_rect(surf, th)
        top = th.line_height("big") + th.pad
        box = pygame.Rect(th.pad * 2, top + th.pad, w - 4 * th.pad, bar.y - top - 2 * th.pad)
        lh = th.line_height("normal") + 2
        menu_h = len(self.menu.items) * lh
        menu_w = min(box.w, max(th.text_width(it.label) for it in self.menu.items) + 8 * th.pad)
        menu_rect = pygame.Rect((w - menu_w) // 2, box.bottom - menu_h, menu_w, menu_h)
        box.h -= menu_h + th.pad
        inner = panel(surf, box)
        y = inner.y + th.pad
        for i, (text, colour) in enumerate(self.lines()):
            size = "big" if i == 0 else "small"
            if y + th.line_height(size) > inner.bottom:
                break
            th.text(surf, th.fit(text, inner.w - 2 * th.pad, size), (inner.x + th.pad, y), colour, size)
            y += th.line_height(size) + 2
        self.menu.draw(surf, th, menu_rect)
        hint_bar(surf, th, bar, [("UPDOWN", "choose"), ("A", "go"), ("B", "menu")])


def m_label(match) -> str:
    return {"local": "hot-seat" if match.hotseat else "against a bot", "link": "linked"}.get(match.mode, "")
