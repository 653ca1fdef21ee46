"""Results: first the Victory / Defeat moment (a big word over the screen for a moment), then
placements with kills, damage dealt, pieces and HP left, rating changes, and the battle's most
valuable piece.

The battle was already recorded (stats + replay) by its Match (``Match.finish``) before this scene
opens, so switching the machine off here loses nothing. Under the table a row of choices, the
cursor on **Play again** (the same battle with a new seed), then Menu and Stats, all on A (the
d-pad moves along the row); B goes to the menu (the game is over: nothing is lost). X (stats)
and Y (play again) stay as shortcuts.
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.modes.skirmish.match import participants_of
from game.modes.skirmish.pieces import Options
from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.modes.skirmish.session import battle_match
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, hint_bar, panel, title_bar
from hw.input.buttons import Button, EventKind

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
MOMENT = 2.0              # seconds the Victory / Defeat word stays over the table


def verdict(result, game) -> tuple[str, tuple]:
    """"Victory!" / "Defeat" for the one human on this device; the winner's name in hot-seat."""
    if not result.finished:
        return "Battle abandoned", T.TEXT_DIM
    humans = [p for p in result.placements if p.controller == "human"]
    first = result.placements[0] if result.placements else None
    if first is None:
        return "Battle over", T.ACCENT
    if len(humans) == 1:
        return ("Victory!", T.GOOD) if humans[0] is first else ("Defeat", T.TEXT_BAD)
    name = first.player or game.seat_name(first.seat).capitalize()
    return f"{name} wins!", T.ACCENT


class Results(Scene):
    def __init__(self, app, result, match, tally=None) -> None:
        super().__init__(app)
        self.result = result
        self.match = match
        self.tally = tally
        self.t = 0.0
        self.choices = [("Play again", self.play_again), ("Menu", app.goto_menu), ("Stats", self.to_stats)]
        self.sel = 0
        for p in result.problems:
            app.toast(p, 6.0)
        if result.finished and any(p.controller == "human" for p in result.placements[:1]):
            app.sound.play("victory")

    def handle(self, ev) -> None:
        step = {Button.LEFT: -1, Button.UP: -1, Button.RIGHT: 1, Button.DOWN: 1}
        if ev.pressed(Button.A):
            self.choices[self.sel][1]()
        elif ev.pressed(Button.B):
            self.app.goto_menu()
        elif ev.pressed(Button.X):
            self.to_stats()
        elif ev.pressed(Button.Y):
            self.play_again()
        elif ev.kind is EventKind.PRESS and ev.button in step:
            self.sel = (self.sel + step[ev.button]) % len(self.choices)
            self.app.sound.play("cursor")
            self.dirty = True

    def to_stats(self) -> None:
        self.app.goto_menu()
        self.app.open("stats")

    def play_again(self) -> None:
        self.rematch()

    def update(self, dt: float) -> None:
        self.t += dt

    def frame_key(self):
        return self.t < MOMENT, self.sel

    def rematch(self) -> None:
        g, header = self.match.game, self.match.header
        try:
            m = battle_match(self.app, g.rs, g.gmap, participants_of(header), self.app.seed_source(),
                             Options.from_data(header.options))
        except ActionError as exc:
            self.app.toast(str(exc))
            return
        self.app.replace("skirmish_battle", match=m)

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        res = self.result
        g = self.match.game
        word, word_colour = verdict(res, g)
        turns = f"{res.turns} turn{'s' if res.turns != 1 else ''}"
        title_bar(surf, th, word if res.finished else "Battle abandoned", f"{g.gmap.name} · {turns}")
        bar = bottom_rect(surf, th)
        top = th.line_height("big") + th.pad
        row_h = th.line_height("small") + th.pad
        row = pygame.Rect(th.pad * 2, bar.y - th.pad - row_h, w - 4 * th.pad, row_h)
        box = pygame.Rect(th.pad * 2, top + th.pad, w - 4 * th.pad, row.y - top - 2 * th.pad)
        inner = panel(surf, box, th=th)
        tally = self.tally
        lh = th.line_height("small") + th.pad
        cols = {"place": 0.0, "player": 0.1, "kills": 0.46, "damage": 0.58, "pieces": 0.72, "HP": 0.84}
        for name, at in cols.items():
            th.text(surf, name, (inner.x + 2 + int(inner.w * at), inner.y), T.TEXT_DIM, "tiny")
        y = inner.y + th.line_height("tiny") + 2
        r = max(3, th.line_height("small") // 3)
        for p in res.placements:
            place = ORDINAL.get(p.place, "—") if p.place else "—"
            colour = T.ACCENT if p.place == 1 else T.TEXT
            th.text(surf, place, (inner.x + 2, y), colour, "small")
            x = inner.x + 2 + int(inner.w * cols["player"])
            shape(surf, T.TEAM_SHAPE[p.seat], (x + r, y + th.line_height("small") // 2), r, T.team_colour(p.seat))
            room = int(inner.w * (cols["kills"] - cols["player"])) - 3 * r - 4
            th.text(surf, th.fit(p.player, room, "small"), (x + 3 * r, y), colour, "small")
            kills, damage = tally.seat_totals(g, p.seat) if tally is not None else ("—", "—")
            for name, value in (("kills", kills), ("damage", damage), ("pieces", p.pieces_left), ("HP", p.hp_left)):
                th.text(surf, str(value), (inner.x + 2 + int(inner.w * cols[name]), y), T.TEXT, "small")
            y += lh
            if p.rating_before is not None and p.rating_after is not None and p.rating_after != p.rating_before:
                d = p.rating_after - p.rating_before
                th.text(surf, f"rating {p.rating_before} -> {p.rating_after} ({d:+d})", (x + 3 * r, y - 2),
                        T.GOOD if d > 0 else T.TEXT_BAD, "tiny")
                y += th.line_height("tiny")
        foot = []
        best = tally.best_piece(g) if tally is not None else None
        if best is not None:
            k, d = tally.kills.get(best.id, 0), tally.damage.get(best.id, 0)
            owner = g.player_name(best.seat) or g.seat_name(best.seat).capitalize()
            foot.append((f"Best piece: {owner}'s {g.rs.pieces[best.kind].name} — {k} kill{'s' if k != 1 else ''}, "
                         f"{d} damage", T.ACCENT))
        if res.replay_name:
            foot.append(("kept in Replays", T.TEXT_DIM))
        if not res.finished:
            foot.append(("abandoned battles count no wins, losses or rating", T.TEXT_DIM))
        for i, (line, colour) in enumerate(foot):
            th.text(surf, th.fit(line, inner.w - 4, "tiny"),
                    (inner.x + 2, inner.bottom - (len(foot) - i) * th.line_height("tiny")), colour, "tiny")
        self._draw_choices(surf, row)
        hint_bar(surf, th, bar, [("LEFTRIGHT", "choose"), ("A", "go"), ("B", "menu")])
        if res.finished and self.t < MOMENT:
            self._draw_moment(surf, word, word_colour)

    def _draw_choices(self, surf, row) -> None:
        """Play again / Menu / Stats side by side, the chosen one lit."""
        th = self.theme
        w = row.w // len(self.choices)
        for i, (label, _) in enumerate(self.choices):
            cell = pygame.Rect(row.x + i * w, row.y, w - th.pad, row.h)
            lit = i == self.sel
            pygame.draw.rect(surf, (70, 60, 110) if lit else T.PANEL, cell)
            pygame.draw.rect(surf, T.ACCENT if lit else T.PANEL_EDGE, cell, 1)
            text = th.fit(label, cell.w - 2 * th.pad, "small")
            y = cell.y + (cell.h - th.line_height("small")) // 2
            th.text(surf, text, (cell.centerx, y), T.ACCENT if lit else T.TEXT, "small", align="centre")

    def _draw_moment(self, surf, word: str, colour) -> None:
        th = self.theme
        img = th.render(word, colour, "huge")
        box = img.get_rect().inflate(th.pad * 10, th.pad * 6)
        box.center = surf.get_rect().center
        pygame.draw.rect(surf, T.PANEL_DARK, box)
        pygame.draw.rect(surf, colour, box, 2)
        if th.probe is not None:
            th.probe.cover(box)
        th.put(surf, img, img.get_rect(center=box.center).topleft, word, "huge", colour)
