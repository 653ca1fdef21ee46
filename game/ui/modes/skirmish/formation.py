"""Army formation (WoS "army" view): nine slots, front row first, and a piece picker.

Each slot shows the piece and its short form ("17/7 Rock": HP+STR+DEF+AGI / MOB+RANGE, weapon
class). A on a slot opens the picker (stats of each piece; greyed when the army already has
as many of that piece as allowed, or it is for bots only); X empties a slot, Y restores the
ruleset's default army. "Done" under the slots (where the cursor starts: the remembered army is
one A away) accepts — so does Start, as a shortcut; d-pad + A/B alone form and accept an army. With an army size below nine only the first filled
slots fight; the rest are marked "reserve". The army is remembered per player name in the
settings and offered again next time.
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.modes.skirmish.setup import Participant, check_army
from game.ui import theme as T
from game.ui.art.shared import shared_art
from game.ui.scene import Scene
from game.ui.scenes.dialog import wrap
from game.ui.widgets import bottom_rect, hint_bar, panel, title_bar
from hw.input.buttons import Button

SLOTS = 9
DONE = SLOTS          # the cursor index of the "Done" button under the slots


def remembered_army(app, rs, name: str) -> list[str]:
    saved = app.settings.default_armies.get(name)
    if saved:
        try:
            return check_army(rs, list(saved), False)
        except ActionError:
            pass   # pieces of another ruleset version: fall back to the default
    return check_army(rs, list(rs.army_default), False)


def link_guest_side(app):
    """The `link_guest` hook of Skirmish's UI part (entry.py): joining a linked Skirmish, this unit's person brings
    the army remembered for their name (formed in a battle or in Settings: armies)."""
    rs = app.content.ruleset()
    if rs is None:
        return None
    name = app.player_name(0)
    return Participant(name, "human", tuple(remembered_army(app, rs, name)))


class Formation(Scene):
    def __init__(self, app, pending=None, slot: int = 0, on_done=None, player: str | None = None) -> None:
        super().__init__(app)
        self.picker_more = (False, False)
        self.pending = pending
        self.on_done = on_done
        self.rs = pending.ruleset if pending else app.content.ruleset()
        self.player = player or (pending.names[slot] if pending else app.player_name(0))
        self.slot_index = slot
        self.limit = pending.army_limit if pending else self.rs.rules.army_limit
        self.army = remembered_army(app, self.rs, self.player)
        self.cursor = DONE
        self.picking = False
        self.pick = 0
        self.error = ""
        self.choices = [""] + [p.id for p in self.rs.pieces if not p.bot_only]

    # --- rules of the picker ----------------------------------------------------------------------
    def allowed(self, pid: str) -> bool:
        if not pid:
            return True
        pt = self.rs.piece(pid)
        others = sum(1 for i, x in enumerate(self.army) if x == pid and i != self.cursor)
        return others < pt.max_per_army

    def fighting(self) -> set[int]:
        filled = [i for i, x in enumerate(self.army) if x]
        return set(filled[: self.limit])

    # --- input -----------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        self.dirty = True
        if self.picking:
            self._handle_picker(ev)
            return
        for b in (Button.LEFT, Button.RIGHT, Button.UP, Button.DOWN):
            if ev.triggered(b):
                self.cursor = self._step(self.cursor, b)
                self.app.sound.play("cursor")
                return
        if ev.pressed(Button.A) and self.cursor == DONE:
            self.accept()
        elif ev.pressed(Button.A):
            self.picking = True
            cur = self.army[self.cursor]
            self.pick = self.choices.index(cur) if cur in self.choices else 0
        elif ev.pressed(Button.X) and self.cursor != DONE:
            self.army[self.cursor] = ""
        elif ev.pressed(Button.Y):
            self.army = check_army(self.rs, list(self.rs.army_default), False)
        elif ev.pressed(Button.START):
            self.accept()
        elif ev.pressed(Button.B):
            self.app.back()

    @staticmethod
    def _step(cur: int, b) -> int:
        """The d-pad on the 3x3 slots and the Done button below them (rows wrap left/right)."""
        if cur == DONE:
            return {Button.UP: 6, Button.DOWN: 0}.get(b, DONE)
        row, col = divmod(cur, 3)
        if b is Button.LEFT:
            return row * 3 + (col - 1) % 3
        if b is Button.RIGHT:
            return row * 3 + (col + 1) % 3
        if b is Button.UP:
            return DONE if row == 0 else cur - 3
        return DONE if row == 2 else cur + 3

    def _handle_picker(self, ev) -> None:
        if ev.triggered(Button.UP):
            self.pick = (self.pick - 1) % len(self.choices)
        elif ev.triggered(Button.DOWN):
            self.pick = (self.pick + 1) % len(self.choices)
        elif ev.pressed(Button.A):
            pid = self.choices[self.pick]
            if self.allowed(pid):
                self.army[self.cursor] = pid
                self.picking = False
                self.app.sound.play("select")
            else:
                self.error = f"at most {self.rs.piece(pid).max_per_army} {self.rs.piece(pid).name} per army"
        elif ev.pressed(Button.B):
            self.picking = False

    def accept(self) -> None:
        if not any(self.army):
            self.error = "an army needs at least one piece"
            return
        armies = dict(self.app.settings.default_armies)
        armies[self.player] = tuple(self.army)
        self.app.update_settings(default_armies=armies)
        if self.pending is not None:
            self.pending.armies[self.slot_index] = tuple(self.army)
        if self.on_done:
            self.on_done()
        else:
            self.app.toast(f"default army of {self.player} saved", 2.0)
            self.app.back()

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        who = f"Army of {self.player}"
        top = title_bar(surf, th, who, f"size {self.limit}")
        bar = bottom_rect(surf, th)
        done_h = th.line_height("normal") + th.pad
        avail = bar.y - top.bottom - 3 * th.pad - th.line_height("tiny") - done_h
        gw = min(w * 11 // 20, avail * 3 // 2)
        grid = pygame.Rect(th.pad, top.bottom + th.pad + th.line_height("tiny"), gw, avail)
        th.text(surf, "front row (faces the enemy)", (grid.x, top.bottom + 2), T.TEXT_DIM, "tiny")
        self._draw_slots(surf, th, grid)
        self._draw_done(surf, th, pygame.Rect(grid.x, grid.bottom + th.pad, grid.w - 3, done_h))
        side = pygame.Rect(grid.right + th.pad, top.bottom + th.pad, w - grid.right - 2 * th.pad,
                           bar.y - top.bottom - 2 * th.pad)
        if self.picking:
            self._draw_picker(surf, th, side)
        elif self.cursor == DONE:
            self._draw_summary(surf, th, side)
        else:
            pid = self.army[self.cursor]
            self._draw_details(surf, th, side, pid)
        if self.error:
            th.text(surf, self.error, (w // 2, bar.y - th.line_height("small")), T.TEXT_BAD, "small", align="centre")
        hints = ([("UPDOWN", "piece"), ("A", "take"), ("B", "cancel")] if self.picking else
                 [("DPAD", "slot"), ("A", "fight" if self.cursor == DONE else "change"), ("X", "empty"),
                  ("Y", "default"), ("B", "back")])
        hint_bar(surf, th, bar, hints)

    def _draw_done(self, surf, th, r) -> None:
        on = self.cursor == DONE
        pygame.draw.rect(surf, (70, 60, 110) if on else T.PANEL, r)
        pygame.draw.rect(surf, T.ACCENT if on else T.PANEL_EDGE, r, 2 if on else 1)
        label = "Done: fight with this army" if th.text_width("Done: fight with this army", "normal") < r.w - 8 else "Done"
        th.text(surf, label, (r.centerx, r.centery - th.line_height("normal") // 2 + 1), T.ACCENT if on else T.TEXT,
                "normal", align="centre")

    def _draw_summary(self, surf, th, rect) -> None:
        inner = panel(surf, rect, th=th, title="ready?")
        lh = th.line_height("tiny")
        fighting = sorted(self.fighting())
        y = inner.y
        for line in [f"{len(fighting)} pieces fight", "A: fight  ·  Up: change a slot", ""]:
            th.text(surf, th.fit(line, inner.w, "tiny"), (inner.x, y), T.TEXT, "tiny")
            y += lh
        for i in fighting:
            if y + lh > inner.bottom:
                break
            pt = self.rs.piece(self.army[i])
            th.text(surf, th.fit(f"{i + 1}. {pt.name} {pt.short_form}", inner.w, "tiny"), (inner.x, y), T.TEXT_DIM, "tiny")
            y += lh

    def _draw_slots(self, surf, th, grid) -> None:
        _, art = shared_art()
        cw, ch = grid.w // 3, grid.h // 3
        fighting = self.fighting()
        u = th.unit
        lh = th.line_height("tiny")
        for i in range(SLOTS):
            r = pygame.Rect(grid.x + (i % 3) * cw, grid.y + (i // 3) * ch, cw - 3, ch - 3)
            pid = self.army[i]
            pygame.draw.rect(surf, T.PANEL if pid else T.PANEL_DARK, r)
            edge = T.ACCENT if i == self.cursor else T.PANEL_EDGE
            pygame.draw.rect(surf, edge, r, 2 if i == self.cursor else 1)
            if not pid:
                th.text(surf, "empty", (r.centerx, r.centery - lh // 2), T.TEXT_DIM, "tiny", align="centre")
                continue
            pt = self.rs.piece(pid)
            # the big sprite only where the name and class still fit under it (beside it they
            # would be cut: "Ston…" at 1280x720)
            big = r.h >= 44 * u and r.w >= 44 * u and r.y + 3 + 32 * u + 2 * lh <= r.bottom
            img = art.get(pt.sprite, 0, u * (2 if big else 1))
            surf.blit(img, (r.x + 3, r.y + 3))
            klass = self.rs.classes.get(pt.weapon.klass)
            tx = r.x + 3
            ty = r.y + 3 + img.get_height()
            if ty + 2 * lh > r.bottom:
                tx, ty = r.x + img.get_width() + 5, r.y + 3
            reserve = i not in fighting
            beside = ty < r.y + 2 + lh                 # name and class beside the sprite, from the top
            th.text(surf, th.fit(pt.name, r.right - tx - 2, "tiny"), (tx, ty), T.TEXT, "tiny")
            if reserve and beside and ty + 3 * lh > r.bottom:
                th.text(surf, "reserve", (tx, ty + lh), T.TEXT_BAD, "tiny")    # instead of the class
                continue
            th.text(surf, th.fit(f"{pt.short_form} {klass.name if klass else ''}", r.right - tx - 2, "tiny"),
                    (tx, ty + lh), T.ACCENT, "tiny")
            if reserve and beside:
                th.text(surf, "reserve", (tx, ty + 2 * lh), T.TEXT_BAD, "tiny")
            elif reserve:
                th.text(surf, "reserve", (r.right - 2, r.y + 2), T.TEXT_BAD, "tiny", align="right")

    def _draw_details(self, surf, th, rect, pid: str) -> None:
        if not pid:
            inner = panel(surf, rect, th=th, title="empty slot")
            th.text(surf, "A: choose a piece", (inner.x, inner.y), T.TEXT_DIM, "small")
            return
        pt = self.rs.piece(pid)
        inner = panel(surf, rect, th=th, title=f"{pt.name}  {pt.short_form}")
        lines = [f"HP {pt.hp}  MP {pt.mp}", f"STR {pt.str}  DEF {pt.def_}", f"AGI {pt.agi}  RST {pt.rst}",
                 f"RNG {pt.rng_min}-{pt.rng_max}  MOB {pt.mob}", f"MOV {pt.mov}",
                 f"{pt.weapon.name}: {pt.weapon.klass}, dmg {pt.weapon.damage}",
                 f"beats {pt.weapon.dominates}" if pt.weapon.dominates else ""]
        lh = th.line_height("tiny")
        y = inner.y
        for line in lines + [""] + wrap(th, [pt.description], inner.w, "tiny"):
            if y + lh > inner.bottom:
                break
            th.text(surf, line, (inner.x, y), T.TEXT, "tiny")
            y += lh

    def _draw_picker(self, surf, th, rect) -> None:
        _, art = shared_art()
        inner = panel(surf, rect, th=th, title=f"slot {self.cursor + 1}: choose")
        u = th.unit
        rh = max(16 * u + 2, 2 * th.line_height("tiny"))
        rows = max(1, inner.h // rh)
        top = max(0, min(self.pick - rows // 2, len(self.choices) - rows))
        self.picker_more = (top > 0, top + rows < len(self.choices))   # scroll cues (tested)
        for n, i in enumerate(range(top, min(len(self.choices), top + rows))):
            pid = self.choices[i]
            r = pygame.Rect(inner.x, inner.y + n * rh, inner.w, rh - 1)
            ok = self.allowed(pid)
            if i == self.pick:
                pygame.draw.rect(surf, (70, 60, 110), r)
                pygame.draw.rect(surf, T.ACCENT, r, 1)
            colour = T.TEXT if ok else T.TEXT_DIM
            if not pid:
                th.text(surf, "(empty slot)", (r.x + 3, r.y + 2), colour, "tiny")
                continue
            pt = self.rs.piece(pid)
            surf.blit(art.get(pt.sprite, 0 if ok else -1, u), (r.x + 1, r.y + 1))
            tx = r.x + 16 * u + 4
            th.text(surf, th.fit(f"{pt.name}  {pt.short_form}", r.right - tx, "tiny"), (tx, r.y), colour, "tiny")
            stats = f"HP{pt.hp} S{pt.str} D{pt.def_} A{pt.agi} R{pt.rng_max} M{pt.mob} {pt.mov}"
            th.text(surf, th.fit(stats, r.right - tx, "tiny"), (tx, r.y + th.line_height("tiny") - 1), T.TEXT_DIM, "tiny")
        # scroll cues: a triangle at the top/bottom right when more pieces are above/below
        k = max(3, th.unit * 3)
        x = inner.right - k - 1
        if self.picker_more[0]:
            pygame.draw.polygon(surf, T.ACCENT, [(x, inner.y + k), (x + k, inner.y + k), (x + k // 2, inner.y)])
        if self.picker_more[1]:
            b = inner.y + rows * rh - 2
            pygame.draw.polygon(surf, T.ACCENT, [(x, b - k), (x + k, b - k), (x + k // 2, b)])
