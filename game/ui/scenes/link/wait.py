"""Waiting for the other unit: the port, what the link is doing, the transfer progress, the
other unit's name once it said hello, and a clear error when the units cannot play together.

    app.open("link_wait", run=LinkRun...)

The session is polled every frame; when the game starts the waiting screen gives way to the
mode's linked screen (the link goes with it). B cancels (the link is closed).
"""

from __future__ import annotations

import pygame

from game.link.addresses import local_addresses
from game.modes.registry import get_mode
from game.ui import theme as T
from game.ui.registry import ui_of
from game.ui.scene import Scene
from game.ui.scenes.dialog import wrap
from game.ui.widgets import bottom_rect, hint_bar, meter, panel, title_bar
from game.ui.words import place_words
from hw.input.buttons import Button

EXPLAIN = (   # words in an error -> what the player should do about it
    ("protocol mismatch", "The two units run different Tactibox versions. Update the older one."),
    ("-rules", "The two units have different rules for this game (different Tactibox versions). "
               "Update the older unit."),
    ("both units are set to", "One unit must host and the other join: change it on one of them."),
    ("wrong pairing code", "Type the 6-digit code shown on the host's waiting screen."),
    ("too many wrong pairing codes", "Wait a moment, then type the code shown on the host again."),
    ("could not install", "The host's ruleset was refused here; the unit keeps its own."),
    ("cannot install", "This unit cannot take the host's ruleset."),
    ("ruleset", "The units have different rulesets and it could not be fixed over the link."),
)


def explain(error: str) -> str:
    low = error.lower()
    for key, text in EXPLAIN:
        if key in low:
            return text
    return ""


def start_game(app, run) -> None:
    """The link's game has started: its mode's screen (the `link_scene` hook of its UI part)
    replaces this one; a mode without one plays on the generic linked screen."""
    entry = get_mode(run.mode)
    if not run.is_host:
        app.toast(f"{run.peer_name} started: {entry.title}", 2.5)
    ui = ui_of(run.mode)
    if ui is not None and ui.has("link_scene"):
        ui.hook("link_scene")(app, run)
    else:
        app.replace("link_game", run=run)


class LinkWait(Scene):
    def __init__(self, app, run, title: str = "Linking") -> None:
        super().__init__(app)
        self.run = run
        self.heading = title
        self.handed_over = False
        self._key = None
        self.addresses = local_addresses() if run.port.startswith("tcp://:") else []

    def close(self) -> None:
        if not self.handed_over:
            self.run.close()

    def handle(self, ev) -> None:
        if ev.pressed(Button.B) or (self.run.session.failed and ev.pressed(Button.A)):
            self.app.back()

    def update(self, dt: float) -> None:
        run = self.run
        run.poll()
        if run.playing and not run.session.failed:
            self.handed_over = True
            start_game(self.app, run)
            return
        s = run.session
        p = s.progress
        key = (s.state, run.status(), run.peer_name, (p.what, p.done) if p else None)
        if key != self._key:
            self._key = key
            self.dirty = True

    def lines(self) -> list[tuple[str, tuple]]:
        run, s = self.run, self.run.session
        out = [(f"{'waiting on' if run.is_host else 'joining'} {place_words(run.port)}", T.TEXT_DIM)]
        if self.addresses:
            out.append(("the other unit joins this address: " + ", ".join(self.addresses), T.TEXT))
        if run.pairing and run.is_host and not s.paired:
            out.append((f"pairing code: {run.pairing}" if run.pairing[:1].isdigit() else f"pairing: {run.pairing}",
                        T.ACCENT))
            if run.pairing[:1].isdigit():
                out.append(("type this code on the joining unit", T.TEXT_DIM))
        if s.peer is not None:
            out.append((f"the other unit: {run.peer_name} (Tactibox {s.peer.app_version})", T.GOOD))
        if s.failed:
            out.append((s.error or "the link failed", T.TEXT_BAD))
            tip = explain(s.error or "")
            if tip:
                out.append((tip, T.TEXT))
        elif s.notice and s.state in ("connecting", "hello"):     # host: a unit was turned away
            out.append((s.notice, T.TEXT_BAD))
            tip = explain(s.notice)
            if tip:
                out.append((tip, T.TEXT))
            out.append(("still waiting for the other unit", T.TEXT_DIM))
        else:
            out.append((run.status(), T.ACCENT))
        return out

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        top = title_bar(surf, th, self.heading, "host" if self.run.is_host else "join")
        bar = bottom_rect(surf, th)
        box = pygame.Rect(th.pad * 2, top.bottom + th.pad, w - 4 * th.pad, bar.y - top.bottom - 2 * th.pad)
        inner = panel(surf, box)
        y = inner.y + th.pad
        lh = th.line_height("small") + 1
        for text, colour in self.lines():
            for line in wrap(th, [text], inner.w - 2 * th.pad, "small"):
                th.text(surf, line, (inner.x + th.pad, y), colour, "small")
                y += lh
            y += 2
        p = self.run.session.progress
        if p is not None and p.what != "snapshot" and not self.run.session.failed:
            y += th.pad
            meter(surf, (inner.x + th.pad, y, inner.w - 2 * th.pad, max(6, th.pad * 2)), p.fraction, colour=T.GOOD)
        hints = [("A", "back"), ("B", "back")] if self.run.session.failed else [("B", "cancel")]
        hint_bar(surf, th, bar, hints)
