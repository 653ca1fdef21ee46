"""The how-to and the glossary: one screen each, drawn over the board of any mode.

    app.open("howto", mode="duel")                 # from the pause menu: A or B closes
    app.open("howto", mode="duel", first=True)     # a mode's first game: closing remembers it
    app.open("glossary", mode="duel")              # SELECT on a board: the mode's words

Both read the mode's guide (``game.ui.guide``, ``assets/guides/<mode>.toml``). The how-to says
the goal, how a turn goes and what each button does on this board; when the text is taller
than the screen, UP/DOWN scroll it. The glossary lists the mode's terms with their meaning;
UP/DOWN scroll a line, L/R a page. SELECT on the how-to opens the glossary.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.art import icons
from game.ui.guide import guide_for
from game.ui.scene import Scene
from game.ui.widgets import badge, badge_width, hint_bar, panel, wrap_words
from hw.input.buttons import Button


def dim(surf, th) -> None:
    """Darken the screen under an overlay (the board stays visible, its text is not read)."""
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((8, 6, 16, 170))
    surf.blit(shade, (0, 0))
    if th.probe is not None:
        th.probe.overlay(surf.get_rect())


def mark_seen(app, mode: str) -> None:
    """Remember that the mode's how-to was shown (settings ``onboarding.seen``)."""
    seen = tuple(app.settings.howto_seen)
    if mode not in seen:
        app.update_settings(howto_seen=seen + (mode,))


class _Sheet(Scene):
    """An overlay panel with a title, rows that scroll, and a hint bar at its foot."""

    overlay = True
    hints: tuple = ()

    def __init__(self, app, mode: str, on_close=None) -> None:
        super().__init__(app)
        self.mode = mode
        self.guide = guide_for(mode)
        self.on_close = on_close
        self.top = 0
        self._rows_for: tuple | None = None
        self._rows: list = []
        self.visible_rows = 1
        if self.guide.problems:
            app.toast(self.guide.problems[0])

    # rows: (kind, payload, height); built for one inner width
    def build_rows(self, width: int) -> list:
        return []

    def rows(self, width: int) -> list:
        if self._rows_for != (width,):
            self._rows_for = (width,)
            self._rows = self.build_rows(width)
        return self._rows

    def box(self, surf, content_h: int) -> pygame.Rect:
        """As tall as the rows need (and the screen allows), centred."""
        th = self.theme
        w, h = surf.get_size()
        m = 2 * th.pad
        chrome = th.line_height("small") + 2 + th.line_height("tiny") + th.pad + 10
        r = pygame.Rect(0, 0, w - 2 * m, min(h - 2 * m, content_h + chrome))
        r.center = (w // 2, h // 2)
        return r

    def done(self) -> None:
        self.app.back()
        if self.on_close is not None:
            self.on_close()

    def scroll(self, step: int) -> None:
        most = max(0, len(self._rows) - self.visible_rows)
        self.top = max(0, min(most, self.top + step))
        self.dirty = True

    def draw(self, surf) -> None:
        th = self.theme
        dim(surf, th)
        width = surf.get_width() - 4 * th.pad - 6 - 2 * th.pad
        rows = self.rows(width)
        box = self.box(surf, sum(r[2] for r in rows))
        inner = panel(surf, box, th=th, title=self.title_text(), edge=T.ACCENT)
        foot_h = th.line_height("tiny") + th.pad
        body = pygame.Rect(inner.x + th.pad, inner.y + 1, inner.w - 2 * th.pad, inner.bottom - inner.y - foot_h - 3)
        y, shown = body.y, 0
        for kind, payload, rh in rows[self.top:]:
            if y + rh > body.bottom:
                break
            self.draw_row(surf, kind, payload, pygame.Rect(body.x, y, body.w, rh))
            y += rh
            shown += 1
        self.visible_rows = max(1, shown)
        if self.top > 0:
            icons.shape(surf, "up", (body.right - 4, body.y + 4), 3, T.TEXT_DIM, None)
        if self.top + shown < len(rows):
            icons.shape(surf, "down", (body.right - 4, body.bottom - 4), 3, T.TEXT_DIM, None)
        bar = pygame.Rect(box.x + 1, box.bottom - foot_h - 1, box.w - 2, foot_h)
        hints = list(self.hints)
        if len(rows) > self.visible_rows:
            hints.insert(0, ("UPDOWN", "scroll"))
        hint_bar(surf, th, bar, hints)

    def title_text(self) -> str:
        return self.guide.name

    def draw_row(self, surf, kind, payload, rect) -> None:
        th = self.theme
        if kind == "text":
            text, colour, size = payload
            th.text(surf, text, (rect.x, rect.y), colour, size)


class HowTo(_Sheet):
    """The mode's goal, how a turn goes and its buttons. `first`: shown at the mode's first game,
    closing it (A or B) remembers that it was seen; the pause menu's "How to play" shows it again."""

    def __init__(self, app, mode: str, first: bool = False, on_close=None) -> None:
        super().__init__(app, mode, on_close)
        self.first = first
        self.hints = (("A", "play" if first else "back"), ("B", "skip" if first else "back"), ("SELECT", "words"))

    def title_text(self) -> str:
        return f"How to play: {self.guide.name}"

    def build_rows(self, width: int) -> list:
        th, g = self.theme, self.guide
        lh_s, lh_t = th.line_height("small"), th.line_height("tiny")
        rows = [("text", (line, T.ACCENT, "small"), lh_s) for line in wrap_words(th, g.goal, width, "small")]
        for para in g.howto_lines:
            rows += [("text", (line, T.TEXT, "tiny"), lh_t) for line in wrap_words(th, para, width, "tiny")]
        rows.append(("gap", None, th.pad))
        cap = max((badge_width(th, b) for b, _ in g.buttons), default=0) + th.pad
        for button, text in g.buttons:
            lines = wrap_words(th, text, width - cap, "tiny")
            rows.append(("button", (button, lines[0], cap), lh_t + 1))
            rows += [("button", ("", more, cap), lh_t + 1) for more in lines[1:]]
        if self.first:
            rows.append(("gap", None, th.pad))
            note = "Shown once. START, then How to play, shows it again."
            rows += [("text", (line, T.TEXT_DIM, "tiny"), lh_t) for line in wrap_words(th, note, width, "tiny")]
        return rows

    def draw_row(self, surf, kind, payload, rect) -> None:
        if kind == "button":
            th = self.theme
            button, text, cap = payload
            if button:
                badge(surf, th, button, (rect.x, rect.y))
            th.text(surf, text, (rect.x + cap, rect.y), T.TEXT, "tiny")
            return
        super().draw_row(surf, kind, payload, rect)

    def handle(self, ev) -> None:
        if ev.triggered(Button.DOWN):
            self.scroll(1)
        elif ev.triggered(Button.UP):
            self.scroll(-1)
        elif ev.pressed(Button.SELECT):
            self.app.open("glossary", mode=self.mode)
        elif ev.pressed(Button.A) or ev.pressed(Button.B) or ev.pressed(Button.START):
            if self.first:
                mark_seen(self.app, self.mode)
            self.done()


class Glossary(_Sheet):
    """The mode's terms (CP, TN, ACP, MP, ...) and what they mean."""

    hints = (("LR", "page"), ("B", "back"))

    def title_text(self) -> str:
        return f"Words: {self.guide.name}"

    def build_rows(self, width: int) -> list:
        th = self.theme
        lh = th.line_height("tiny")
        terms = self.guide.glossary or (("", "This mode has no special words."),)
        col = min(width * 2 // 5, max(th.text_width(t, "tiny") for t, _ in terms) + 2 * th.pad)
        rows = []
        for term, meaning in terms:
            lines = wrap_words(th, meaning, width - col, "tiny")
            term_lines = wrap_words(th, term, col - th.pad, "tiny")
            for i in range(max(len(lines), len(term_lines))):
                rows.append(("term", (term_lines[i] if i < len(term_lines) else "",
                                      lines[i] if i < len(lines) else "", col, i == 0), lh))
        return rows

    def draw_row(self, surf, kind, payload, rect) -> None:
        th = self.theme
        term, text, col, _first = payload
        if term:
            th.text(surf, term, (rect.x, rect.y), T.ACCENT, "tiny")
        th.text(surf, text, (rect.x + col, rect.y), T.TEXT, "tiny")

    def handle(self, ev) -> None:
        if ev.triggered(Button.DOWN):
            self.scroll(1)
        elif ev.triggered(Button.UP):
            self.scroll(-1)
        elif ev.triggered(Button.R) or ev.triggered(Button.RIGHT):
            self.scroll(self.visible_rows)
        elif ev.triggered(Button.L) or ev.triggered(Button.LEFT):
            self.scroll(-self.visible_rows)
        elif ev.pressed(Button.A) or ev.pressed(Button.B) or ev.pressed(Button.SELECT) or ev.pressed(Button.START):
            self.done()
