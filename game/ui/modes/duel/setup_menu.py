"""Wizard duel from the main menu: against a bot (easy/normal/hard), hot-seat on one device, or
over the link (host or join); and the host's options (field of view, level size, potions).

Options are the controller's for this session only (the plan: changed only while no game is in
progress, not saved): one `HostOptions` for the running program (`host_options()`), locked while
a duel runs.
"""

from __future__ import annotations

from game.modes.duel.options import MAX_SIZE, MIN_SIZE, HostOptions, OptionsLocked
from game.ui import onboarding
from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.modes.duel.match import BOT, HUMAN, DuelMatch, Seat
from game.ui.modes.duel.texts import options_line
from game.ui.widgets import Item, ListMenu

LEVELS = ("easy", "normal", "hard")
_HOST: list = []


def host_options():
    """The controller's duel options (a `HostOptions`), made on first use."""
    if not _HOST:
        _HOST.append(HostOptions())
    return _HOST[0]


def start_local(app, kind: str, level: str = "normal") -> None:
    """A duel on this device: kind "bot" (you against a bot) or "hotseat" (two people)."""
    host = host_options()
    host.end_game()
    options = host.begin_game()
    if kind == "bot":
        seats = [Seat(HUMAN, app.player_name(0)), Seat(BOT, f"Bot ({level})", level)]
    else:
        seats = [Seat(HUMAN, app.player_name(0)), Seat(HUMAN, app.player_name(1))]
    match = DuelMatch.new(app.seed_source(), options, seats, keeper=app.keeper())
    app.open("duel_game", match=match, again=lambda: _again(app, kind, level), on_leave=_ended,
             on_over=host.end_game)
    onboarding.first_game_howto(app, "duel")           # a first duel here: how to play, over the board


def open_resumed(app, saved) -> None:
    """The `resume` hook of the duel's UI part: Continue an interrupted duel (ValueError: it cannot)."""
    match = DuelMatch.resumed(saved, keeper=app.keeper())
    host = host_options()
    host.end_game()
    host.begin_game()
    app.open("duel_game", match=match, again=None, on_leave=_ended, on_over=host.end_game)


def again_for(app, match):
    """Play again for a local duel opened without one (Continue, the tour): the same kind of duel."""
    bots = [s for s in match.seats if s.kind == BOT]
    if match.hotseat or not bots:
        return lambda: _again(app, "hotseat", "normal")
    return lambda: _again(app, "bot", bots[0].level or "normal")


def _again(app, kind: str, level: str) -> None:
    app.goto_menu()
    app.open("duel_menu")
    start_local(app, kind, level)


def _ended(scene) -> None:
    scene.match.close()
    host_options().end_game()


class _Menu(MenuScene):
    value_share = 0.55

    def footer(self) -> str:
        return ""

    def notes(self) -> list[tuple]:
        return super().notes() + [(self.footer(), T.TEXT_DIM)]


class DuelMenu(_Menu):
    heading = "Wizard duel"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.level = "normal"
        self.menu = ListMenu([
            Item("Against a bot", lambda: start_local(app, "bot", self.level), hint="you and a bot wizard"),
            Item("Bot", choices=LEVELS, get=lambda: self.level, set=lambda v: setattr(self, "level", v),
                 hint="how well the bot plays"),
            Item("Hot-seat", lambda: start_local(app, "hotseat"),
                 hint="two players on this device; the board hides between turns"),
            Item("Link: host", lambda: app.open("link_setup", role="host", mode="duel"),
                 hint="this unit picks the options; the other unit joins"),
            Item("Link: join", lambda: app.open("link_setup", role="guest", mode="duel"),
                 hint="join the duel another unit hosts"),
            Item("Options", lambda: app.open("duel_options"), hint="field of view, level size, potions"),
        ])

    def footer(self) -> str:
        return options_line(host_options().options)


class DuelOptionsScene(_Menu):
    heading = "Duel options"

    def __init__(self, app) -> None:
        super().__init__(app)
        opts = host_options()
        sizes = tuple(range(MIN_SIZE, MAX_SIZE + 1, 2))
        self.menu = ListMenu([
            Item("Field of view", choices=(True, False), get=lambda: opts.options.fov,
                 set=lambda v: self._change(fov=v), show=lambda v: "on" if v else "off (see everything)",
                 hint="on: you see 6 squares around you; off: the whole level"),
            Item("Level size", choices=sizes, get=lambda: opts.options.level_size,
                 set=lambda v: self._change(level_size=v), show=lambda v: f"{v} x {v}",
                 hint="odd sizes 13 to 31; more rooms on bigger levels"),
            Item("Potions", choices=(True, False), get=lambda: opts.options.potions,
                 set=lambda v: self._change(potions=v), show=lambda v: "on" if v else "off",
                 hint="off: no potions in the dungeon or the bags"),
            Item("Done", app.back),
        ])

    def _change(self, **kw) -> None:
        try:
            host_options().change(**kw)
        except OptionsLocked as exc:
            self.app.toast(str(exc))

    def footer(self) -> str:
        return "kept until Tactibox restarts; only the host's options count in a linked duel"
