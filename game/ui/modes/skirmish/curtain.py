"""Hot-seat: between two people's turns a curtain hides the board (scene `skirmish_curtain`,
pushed by the play screen when a turn of another person at this device begins). A or START: the
player is ready and the curtain goes."""

from __future__ import annotations

from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.scene import Scene
from game.ui.widgets import hint_bar
from hw.input.buttons import Button


class HotSeatCurtain(Scene):
    def __init__(self, app, screen, seat: int) -> None:
        super().__init__(app)
        self.screen = screen          # the play screen underneath
        self.seat = seat

    def handle(self, ev) -> None:
        if ev.pressed(Button.A) or ev.pressed(Button.START):
            self.app.back()
            self.screen.banner_until = self.screen.time + 1.2

    def draw(self, surf) -> None:
        th, g, seat = self.theme, self.screen.game, self.seat
        w, h = surf.get_size()
        surf.fill(T.BG)
        lines = [("Pass the device to", T.TEXT_DIM, "normal"), (g.player_name(seat), T.team_colour(seat), "big"),
                 (f"playing {g.seat_name(seat).title()} {T.TEAM_LETTER[seat]}", T.team_colour(seat), "normal"),
                 ("the board stays hidden until you are ready", T.TEXT_DIM, "tiny")]
        y = h // 4
        for text, colour, size in lines:
            th.text(surf, th.fit(text, w - 4 * th.pad, size), (w // 2, y), colour, size, align="centre")
            y += th.line_height(size) + th.pad
        shape(surf, T.TEAM_SHAPE[seat], (w // 2, y + 12), 10, T.team_colour(seat))
        hint_bar(surf, th, self.screen.layout.bottom, [("A", "I am ready")])
